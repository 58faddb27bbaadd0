#pragma once
// One parameter moved across the frames of a video (`pelab --animate NAME=FROM:TO`, the Export menu's
// "Animate…"). NAME uses the names pelab already has for these values, no list of its own:
//   p, k, i               the selection, as a link's p=, k=, i= (state/state_link.hpp)
//   positions, dims, base, start, sigma, seed
//                         a CONFIG key (core's config_spec.hpp), read by core's one reader of encoding
//                         parameters, so a key the kind ignores is refused with core's sentence
//   VIEW.KEY              a --set key with a number value (state/view_options.hpp), e.g. rope.b.factor
// An encoding key changes every configuration whose kind reads it; p, k and i change every
// configuration's selection. Both ends are checked against the state before any frame is drawn.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "state/params.hpp"

namespace pelab::app {

struct Animation {
  enum class Target { selection, encoding, view_setting };
  Target target = Target::selection;
  std::string name;  // as typed: p, base, rope.b.factor, ...
  double from = 0.0, to = 0.0;
  bool integral = false;  // the value is rounded to an integer on every frame
  bool operator==(const Animation&) const = default;
};

// Parses NAME=FROM:TO and checks that `state` accepts both ends. nullopt and `error` (one line naming
// the option) when it does not.
std::optional<Animation> parse_animation(std::string_view text, const AppState& state,
                                         const std::filesystem::path& models_dir, std::string& error);

// The value on frame `frame` of `frames` (the first frame shows FROM, the last TO).
double animation_value(const Animation& animation, int frame, int frames);

// Sets the parameter to `value` in `state`. Returns "" or why the value was refused (the state is
// unchanged then).
std::string apply_animation(AppState& state, const Animation& animation, double value,
                            const std::filesystem::path& models_dir);

}  // namespace pelab::app
