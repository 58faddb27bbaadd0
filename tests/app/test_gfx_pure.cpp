// The parts of app/gfx that need no GL context.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "gfx/key_event_queue.hpp"
#include "gfx/shader_program.hpp"

using namespace pelab::gfx;

TEST_CASE("shader compile logs are attributed to the file and line", "[gfx]") {
  CHECK(attribute_shader_log("0:12(5): error: `lut' undeclared\n", "shaders/heatmap.frag") ==
        "shaders/heatmap.frag:12: error: `lut' undeclared\n");
  CHECK(attribute_shader_log("0(7) : error C0000: syntax error", "heatmap.vert") ==
        "heatmap.vert:7: error C0000: syntax error\n");
  CHECK(attribute_shader_log("something odd\n\n", "x.frag") == "x.frag: something odd\n");
}

TEST_CASE("the shipped shaders are found", "[gfx]") {
  CHECK_FALSE(find_shader_file("heatmap.frag").empty());
  CHECK(find_shader_file("no_such_shader.frag").empty());
}

namespace {

// One frame's events as text: "+264" key 264 pressed, "-264" released, "'a" the character a.
std::string frame_text(const std::vector<KeyEvent>& events) {
  std::string text;
  for (const KeyEvent& event : events) {
    if (!text.empty()) text += ' ';
    if (event.type == KeyEvent::Type::character) {
      text += '\'';
      text += static_cast<char>(event.character);
    } else {
      text += (event.down ? '+' : '-') + std::to_string(event.key);
    }
  }
  return text;
}

std::vector<std::string> all_frames(KeyEventQueue& queue) {
  std::vector<std::string> frames;
  while (!queue.empty()) frames.push_back(frame_text(queue.take_frame()));
  return frames;
}

}  // namespace

TEST_CASE("quick taps between two frames are each seen pressed", "[gfx][keys]") {
  constexpr int down_arrow = 264;
  KeyEventQueue queue;
  for (int tap = 0; tap < 5; ++tap) {
    queue.push_key(down_arrow, true);
    queue.push_key(down_arrow, false);
  }
  // Down in one frame, up in the next: let go and pressed again in one frame, the key would look held.
  CHECK(all_frames(queue) == std::vector<std::string>{"+264", "-264", "+264", "-264", "+264", "-264", "+264",
                                                      "-264", "+264", "-264"});
  CHECK(queue.take_frame().empty());
}

TEST_CASE("one press per frame, so keys keep their order and modifiers their state", "[gfx][keys]") {
  constexpr int ctrl = 341, s = 83, b = 66, page_down = 267;
  KeyEventQueue queue;
  // B (blank the slide), then PageDown: pressed in one frame, the lesson would step first.
  queue.push_key(b, true);
  queue.push_key(b, false);
  queue.push_key(page_down, true);
  queue.push_key(page_down, false);
  // Ctrl+S and Ctrl let go at once: S is seen while Ctrl is still down.
  queue.push_key(ctrl, true);
  queue.push_key(s, true);
  queue.push_key(ctrl, false);
  queue.push_key(s, false);
  CHECK(all_frames(queue) == std::vector<std::string>{"+66", "-66 +267", "-267 +341", "+83", "-341 -83"});
}

TEST_CASE("a character typed after a key press waits for the next frame", "[gfx][keys]") {
  constexpr int key_a = 65, key_b = 66, backspace = 259;
  KeyEventQueue queue;
  // GLFW reports typing "ab" as press A, 'a', release A, press B, 'b', release B; then two Backspaces.
  queue.push_key(key_a, true);
  queue.push_character('a');
  queue.push_key(key_a, false);
  queue.push_key(key_b, true);
  queue.push_character('b');
  queue.push_key(key_b, false);
  for (int tap = 0; tap < 2; ++tap) {
    queue.push_key(backspace, true);
    queue.push_key(backspace, false);
  }
  // ImGui's text field applies a frame's characters before its keys: characters lead a frame, never
  // follow a press in it, so "ab" is typed and then both characters are deleted.
  CHECK(all_frames(queue) ==
        std::vector<std::string>{"+65", "'a -65 +66", "'b -66 +259", "-259", "+259", "-259"});
}

TEST_CASE("in a text field, typed characters share a frame; editing keys still end it", "[gfx][keys]") {
  constexpr int key_six = 54, key_four = 52, backspace = 259, enter = 257;
  KeyEventQueue queue;
  // "64", Backspace, "4", Enter typed faster than frames come.
  for (const auto& [key, character] : {std::pair{key_six, '6'}, std::pair{key_four, '4'}}) {
    queue.push_key(key, true);
    queue.push_character(static_cast<unsigned>(character));
    queue.push_key(key, false);
  }
  queue.push_key(backspace, true);
  queue.push_key(backspace, false);
  queue.push_key(key_four, true);
  queue.push_character('4');
  queue.push_key(key_four, false);
  queue.push_key(enter, true);
  queue.push_key(enter, false);
  std::vector<std::string> frames;
  while (!queue.empty()) frames.push_back(frame_text(queue.take_frame(true)));
  // The field applies a frame's characters before its keys, so "64" then Backspace leaves "6"; the
  // '4' after Backspace waits for the next frame, and Enter ends the frame it is pressed in.
  CHECK(frames == std::vector<std::string>{"+54 '6 -54 +52 '4 -52 +259", "-259 +52 '4 -52 +257", "-257"});
}
