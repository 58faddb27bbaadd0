// Touch in the browser: fingers become Dear ImGui's mouse (scripts/web/touch.js sends the canvas'
// touch events here in canvas pixels; emscripten's GLFW never sees them). emscripten 3.1.6's GLFW
// turns a touch into a button press where the mouse last was, so a tap pressed the wrong place and
// a drag moved nothing; here every gesture moves ImGui's mouse first:
//   a tap           the mouse moves to the finger, presses, releases (one frame each), then leaves
//   a drag          from the finger's first point: the mouse presses there; when that made a widget
//                   active (a slider, a plot), the mouse follows the finger; otherwise the press is
//                   let go and the finger scrolls the window under it, pixel for pixel
//   a long press    (a finger held still for long_press_ms) hovers: the readout shows, and stays
//                   after the finger lifts, until the next touch
//   a swipe         in presenter mode (set_touch_swipes), sideways: the next or previous step
//   two fingers     the mouse hovers between them and their spread is the plot's wheel zoom
//                   (plot_limits.cpp zooms by 1.25^-wheel about the mouse)
// ImGui 1.86 reads the mouse as a state per frame, so a press and its release reach it in separate
// frames (apply_touch_input takes one button change per frame). A real mouse moving takes over
// again. A text field made active by touch focuses the page's hidden input (touch.js), which brings
// up the on-screen keyboard; its text comes back through pelab_text_input.
#include <emscripten/emscripten.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <cfloat>
#include <cmath>
#include <deque>
#include <utility>

#include "gfx/touch.hpp"
#include "gfx/window_platform.hpp"

namespace pelab::gfx {
namespace {

constexpr double long_press_ms = 500.0;
const ImVec2 away(-FLT_MAX, -FLT_MAX);

enum class Gesture { none, pending, deciding, drag, scroll, pinch, swipe };

struct MouseState {
  ImVec2 pos;
  bool down = false;
  bool decides = false;  // the press of a drag: the frame after it, the drag becomes a widget's or a scroll
};

struct TouchInput {
  std::deque<MouseState> queue;  // states still to show ImGui, one button change per frame
  MouseState shown{away, false, false};
  bool in_control = false;  // touch drives ImGui's mouse (until the real mouse moves)
  bool decide_next = false;
  ImVec2 mouse_seen = away;  // the real mouse's position when touch took over
  bool mouse_seen_valid = false;
  Gesture gesture = Gesture::none;
  ImVec2 start, finger;
  float wheel = 0.0f;         // pending pinch zoom, in wheel steps
  float scroll = 0.0f;        // pending scroll, in pixels (positive: the content moves up)
  ImGuiID scroll_window = 0;  // the window a one-finger drag scrolls
  bool text_focused = false;  // the hidden input was asked to take the keyboard
};

TouchInput touch;
TouchSwipes swipes;

void push(ImVec2 pos, bool down, bool decides = false) {
  touch.queue.push_back(MouseState{pos, down, decides});
}

// The window a wheel over `window` would scroll (ImGui 1.86's UpdateMouseWheel walks up the same way).
ImGuiWindow* scrollable(ImGuiWindow* window) {
  while (window && (window->Flags & ImGuiWindowFlags_ChildWindow) &&
         (window->ScrollMax.y == 0.0f || (window->Flags & ImGuiWindowFlags_NoScrollWithMouse)))
    window = window->ParentWindow;
  if (!window || (window->Flags & ImGuiWindowFlags_NoScrollWithMouse) || window->ScrollMax.y == 0.0f)
    return nullptr;
  return window;
}

// The press of a drag has been through one frame: a widget took it (drag) or nothing did (scroll).
void decide_drag() {
  ImGuiContext& g = *GImGui;
  // A press on a window's empty space makes the window's move handle active (ImGui 1.86's
  // StartMouseMovingWindow, even for a window that cannot move): no widget.
  const bool on_widget = g.ActiveId != 0 && !(g.ActiveIdWindow && g.ActiveId == g.ActiveIdWindow->MoveId);
  if (on_widget) {
    touch.gesture = Gesture::drag;
    push(touch.finger, true);
    return;
  }
  touch.gesture = Gesture::scroll;
  ImGuiWindow* window = scrollable(g.HoveredWindow);
  touch.scroll_window = window ? window->ID : 0;
  touch.scroll += touch.start.y - touch.finger.y;
  push(touch.start, false);
}

EM_JS(void, focus_text_input, (int focused), {
  if (window.pelabTouchTextInput) window.pelabTouchTextInput(focused);
});

}  // namespace

void apply_touch_input(ImGuiIO& io) {
  if (!touch.in_control) return;
  // The backend has just put the real mouse's state in io: a mouse that moved or pressed takes over.
  if (!touch.mouse_seen_valid) {
    touch.mouse_seen = io.MousePos;
    touch.mouse_seen_valid = true;
  } else if (touch.gesture == Gesture::none && touch.queue.empty() &&
             (io.MousePos.x != touch.mouse_seen.x || io.MousePos.y != touch.mouse_seen.y ||
              io.MouseDown[0])) {
    touch.in_control = false;
    touch.mouse_seen_valid = false;
    return;
  }
  if (touch.decide_next) {
    touch.decide_next = false;
    if (touch.gesture == Gesture::deciding) decide_drag();
  }
  if (!touch.queue.empty()) {
    MouseState next = touch.queue.front();
    touch.queue.pop_front();
    // Moves with the button as it is are taken together; a press or a release is a frame of its own.
    if (next.down == touch.shown.down)
      while (!touch.queue.empty() && touch.queue.front().down == next.down) {
        next = touch.queue.front();
        touch.queue.pop_front();
      }
    touch.shown = next;
    if (next.decides && touch.gesture == Gesture::deciding) touch.decide_next = true;
  }
  io.MousePos = touch.shown.pos;
  for (bool& down : io.MouseDown) down = false;
  io.MouseDown[0] = touch.shown.down;
  if (touch.queue.empty()) {
    io.MouseWheel += touch.wheel;
    touch.wheel = 0.0f;
    // ImGui keeps whole pixels of scroll: the fraction waits for the finger's next move.
    float left = 0.0f;
    if (touch.scroll != 0.0f && touch.scroll_window != 0) {
      if (ImGuiWindow* window = ImGui::FindWindowByID(touch.scroll_window)) {
        const float target = std::fmax(0.0f, std::fmin(window->ScrollMax.y, window->Scroll.y + touch.scroll));
        ImGui::SetScrollY(window, std::floor(target));
        left = target - std::floor(target);
      }
    }
    touch.scroll = left;
  }
  // A text field taken by touch brings up the on-screen keyboard; leaving it puts the keyboard away.
  if (io.WantTextInput != touch.text_focused) {
    touch.text_focused = io.WantTextInput;
    focus_text_input(touch.text_focused ? 1 : 0);
  }
}

namespace {

// How far a finger moves before it drags instead of tapping, in canvas pixels: half a font height.
float drag_threshold() {
  const float font = GImGui && GImGui->FontSize > 0.0f ? GImGui->FontSize : 18.0f;
  return 0.5f * font;
}

}  // namespace

// One finger went down at (x, y), canvas pixels: the mouse hovers there.
extern "C" EMSCRIPTEN_KEEPALIVE void pelab_touch_start(float x, float y) {
  touch.in_control = true;
  touch.queue.clear();
  touch.gesture = Gesture::pending;
  touch.start = touch.finger = ImVec2(x, y);
  touch.scroll = touch.wheel = 0.0f;
  push(touch.start, false);
}

extern "C" EMSCRIPTEN_KEEPALIVE void pelab_touch_move(float x, float y) {
  if (!touch.in_control) return;
  const ImVec2 last = touch.finger;
  touch.finger = ImVec2(x, y);
  switch (touch.gesture) {
    case Gesture::pending:
      if (std::hypot(x - touch.start.x, y - touch.start.y) >= drag_threshold()) {
        if (swipes.wanted && swipes.wanted()) {  // presenter mode: the finger steps, it drags nothing
          touch.gesture = Gesture::swipe;
          push(away, false);
          break;
        }
        touch.gesture = Gesture::deciding;
        push(touch.start, true, true);
      }
      break;
    case Gesture::drag:
      push(touch.finger, true);
      break;
    case Gesture::scroll:
      touch.scroll += last.y - y;
      break;
    default:
      break;
  }
}

// The finger lifted at (x, y), `held_ms` after it went down (the events' own times: a busy frame
// between them makes no tap a long press).
extern "C" EMSCRIPTEN_KEEPALIVE void pelab_touch_end(float x, float y, double held_ms) {
  if (!touch.in_control) return;
  switch (touch.gesture) {
    case Gesture::pending:
      if (held_ms >= long_press_ms) {
        push(touch.start, false);  // a long press: the hover (and its readout) stays
      } else {
        push(touch.start, true);
        push(touch.start, false);
        push(away, false);
      }
      break;
    case Gesture::deciding:  // lifted before the drag was decided: its press is let go where it began
      push(touch.start, false);
      push(away, false);
      break;
    case Gesture::drag:
      push(ImVec2(x, y), true);
      push(ImVec2(x, y), false);
      push(away, false);
      break;
    case Gesture::swipe: {
      // Mostly sideways and at least three font heights: a step, to the left the next one.
      const float dx = x - touch.start.x, dy = y - touch.start.y;
      if (std::fabs(dx) >= 6.0f * drag_threshold() && std::fabs(dx) > 2.0f * std::fabs(dy) && swipes.step)
        swipes.step(dx < 0.0f ? 1 : -1);
      push(away, false);
      break;
    }
    default:
      push(away, false);
      break;
  }
  touch.decide_next = false;
  touch.gesture = Gesture::none;
}

// Two fingers: (x, y) between them, `ratio` their spread now over their spread at the last call. A
// drag under way ends (its press let go where it is) before the mouse hovers between the fingers.
extern "C" EMSCRIPTEN_KEEPALIVE void pelab_touch_pinch(float x, float y, float ratio) {
  if (!touch.in_control) return;
  if (touch.gesture != Gesture::pinch) {
    if (touch.gesture == Gesture::drag || touch.gesture == Gesture::deciding) push(away, false);
    touch.decide_next = false;
    touch.gesture = Gesture::pinch;
  }
  push(ImVec2(x, y), false);
  if (ratio > 0.0f && std::isfinite(ratio)) touch.wheel += std::log(ratio) / std::log(1.25f);
}

void set_touch_swipes(TouchSwipes handlers) { swipes = std::move(handlers); }

bool touch_input_pending() {
  return !touch.queue.empty() || touch.wheel != 0.0f || touch.scroll != 0.0f || touch.decide_next;
}

// Text from the on-screen keyboard (the hidden input of touch.js), as typed.
extern "C" EMSCRIPTEN_KEEPALIVE void pelab_text_input(const char* utf8) {
  if (utf8 && GImGui) ImGui::GetIO().AddInputCharactersUTF8(utf8);
}

}  // namespace pelab::gfx
