#include "gfx/offscreen_frame.hpp"

#include "gfx/gl_api.hpp"
// The GL API first: ImGui's backend header must not pull in a system GL header.
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cfloat>

#include "gfx/draw_frame.hpp"
#include "gfx/frame_stats.hpp"
#include "plot/plot.hpp"

namespace pelab::gfx {

std::unique_ptr<OffscreenFrame> OffscreenFrame::create(int width, int height, std::string& error) {
  GLint max_renderbuffer = 0, max_viewport[2] = {0, 0};
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_renderbuffer);
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, max_viewport);
  const int limit = std::min({max_renderbuffer, max_viewport[0], max_viewport[1]});
  if (width < 1 || height < 1 || width > limit || height > limit) {
    error = "cannot render " + std::to_string(width) + "x" + std::to_string(height) +
            " pixels off screen: this OpenGL draws at most " + std::to_string(limit) + " pixels a side";
    return nullptr;
  }
  std::unique_ptr<OffscreenFrame> frame(new OffscreenFrame());
  frame->width_ = width;
  frame->height_ = height;

  GLint previous_framebuffer = 0, previous_renderbuffer = 0;
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous_framebuffer);
  glGetIntegerv(GL_RENDERBUFFER_BINDING, &previous_renderbuffer);
  glGenRenderbuffers(1, &frame->color_);
  glBindRenderbuffer(GL_RENDERBUFFER, frame->color_);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  glGenFramebuffers(1, &frame->framebuffer_);
  glBindFramebuffer(GL_FRAMEBUFFER, frame->framebuffer_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, frame->color_);
  // Mesa stores a window's framebuffer top row first and rasterises it with y flipped; a framebuffer
  // object is bottom row first, and anti-aliased edges then round differently (about 100 pixels of a
  // 1280x800 frame differ by 1 in one channel). Flipped like a window, the off-screen frame has the
  // very pixels of a window's screenshot under Xvfb. Elsewhere the frame is merely as good.
  flip_bound_framebuffer_like_a_window();
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous_framebuffer));
  glBindRenderbuffer(GL_RENDERBUFFER, static_cast<GLuint>(previous_renderbuffer));
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    error = "cannot render " + std::to_string(width) + "x" + std::to_string(height) +
            " pixels off screen: the framebuffer is incomplete (status " + std::to_string(status) +
            "; out of memory?)";
    return nullptr;
  }

  frame->previous_ = ImGui::GetCurrentContext();
  if (plot::GetCurrentContext() == nullptr) frame->own_plot_context_ = plot::CreateContext();
  frame->context_ = ImGui::CreateContext();
  ImGui::SetCurrentContext(frame->context_);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // nothing of an off-screen frame is worth keeping
  io.LogFilename = nullptr;
  io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
  io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
  if (!ImGui_ImplOpenGL3_Init(imgui_glsl_version)) {
    error = "Dear ImGui's OpenGL3 backend cannot start (its loader opens libGL.so.1: Debian libgl1)";
    return nullptr;
  }
  frame->backend_ = true;
  // Shaders, buffers and a font texture now, so gfx::rebuild_fonts replaces that texture instead of
  // the first NewFrame creating a second one over it (a leak of one atlas per export).
  ImGui_ImplOpenGL3_CreateDeviceObjects();
  return frame;
}

OffscreenFrame::~OffscreenFrame() {
  if (context_) {
    ImGui::SetCurrentContext(context_);
    if (backend_) ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext(context_);
    ImGui::SetCurrentContext(previous_);
  }
  if (own_plot_context_) plot::DestroyContext(own_plot_context_);
  if (framebuffer_ != 0) glDeleteFramebuffers(1, &framebuffer_);
  if (color_ != 0) glDeleteRenderbuffers(1, &color_);
}

void OffscreenFrame::begin_frame() {
  start_frame_stats();
  ImGui::SetCurrentContext(context_);
  ImGuiIO& io = ImGui::GetIO();
  const auto now = std::chrono::steady_clock::now();
  const double seconds = std::chrono::duration<double>(now - last_frame_).count();
  io.DeltaTime = first_frame_ ? 1.0f / 60.0f : static_cast<float>(std::max(seconds, 1e-5));
  first_frame_ = false;
  last_frame_ = now;
  io.DisplaySize = ImVec2(static_cast<float>(width_), static_cast<float>(height_));
  io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
  // No pointer and nothing pressed: a screenshot shows no hover highlight and no tooltip.
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  for (bool& down : io.MouseDown) down = false;
  io.MouseWheel = io.MouseWheelH = 0.0f;
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
}

void OffscreenFrame::end_frame(const FrameTextures& textures) {
  ImGui::Render();
  GLint previous_framebuffer = 0, previous_viewport[4] = {0, 0, 0, 0};
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous_framebuffer);
  glGetIntegerv(GL_VIEWPORT, previous_viewport);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glViewport(0, 0, width_, height_);
  draw_imgui_frame(textures);
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous_framebuffer));
  glViewport(previous_viewport[0], previous_viewport[1], previous_viewport[2], previous_viewport[3]);
}

void OffscreenFrame::finish() const { glFinish(); }

RgbImage OffscreenFrame::read_pixels() const {
  GLint previous_read = 0;
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &previous_read);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  RgbImage image = read_bound_framebuffer_rows(width_, height_);
  flip_rows(image);  // GL's row 0 is the bottom one
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(previous_read));
  return image;
}

}  // namespace pelab::gfx
