#pragma once
// What the page's touch handling (touch_web.cpp) asks of the program above it: whether a
// horizontal swipe steps a lesson now (presenter mode), and the step. Only the web build calls them.
#include <functional>

namespace pelab::gfx {

struct TouchSwipes {
  std::function<bool()> wanted;   // true while a swipe steps (a one-finger drag then drags nothing)
  std::function<void(int)> step;  // +1: the next step (a swipe to the left), -1: the previous one
};

void set_touch_swipes(TouchSwipes swipes);

// Whether touch input is still to be shown to ImGui (a tap takes a press and a release, one a frame):
// the browser's idle loop keeps drawing until it is.
bool touch_input_pending();

}  // namespace pelab::gfx
