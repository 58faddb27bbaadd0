#pragma once
// One parameter moved across the frames of a video (`pelab --animate NAME=FROM:TO`, the Export menu's
// "Animate…"). NAME uses the names pelab already has for these values, no list of its own:
//   p, k, i               the selection, as a link's p=, k=, i= (state/state_link.hpp)
//   positions, dims, ...  a CONFIG key whose value is a number (core's config_keys() table says which),
//                         read by core's one reader of encoding parameters, so a key the kind ignores
//                         is refused with core's sentence
//   VIEW.KEY              a --set key with a number value (state/view_options.hpp), e.g. rope.b.factor
// An encoding key changes every configuration whose kind reads it; p, k and i change every
// configuration's selection. Both ends are checked against the state before any frame is drawn.
// A refusal is a sentence (pelab::Text): English on the command line, the UI's language in the app.
// A lesson step may hold one (StepAnimation), played on its slide and exported beside it.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "pelab/text.hpp"
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

// The animation of parameter `name` from `from` to `to`, or nullopt and `why` when `name` is no
// parameter an animation moves, the ends are equal (nothing would move), or `state` refuses an end.
std::optional<Animation> make_animation(std::string_view name, double from, double to, const AppState& state,
                                        const std::filesystem::path& models_dir, Text& why);

// Parses NAME=FROM:TO and checks it as make_animation does. nullopt and `why` when refused.
std::optional<Animation> parse_animation(std::string_view text, const AppState& state,
                                         const std::filesystem::path& models_dir, Text& why);
// The same for the command line: `error` is one English line naming the option.
std::optional<Animation> parse_animation(std::string_view text, const AppState& state,
                                         const std::filesystem::path& models_dir, std::string& error);

// NAME=FROM:TO, the text parse_animation reads back to `animation`.
std::string animation_text(const Animation& animation);

// The value on frame `frame` of `frames` (the first frame shows FROM, the last TO).
double animation_value(const Animation& animation, int frame, int frames);

// Sets the parameter to `value` in `state`. Returns an empty Text or why the value was refused (the
// state is unchanged then).
Text apply_animation(AppState& state, const Animation& animation, double value,
                     const std::filesystem::path& models_dir);

// How long a video or a step's animation may be: 1 to 120 frames per second, more than 0 seconds,
// at most 72000 frames (10 minutes at 120 fps). An empty Text when `seconds` and `fps` are usable;
// `seconds_name` and `fps_name` are how the caller's user spells them ("--seconds", a dialog's label).
Text animation_timing_problem(double seconds, int fps, std::string_view seconds_name,
                              std::string_view fps_name);
// The frame count of a usable timing: seconds × fps rounded, at least 1.
int animation_frame_count(double seconds, int fps);

// An animation a lesson step plays when it opens: over `seconds` seconds, then it holds TO, or starts
// again from FROM when `loop`. Exported beside the step's slide as a video at `fps`.
struct StepAnimation {
  Animation animation;
  double seconds = 4.0;
  int fps = 30;
  bool loop = false;
  bool operator==(const StepAnimation&) const = default;
};
// A step's animation is part of a slide, not a film.
inline constexpr double max_step_animation_seconds = 60.0;

// The value `elapsed` seconds after the step opened: FROM + (TO − FROM) · elapsed / seconds while
// elapsed < seconds; then TO, or with `loop` the same over elapsed modulo seconds (TO at the end of
// each round). FROM before 0.
double step_animation_value(const StepAnimation& step_animation, double elapsed);

}  // namespace pelab::app
