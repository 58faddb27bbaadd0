#pragma once
// Dear ImGui frames drawn into a framebuffer object instead of a window: the ImGui side of the
// off-screen path (screenshots without a display, figures, a view's PNG export at 2x or 4x).
//
// It owns an ImGui context with only the OpenGL3 backend (no GLFW backend: no window, no input)
// and a colour renderbuffer of the requested pixel size. Each frame sets io.DisplaySize to that size,
// the time since the last frame and no mouse, exactly what the window does for a screenshot.
// The GL context (gfx::Window's or gfx::OffscreenContext's) must be current while it lives.
#include <chrono>
#include <memory>
#include <string>

#include "gfx/screenshot.hpp"
#include "gfx/window.hpp"

struct ImGuiContext;
namespace pelab::plot::detail {
struct Context;
}

namespace pelab::gfx {

class OffscreenFrame {
 public:
  // Makes a new ImGui context current (the previous one is remembered and made current again by the
  // destructor) and the render target. nullptr and `error` when the size exceeds the driver's
  // limits (GL_MAX_RENDERBUFFER_SIZE, GL_MAX_VIEWPORT_DIMS) or the backend cannot start.
  // The context has no .ini file and ImGui's default font until fonts are built (gfx::rebuild_fonts).
  // Plots draw with the current plot context when there is one (a view exported from the window keeps
  // the window's zoom and linked groups); without one (a screenshot, pelab-cli render, a test) the
  // frame makes its own for its lifetime.
  static std::unique_ptr<OffscreenFrame> create(int width, int height, std::string& error);
  ~OffscreenFrame();
  OffscreenFrame(const OffscreenFrame&) = delete;
  OffscreenFrame& operator=(const OffscreenFrame&) = delete;

  // ImGui_ImplOpenGL3_NewFrame + ImGui::NewFrame with the display size, the time step and no input.
  void begin_frame();
  // ImGui::Render, then draws into the framebuffer (cleared to ImGuiCol_WindowBg first, as the window
  // does).
  // The framebuffer binding and viewport in effect before are restored.
  // `textures`: see draw_imgui_frame (gfx/draw_frame.hpp).
  void end_frame(const FrameTextures& textures = {});
  // Waits until the GPU has drawn everything (glFinish): a benchmark's frame ends here.
  void finish() const;
  // What end_frame drew, rows top to bottom.
  RgbImage read_pixels() const;
  FramebufferSize size() const { return {width_, height_}; }
  ImGuiContext* imgui_context() const { return context_; }

 private:
  OffscreenFrame() = default;
  ImGuiContext* context_ = nullptr;
  ImGuiContext* previous_ = nullptr;
  plot::detail::Context* own_plot_context_ = nullptr;
  unsigned framebuffer_ = 0;
  unsigned color_ = 0;  // renderbuffer: larger than the 4096 cap of Texture2D (a 4x export)
  int width_ = 0;
  int height_ = 0;
  bool backend_ = false;
  bool first_frame_ = true;
  std::chrono::steady_clock::time_point last_frame_;
};

}  // namespace pelab::gfx
