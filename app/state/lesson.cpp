#include "state/lesson.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string_view>
#include <utility>

#include "pelab/io/atomic_file.hpp"
#include "pelab/kinds.hpp"
#include "pelab/types.hpp"
#include "state/i18n.hpp"

namespace pelab::app {
namespace {

using nlohmann::json;

constexpr std::uint64_t max_lesson_file_bytes = std::uint64_t{1} << 20;

// The sidebar controls a step may point at, named like their session keys.
constexpr std::array<std::string_view, 21> control_ids = {
    "configs",    "links",         "kind",          "positions",  "dims",
    "base",       "start",         "binary_signed", "sigma",      "seed",
    "table",      "position",      "offset",        "dimension",  "colormap",
    "range_mode", "scale_sharing", "metric",        "convention", "neighbour_curves",
    "views"};

// A step's keys besides its texts (text_<code>, try_<code>).
constexpr std::array<std::string_view, 4> step_keys = {"formula", "session", "highlight", "animate"};

std::string join(std::span<const std::string_view> names) {
  std::string text;
  for (std::string_view name : names) text += (text.empty() ? "" : ", ") + std::string(name);
  return text;
}

bool contains(std::span<const std::string_view> names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Collects problems as "NAME: step N: field: why" (no step part for the lesson's own fields), in
// the UI's language; field names are the file's keys and stay as they are.
class Problems {
 public:
  Problems(std::string name, std::vector<std::string>& out) : name_(std::move(name)), out_(out) {}
  void add(std::optional<std::size_t> step, const std::string& field, const Text& why) {
    add_translated(step, field, tr_text(why));
  }
  // `why` already in the UI's language (a session's problems).
  void add_translated(std::optional<std::size_t> step, const std::string& field, const std::string& why) {
    std::string line = name_ + ": ";
    if (step) line += tr_text(Text{TextId::lesson_step, {std::to_string(*step)}}) + ": ";
    out_.push_back(line + field + ": " + why);
  }
  std::size_t count() const { return out_.size(); }

 private:
  std::string name_;
  std::vector<std::string>& out_;
};

// The code points of valid UTF-8 (nlohmann::json has already refused invalid UTF-8).
std::vector<char32_t> code_points(std::string_view text) {
  std::vector<char32_t> out;
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const int length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4;
    char32_t point = length == 1 ? byte : length == 2 ? byte & 0x1F : length == 3 ? byte & 0x0F : byte & 0x07;
    for (int k = 1; k < length && i + static_cast<std::size_t>(k) < text.size(); ++k)
      point = (point << 6) | (static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]) & 0x3F);
    out.push_back(point);
    i += static_cast<std::size_t>(length);
  }
  return out;
}

bool is_hangul(char32_t c) {
  return (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F);
}

bool has_hangul(std::string_view text) {
  const std::vector<char32_t> points = code_points(text);
  return std::any_of(points.begin(), points.end(), is_hangul);
}

bool blank(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; });
}

// TeX source shown to an audience is noise: maths is written with real characters (Pₚ₊ₖ, 2π, w·k).
// The one markup kept is the plot layer's scripts, "base^{−2k/D}" and "P_{p+k}", which the caption band
// and the handout draw raised and lowered (docs/lessons.md).
std::optional<std::string> tex_in(std::string_view text) {
  for (std::string_view marker : {"\\", "$"}) {
    if (text.find(marker) != std::string_view::npos) return std::string(marker);
  }
  return std::nullopt;
}

enum class Script { latin, hangul, neutral, unchecked };

// The script a language's texts are checked against: language.json's "script" (i18n.hpp).
Script script_of(std::string_view language) {
  const std::string script = language_script(language);
  if (script == "Hangul") return Script::hangul;
  if (script == "Latin") return Script::latin;
  return Script::unchecked;
}

// "text_ko" -> "ko" when `key` is PREFIX_<code> with a code of 2 or 3 lowercase letters.
std::optional<std::string> language_of_key(std::string_view key, std::string_view prefix) {
  if (key.size() <= prefix.size() + 1 || key.substr(0, prefix.size()) != prefix || key[prefix.size()] != '_')
    return std::nullopt;
  const std::string_view code = key.substr(prefix.size() + 1);
  if (code.size() < 2 || code.size() > 3 ||
      !std::all_of(code.begin(), code.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
    return std::nullopt;
  return std::string(code);
}

// A text field: a string, not blank, not too long, no TeX, and in the expected script.
void read_text(const json& object, std::string_view key, std::string& out, bool required,
               std::size_t max_bytes, Script script, std::optional<std::size_t> step, Problems& problems) {
  const std::string field(key);
  const auto it = object.find(field);
  if (it == object.end()) {
    if (required) problems.add(step, field, TextId::lesson_missing);
    return;
  }
  if (!it->is_string()) return problems.add(step, field, TextId::session_not_string);
  const std::string text = it->get<std::string>();
  if (blank(text)) return problems.add(step, field, TextId::lesson_empty);
  if (text.size() > max_bytes)
    return problems.add(
        step, field, Text{TextId::lesson_too_long, {std::to_string(text.size()), std::to_string(max_bytes)}});
  if (const std::optional<std::string> marker = tex_in(text))
    return problems.add(step, field, Text{TextId::lesson_tex, {*marker}});
  if (script == Script::hangul && !has_hangul(text))
    return problems.add(step, field, TextId::lesson_no_hangul);
  if (script == Script::latin && has_hangul(text))
    return problems.add(step, field, TextId::lesson_hangul_in_english);
  if (script == Script::neutral && has_hangul(text))
    return problems.add(step, field, TextId::lesson_hangul_in_formula);
  out = text;
}

// `texts`: prefixes of the language-keyed texts this object may hold (PREFIX_<code>).
void refuse_unknown_keys(const json& object, std::span<const std::string_view> known,
                         const std::string& prefix, std::optional<std::size_t> step, Problems& problems,
                         std::span<const std::string_view> texts = {}) {
  std::string names;
  for (std::string_view text : texts)
    names += (names.empty() ? "" : ", ") + std::string(text) + "_<language>";
  if (!known.empty()) names += (names.empty() ? "" : ", ") + join(known);
  for (const auto& item : object.items()) {
    const bool text_key = std::any_of(texts.begin(), texts.end(), [&](std::string_view text_prefix) {
      return language_of_key(item.key(), text_prefix).has_value();
    });
    if (!contains(known, item.key()) && !text_key)
      problems.add(step, prefix + item.key(), Text{TextId::lesson_unknown_key, {names}});
  }
}

// Every PREFIX_<code> of `object` into `out` (code -> text). English is required when `required`,
// and whenever another language gives the text (English is the fallback).
void read_local_text(const json& object, std::string_view prefix, LocalText& out, bool required,
                     std::size_t max_bytes, std::optional<std::size_t> step, Problems& problems) {
  std::string other;  // a language that gives the text, for the message when English does not
  for (const auto& item : object.items()) {
    const std::optional<std::string> code = language_of_key(item.key(), prefix);
    if (!code) continue;
    std::string text;
    read_text(object, item.key(), text, true, max_bytes, script_of(*code), step, problems);
    if (!text.empty()) out.by_language[*code] = text;
    if (*code != fallback_language && other.empty()) other = item.key();
  }
  const std::string english = std::string(prefix) + "_" + std::string(fallback_language);
  if (object.contains(english)) return;
  if (required) {
    problems.add(step, english, TextId::lesson_missing);
  } else if (!other.empty()) {
    problems.add(step, english, Text{TextId::lesson_pair_missing, {other}});
  }
}

// `patch` merged over `base`: objects key by key (null removes the key), "configs" element by
// element (the result has the patch's length), anything else replaces.
json merged(const json& base, const json& patch) {
  if (!base.is_object() || !patch.is_object()) return patch;
  json out = base;
  for (const auto& item : patch.items()) {
    const std::string& key = item.key();
    const json& value = item.value();
    if (value.is_null()) {
      out.erase(key);
      continue;
    }
    const auto it = out.find(key);
    if (it == out.end()) {
      out[key] = value;
    } else if (key == "configs" && it->is_array() && value.is_array()) {
      json list = json::array();
      for (std::size_t i = 0; i < value.size(); ++i)
        list.push_back(i < it->size() ? merged((*it)[i], value[i]) : value[i]);
      out[key] = std::move(list);
    } else {
      out[key] = merged(*it, value);
    }
  }
  return out;
}

// A lesson's session must not carry the presenter's font or theme.
void refuse_ui(const json& session, std::optional<std::size_t> step, Problems& problems) {
  if (session.is_object() && session.contains("ui"))
    problems.add(step, "session.ui", TextId::lesson_ui_not_allowed);
}

// Reads a (merged) session object with session_from_text, reporting its problems as session.FIELD.
std::optional<AppState> read_session(json session, ViewIds views, std::optional<std::size_t> step,
                                     Problems& problems) {
  session.erase("ui");
  if (!session.contains("pelab_session")) session["pelab_session"] = session_format_version;
  SessionLoad load = session_from_text(session.dump(), views);
  for (const std::string& problem : load.problems) {
    // session_from_text names fields "configs[0].dims: why", or "session: why" for the whole object.
    const std::size_t colon = problem.find(": ");
    std::string field = colon == std::string::npos ? "session" : problem.substr(0, colon);
    const std::string why = colon == std::string::npos ? problem : problem.substr(colon + 2);
    if (field != "session") field = "session." + field;
    problems.add_translated(step, field, why);
  }
  return std::move(load.state);
}

bool view_shown(const AppState& state, std::string_view id) {
  if (state.layout.maximized) return *state.layout.maximized == id;
  return std::find(state.layout.views.begin(), state.layout.views.end(), id) != state.layout.views.end();
}

std::string shown_views(const AppState& state) {
  if (state.layout.maximized) return tr_text(Text{TextId::lesson_maximised, {*state.layout.maximized}});
  std::string text;
  for (const std::string& id : state.layout.views) text += (text.empty() ? "" : ", ") + id;
  return text;
}

// An integer member of a highlight target within [lo, hi); false (with a problem) otherwise.
bool read_index(const json& target, const char* key, std::int64_t lo, std::int64_t hi, bool required,
                std::int64_t& out, std::size_t step, Problems& problems) {
  const std::string field = std::string("highlight.target.") + key;
  const auto it = target.find(key);
  if (it == target.end()) {
    if (required) problems.add(step, field, TextId::lesson_missing);
    return !required;
  }
  if (!it->is_number_integer()) {
    problems.add(step, field, TextId::session_not_integer);
    return false;
  }
  const std::int64_t value =
      it->is_number_unsigned() && it->get<std::uint64_t>() > INT64_MAX ? INT64_MAX : it->get<std::int64_t>();
  if (value < lo || value >= hi) {
    problems.add(step, field,
                 Text{TextId::lesson_index_outside,
                      {std::to_string(value), std::to_string(lo), std::to_string(hi - 1)}});
    return false;
  }
  out = value;
  return true;
}

// Why the sidebar does not draw control `id` in this step's state (empty when it does): a frame
// around a control that is not there would point at nothing. The sidebar edits the active
// configuration, so kind-specific controls follow its kind, as the kinds table says (kinds.hpp).
Text control_not_shown(const AppState& state, std::string_view id) {
  if (state.slots.empty()) return {};
  const Config& config = state.slots[std::min(state.active, state.slots.size() - 1)].config;
  const EncodingKind kind = config.encoding.kind;
  const std::string name(id), active(to_string(kind));
  // The controls of a parameter some kinds do not read.
  constexpr std::array<std::pair<std::string_view, KindParameter>, 4> kind_controls = {{
      {"binary_signed", KindParameter::binary_signed},
      {"table", KindParameter::table},
      {"sigma", KindParameter::sigma},
      {"seed", KindParameter::seed},
  }};
  for (const auto& [control, parameter] : kind_controls) {
    if (id == control && !reads(kind, parameter))
      return Text{TextId::lesson_control_kind_only, {name, kinds_reading(parameter), active}};
  }
  // sigma and seed draw a seeded table; a loaded table has neither.
  if ((id == "sigma" || id == "seed") && !config.table_path.empty())
    return Text{TextId::lesson_control_seeded_only, {name}};
  if (id == "scale_sharing" && state.slots.size() < 2)
    return Text{TextId::lesson_control_two_configs, {name}};
  return {};
}

std::optional<Highlight> read_highlight(const json& object, const AppState* state, ViewIds views,
                                        std::size_t step, Problems& problems) {
  if (!object.is_object()) {
    problems.add(step, "highlight", TextId::lesson_highlight_not_object);
    return std::nullopt;
  }
  constexpr std::array<std::string_view, 2> keys = {"kind", "target"};
  refuse_unknown_keys(object, keys, "highlight.", step, problems);
  const auto kind_it = object.find("kind");
  if (kind_it == object.end()) {
    problems.add(step, "highlight.kind", TextId::lesson_highlight_kind_missing);
    return std::nullopt;
  }
  const std::optional<HighlightKind> kind =
      kind_it->is_string() ? parse_highlight_kind(kind_it->get<std::string>()) : std::nullopt;
  if (!kind) {
    problems.add(step, "highlight.kind", Text{TextId::lesson_highlight_kind_unknown, {kind_it->dump()}});
    return std::nullopt;
  }
  const auto target_it = object.find("target");
  if (target_it == object.end()) {
    problems.add(step, "highlight.target", TextId::lesson_missing);
    return std::nullopt;
  }
  const json& target = *target_it;
  Highlight highlight;
  highlight.kind = *kind;
  if (*kind == HighlightKind::control || *kind == HighlightKind::view) {
    const bool control = *kind == HighlightKind::control;
    const std::span<const std::string_view> known = control ? lesson_control_ids() : views;
    if (!target.is_string() || !contains(known, target.get<std::string>())) {
      problems.add(step, "highlight.target",
                   Text{control ? TextId::lesson_unknown_control : TextId::session_unknown_view,
                        {target.dump(), join(known)}});
      return std::nullopt;
    }
    highlight.target = target.get<std::string>();
    if (control && state) {
      if (const Text why = control_not_shown(*state, highlight.target); !why.empty()) {
        problems.add(step, "highlight.target", why);
        return std::nullopt;
      }
    }
    if (!control && state && !view_shown(*state, highlight.target)) {
      problems.add(step, "highlight.target",
                   Text{TextId::lesson_view_not_shown, {highlight.target, shown_views(*state)}});
      return std::nullopt;
    }
    return highlight;
  }
  // cell {"p": 1, "i": 0, "config": 0} or curve {"i": 6, "config": 0}
  const bool cell = *kind == HighlightKind::cell;
  if (!target.is_object()) {
    problems.add(step, "highlight.target", cell ? TextId::lesson_cell_target : TextId::lesson_curve_target);
    return std::nullopt;
  }
  constexpr std::array<std::string_view, 3> cell_keys = {"p", "i", "config"};
  constexpr std::array<std::string_view, 2> curve_keys = {"i", "config"};
  refuse_unknown_keys(target, cell ? std::span<const std::string_view>(cell_keys) : curve_keys,
                      "highlight.target.", step, problems);
  if (!state) return std::nullopt;  // the session was refused: nothing to check the indices against
  std::int64_t config = 0;
  if (!read_index(target, "config", 0, static_cast<std::int64_t>(state->slots.size()), false, config, step,
                  problems))
    return std::nullopt;
  highlight.config = static_cast<std::size_t>(config);
  const EncodingParams& e = state->slots[highlight.config].config.encoding;
  bool ok = read_index(target, "i", 0, e.dims, true, highlight.dimension, step, problems);
  if (cell)
    ok = read_index(target, "p", e.start, e.start + e.positions, true, highlight.position, step, problems) &&
         ok;
  if (!ok) return std::nullopt;
  if (!view_shown(*state, cell ? "heatmap" : "curves")) {
    problems.add(step, "highlight.kind",
                 Text{cell ? TextId::lesson_cell_view_not_shown : TextId::lesson_curve_view_not_shown,
                      {shown_views(*state)}});
    return std::nullopt;
  }
  return highlight;
}

// "animate": {"parameter": "k", "from": 0, "to": 32, "seconds": 4, "fps": 30, "loop": false}: checked
// against the step's state by the rules of --animate (state/animation.hpp).
std::optional<StepAnimation> read_animation(const json& object, const AppState* state, std::size_t step,
                                            Problems& problems) {
  if (!object.is_object()) {
    problems.add(step, "animate", TextId::lesson_animate_not_object);
    return std::nullopt;
  }
  constexpr std::array<std::string_view, 6> keys = {"parameter", "from", "to", "seconds", "fps", "loop"};
  const std::size_t before = problems.count();
  refuse_unknown_keys(object, keys, "animate.", step, problems);
  const auto number = [&](const char* key, bool required, double& out) {
    const auto it = object.find(key);
    if (it == object.end()) {
      if (required) problems.add(step, std::string("animate.") + key, TextId::lesson_missing);
      return;
    }
    if (!it->is_number())
      return problems.add(step, std::string("animate.") + key, TextId::session_not_number);
    out = it->get<double>();
  };
  StepAnimation out;
  std::string parameter;
  if (const auto it = object.find("parameter"); it == object.end()) {
    problems.add(step, "animate.parameter", TextId::lesson_missing);
  } else if (!it->is_string()) {
    problems.add(step, "animate.parameter", TextId::session_not_string);
  } else {
    parameter = it->get<std::string>();
  }
  double from = 0.0, to = 0.0, fps = out.fps;
  number("from", true, from);
  number("to", true, to);
  number("seconds", true, out.seconds);
  number("fps", false, fps);
  if (object.contains("seconds") && object["seconds"].is_number() &&
      !(out.seconds > 0.0 && out.seconds <= max_step_animation_seconds))
    problems.add(step, "animate.seconds",
                 Text{TextId::lesson_animate_seconds,
                      {number_text(max_step_animation_seconds), number_text(out.seconds)}});
  if (object.contains("fps") && object["fps"].is_number()) {
    if (!(fps >= 1.0 && fps <= 120.0 && fps == std::floor(fps)))
      problems.add(step, "animate.fps", Text{TextId::lesson_animate_fps, {number_text(fps)}});
    else
      out.fps = static_cast<int>(fps);
  }
  if (const auto it = object.find("loop"); it != object.end()) {
    if (!it->is_boolean())
      problems.add(step, "animate.loop", TextId::session_not_boolean);
    else
      out.loop = it->get<bool>();
  }
  if (problems.count() != before || !state) return std::nullopt;
  Text why;
  std::optional<Animation> animation = make_animation(parameter, from, to, *state, {}, why);
  if (!animation) {
    problems.add(step, "animate", why);
    return std::nullopt;
  }
  out.animation = std::move(*animation);
  return out;
}

LessonStep read_step(const json& object, const json& base, bool base_ok, ViewIds views, std::size_t step,
                     Problems& problems) {
  LessonStep out;
  constexpr std::array<std::string_view, 2> step_texts = {"text", "try"};
  refuse_unknown_keys(object, step_keys, "", step, problems, step_texts);
  read_local_text(object, "text", out.text, true, max_lesson_text_bytes, step, problems);
  read_text(object, "formula", out.formula, false, max_lesson_formula_bytes, Script::neutral, step, problems);
  read_local_text(object, "try", out.try_text, false, max_lesson_text_bytes, step, problems);

  std::optional<AppState> state;
  json patch = json::object();
  if (const auto it = object.find("session"); it != object.end()) {
    if (!it->is_object()) {
      problems.add(step, "session", TextId::lesson_step_session_not_object);
    } else {
      refuse_ui(*it, step, problems);
      patch = *it;
    }
  }
  if (base_ok) state = read_session(merged(base, patch), views, step, problems);
  if (state) out.state = *state;
  if (const auto it = object.find("highlight"); it != object.end())
    out.highlight = read_highlight(*it, state ? &*state : nullptr, views, step, problems);
  if (const auto it = object.find("animate"); it != object.end())
    out.animation = read_animation(*it, state ? &*state : nullptr, step, problems);
  return out;
}

std::optional<json> parse(std::string_view text, Problems& problems) {
  try {
    return json::parse(text.begin(), text.end());
  } catch (const json::exception& error) {
    problems.add(std::nullopt, "file", json_problem_text(error));
    return std::nullopt;
  }
}

std::string stem_of(std::string_view name) {
  return std::filesystem::path(std::string(name)).stem().string();
}

}  // namespace

std::string_view to_string(HighlightKind kind) {
  switch (kind) {
    case HighlightKind::control:
      return "control";
    case HighlightKind::view:
      return "view";
    case HighlightKind::cell:
      return "cell";
    case HighlightKind::curve:
      return "curve";
  }
  return "view";
}

std::optional<HighlightKind> parse_highlight_kind(std::string_view name) {
  for (HighlightKind kind :
       {HighlightKind::control, HighlightKind::view, HighlightKind::cell, HighlightKind::curve})
    if (to_string(kind) == name) return kind;
  return std::nullopt;
}

std::string LocalText::in(std::string_view language) const {
  if (const auto found = by_language.find(language); found != by_language.end()) return found->second;
  if (const auto english = by_language.find(fallback_language); english != by_language.end())
    return english->second;
  return {};
}

bool Lesson::written_in(std::string_view language) const {
  if (!title.has(language)) return false;
  return std::all_of(steps.begin(), steps.end(), [&](const LessonStep& step) {
    return step.text.has(language) && (step.try_text.empty() || step.try_text.has(language));
  });
}

std::span<const std::string_view> lesson_control_ids() { return control_ids; }

std::string step_animation_caption(const LessonStep& step) {
  if (!step.animation) return "";
  const StepAnimation& a = *step.animation;
  return trf(
      a.loop ? "lesson.animated_loop" : "lesson.animated",
      {a.animation.name, number_text(a.animation.from), number_text(a.animation.to), number_text(a.seconds)});
}

bool play_step_animation(const LessonStep& step, StepPlayback& playback, AppState& state, double now,
                         const std::filesystem::path& models_dir) {
  playback.moving = false;
  if (!step.animation || playback.stopped) return false;
  if (!playback.started) playback.started = now;
  const StepAnimation& animation = *step.animation;
  const double elapsed = now - *playback.started;
  double value = step_animation_value(animation, elapsed);
  if (animation.animation.integral) value = std::round(value);
  if (!playback.shown || *playback.shown != value) {
    if (!apply_animation(state, animation.animation, value, models_dir).empty()) {
      // The user moved the state where the value does not go (a smaller N): the animation stops there.
      playback.stopped = true;
      return false;
    }
    playback.shown = value;
  }
  playback.moving = animation.loop || elapsed < animation.seconds;
  return playback.moving;
}

namespace {

void write_local_text(json& object, std::string_view key, const LocalText& text) {
  for (const auto& [code, value] : text.by_language) object[std::string(key) + "_" + code] = value;
}

json highlight_to_json(const Highlight& highlight) {
  json out = json::object();
  out["kind"] = std::string(to_string(highlight.kind));
  switch (highlight.kind) {
    case HighlightKind::control:
    case HighlightKind::view:
      out["target"] = highlight.target;
      break;
    case HighlightKind::cell:
      out["target"] = {{"p", highlight.position}, {"i", highlight.dimension}, {"config", highlight.config}};
      break;
    case HighlightKind::curve:
      out["target"] = {{"i", highlight.dimension}, {"config", highlight.config}};
      break;
  }
  return out;
}

}  // namespace

std::string lesson_to_text(const Lesson& lesson) {
  json root = json::object();
  root["pelab_lesson"] = lesson_format_version;
  write_local_text(root, "title", lesson.title);
  json steps = json::array();
  for (const LessonStep& step : lesson.steps) {
    json out = json::object();
    write_local_text(out, "text", step.text);
    if (!step.formula.empty()) out["formula"] = step.formula;
    json session = json::parse(session_to_text(step.state));
    session.erase("ui");
    session.erase("pelab_session");
    out["session"] = std::move(session);
    if (step.highlight) out["highlight"] = highlight_to_json(*step.highlight);
    if (step.animation) {
      const StepAnimation& a = *step.animation;
      out["animate"] = {{"parameter", a.animation.name},
                        {"from", a.animation.from},
                        {"to", a.animation.to},
                        {"seconds", a.seconds},
                        {"fps", a.fps},
                        {"loop", a.loop}};
    }
    write_local_text(out, "try", step.try_text);
    steps.push_back(std::move(out));
  }
  root["steps"] = std::move(steps);
  return root.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::vector<std::string> save_lesson_file(const std::filesystem::path& path, const Lesson& lesson,
                                          ViewIds views) {
  // A table named relative to the working directory would be looked for beside the lesson file when
  // it is loaded: the file names every table by its absolute path, and a missing one is refused now,
  // as loading would refuse it.
  Lesson written = lesson;
  std::vector<std::string> problems;
  Problems missing(path.string(), problems);
  for (std::size_t s = 0; s < written.steps.size(); ++s) {
    std::vector<Slot>& slots = written.steps[s].state.slots;
    for (std::size_t c = 0; c < slots.size(); ++c) {
      std::string& table = slots[c].config.table_path;
      if (table.empty()) continue;
      std::error_code ec;
      const std::filesystem::path absolute = std::filesystem::absolute(table, ec).lexically_normal();
      if (!ec) table = absolute.string();
      if (!std::filesystem::is_regular_file(table, ec))
        missing.add(s + 1, "session.configs[" + std::to_string(c) + "].table",
                    Text{TextId::lesson_no_such_file, {table}});
    }
  }
  if (!problems.empty()) return problems;
  const std::string text = lesson_to_text(written);
  LessonLoad check = lesson_from_text(text, path.string(), views);
  if (!check.problems.empty()) return check.problems;
  write_file_atomic(path, text);
  return {};
}

LessonLoad lesson_from_text(std::string_view text, std::string_view name, ViewIds views) {
  LessonLoad load;
  Problems problems(std::string(name), load.problems);
  const std::optional<json> root = parse(text, problems);
  if (!root) return load;
  if (!root->is_object()) {
    problems.add(std::nullopt, "file", TextId::lesson_file_not_object);
    return load;
  }
  Lesson lesson;
  lesson.id = stem_of(name);
  constexpr std::array<std::string_view, 3> keys = {"pelab_lesson", "session", "steps"};
  constexpr std::array<std::string_view, 1> lesson_texts = {"title"};
  refuse_unknown_keys(*root, keys, "", std::nullopt, problems, lesson_texts);
  if (const auto it = root->find("pelab_lesson"); it == root->end()) {
    problems.add(std::nullopt, "pelab_lesson", TextId::lesson_not_lesson);
  } else if (!it->is_number_integer() || it->get<std::int64_t>() != lesson_format_version) {
    problems.add(std::nullopt, "pelab_lesson",
                 Text{TextId::lesson_version, {it->dump(), std::to_string(lesson_format_version)}});
  }
  read_local_text(*root, "title", lesson.title, true, max_lesson_title_bytes, std::nullopt, problems);

  json base = json::object();
  bool base_ok = true;
  if (const auto it = root->find("session"); it != root->end()) {
    if (!it->is_object()) {
      problems.add(std::nullopt, "session", TextId::lesson_session_not_object);
      base_ok = false;
    } else {
      const std::size_t before = problems.count();
      refuse_ui(*it, std::nullopt, problems);
      base = *it;
      read_session(base, views, std::nullopt, problems);
      base_ok = problems.count() == before;  // a broken base would repeat its problems in every step
    }
  }

  const auto steps = root->find("steps");
  if (steps == root->end()) {
    problems.add(std::nullopt, "steps", TextId::lesson_missing);
  } else if (!steps->is_array() || steps->empty() || steps->size() > max_lesson_steps) {
    problems.add(std::nullopt, "steps", Text{TextId::lesson_steps, {std::to_string(max_lesson_steps)}});
  } else {
    for (std::size_t i = 0; i < steps->size(); ++i) {
      const json& step = (*steps)[i];
      if (!step.is_object()) {
        problems.add(i + 1, "step", TextId::lesson_step_not_object);
        continue;
      }
      lesson.steps.push_back(read_step(step, base, base_ok, views, i + 1, problems));
    }
  }
  if (load.problems.empty()) load.lesson = std::move(lesson);
  return load;
}

LessonLoad load_lesson_file(const std::filesystem::path& path, ViewIds views) {
  LessonLoad load;
  std::string text;
  try {
    text = read_file_bytes(path, max_lesson_file_bytes);
  } catch (const Error& error) {
    load.problems.push_back(error_message(error));
    return load;
  }
  load = lesson_from_text(text, path.string(), views);
  if (!load.lesson) return load;
  // Tables are named relative to the lesson file, as in sessions; each missing one is named once.
  Problems problems(path.string(), load.problems);
  std::set<std::string> reported;
  for (std::size_t s = 0; s < load.lesson->steps.size(); ++s) {
    std::vector<Slot>& slots = load.lesson->steps[s].state.slots;
    for (std::size_t c = 0; c < slots.size(); ++c) {
      std::string& table = slots[c].config.table_path;
      if (table.empty()) continue;
      std::filesystem::path resolved(table);
      if (resolved.is_relative()) resolved = (path.parent_path() / resolved).lexically_normal();
      table = resolved.string();
      std::error_code ec;
      if (!std::filesystem::is_regular_file(resolved, ec) && reported.insert(table).second)
        problems.add(s + 1, "session.configs[" + std::to_string(c) + "].table",
                     Text{TextId::lesson_no_such_file, {table}});
    }
  }
  if (!load.problems.empty()) load.lesson.reset();
  return load;
}

namespace {
void append_strings(const json& value, std::string& out) {
  if (value.is_string()) {
    out += value.get_ref<const std::string&>();
  } else if (value.is_structured()) {
    for (const json& item : value) append_strings(item, out);
  }
}
}  // namespace

std::vector<LessonInfo> list_lessons(const std::filesystem::path& dir) {
  std::vector<LessonInfo> out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (!entry.is_regular_file(ec) || entry.path().extension() != ".json") continue;
    LessonInfo info;
    info.path = entry.path();
    info.id = entry.path().stem().string();
    try {
      const json root = json::parse(read_file_bytes(entry.path(), max_lesson_file_bytes));
      const auto steps = root.is_object() ? root.find("steps") : root.end();
      const std::string english = "title_" + std::string(fallback_language);
      if (!root.is_object() || !root.contains(english) || !root.at(english).is_string() ||
          steps == root.end() || !steps->is_array()) {
        info.problem = tr_text(TextId::lesson_list_not_lesson);
      } else {
        for (const auto& item : root.items()) {
          const std::optional<std::string> code = language_of_key(item.key(), "title");
          if (code && item.value().is_string())
            info.title.by_language[*code] = item.value().get<std::string>();
        }
        info.steps = steps->size();
        append_strings(root, info.all_text);
      }
    } catch (const std::exception& error) {  // pelab::Error (unreadable) or json::exception
      info.problem = error_message(error);
    }
    out.push_back(std::move(info));
  }
  std::sort(out.begin(), out.end(), [](const LessonInfo& a, const LessonInfo& b) { return a.id < b.id; });
  return out;
}

std::optional<std::filesystem::path> find_lesson(const std::filesystem::path& dir, std::string_view name) {
  std::error_code ec;
  const std::filesystem::path direct{std::string(name)};
  if (name.find('/') != std::string_view::npos || direct.extension() == ".json") {
    if (std::filesystem::is_regular_file(direct, ec)) return direct;
  }
  const std::vector<LessonInfo> lessons = list_lessons(dir);
  std::vector<std::filesystem::path> matches;
  for (const LessonInfo& info : lessons)
    if (info.id == name) return info.path;
  // "sinusoid" for "03_sinusoid"; "3" or "03" for its number.
  const bool number =
      !name.empty() && std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
  for (const LessonInfo& info : lessons) {
    const std::size_t underscore = info.id.find('_');
    if (underscore == std::string::npos) continue;
    const std::string_view prefix = std::string_view(info.id).substr(0, underscore);
    const std::string_view rest = std::string_view(info.id).substr(underscore + 1);
    bool match = rest == name;
    if (number) {
      const std::size_t a = prefix.find_first_not_of('0'), b = name.find_first_not_of('0');
      match = match || (a == std::string_view::npos ? std::string_view("") : prefix.substr(a)) ==
                           (b == std::string_view::npos ? std::string_view("") : name.substr(b));
    }
    if (match) matches.push_back(info.path);
  }
  if (matches.size() == 1) return matches.front();
  return std::nullopt;
}

AppState step_state_shown(const AppState& step, const AppState& current, bool presenting) {
  AppState shown = step;
  shown.ui = current.ui;  // the lecturer's font, theme and language stay
  shown.layout.sidebar_width = current.layout.sidebar_width;
  shown.layout.show_sidebar = presenting ? false : current.layout.show_sidebar;
  return shown;
}

}  // namespace pelab::app
