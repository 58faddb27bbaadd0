#include "state/animation.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

#include "pelab/config_spec.hpp"
#include "pelab/encodings.hpp"
#include "pelab/kinds.hpp"
#include "pelab/number_text.hpp"
#include "pelab/types.hpp"
#include "state/view_options.hpp"

namespace pelab::app {
namespace {

// The CONFIG key `name` when its value is a number (core's table): the keys an animation can move.
const ConfigKey* numeric_config_key(std::string_view name) {
  const ConfigKey* key = find_config_key(name);
  if (!key || (key->type != ConfigValueType::integer && key->type != ConfigValueType::real)) return nullptr;
  return key;
}

std::string numeric_config_key_list() {
  std::string list;
  for (const ConfigKey& key : config_keys())
    if (numeric_config_key(key.name)) list += (list.empty() ? "" : ", ") + std::string(key.name);
  return list;
}

// The value as the parameter's own grammar reads it: an integer without a decimal point when the
// parameter is integral, else the shortest text that reads back to the same double.
std::string value_text(const Animation& animation, double value) {
  char text[64];
  if (animation.integral) {
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(std::llround(value)));
  } else {
    std::snprintf(text, sizeof text, "%.17g", value);
  }
  return text;
}

Text apply_selection(AppState& state, const Animation& animation, double value) {
  const std::int64_t wanted = std::llround(value);
  for (const Slot& slot : state.slots) {
    const EncodingParams& e = slot.config.encoding;
    const ParameterRange<std::int64_t> bounds = animation.name == "p"   ? position_bounds(e)
                                                : animation.name == "k" ? offset_bounds(e)
                                                                        : dimension_bounds(e);
    if (!bounds.contains(wanted)) {
      return Text{TextId::animation_selection_outside,
                  {animation.name, std::to_string(wanted), std::to_string(bounds.lowest),
                   std::to_string(bounds.highest), std::string(to_string(e.kind)),
                   std::to_string(e.positions), std::to_string(e.dims), std::to_string(e.start)}};
    }
  }
  for (Slot& slot : state.slots) {
    std::int64_t& field = animation.name == "p"   ? slot.selection.position
                          : animation.name == "k" ? slot.selection.offset
                                                  : slot.selection.dimension;
    field = wanted;
  }
  return {};
}

// A refusal of core's CONFIG reader: a sentence when it has one, else its English (the CONFIG
// grammar's errors are a command-line contract and stay English).
Text refusal_text(const std::exception& error) {
  if (const auto* pelab_error = dynamic_cast<const Error*>(&error);
      pelab_error && !pelab_error->text().empty())
    return pelab_error->text();
  return Text{TextId::animation_refused, {error.what()}};
}

Text apply_encoding(AppState& state, const Animation& animation, double value) {
  const std::string text = value_text(animation, value);
  std::vector<EncodingParams> changed;
  std::optional<std::string> refusal;
  bool any_reads = false;
  // The kinds table says which kinds read base, sigma and seed; N, D and start every kind reads.
  const ConfigKey* key = numeric_config_key(animation.name);
  // (A plain value and a flag: g++ 12 takes a copied std::optional here for maybe uninitialised.)
  const bool kind_specific = key != nullptr && key->parameter.has_value();
  const KindParameter parameter = kind_specific ? *key->parameter : KindParameter::base;
  for (const Slot& slot : state.slots) {
    EncodingParams e = slot.config.encoding;
    if (kind_specific && !reads(e.kind, parameter)) {
      // A kind that ignores the parameter keeps its value; the animation needs one that reads it.
      refusal = not_applicable_message(animation.name, e.kind, parameter);
      changed.push_back(e);
      continue;
    }
    try {
      const ParameterItem item{animation.name, text};
      const ConfigSpec read = read_parameters(e.kind, std::span(&item, 1), ParameterSpelling::config_key);
      const EncodingParams& r = read.encoding;
      if (animation.name == "positions") e.positions = r.positions;
      if (animation.name == "dims") e.dims = r.dims;
      if (animation.name == "base") e.base = r.base;
      if (animation.name == "start") e.start = r.start;
      if (animation.name == "sigma") e.sigma = r.sigma;
      if (animation.name == "seed") e.seed = r.seed;
      if (!view_positions_range.contains(e.positions) || !view_dims_range.contains(e.dims) ||
          !view_start_range.contains(e.start)) {
        return Text{TextId::animation_view_limits,
                    {animation.name, text, std::to_string(view_positions_range.highest),
                     std::to_string(view_dims_range.highest), std::to_string(view_start_range.highest)}};
      }
      validate(e);
      changed.push_back(e);
      any_reads = true;
    } catch (const std::exception& error) {
      return refusal_text(error);
    }
  }
  if (!any_reads && refusal) return Text{TextId::animation_refused, {*refusal}};
  for (std::size_t n = 0; n < state.slots.size(); ++n) {
    Slot& slot = state.slots[n];
    slot.config.encoding = changed[n];
    slot.selection = clamped(slot.selection, slot.config.encoding);
  }
  return {};
}

Text apply_view_setting(AppState& state, const Animation& animation, double value,
                        const std::filesystem::path& models_dir) {
  const std::string option = animation.name + "=" + value_text(animation, value);
  const std::vector<std::string> problems =
      apply_view_options(state.views, std::span(&option, 1), models_dir);
  return problems.empty() ? Text{} : Text{TextId::animation_refused, {problems.front()}};
}

std::optional<double> read_end(std::string_view name, std::string_view text, Text& why) {
  try {
    return parse_real_text(name, text);
  } catch (const std::exception&) {
    why = Text{TextId::animation_not_number, {std::string(name), quote_user_text(text)}};
    return std::nullopt;
  }
}

}  // namespace

std::optional<Animation> make_animation(std::string_view name, double from, double to, const AppState& state,
                                        const std::filesystem::path& models_dir, Text& why) {
  Animation animation;
  animation.name = std::string(name);
  animation.from = from;
  animation.to = to;
  if (name == "p" || name == "k" || name == "i") {
    animation.target = Animation::Target::selection;
    animation.integral = true;
  } else if (const ConfigKey* key = numeric_config_key(name)) {
    animation.target = Animation::Target::encoding;
    animation.integral = key->type == ConfigValueType::integer;
  } else if (name.find('.') != std::string_view::npos) {
    animation.target = Animation::Target::view_setting;
    // A key that wants integers (rope.dims) gets every frame's value rounded: it is the one that
    // refuses a value halfway between two integers inside the range.
    if (std::isfinite(from) && std::isfinite(to) && std::floor(from) == from && std::floor(to) == to &&
        from != to) {
      AppState copy = state;
      animation.integral = !apply_view_setting(copy, animation, std::min(from, to) + 0.5, models_dir).empty();
    }
  } else {
    why = Text{TextId::animation_unknown_parameter, {std::string(name), numeric_config_key_list()}};
    return std::nullopt;
  }
  if (!std::isfinite(from) || !std::isfinite(to)) {
    why =
        Text{TextId::animation_not_number, {std::string(name), number_text(std::isfinite(from) ? to : from)}};
    return std::nullopt;
  }
  if (from == to) {
    why = Text{TextId::animation_same_ends, {std::string(name), number_text(from)}};
    return std::nullopt;
  }
  for (const double end : {from, to}) {
    AppState copy = state;
    Text problem = apply_animation(copy, animation, end, models_dir);
    if (!problem.empty()) {
      why = std::move(problem);
      return std::nullopt;
    }
  }
  return animation;
}

std::optional<Animation> parse_animation(std::string_view text, const AppState& state,
                                         const std::filesystem::path& models_dir, Text& why) {
  const std::size_t equals = text.find('=');
  const std::size_t colon = equals == std::string_view::npos ? equals : text.find(':', equals);
  if (equals == std::string_view::npos || colon == std::string_view::npos || equals == 0) {
    why = Text{TextId::animation_syntax};
    return std::nullopt;
  }
  const std::string_view name = text.substr(0, equals);
  const std::optional<double> from = read_end("FROM", text.substr(equals + 1, colon - equals - 1), why);
  const std::optional<double> to = from ? read_end("TO", text.substr(colon + 1), why) : std::nullopt;
  if (!from || !to) {
    // An unknown name is the first thing to fix.
    Text name_problem;
    if (!make_animation(name, 0.0, 1.0, state, models_dir, name_problem) &&
        name_problem.id == TextId::animation_unknown_parameter)
      why = name_problem;
    return std::nullopt;
  }
  return make_animation(name, *from, *to, state, models_dir, why);
}

std::optional<Animation> parse_animation(std::string_view text, const AppState& state,
                                         const std::filesystem::path& models_dir, std::string& error) {
  Text why;
  std::optional<Animation> animation = parse_animation(text, state, models_dir, why);
  if (!animation) error = "--animate " + quote_user_text(text) + ": " + english(why);
  return animation;
}

std::string animation_text(const Animation& animation) {
  return animation.name + "=" + number_text(animation.from) + ":" + number_text(animation.to);
}

double animation_value(const Animation& animation, int frame, int frames) {
  if (frames <= 1) return animation.from;
  const double t = static_cast<double>(frame) / static_cast<double>(frames - 1);
  return animation.from + (animation.to - animation.from) * t;
}

Text apply_animation(AppState& state, const Animation& animation, double value,
                     const std::filesystem::path& models_dir) {
  switch (animation.target) {
    case Animation::Target::selection:
      return apply_selection(state, animation, value);
    case Animation::Target::encoding:
      return apply_encoding(state, animation, value);
    case Animation::Target::view_setting:
      return apply_view_setting(state, animation, value, models_dir);
  }
  return {};
}

Text animation_timing_problem(double seconds, int fps, std::string_view seconds_name,
                              std::string_view fps_name) {
  // The longest video pelab makes: 10 minutes at 120 frames per second.
  constexpr double most_frames = 72000.0;
  if (fps < 1 || fps > 120) return Text{TextId::animation_fps, {std::string(fps_name), std::to_string(fps)}};
  if (!std::isfinite(seconds) || seconds <= 0.0)
    return Text{TextId::animation_seconds, {std::string(seconds_name), number_text(seconds)}};
  if (std::round(seconds * fps) > most_frames)
    return Text{TextId::animation_frames, {std::string(seconds_name), std::string(fps_name), "72000"}};
  return {};
}

int animation_frame_count(double seconds, int fps) {
  return std::max(1, static_cast<int>(std::round(seconds * fps)));
}

double step_animation_value(const StepAnimation& step_animation, double elapsed) {
  const Animation& animation = step_animation.animation;
  const double seconds = step_animation.seconds;
  if (!(elapsed > 0.0) || !(seconds > 0.0)) return animation.from;
  double t = elapsed / seconds;
  if (t >= 1.0) {
    if (!step_animation.loop) return animation.to;
    t = std::fmod(elapsed, seconds) / seconds;
    if (t == 0.0) return animation.to;  // the end of a round; FROM is the next instant
  }
  return animation.from + (animation.to - animation.from) * t;
}

}  // namespace pelab::app
