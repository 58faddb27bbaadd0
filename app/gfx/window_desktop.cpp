#include "gfx/gl_api.hpp"
// The GL API first: GLFW must not pull in the system GL header.
#include <GLFW/glfw3.h>

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

}  // namespace pelab::gfx
