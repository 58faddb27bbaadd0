#pragma once
// An OpenGL 3.3 core context with no window and no display server (RAII). A seam chosen by
// app/gui.cmake: offscreen_context_egl.cpp on Linux (described here), offscreen_context_glfw.cpp on
// Windows (a hidden GLFW window's context; Windows always has a desktop).
//
// Screenshots, figures (`pelab --screenshot`, `pelab-cli render`, a view's PNG export) and the frame
// benchmark need GL but no window: on a server or in CI there is no X server, and Xvfb is one more
// program to install and start. EGL can make a context on Mesa's surfaceless platform
// (EGL_MESA_platform_surfaceless: a GPU's render node if one is usable, else llvmpipe in software),
// or failing that on the first EGL device (EGL_EXT_platform_device). The context has no default
// framebuffer: everything is drawn into framebuffer objects (gfx::OffscreenFrame).
//
// libEGL is not linked: glad generates an EGL loader at configure time (as it does for GL) that opens
// libEGL.so.1 when a context is first asked for. So pelab starts and opens its window on a system
// without libEGL, and only the off-screen path reports it missing, as a message, not a loader error.
#include <memory>
#include <string>

namespace pelab::gfx {

class OffscreenContext {
 public:
  // Creates the context, makes it current on this thread and loads the GL functions. nullptr and
  // `error` set (one sentence naming what is missing) when no GL 3.3 core context can be had.
  static std::unique_ptr<OffscreenContext> create(std::string& error);
  ~OffscreenContext();
  OffscreenContext(const OffscreenContext&) = delete;
  OffscreenContext& operator=(const OffscreenContext&) = delete;

  // "surfaceless", "device" or "hidden window"
  const std::string& platform() const { return platform_; }
  // GL_RENDERER and GL_VERSION, e.g. "llvmpipe (LLVM 15.0.6, 256 bits), 4.5 (Core Profile) Mesa 22.3.6"
  const std::string& description() const { return description_; }

 private:
  OffscreenContext() = default;
  // Unused in a browser, which has no off-screen context (offscreen_context_web.cpp).
  [[maybe_unused]] void* display_ = nullptr;  // EGLDisplay (unused with a hidden window)
  [[maybe_unused]] void* context_ = nullptr;  // EGLContext, or the hidden GLFWwindow
  std::string platform_;
  std::string description_;
};

// True when a display server can be reached by name (DISPLAY or WAYLAND_DISPLAY set and not empty).
bool display_available();

}  // namespace pelab::gfx
