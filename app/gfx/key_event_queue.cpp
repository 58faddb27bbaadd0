#include "gfx/key_event_queue.hpp"

#include <algorithm>

namespace pelab::gfx {

void KeyEventQueue::push_key(int key, bool down) {
  KeyEvent event;
  event.type = KeyEvent::Type::key;
  event.key = key;
  event.down = down;
  pending_.push_back(event);
}

void KeyEventQueue::push_character(unsigned int code_point) {
  KeyEvent event;
  event.type = KeyEvent::Type::character;
  event.character = code_point;
  pending_.push_back(event);
}

std::vector<KeyEvent> KeyEventQueue::take_frame(bool text_input) {
  std::vector<KeyEvent> frame;
  std::vector<int> keys_in_frame;
  while (!pending_.empty()) {
    const KeyEvent event = pending_.front();
    if (event.type == KeyEvent::Type::key) {
      // Released and pressed again in one frame, the key would look held all along. (A key pressed and
      // released in one frame is seen up; only a press that types a character shares its frame.)
      if (event.down &&
          std::find(keys_in_frame.begin(), keys_in_frame.end(), event.key) != keys_in_frame.end())
        break;
      keys_in_frame.push_back(event.key);
    }
    frame.push_back(event);
    pending_.pop_front();
    // A press is the frame's last event: what comes after it (a character, a modifier let go, another
    // key) must not be seen as having come before it.
    if (event.type == KeyEvent::Type::key && event.down) {
      const bool types_character =
          text_input && !pending_.empty() && pending_.front().type == KeyEvent::Type::character;
      if (!types_character) break;
    }
  }
  return frame;
}

}  // namespace pelab::gfx
