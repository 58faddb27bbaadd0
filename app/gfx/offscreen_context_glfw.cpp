// The off-screen context where there is no EGL (Windows; gfx/offscreen_context.hpp): a GL 3.3 core
// context of a GLFW window that is never shown. Everything is still drawn into framebuffer objects,
// so the pixels are those of the EGL build; only where the context comes from differs.
#include "gfx/offscreen_context.hpp"

#include "gfx/gl_info.hpp"

#include <glad/gl.h>
// glad first: GLFW must not pull in the system GL header.
#include <GLFW/glfw3.h>

namespace pelab::gfx {

// Windows always has a desktop to make a window on, even when none is shown.
bool display_available() { return true; }

std::unique_ptr<OffscreenContext> OffscreenContext::create(std::string& error) {
  const std::string prefix = "cannot create an off-screen OpenGL 3.3 context: ";
  if (!glfwInit()) {
    const char* reason = nullptr;
    glfwGetError(&reason);
    error = prefix + "GLFW could not start (" + (reason ? reason : "no reason given") + ")";
    return nullptr;
  }
  glfwDefaultWindowHints();
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(64, 64, "pelab (off screen)", nullptr, nullptr);
  if (!window) {
    const char* reason = nullptr;
    glfwGetError(&reason);
    error = prefix + (reason ? reason : "the driver offers no OpenGL 3.3 core context");
    return nullptr;
  }
  std::unique_ptr<OffscreenContext> result(new OffscreenContext());
  result->context_ = window;
  result->platform_ = "hidden window";
  glfwMakeContextCurrent(window);
  const int gl = gladLoadGL(glfwGetProcAddress);
  if (const std::string offered = gl_version_below_33(gl); !offered.empty()) {
    error = prefix + "the driver offers OpenGL " + offered;
    return nullptr;
  }
  result->description_ = gl_description();
  return result;
}

// The window goes; GLFW stays initialised, because the program's own window may share it
// (glfwTerminate would close that too). The process's exit releases the rest.
OffscreenContext::~OffscreenContext() {
  if (context_) {
    glfwMakeContextCurrent(nullptr);
    glfwDestroyWindow(static_cast<GLFWwindow*>(context_));
  }
}

}  // namespace pelab::gfx
