// Animations (state/animation.hpp): the names pelab already has for a value (a link's p/k/i, CONFIG
// keys, --set keys) move it frame by frame; a bad NAME=FROM:TO is refused before any frame with a line
// naming what is wrong.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "state/animation.hpp"

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
