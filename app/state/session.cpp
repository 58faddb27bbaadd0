#include "state/session.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <type_traits>
#include <variant>

#include "pelab/file_names.hpp"
#include "pelab/io/atomic_file.hpp"
#include "pelab/kinds.hpp"
#include "state/i18n.hpp"

namespace pelab::app {
namespace {

using nlohmann::json;

json config_to_json(const Slot& slot) {
  const Config& c = slot.config;
  const EncodingParams& e = c.encoding;
  return json{{"label", c.label},
              {"kind", to_string(e.kind)},
              {"positions", e.positions},
              {"dims", e.dims},
              {"base", e.base},
              {"start", e.start},
              {"binary_signed", e.binary_signed},
              {"sigma", e.sigma},
              {"seed", e.seed},
              {"table", c.table_path},
              {"tensor", c.tensor},
              {"selection",
               {{"position", slot.selection.position},
                {"offset", slot.selection.offset},
                {"dimension", slot.selection.dimension}}}};
}

json display_to_json(const DisplaySettings& d) {
  return json{{"neighbour_curves", d.neighbour_curves},
              {"colormap", to_string(d.colormap)},
              {"range_mode", to_string(d.range_mode)},
              {"range_min", d.range_min},
              {"range_max", d.range_max},
              {"metric", to_string(d.metric)},
              {"convention", to_string(d.convention)},
              {"show_both_conventions", d.show_both_conventions},
              {"scale_sharing", to_string(d.scale_sharing)},
              {"difference", {d.difference_a, d.difference_b}}};
}

json ui_to_json(const UiSettings& ui) {
  json out{{"font_size", ui.font_size}, {"theme", to_string(ui.theme)}};
  if (ui.language) out["language"] = *ui.language;
  return out;
}

// The views' settings (view_settings.hpp): optional in a session, written by this version.
json scaling_to_json(const RopeScaling& s) {
  json out{{"type", to_string(s.type)}};
  for (const RopeParamInfo& row : rope_param_table()) {
    if (!row.session) continue;
    const std::string key(row.name);
    switch (row.value) {
      case RopeValue::real:
        if (s.*row.real) out[key] = *(s.*row.real);
        break;
      case RopeValue::length:
        if (s.*row.length) out[key] = *(s.*row.length);
        break;
      case RopeValue::flag:
        if (!(s.*row.flag)) out[key] = false;
        break;
      case RopeValue::list:
        if (!(s.*row.list).empty()) out[key] = s.*row.list;
        break;
    }
  }
  return out;
}

// One object per settings table (view_settings.hpp), one key per field.
json views_to_json(const ViewSettings& settings) {
  ViewSettings v = settings;  // the tables' accessors take a mutable ViewSettings
  json out = json::object();
  for (const ViewSettingsTable* table : view_settings_tables()) {
    json& object = out[std::string(table->view)] = json::object();
    for (const SettingField& field : table->fields) {
      json& value = object[std::string(field.key)];
      std::visit(
          [&](auto at) {
            const auto& member = at(v);
            using T = std::remove_cvref_t<decltype(member)>;
            if constexpr (std::is_same_v<T, BiasMethod>) {
              value = to_string(member);
            } else if constexpr (std::is_same_v<T, RopeScaling>) {
              value = scaling_to_json(member);
            } else {
              value = member;
            }
          },
          field.at);
    }
  }
  return out;
}

// Reads one JSON object field by field, collecting every problem instead of stopping at the first.
class ObjectReader {
 public:
  ObjectReader(const json& object, std::string path, std::vector<std::string>& problems)
      : object_(object), path_(std::move(path)), problems_(problems) {
    if (!object_.is_object()) fail("", TextId::session_not_object);
  }
  ~ObjectReader() {
    if (!object_.is_object()) return;
    for (const auto& item : object_.items()) {
      if (!known_.contains(item.key())) fail(item.key(), TextId::session_unknown_key);
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
    if (!value->is_number_integer()) return fail(key, TextId::session_not_integer);
    const bool negative = !value->is_number_unsigned() && value->get<std::int64_t>() < 0;
    const std::uint64_t v = negative ? 0 : value->get<std::uint64_t>();
    if (negative || v < lo || v > hi) return fail(key, Text{TextId::session_out_of_range, {range(lo, hi)}});
    out = static_cast<Int>(v);
  }

  template <typename Real>
  void real(const std::string& key, Real& out, double lo, double hi) {
    const json* value = field(key);
    if (!value) return;
    if (!value->is_number()) return fail(key, TextId::session_not_number);
    const double v = value->get<double>();
    if (!std::isfinite(v) || v < lo || v > hi)
      return fail(key, Text{TextId::session_out_of_range, {range(lo, hi)}});
    out = static_cast<Real>(v);
  }

  void boolean(const std::string& key, bool& out) {
    const json* value = field(key);
    if (!value) return;
    if (!value->is_boolean()) return fail(key, TextId::session_not_boolean);
    out = value->get<bool>();
  }

  // A string parsed by `parse` (one of pelab's parse_* functions); `choices` lists the valid names.
  template <typename T, typename Parse>
  void name(const std::string& key, T& out, Parse parse, const std::string& choices) {
    const json* value = field(key);
    if (!value) return;
    if (!value->is_string()) return fail(key, Text{TextId::session_not_name, {choices}});
    const std::optional<T> parsed = parse(value->get<std::string>());
    if (!parsed) return fail(key, Text{TextId::session_unknown_value, {value->get<std::string>(), choices}});
    out = *parsed;
  }

  void text(const std::string& key, std::string& out, std::size_t max_length) {
    const json* value = field(key);
    if (!value) return;
    if (!value->is_string()) return fail(key, TextId::session_not_string);
    if (value->get<std::string>().size() > max_length)
      return fail(key, Text{TextId::session_too_long, {std::to_string(max_length)}});
    out = value->get<std::string>();
  }

  // "<path>.<key>: <why>", `why` in the current language.
  void fail(const std::string& key, const Text& why) {
    const std::string where = key.empty() ? path_ : (path_.empty() ? key : path_ + "." + key);
    problems_.push_back((where.empty() ? std::string("session") : where) + ": " + tr_text(why));
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

void read_encoding_fields(ObjectReader& r, EncodingParams& e) {
  r.name("kind", e.kind, parse_encoding_kind, choices_of(all_encoding_kinds()));
  r.integer("positions", e.positions, 1, max_positions);
  r.integer("dims", e.dims, 1, max_dims);
  r.real("base", e.base, min_base, max_base);
  r.integer("start", e.start, 0, max_start);
  r.boolean("binary_signed", e.binary_signed);
  r.real("sigma", e.sigma, 0.0, 1e6);
  r.integer("seed", e.seed, 0, std::numeric_limits<std::uint64_t>::max());
}

void read_selection_fields(ObjectReader& r, Selection& s) {
  r.integer("position", s.position, 0, max_start + max_positions);
  r.integer("offset", s.offset, 0, max_positions);
  r.integer("dimension", s.dimension, 0, max_dims);
}

void read_display_fields(ObjectReader& r, DisplaySettings& d) {
  r.integer("neighbour_curves", d.neighbour_curves, 0, max_neighbour_curves);
  r.name("colormap", d.colormap, parse_colormap, choices_of(all_colormaps()));
  r.name("range_mode", d.range_mode, parse_range_mode, "auto, symmetric, fixed");
  r.real("range_min", d.range_min, -1e300, 1e300);
  r.real("range_max", d.range_max, -1e300, 1e300);
  if (!(d.range_min < d.range_max)) r.fail("range_max", TextId::session_range_reversed);
  r.name("metric", d.metric, parse_similarity_metric, "dot, cosine, distance");
  r.name("convention", d.convention, parse_rotation_convention, "column, row");
  r.boolean("show_both_conventions", d.show_both_conventions);
}

// Version 1: one object per encoding with its selection and the display settings mixed in.
void read_v1_encoding(const json& object, const std::string& path, Slot& slot, DisplaySettings& display,
                      std::vector<std::string>& problems) {
  ObjectReader r(object, path, problems);
  read_encoding_fields(r, slot.config.encoding);
  read_selection_fields(r, slot.selection);
  read_display_fields(r, display);
}

void read_config(const json& object, const std::string& path, Slot& slot,
                 std::vector<std::string>& problems) {
  ObjectReader r(object, path, problems);
  r.text("label", slot.config.label, max_label_length);
  read_encoding_fields(r, slot.config.encoding);
  r.text("table", slot.config.table_path, 4096);
  r.text("tensor", slot.config.tensor, 1024);
  if (!slot.config.table_path.empty() && !reads(slot.config.encoding.kind, KindParameter::table))
    r.fail("table", Text{TextId::session_table_not_learned, {kinds_reading(KindParameter::table)}});
  if (!slot.config.tensor.empty() && slot.config.table_path.empty())
    r.fail("tensor", TextId::session_tensor_without_table);
  if (const json* selection = r.field("selection")) {
    ObjectReader sr(*selection, r.path() + ".selection", problems);
    read_selection_fields(sr, slot.selection);
  }
}

void read_links(const json& object, Links& links, std::vector<std::string>& problems) {
  ObjectReader r(object, "links", problems);
  for (LinkedParam param : all_linked_params) r.boolean(std::string(link_key(param)), links[param]);
}

void read_display(const json& object, DisplaySettings& display, std::vector<std::string>& problems) {
  ObjectReader r(object, "display", problems);
  read_display_fields(r, display);
  r.name("scale_sharing", display.scale_sharing, parse_scale_sharing, "same-kind, always, never");
  if (const json* pair = r.field("difference")) {
    if (!pair->is_array() || pair->size() != 2 || !(*pair)[0].is_number_unsigned() ||
        !(*pair)[1].is_number_unsigned() || (*pair)[0].get<std::size_t>() >= max_configs ||
        (*pair)[1].get<std::size_t>() >= max_configs) {
      r.fail("difference", Text{TextId::session_difference_pair, {std::to_string(max_configs - 1)}});
    } else {
      display.difference_a = (*pair)[0].get<std::size_t>();
      display.difference_b = (*pair)[1].get<std::size_t>();
    }
  }
}

void read_ui(const json& object, const std::string& path, UiSettings& ui,
             std::vector<std::string>& problems) {
  ObjectReader r(object, path, problems);
  r.real("font_size", ui.font_size, min_font_size, max_font_size);
  r.name("theme", ui.theme, parse_theme, "dark, light");
  // Any language code: the app shows English with a notice when that language is not installed, so a
  // session written with a third language still opens where only two are.
  Language language(fallback_language);
  const std::size_t before = problems.size();
  if (r.field("language") != nullptr) {
    r.name("language", language, parse_language_code, "a language code such as en or ko");
    if (problems.size() == before) ui.language = language;
  }
}

// An optional number: set only when the key is present and valid.
template <typename T>
void optional_number(ObjectReader& r, const std::string& key, std::optional<T>& out, double lo, double hi,
                     std::vector<std::string>& problems) {
  if (!r.field(key)) return;
  const std::size_t before = problems.size();
  T value{};
  if constexpr (std::is_integral_v<T>) {
    r.integer(key, value, static_cast<std::uint64_t>(lo), static_cast<std::uint64_t>(hi));
  } else {
    r.real(key, value, lo, hi);
  }
  if (problems.size() == before) out = value;
}

// A JSON array of numbers, each within [lo, hi], with 1..max_count entries.
template <typename T>
void number_list(ObjectReader& r, const std::string& key, std::vector<T>& out, double lo, double hi,
                 std::size_t max_count) {
  const json* list = r.field(key);
  if (!list) return;
  std::vector<T> values;
  if (!list->is_array() || list->empty() || list->size() > max_count)
    return r.fail(key, Text{TextId::session_number_list, {std::to_string(max_count)}});
  for (const json& item : *list) {
    const bool integral = std::is_integral_v<T>;
    if (!item.is_number() || (integral && !item.is_number_integer()) || !std::isfinite(item.get<double>()) ||
        item.get<double>() < lo || item.get<double>() > hi) {
      std::ostringstream range;
      range << lo << ".." << hi;
      return r.fail(
          key, Text{integral ? TextId::session_list_integers : TextId::session_list_numbers, {range.str()}});
    }
    values.push_back(item.get<T>());
  }
  out = std::move(values);
}

// Every session key and range from core's parameter table (rope_table.cpp).
void read_scaling(const json& object, const std::string& path, RopeScaling& s,
                  std::vector<std::string>& problems) {
  ObjectReader r(object, path, problems);
  RopeScaling read;
  r.name("type", read.type, parse_rope_scaling_type, choices_of(all_rope_scaling_types()));
  for (const RopeParamInfo& row : rope_param_table()) {
    if (!row.session) continue;
    const std::string key(row.name);
    switch (row.value) {
      case RopeValue::real:
        optional_number(r, key, read.*row.real, row.lo, row.hi, problems);
        break;
      case RopeValue::length:
        optional_number(r, key, read.*row.length, row.lo, row.hi, problems);
        break;
      case RopeValue::flag:
        r.boolean(key, read.*row.flag);
        break;
      case RopeValue::list:
        number_list(r, key, read.*row.list, row.lo, row.hi, max_rope_dims / 2);
        break;
    }
  }
  s = std::move(read);
}

// One field of a settings table: read into a copy of the member, kept only when it has no problem.
void read_setting(ObjectReader& r, const SettingField& field, ViewSettings& v,
                  std::vector<std::string>& problems) {
  const std::string key(field.key);
  std::visit(
      [&](auto at) {
        auto value = at(v);
        using T = decltype(value);
        const std::size_t before = problems.size();
        if constexpr (std::is_same_v<T, bool>) {
          r.boolean(key, value);
        } else if constexpr (std::is_same_v<T, double>) {
          r.real(key, value, field.lo, field.hi);
        } else if constexpr (std::is_integral_v<T>) {
          r.integer(key, value, field.min, field.max);
        } else if constexpr (std::is_same_v<T, std::string>) {
          r.text(key, value, field.max_size);
        } else if constexpr (std::is_same_v<T, BiasMethod>) {
          r.name(key, value, parse_bias_method, choices_of(std::span<const BiasMethod>(all_bias_methods)));
        } else if constexpr (std::is_same_v<T, std::vector<std::int64_t>>) {
          number_list(r, key, value, field.lo, field.hi, field.max_size);
        } else {
          static_assert(std::is_same_v<T, RopeScaling>);
          if (const json* object = r.field(key)) read_scaling(*object, r.path() + "." + key, value, problems);
        }
        if (problems.size() != before) return;
        if (field.check) {
          ViewSettings candidate = v;
          at(candidate) = value;
          if (const std::optional<Text> why = field.check(candidate)) return r.fail(key, *why);
        }
        at(v) = std::move(value);
      },
      field.at);
}

// Values are checked for type and range only: a scaling that core refuses (a parameter missing
// for its type) loads, and the rope view says what is wrong, so every state the view can show
// can be saved and opened again.
// `path` names the object in problems: "views" in a session, "" where the object stands alone (--set).
void read_views(const json& object, const std::string& path, ViewSettings& v,
                std::vector<std::string>& problems) {
  ObjectReader r(object, path, problems);
  for (const ViewSettingsTable* table : view_settings_tables()) {
    const json* settings = r.field(std::string(table->view));
    if (!settings) continue;
    ObjectReader vr(
        *settings, path.empty() ? std::string(table->view) : path + "." + std::string(table->view), problems);
    for (const SettingField& field : table->fields) read_setting(vr, field, v, problems);
  }
}

std::string view_choices(ViewIds views) {
  std::string text;
  for (std::string_view id : views) text += (text.empty() ? "" : ", ") + std::string(id);
  return text;
}

bool known_view(ViewIds views, const std::string& id) {
  return std::find(views.begin(), views.end(), std::string_view(id)) != views.end();
}

void read_layout(const json& object, LayoutState& layout, ViewIds views, std::vector<std::string>& problems) {
  ObjectReader r(object, "layout", problems);
  if (const json* list = r.field("views")) {
    if (!list->is_array() || list->empty()) {
      r.fail("views", Text{TextId::session_views_list, {view_choices(views)}});
    } else {
      layout.views.clear();
      for (const json& item : *list) {
        if (!item.is_string() || !known_view(views, item.get<std::string>())) {
          r.fail("views", Text{TextId::session_unknown_view, {item.dump(), view_choices(views)}});
        } else if (std::find(layout.views.begin(), layout.views.end(), item.get<std::string>()) ==
                   layout.views.end()) {
          layout.views.push_back(item.get<std::string>());
        }
      }
    }
  }
  if (const json* maximized = r.field("maximized")) {
    if (maximized->is_null()) {
      layout.maximized.reset();
    } else if (maximized->is_string() && known_view(views, maximized->get<std::string>())) {
      layout.maximized = maximized->get<std::string>();
    } else {
      r.fail("maximized", Text{TextId::session_maximized, {view_choices(views)}});
    }
  }
  r.real("sidebar_width", layout.sidebar_width, 0.0, 100.0);
  r.boolean("show_sidebar", layout.show_sidebar);
}

std::optional<json> parse_json(std::string_view text, std::vector<std::string>& problems) {
  try {
    return json::parse(text.begin(), text.end());
  } catch (const json::exception& error) {  // parse_error, and out_of_range for a number like 1e999
    problems.push_back(tr_text(json_problem_text(error)));
    return std::nullopt;
  }
}

}  // namespace

Text json_problem_text(const std::exception& error) {
  // "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error while parsing ..."
  // Made per call: a malformed session is rare, and a function-static regex would be hidden state.
  const std::regex place(R"(at line (\d+), column (\d+): (.*)$)");
  std::cmatch match;
  if (dynamic_cast<const json::parse_error*>(&error) != nullptr &&
      std::regex_search(error.what(), match, place))
    return Text{TextId::json_syntax, {match[1].str(), match[2].str(), match[3].str()}};
  return Text{TextId::session_not_json, {error.what()}};
}

std::string session_to_text(const AppState& state) {
  json configs = json::array();
  for (const Slot& slot : state.slots) configs.push_back(config_to_json(slot));
  json links = json::object();
  for (LinkedParam param : all_linked_params) links[std::string(link_key(param))] = state.links[param];
  const json layout{{"views", state.layout.views},
                    {"maximized", state.layout.maximized ? json(*state.layout.maximized) : json(nullptr)},
                    {"sidebar_width", state.layout.sidebar_width},
                    {"show_sidebar", state.layout.show_sidebar}};
  // Keys in this order, not sorted (json's map would put "active" first and "pelab_session" after
  // the configurations, kilobytes in): file type detection looks for "pelab_session" at the start.
  const nlohmann::ordered_json session{{"pelab_session", session_format_version},
                                       {"configs", configs},
                                       {"active", state.active},
                                       {"links", links},
                                       {"display", display_to_json(state.display)},
                                       {"layout", layout},
                                       {"ui", ui_to_json(state.ui)},
                                       {"views", views_to_json(state.views)}};
  // Labels and file names may hold bytes that are not UTF-8 (a Linux file name can): written as U+FFFD
  // rather than letting the JSON writer throw.
  return session.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

bool names_session_file(std::string_view argument) { return ends_with_ascii_nocase(argument, ".json"); }

void view_settings_from_text(std::string_view text, ViewSettings& views, std::vector<std::string>& problems) {
  const std::optional<json> root = parse_json(text, problems);
  if (root) read_views(*root, "", views, problems);
}

SessionLoad session_from_text(std::string_view text, ViewIds views) {
  SessionLoad load;
  const std::optional<json> root = parse_json(text, load.problems);
  if (!root) return load;
  AppState state;
  {
    ObjectReader r(*root, "", load.problems);
    int version = session_format_version;
    if (const json* number = r.field("pelab_session")) {
      if (!number->is_number_integer() || number->get<std::int64_t>() < 1 ||
          number->get<std::int64_t>() > session_format_version) {
        r.fail("pelab_session", Text{TextId::session_version, {std::to_string(session_format_version)}});
      } else {
        version = static_cast<int>(number->get<std::int64_t>());
      }
    } else if (root->is_object()) {
      r.fail("pelab_session", TextId::session_not_session);
    }
    const char* list_key = version == 1 ? "encodings" : "configs";
    if (const json* list = r.field(list_key)) {
      if (!list->is_array() || list->empty() || list->size() > max_configs) {
        r.fail(list_key, Text{TextId::session_configs, {std::to_string(max_configs)}});
      } else {
        state.slots.assign(list->size(), Slot{});
        for (std::size_t i = 0; i < list->size(); ++i) {
          const std::string path = std::string(list_key) + "[" + std::to_string(i) + "]";
          state.slots[i].config.id = static_cast<int>(i) + 1;
          if (version == 1) {
            read_v1_encoding((*list)[i], path, state.slots[i], state.display, load.problems);
          } else {
            read_config((*list)[i], path, state.slots[i], load.problems);
          }
          clamp_encoding(state.slots[i].config.encoding);
          // The selection stays as saved (within its range above), clamped where it is used, as the
          // app keeps it: a state saved and opened again is the same state.
        }
      }
    }
    if (version >= 2) {
      r.integer("active", state.active, 0, max_configs - 1);
      if (const json* links = r.field("links")) read_links(*links, state.links, load.problems);
      if (const json* display = r.field("display")) read_display(*display, state.display, load.problems);
    }
    // A v1 layout (maximized, sidebar) is a v2 layout without the view list.
    if (const json* layout = r.field("layout")) read_layout(*layout, state.layout, views, load.problems);
    if (const json* ui = r.field("ui")) read_ui(*ui, "ui", state.ui, load.problems);
    if (const json* views = r.field("views")) read_views(*views, "views", state.views, load.problems);
    state.active = std::min(state.active, state.slots.size() - 1);
  }
  if (load.problems.empty()) load.state = std::move(state);
  return load;
}

SessionLoad load_session_file(const std::filesystem::path& path, ViewIds views) {
  SessionLoad load;
  std::string text;
  try {
    text = read_file_bytes(path, std::uint64_t{16} << 20);
  } catch (const Error& error) {
    load.problems.push_back(error_message(error));
    return load;
  }
  load = session_from_text(text, views);
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
