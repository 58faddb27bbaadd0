#include "state/session.hpp"

#include <cmath>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "pelab/io/atomic_file.hpp"

namespace pelab::app {
namespace {

using nlohmann::json;

json encoding_to_json(const ViewParams& p) {
  const EncodingParams& e = p.encoding;
  return json{{"kind", to_string(e.kind)},
              {"positions", e.positions},
              {"dims", e.dims},
              {"base", e.base},
              {"start", e.start},
              {"binary_signed", e.binary_signed},
              {"sigma", e.sigma},
              {"seed", e.seed},
              {"position", p.position},
              {"offset", p.offset},
              {"dimension", p.dimension},
              {"neighbour_curves", p.neighbour_curves},
              {"colormap", to_string(p.colormap)},
              {"range_mode", to_string(p.range_mode)},
              {"range_min", p.range_min},
              {"range_max", p.range_max},
              {"metric", to_string(p.metric)},
              {"convention", to_string(p.convention)},
              {"show_both_conventions", p.show_both_conventions}};
}

json ui_to_json(const UiSettings& ui) {
  return json{{"font_size", ui.font_size}, {"theme", to_string(ui.theme)}};
}

// Reads one JSON object field by field, collecting every problem instead of stopping at the first.
class ObjectReader {
 public:
  ObjectReader(const json& object, std::string path, std::vector<std::string>& problems)
      : object_(object), path_(std::move(path)), problems_(problems) {
    if (!object_.is_object()) fail("", "must be a JSON object");
  }
  ~ObjectReader() {
    if (!object_.is_object()) return;
    for (const auto& item : object_.items()) {
      if (!known_.contains(item.key())) fail(item.key(), "unknown key");
    }
  }
  ObjectReader(const ObjectReader&) = delete;
  ObjectReader& operator=(const ObjectReader&) = delete;

  // The field's JSON value, or nullptr when absent (the caller keeps its default).
  const json* field(const std::string& key) {
    known_.insert(key);
    if (!object_.is_object()) return nullptr;
    const auto it = object_.find(key);
    return it == object_.end() ? nullptr : &*it;
  }

  // All integer fields are counts or indices, so the bounds are non-negative.
  template <typename Int>
  void integer(const std::string& key, Int& out, std::uint64_t lo, std::uint64_t hi) {
    const json* value = field(key);
    if (!value) return;
    if (!value->is_number_integer()) return fail(key, "must be an integer");
    const bool negative = !value->is_number_unsigned() && value->get<std::int64_t>() < 0;
    const std::uint64_t v = negative ? 0 : value->get<std::uint64_t>();
    if (negative || v < lo || v > hi) return fail(key, "must be in " + range(lo, hi));
    out = static_cast<Int>(v);
  }

  template <typename Real>
  void real(const std::string& key, Real& out, double lo, double hi) {
    const json* value = field(key);
    if (!value) return;
    if (!value->is_number()) return fail(key, "must be a number");
    const double v = value->get<double>();
    if (!std::isfinite(v) || v < lo || v > hi) return fail(key, "must be in " + range(lo, hi));
    out = static_cast<Real>(v);
  }

  void boolean(const std::string& key, bool& out) {
    const json* value = field(key);
    if (!value) return;
    if (!value->is_boolean()) return fail(key, "must be true or false");
    out = value->get<bool>();
  }

  // A string parsed by `parse` (one of pelab's parse_* functions); `choices` lists the valid names.
  template <typename T, typename Parse>
  void name(const std::string& key, T& out, Parse parse, const std::string& choices) {
    const json* value = field(key);
    if (!value) return;
    if (!value->is_string()) return fail(key, "must be a string, one of " + choices);
    const std::optional<T> parsed = parse(value->get<std::string>());
    if (!parsed)
      return fail(key, "unknown value \"" + value->get<std::string>() + "\" (one of " + choices + ")");
    out = *parsed;
  }

  void fail(const std::string& key, const std::string& why) {
    const std::string where = key.empty() ? path_ : (path_.empty() ? key : path_ + "." + key);
    problems_.push_back((where.empty() ? std::string("session") : where) + ": " + why);
  }
  const std::string& path() const { return path_; }

 private:
  template <typename T>
  static std::string range(T lo, T hi) {
    std::ostringstream text;
    text << lo << ".." << hi;
    return text.str();
  }
  const json& object_;
  std::string path_;
  std::vector<std::string>& problems_;
  std::set<std::string> known_;
};

template <typename T>
std::string choices_of(std::span<const T> values) {
  std::string text;
  for (const T& v : values) text += (text.empty() ? "" : ", ") + std::string(to_string(v));
  return text;
}

void read_encoding(const json& object, const std::string& path, ViewParams& p,
                   std::vector<std::string>& problems) {
  ObjectReader r(object, path, problems);
  EncodingParams& e = p.encoding;
  r.name("kind", e.kind, parse_encoding_kind, choices_of(all_encoding_kinds()));
  r.integer("positions", e.positions, 1, max_positions);
  r.integer("dims", e.dims, 1, max_dims);
  r.real("base", e.base, min_base, max_base);
  r.integer("start", e.start, 0, max_start);
  r.boolean("binary_signed", e.binary_signed);
  r.real("sigma", e.sigma, 0.0, 1e6);
  r.integer("seed", e.seed, 0, std::numeric_limits<std::uint64_t>::max());
  r.integer("position", p.position, 0, max_start + max_positions);
  r.integer("offset", p.offset, 0, max_positions);
  r.integer("dimension", p.dimension, 0, max_dims);
  r.integer("neighbour_curves", p.neighbour_curves, 0, max_neighbour_curves);
  r.name("colormap", p.colormap, parse_colormap, choices_of(all_colormaps()));
  r.name("range_mode", p.range_mode, parse_range_mode, "auto, symmetric, fixed");
  r.real("range_min", p.range_min, -1e300, 1e300);
  r.real("range_max", p.range_max, -1e300, 1e300);
  if (!(p.range_min < p.range_max)) r.fail("range_max", "must be larger than range_min");
  r.name("metric", p.metric, parse_similarity_metric, "dot, cosine, distance");
  r.name("convention", p.convention, parse_rotation_convention, "column, row");
  r.boolean("show_both_conventions", p.show_both_conventions);
  clamp_to_table(p);
}

void read_ui(const json& object, const std::string& path, UiSettings& ui,
             std::vector<std::string>& problems) {
  ObjectReader r(object, path, problems);
  r.real("font_size", ui.font_size, min_font_size, max_font_size);
  r.name("theme", ui.theme, parse_theme, "dark, light");
}

void read_layout(const json& object, LayoutState& layout, std::vector<std::string>& problems) {
  ObjectReader r(object, "layout", problems);
  if (const json* maximized = r.field("maximized")) {
    if (maximized->is_null()) {
      layout.maximized.reset();
    } else if (maximized->is_string() && parse_view_id(maximized->get<std::string>())) {
      layout.maximized = parse_view_id(maximized->get<std::string>());
    } else {
      r.fail("maximized", "must be null or one of heatmap, curves, similarity, rotation, spectrum");
    }
  }
  r.real("sidebar_width", layout.sidebar_width, 0.0, 100.0);
  r.boolean("show_sidebar", layout.show_sidebar);
}

std::optional<json> parse_json(std::string_view text, std::vector<std::string>& problems) {
  try {
    return json::parse(text.begin(), text.end());
  } catch (const json::parse_error& error) {
    problems.push_back(std::string("not valid JSON: ") + error.what());
    return std::nullopt;
  }
}

}  // namespace

std::string session_to_text(const AppState& state) {
  json encodings = json::array();
  for (const ViewParams& p : state.encodings) encodings.push_back(encoding_to_json(p));
  const json layout{
      {"maximized", state.layout.maximized ? json(to_string(*state.layout.maximized)) : json(nullptr)},
      {"sidebar_width", state.layout.sidebar_width},
      {"show_sidebar", state.layout.show_sidebar}};
  const json session{{"pelab_session", session_format_version},
                     {"encodings", encodings},
                     {"layout", layout},
                     {"ui", ui_to_json(state.ui)}};
  return session.dump(2) + "\n";
}

SessionLoad session_from_text(std::string_view text) {
  SessionLoad load;
  const std::optional<json> root = parse_json(text, load.problems);
  if (!root) return load;
  AppState state;
  {
    ObjectReader r(*root, "", load.problems);
    if (const json* version = r.field("pelab_session")) {
      if (!version->is_number_integer() || version->get<std::int64_t>() != session_format_version) {
        r.fail("pelab_session", "unsupported format version (this pelab reads " +
                                    std::to_string(session_format_version) + ")");
      }
    } else if (root->is_object()) {
      r.fail("pelab_session", "missing: not a pelab session file");
    }
    if (const json* encodings = r.field("encodings")) {
      if (!encodings->is_array() || encodings->empty()) {
        r.fail("encodings", "must be a non-empty array of encodings");
      } else {
        state.encodings.assign(encodings->size(), ViewParams{});
        for (std::size_t i = 0; i < encodings->size(); ++i) {
          read_encoding((*encodings)[i], "encodings[" + std::to_string(i) + "]", state.encodings[i],
                        load.problems);
        }
      }
    }
    if (const json* layout = r.field("layout")) read_layout(*layout, state.layout, load.problems);
    if (const json* ui = r.field("ui")) read_ui(*ui, "ui", state.ui, load.problems);
  }
  if (load.problems.empty()) load.state = std::move(state);
  return load;
}

SessionLoad load_session_file(const std::filesystem::path& path) {
  SessionLoad load;
  std::string text;
  try {
    text = read_file_bytes(path, std::uint64_t{16} << 20);
  } catch (const Error& error) {
    load.problems.push_back(error.what());
    return load;
  }
  load = session_from_text(text);
  for (std::string& problem : load.problems) problem = path.string() + ": " + problem;
  return load;
}

void save_session_file(const std::filesystem::path& path, const AppState& state) {
  write_file_atomic(path, session_to_text(state));
}

std::string settings_to_text(const UiSettings& settings) { return ui_to_json(settings).dump(2) + "\n"; }

std::optional<UiSettings> settings_from_text(std::string_view text, std::vector<std::string>& problems) {
  const std::size_t before = problems.size();
  const std::optional<json> root = parse_json(text, problems);
  if (!root) return std::nullopt;
  UiSettings settings;
  read_ui(*root, "settings", settings, problems);
  if (problems.size() != before) return std::nullopt;
  return settings;
}

}  // namespace pelab::app
