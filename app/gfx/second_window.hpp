#pragma once
// A second top-level window beside gfx::Window (the presenter console, run/presenter_console.hpp);
// desktop only (app/gui.cmake builds it without emscripten: a browser page has one canvas).
//
// Dear ImGui 1.86 has no multi-viewport support, so the window gets its own ImGui context (and plot
// context) with ImGui's OpenGL3 backend and its GLFW backend installed without callbacks: 1.86's
// callbacks write into whichever context is current, and glfwPollEvents delivers the events of both
// windows in one call. This window installs its own callbacks, which make its ImGui context current
// around the backend's mouse, scroll and focus handlers. Its keys go to neither ImGui context: the
// ones in `forwarded_keys` are queued on the main window, as if pressed there, so a key acts the same
// in both windows and on the one state the main window's frame changes.
//
// Its GL context shares objects with the main window's (textures, buffers, shader programs), so an
// image the main context made (the next step's picture) is drawn here by its texture name. Vertex
// arrays and framebuffers are not shared, and ImGui's OpenGL3 backend makes its vertex array per
// draw, so nothing else is needed. Between its frames the main window's GL, ImGui and plot contexts
// are current again: the main loop never sees this window's.
#include <imgui.h>

#include <memory>
#include <string>
#include <vector>

#include "gfx/window.hpp"

struct GLFWwindow;
struct ImGuiContext;

namespace pelab::gfx {

struct SecondWindowOptions {
  // No vsync: the main window's swap waits for the display, and two waits would halve the rate.
  WindowOptions window{.width = 1024, .height = 768, .vsync = false};
  std::string title = "pelab";
  std::vector<int> forwarded_keys;  // GLFW key codes queued on the main window
};

// What the second window's GLFW callbacks reach through its user pointer.
struct SecondWindowInput {
  ImGuiContext* imgui = nullptr;  // made current around ImGui's backend callbacks
  Window* main = nullptr;         // where forwarded keys are queued
  std::vector<int> forwarded_keys;
};

class SecondWindow {
 public:
  // nullptr and `error` when GLFW cannot make the window or a context sharing the main one's.
  static std::unique_ptr<SecondWindow> open(Window& main, const SecondWindowOptions& options,
                                            std::string& error);
  ~SecondWindow();
  SecondWindow(const SecondWindow&) = delete;
  SecondWindow& operator=(const SecondWindow&) = delete;

  bool should_close() const;  // the user closed it (its close button, the window manager)
  void set_title(const std::string& title);
  float content_scale() const;

  // This window's GL, ImGui and plot contexts made current, the ones current before remembered
  // (fonts and style of this window's ImGui context are built inside one, between frames).
  void make_current();
  // The remembered contexts current again.
  void restore_current();
  // make_current, the backends' NewFrame and ImGui::NewFrame.
  void begin_frame();
  // ImGui::Render, drawn into this window's back buffer, swapped, then restore_current.
  void end_frame();

 private:
  SecondWindow() = default;
  GLFWwindow* window_ = nullptr;
  SecondWindowInput input_;
  WindowOptions options_;
  plot::detail::Context* plot_context_ = nullptr;
  bool backends_ = false;
  // What was current before make_current.
  GLFWwindow* previous_gl_ = nullptr;
  ImGuiContext* previous_imgui_ = nullptr;
  plot::detail::Context* previous_plot_ = nullptr;
};

}  // namespace pelab::gfx
