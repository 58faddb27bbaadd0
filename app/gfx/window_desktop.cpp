#include "gfx/gl_api.hpp"
// The GL API first: GLFW must not pull in the system GL header.
#include <GLFW/glfw3.h>

#include "gfx/window.hpp"
#include "gfx/window_platform.hpp"

namespace pelab::gfx {

void hint_window_context() {
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
}

float window_content_scale(GLFWwindow* window) {
  float x = 1.0f, y = 1.0f;
  glfwGetWindowContentScale(window, &x, &y);
  return x > 0.0f ? x : 1.0f;
}

// Full screen on the primary monitor at its video mode; back to the window's place and size after.
void Window::set_fullscreen(bool fullscreen) {
  if (fullscreen == fullscreen_) return;
  if (fullscreen) {
    GLFWmonitor* monitor = glfwGetPrimaryMonitor();
    const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
    if (!mode) return;
    glfwGetWindowPos(window_, &windowed_x_, &windowed_y_);
    glfwGetWindowSize(window_, &windowed_width_, &windowed_height_);
    glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
  } else {
    glfwSetWindowMonitor(window_, nullptr, windowed_x_, windowed_y_, windowed_width_, windowed_height_, 0);
  }
  fullscreen_ = fullscreen;
}

bool Window::is_fullscreen() const { return fullscreen_; }

void Window::set_size(int width, int height) {
  if (width > 0 && height > 0) glfwSetWindowSize(window_, width, height);
}

}  // namespace pelab::gfx
