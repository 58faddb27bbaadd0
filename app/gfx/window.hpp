#pragma once
// The native window: GLFW + an OpenGL 3.3 core context + Dear ImGui's GLFW/OpenGL3 backends.
// Opening it is the one step that fails for reasons outside the program (no display, no GL 3.3),
// so `open` reports those as a message for the user instead of crashing.
#include <imgui.h>

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "gfx/draw_frame.hpp"
#include "gfx/key_event_queue.hpp"

namespace pelab::plot::detail {
struct Context;
}

struct GLFWwindow;

namespace pelab::gfx {

// A window's size and how it takes input and swaps: the main window's, and the presenter console's
// (gfx/second_window.hpp).
struct WindowOptions {
  int width = 1600;
  int height = 1000;
  bool vsync = true;         // off for benchmarks, so frame times measure our work, not the display
  bool accept_mouse = true;  // off for screenshots: a stray cursor must not draw hover tooltips
};

struct FramebufferSize {
  int width = 0;
  int height = 0;
};

// What GLFW's callbacks collect between frames (they reach it through the window's user pointer).
struct WindowInput {
  KeyEventQueue key_events;
  std::vector<std::string> dropped_paths;  // files dropped on the window, oldest first
};

// What both windows (this and the presenter console's) do in their frames: the mouse left out of a
// window that takes none (after the backend's NewFrame, before ImGui::NewFrame)...
void ignore_mouse(ImGuiIO& io);
// ...and, after the frame, ImGui::Render drawn into `window`'s default framebuffer at its size.
void end_window_frame(GLFWwindow* window, const FrameTextures& textures = {});

class Window {
 public:
  // nullptr and `error` set when no window or no GL 3.3 core context can be had.
  static std::unique_ptr<Window> open(const WindowOptions& options, std::string& error);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  bool should_close() const;
  void request_close();
  void poll_events();
  // Sleeps until an input event arrives, wake() is called or `timeout_seconds` pass: an idle app
  // draws nothing and uses no CPU.
  void wait_events(double timeout_seconds);
  // Thread-safe: ends a wait_events early (a worker finished a result).
  static void wake();
  // Key or character events that arrived and are not yet handed to ImGui: begin_frame hands them over
  // a frame at a time (gfx/key_event_queue.hpp), so the caller keeps drawing frames while this is true.
  bool has_pending_keys() const;
  // A key event from another window of the program (the presenter console's clicker keys), queued as
  // if it had come to this one.
  void push_key(int key, bool down) { input_.key_events.push_key(key, down); }
  // GLFW's window: a second window shares its GL objects (gfx/second_window.hpp).
  GLFWwindow* glfw_window() const { return window_; }
  // Files dropped on the window since the last call (drag and drop), oldest first.
  std::vector<std::string> take_dropped_paths();
  bool has_dropped_paths() const { return !input_.dropped_paths.empty(); }
  // ImGui frame boundaries: begin = backends' NewFrame + ImGui::NewFrame; end = Render + draw to the
  // back buffer (cleared first). The back buffer can be read (screenshot) between end and swap.
  void begin_frame();
  // `textures`: see draw_imgui_frame (gfx/draw_frame.hpp).
  void end_frame(const FrameTextures& textures = {});
  void swap_buffers();

  // Full screen and back (window_desktop.cpp: the primary monitor; window_web.cpp: the browser's
  // Fullscreen API on the page, which the user may also leave with Esc).
  void set_fullscreen(bool fullscreen);
  bool is_fullscreen() const;
  // The window's size in pixels (the browser's page sets its canvas' size this way).
  void set_size(int width, int height);
  void set_vsync(bool on);
  FramebufferSize framebuffer_size() const;
  // Monitor DPI scale (1 on a normal screen, 2 on a 4K laptop panel): fonts are multiplied by it.
  float content_scale() const;

 private:
  explicit Window(GLFWwindow* window, const WindowOptions& options);
  GLFWwindow* window_;
  WindowOptions options_;
  WindowInput input_;
  plot::detail::Context* plot_context_ = nullptr;  // made with ImGui's context, current while it is
  bool fullscreen_ = false;
  int windowed_x_ = 0, windowed_y_ = 0, windowed_width_ = 0, windowed_height_ = 0;
};

}  // namespace pelab::gfx
