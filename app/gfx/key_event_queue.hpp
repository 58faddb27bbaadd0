#pragma once
// Key and character events kept in the order they arrived, handed to Dear ImGui a frame at a time.
//
// Dear ImGui 1.86 has no event queue: it reads a key as "down" or "up" when a frame starts
// (io.KeysDown), and a key counts as pressed in the frame in which it is first seen down. A press
// and its release that both arrive between two frames (a quick tap, a clicker, xdotool) would leave
// the key up at both frames, and the tap would be lost; two different keys pressed between two frames
// would be seen as pressed together, and the shortcuts and the text field would act on them in their
// own order, not the user's. So each frame gets at most one press, as its last event, with the
// releases and characters that came before it; a press whose key was let go in the same frame waits
// for the next (the key would look held all along). Nothing is dropped; n taps of one key take 2n
// frames. While a text field has the keyboard, a press that types a character (its character event
// follows it) does not end the frame: the field reads characters from their own queue, so typing
// runs at the typist's speed however slow the frames are; editing keys (Backspace, Enter, arrows)
// and Ctrl combinations type nothing and still end it.
//
// No GLFW and no ImGui here (window.cpp connects both), so the order rules are tested alone.
#include <cstddef>
#include <deque>
#include <vector>

namespace pelab::gfx {

struct KeyEvent {
  enum class Type { key, character };
  Type type = Type::key;
  int key = 0;                 // type key: the window system's key code (GLFW's)
  bool down = false;           // type key: pressed (true) or released
  unsigned int character = 0;  // type character: a Unicode code point
};

class KeyEventQueue {
 public:
  void push_key(int key, bool down);
  void push_character(unsigned int code_point);
  bool empty() const { return pending_.empty(); }
  std::size_t size() const { return pending_.size(); }
  // Removes and returns, oldest first, the events the next frame shows (see above); empty when
  // nothing is pending. Never returns an empty list while events are pending, so a caller that takes
  // once per frame drains the queue.
  // `text_input`: a text field has the keyboard (io.WantTextInput).
  std::vector<KeyEvent> take_frame(bool text_input = false);

 private:
  std::deque<KeyEvent> pending_;
};

}  // namespace pelab::gfx
