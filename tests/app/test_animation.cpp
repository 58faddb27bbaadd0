// Animations (state/animation.hpp): the names pelab already has for a value (a link's p/k/i, CONFIG
// keys, --set keys) move it frame by frame; a bad NAME=FROM:TO is refused before any frame with a line
// naming what is wrong.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "state/animation.hpp"
#include "state/lesson.hpp"

using namespace pelab;
using namespace pelab::app;

namespace {

std::filesystem::path animation_models_dir() {
  return std::filesystem::path(PELAB_SOURCE_DIR) / "assets" / "models";
}

AppState sinusoid_and_integer() {
  AppState state;
  state.slots.resize(2);
  state.slots[0].config.encoding = encoding_params(EncodingKind::sinusoidal, 64, 32);
  state.slots[1].config.encoding = encoding_params(EncodingKind::integer, 64, 32);
  return state;
}

std::string animation_refusal(const std::string& text) {
  std::string error;
  CHECK_FALSE(parse_animation(text, sinusoid_and_integer(), animation_models_dir(), error));
  return error;
}

}  // namespace

TEST_CASE("animation: the frames run from FROM to TO, integers rounded", "[animation]") {
  const AppState state = sinusoid_and_integer();
  std::string error;
  const std::optional<Animation> k = parse_animation("k=0:8", state, animation_models_dir(), error);
  REQUIRE(k);
  CHECK(error.empty());
  CHECK(k->integral);
  CHECK(animation_value(*k, 0, 5) == 0.0);
  CHECK(animation_value(*k, 3, 5) == 6.0);
  CHECK(animation_value(*k, 4, 5) == 8.0);
  AppState moved = state;
  CHECK(apply_animation(moved, *k, animation_value(*k, 1, 3), animation_models_dir()).empty());
  CHECK(moved.slots[0].selection.offset == 4);
  CHECK(moved.slots[1].selection.offset == 4);  // every configuration's selection
  CHECK(apply_animation(moved, *k, 2.6, animation_models_dir()).empty());
  CHECK(moved.slots[0].selection.offset == 3);
}

TEST_CASE("animation: a CONFIG key changes the configurations whose kind reads it", "[animation]") {
  AppState state = sinusoid_and_integer();
  std::string error;
  const std::optional<Animation> base =
      parse_animation("base=100:10000", state, animation_models_dir(), error);
  REQUIRE(base);
  CHECK_FALSE(base->integral);
  CHECK(apply_animation(state, *base, 2500.5, animation_models_dir()).empty());
  CHECK(state.slots[0].config.encoding.base == 2500.5);
  CHECK(state.slots[1].config.encoding.base == 10000.0);  // integer ignores base: unchanged
  const std::optional<Animation> positions =
      parse_animation("positions=16:128", state, animation_models_dir(), error);
  REQUIRE(positions);
  CHECK(apply_animation(state, *positions, 20.4, animation_models_dir()).empty());
  CHECK(state.slots[0].config.encoding.positions == 20);
  CHECK(state.slots[1].config.encoding.positions == 20);
}

TEST_CASE("animation: bad options are refused with the reason", "[animation]") {
  CHECK(animation_refusal("k=3") == "--animate 'k=3': expected NAME=FROM:TO, e.g. k=0:32 or base=100:10000");
  CHECK(animation_refusal("q=0:3").find("unknown parameter 'q'") != std::string::npos);
  CHECK(animation_refusal("k=0:64").find("k = 64 is outside 0..63") != std::string::npos);
  CHECK(animation_refusal("base=x:3").find("'x' is not a number") != std::string::npos);
  CHECK(animation_refusal("base=0:3").find("base must be above 0") != std::string::npos);
  CHECK(animation_refusal("positions=1:99999").find("outside what the views draw") != std::string::npos);
  CHECK(animation_refusal("rope.nothing=1:2").find("rope.nothing") != std::string::npos);
  AppState integer_only;
  integer_only.slots[0].config.encoding = encoding_params(EncodingKind::integer, 8, 4);
  std::string error;
  CHECK_FALSE(parse_animation("base=1:10", integer_only, animation_models_dir(), error));
  CHECK(error.find("does not apply to kind integer") != std::string::npos);
}

TEST_CASE("animation: equal ends and a timing a video cannot have are refused", "[animation]") {
  CHECK(animation_refusal("p=5:5") ==
        "--animate 'p=5:5': p starts and ends at 5: nothing would move (give two different values)");
  // The keys that hold a number come from core's CONFIG table: signed (a flag) and table (a path) do
  // not, so they are unknown parameters here.
  CHECK(animation_refusal("signed=0:1")
            .find("unknown parameter 'signed' (p, k, i; a CONFIG key with a number: "
                  "positions, dims, base, start, sigma, seed;") != std::string::npos);
  CHECK(english(animation_timing_problem(4.0, 0, "seconds", "fps")) == "fps must be 1 to 120 (got 0)");
  CHECK(english(animation_timing_problem(0.0, 30, "seconds", "fps")) == "seconds must be above 0 (got 0)");
  CHECK(english(animation_timing_problem(601.0, 120, "seconds", "fps")) ==
        "seconds × fps makes more than 72000 frames");
  CHECK(animation_timing_problem(600.0, 120, "seconds", "fps").empty());
  CHECK(animation_frame_count(4.0, 30) == 120);
  CHECK(animation_frame_count(0.01, 10) == 1);
}

TEST_CASE("animation: a step's animation at t seconds is the straight line from FROM to TO", "[animation]") {
  const AppState state = sinusoid_and_integer();
  Text why;
  StepAnimation step;
  step.animation = *make_animation("k", 0.0, 32.0, state, animation_models_dir(), why);
  step.seconds = 4.0;
  // k(t) = 0 + (32 − 0) · t / 4 = 8 t, then 32.
  CHECK(step_animation_value(step, -1.0) == 0.0);
  CHECK(step_animation_value(step, 0.0) == 0.0);
  CHECK(step_animation_value(step, 1.0) == 8.0);
  CHECK(step_animation_value(step, 2.5) == 20.0);
  CHECK(step_animation_value(step, 4.0) == 32.0);
  CHECK(step_animation_value(step, 9.0) == 32.0);
  step.loop = true;  // 5 s is 1 s into the second round; 8 s the end of the second
  CHECK(step_animation_value(step, 5.0) == 8.0);
  CHECK(step_animation_value(step, 8.0) == 32.0);
  CHECK(step_animation_value(step, 9.5) == 12.0);
  // Downwards and not integral: base 10000 → 100 over 2 s; at 0.5 s 10000 − 9900 / 4 = 7525.
  StepAnimation base;
  base.animation = *make_animation("base", 10000.0, 100.0, state, animation_models_dir(), why);
  base.seconds = 2.0;
  CHECK(step_animation_value(base, 0.5) == 7525.0);
}

TEST_CASE("animation: a lesson step plays on the frame clock through the state, then holds", "[animation]") {
  LessonStep step;
  step.state = sinusoid_and_integer();
  Text why;
  step.animation =
      StepAnimation{*make_animation("k", 0.0, 32.0, step.state, animation_models_dir(), why), 4.0};
  AppState state = step.state;
  StepPlayback playback;
  const auto offset_at = [&](double now) {
    play_step_animation(step, playback, state, now, animation_models_dir());
    CHECK(state.slots[0].selection.offset == state.slots[1].selection.offset);  // every configuration
    return state.slots[0].selection.offset;
  };
  // A fake clock: the step opens at 100 s.
  CHECK(offset_at(100.0) == 0);
  CHECK(playback.moving);
  CHECK(offset_at(101.0) == 8);
  CHECK(offset_at(101.3) == 10);   // 10.4 rounded: k is an integer
  CHECK(offset_at(103.99) == 32);  // 31.92 rounded
  CHECK(playback.moving);
  CHECK(offset_at(104.0) == 32);
  CHECK_FALSE(playback.moving);  // held at TO: the loop may sleep again
  // Once it holds, the user's k stays: nothing is set while the value does not change.
  state.slots[0].selection.offset = state.slots[1].selection.offset = 5;
  CHECK(offset_at(110.0) == 5);
  // Looping, it keeps moving: 6 s after opening is 2 s into the second round, k = 16.
  step.animation->loop = true;
  playback = {};
  CHECK(offset_at(200.0) == 0);
  CHECK(offset_at(206.0) == 16);
  CHECK(playback.moving);
  // A value the state now refuses (N made 16 meanwhile: k ≤ 15) stops it; the state is left alone.
  for (Slot& slot : state.slots) slot.config.encoding.positions = 16;
  CHECK(offset_at(207.0) == 16);
  CHECK(playback.stopped);
  CHECK_FALSE(playback.moving);
  CHECK(offset_at(207.5) == 16);
}
