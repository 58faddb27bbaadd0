#include "state/animation.hpp"

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

// The CONFIG keys that hold one number: the ones an animation can move.
constexpr std::array<std::string_view, 6> numeric_config_keys{"positions", "dims",  "base",
                                                              "start",     "sigma", "seed"};

bool is_numeric_config_key(std::string_view name) {
  for (std::string_view key : numeric_config_keys)
    if (key == name) return true;
  return false;
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

std::string apply_selection(AppState& state, const Animation& animation, double value) {
  const std::int64_t wanted = std::llround(value);
  for (const Slot& slot : state.slots) {
    const EncodingParams& e = slot.config.encoding;
    const ParameterRange<std::int64_t> bounds = animation.name == "p"   ? position_bounds(e)
                                                : animation.name == "k" ? offset_bounds(e)
                                                                        : dimension_bounds(e);
    if (!bounds.contains(wanted)) {
      return animation.name + " = " + std::to_string(wanted) + " is outside " +
             std::to_string(bounds.lowest) + ".." + std::to_string(bounds.highest) + " for " +
             std::string(to_string(e.kind)) + " with N = " + std::to_string(e.positions) +
             ", D = " + std::to_string(e.dims) + ", start = " + std::to_string(e.start);
    }
  }
  for (Slot& slot : state.slots) {
    std::int64_t& field = animation.name == "p"   ? slot.selection.position
                          : animation.name == "k" ? slot.selection.offset
                                                  : slot.selection.dimension;
    field = wanted;
  }
  return "";
}

std::string apply_encoding(AppState& state, const Animation& animation, double value) {
  const std::string text = value_text(animation, value);
  std::vector<EncodingParams> changed;
  std::string refusal;
  bool any_reads = false;
  // The kinds table says which kinds read base, sigma and seed; N, D and start every kind reads.
  const std::optional<KindParameter> parameter = animation.name == "base"    ? KindParameter::base
                                                 : animation.name == "sigma" ? KindParameter::sigma
                                                 : animation.name == "seed"
                                                     ? std::optional(KindParameter::seed)
                                                     : std::nullopt;
  for (const Slot& slot : state.slots) {
    EncodingParams e = slot.config.encoding;
    if (parameter && !reads(e.kind, *parameter)) {
      // A kind that ignores the parameter keeps its value; the animation needs one that reads it.
      refusal = not_applicable_message(animation.name, e.kind, *parameter);
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
        throw Error(animation.name + " = " + text + " is outside what the views draw (N ≤ " +
                    std::to_string(view_positions_range.highest) + ", D ≤ " +
                    std::to_string(view_dims_range.highest) + ", start ≤ " +
                    std::to_string(view_start_range.highest) + ")");
      }
      validate(e);
      changed.push_back(e);
      any_reads = true;
    } catch (const std::exception& error) {
      return error.what();
    }
  }
  if (!any_reads && !refusal.empty()) return refusal;
  for (std::size_t n = 0; n < state.slots.size(); ++n) {
    Slot& slot = state.slots[n];
    slot.config.encoding = changed[n];
    slot.selection = clamped(slot.selection, slot.config.encoding);
  }
  return "";
}

std::string apply_view_setting(AppState& state, const Animation& animation, double value,
                               const std::filesystem::path& models_dir) {
  const std::string option = animation.name + "=" + value_text(animation, value);
  const std::vector<std::string> problems =
      apply_view_options(state.views, std::span(&option, 1), models_dir);
  return problems.empty() ? "" : problems.front();
}

}  // namespace

std::optional<Animation> parse_animation(std::string_view text, const AppState& state,
                                         const std::filesystem::path& models_dir, std::string& error) {
  const std::string quoted = "--animate " + quote_user_text(text);
  const std::size_t equals = text.find('=');
  const std::size_t colon = equals == std::string_view::npos ? equals : text.find(':', equals);
  if (equals == std::string_view::npos || colon == std::string_view::npos || equals == 0) {
    error = quoted + ": expected NAME=FROM:TO, e.g. k=0:32 or base=100:10000";
    return std::nullopt;
  }
  Animation animation;
  animation.name = std::string(text.substr(0, equals));
  const std::string_view from = text.substr(equals + 1, colon - equals - 1);
  const std::string_view to = text.substr(colon + 1);
  if (animation.name == "p" || animation.name == "k" || animation.name == "i") {
    animation.target = Animation::Target::selection;
    animation.integral = true;
  } else if (is_numeric_config_key(animation.name)) {
    animation.target = Animation::Target::encoding;
    animation.integral = animation.name != "base" && animation.name != "sigma";
  } else if (animation.name.find('.') != std::string::npos) {
    animation.target = Animation::Target::view_setting;
    // Integers stay integers (rope.dims=64), so a key that wants one accepts every frame's value.
    animation.integral = from.find_first_of(".eE") == std::string_view::npos &&
                         to.find_first_of(".eE") == std::string_view::npos;
  } else {
    error = quoted + ": unknown parameter '" + animation.name +
            "' (p, k, i; a CONFIG key: positions, dims, base, start, sigma, seed; or a --set key VIEW.KEY "
            "such as rope.b.factor)";
    return std::nullopt;
  }
  try {
    animation.from = parse_real_text("FROM", from);
    animation.to = parse_real_text("TO", to);
  } catch (const std::exception& problem) {
    error = quoted + ": " + problem.what();
    return std::nullopt;
  }
  for (const double end : {animation.from, animation.to}) {
    AppState copy = state;
    const std::string problem = apply_animation(copy, animation, end, models_dir);
    if (!problem.empty()) {
      error = quoted + ": " + problem;
      return std::nullopt;
    }
  }
  return animation;
}

double animation_value(const Animation& animation, int frame, int frames) {
  if (frames <= 1) return animation.from;
  const double t = static_cast<double>(frame) / static_cast<double>(frames - 1);
  return animation.from + (animation.to - animation.from) * t;
}

std::string apply_animation(AppState& state, const Animation& animation, double value,
                            const std::filesystem::path& models_dir) {
  switch (animation.target) {
    case Animation::Target::selection:
      return apply_selection(state, animation, value);
    case Animation::Target::encoding:
      return apply_encoding(state, animation, value);
    case Animation::Target::view_setting:
      return apply_view_setting(state, animation, value, models_dir);
  }
  return "";
}

}  // namespace pelab::app
