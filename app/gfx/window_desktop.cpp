#include "gfx/gl_api.hpp"
// The GL API first: GLFW must not pull in the system GL header.
#include <GLFW/glfw3.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "gfx/monitor_placement.hpp"
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

void apply_touch_input(ImGuiIO&) {}  // a desktop's touch screen reaches GLFW as the mouse

ScreenRect window_rect(GLFWwindow* window) {
  ScreenRect rect;
  glfwGetWindowPos(window, &rect.x, &rect.y);
  glfwGetWindowSize(window, &rect.width, &rect.height);
  return rect;
}

std::vector<ScreenRect> monitor_work_areas() {
  int count = 0;
  GLFWmonitor** monitors = glfwGetMonitors(&count);
  std::vector<ScreenRect> areas(static_cast<std::size_t>(std::max(count, 0)));
  for (std::size_t i = 0; i < areas.size(); ++i) {
    ScreenRect& area = areas[i];
    glfwGetMonitorWorkarea(monitors[i], &area.x, &area.y, &area.width, &area.height);
  }
  return areas;
}

namespace {

// The monitor holding most of the window (gfx/monitor_placement.hpp), by the monitors' whole rectangles.
GLFWmonitor* monitor_of(GLFWwindow* window) {
  int count = 0;
  GLFWmonitor** monitors = glfwGetMonitors(&count);
  std::vector<ScreenRect> rects(static_cast<std::size_t>(std::max(count, 0)));
  for (std::size_t i = 0; i < rects.size(); ++i) {
    glfwGetMonitorPos(monitors[i], &rects[i].x, &rects[i].y);
    if (const GLFWvidmode* mode = glfwGetVideoMode(monitors[i])) {
      rects[i].width = mode->width;
      rects[i].height = mode->height;
    }
  }
  const std::optional<std::size_t> holding = monitor_holding(rects, window_rect(window));
  return holding ? monitors[*holding] : glfwGetPrimaryMonitor();
}

}  // namespace

// Full screen at its video mode on the monitor holding most of the window (with two monitors, the one
// the audience window was put on, while the presenter console stays on the other); back to the
// window's place and size after.
void Window::set_fullscreen(bool fullscreen) {
  if (fullscreen == fullscreen_) return;
  if (fullscreen) {
    GLFWmonitor* monitor = monitor_of(window_);
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
