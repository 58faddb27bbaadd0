#include "gfx/window.hpp"

#include "gfx/gl_info.hpp"

#include "gfx/gl_api.hpp"
// The GL API first: GLFW must not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cfloat>
#include <cstdlib>

#include "gfx/draw_frame.hpp"
#include "gfx/frame_stats.hpp"
#include "gfx/key_event_queue.hpp"
#include "gfx/window_platform.hpp"
#include "plot/plot.hpp"

namespace pelab::gfx {
namespace {

std::string last_glfw_error;

void remember_glfw_error(int code, const char* description) {
  last_glfw_error =
      std::string(description ? description : "unknown error") + " (GLFW error " + std::to_string(code) + ")";
}

// What GLFW's callbacks collect (called on the main thread inside poll_events / wait_events) lives
// in the Window, reached through glfwSetWindowUserPointer.
WindowInput& input_of(GLFWwindow* window) {
  return *static_cast<WindowInput*>(glfwGetWindowUserPointer(window));
}

void remember_dropped_paths(GLFWwindow* window, int count, const char** paths) {
  for (int i = 0; i < count; ++i) input_of(window).dropped_paths.emplace_back(paths[i]);
}

// Key and character events go to the window's queue, not straight into io.KeysDown as ImGui's GLFW
// backend does: begin_frame hands them over a frame at a time, so a tap shorter than a frame still
// shows as a press (gfx/key_event_queue.hpp).
KeyEventQueue& key_events_of(GLFWwindow* window) { return input_of(window).key_events; }

void queue_key(GLFWwindow* window, int key, int, int action, int) {
  // Held keys repeat in ImGui's own time (io.KeyRepeatDelay), as with the backend: GLFW's repeats
  // change nothing.
  if (action == GLFW_PRESS || action == GLFW_RELEASE)
    key_events_of(window).push_key(key, action == GLFW_PRESS);
}

void queue_character(GLFWwindow* window, unsigned int code_point) {
  key_events_of(window).push_character(code_point);
}

void feed_key_events(ImGuiIO& io, const std::vector<KeyEvent>& events) {
  for (const KeyEvent& event : events) {
    if (event.type == KeyEvent::Type::character) {
      io.AddInputCharacter(event.character);
    } else if (event.key >= 0 && event.key < IM_ARRAYSIZE(io.KeysDown)) {
      io.KeysDown[event.key] = event.down;
    }
  }
  // From the keys, as the backend does. Super stays off (as the backend has it on Windows): pelab binds
  // nothing to it, and a Super seen as held would turn ImGui's Ctrl shortcuts in text fields off.
  io.KeyCtrl = io.KeysDown[GLFW_KEY_LEFT_CONTROL] || io.KeysDown[GLFW_KEY_RIGHT_CONTROL];
  io.KeyShift = io.KeysDown[GLFW_KEY_LEFT_SHIFT] || io.KeysDown[GLFW_KEY_RIGHT_SHIFT];
  io.KeyAlt = io.KeysDown[GLFW_KEY_LEFT_ALT] || io.KeysDown[GLFW_KEY_RIGHT_ALT];
  io.KeySuper = false;
}

std::string no_display_message() {
  const char* display = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  std::string what;
  if ((!display || !*display) && (!wayland || !*wayland)) {
    what = "no display (DISPLAY unset)";
  } else {
    what = "cannot connect to display '" + std::string(display ? display : wayland) + "'";
  }
  return "cannot open a window: " + what + ". Run under xvfb-run for a virtual one (xvfb-run -a pelab); " +
         "pictures need no display: pelab --screenshot out.png" +
         (last_glfw_error.empty() ? "" : " [" + last_glfw_error + "]");
}

}  // namespace

std::unique_ptr<Window> Window::open(const WindowOptions& options, std::string& error) {
  glfwSetErrorCallback(remember_glfw_error);
  if (!glfwInit()) {
    error = no_display_message();
    return nullptr;
  }
  hint_window_context();
  GLFWwindow* window = glfwCreateWindow(options.width, options.height, "pelab", nullptr, nullptr);
  if (!window) {
    error = "cannot create an OpenGL 3.3 core context [" + last_glfw_error +
            "]. With Mesa, LIBGL_ALWAYS_SOFTWARE=1 selects llvmpipe, which has it.";
    glfwTerminate();
    return nullptr;
  }
  glfwMakeContextCurrent(window);
  if (error = load_window_gl(); !error.empty()) {
    glfwDestroyWindow(window);
    glfwTerminate();
    return nullptr;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init(imgui_glsl_version);
  std::unique_ptr<Window> result(new Window(window, options));
  result->plot_context_ = plot::CreateContext();
  plot::SetCurrentContext(result->plot_context_);
  // After the backend's Init: these replace its key and character callbacks (it chains to none set
  // later), and its other callbacks (mouse, scroll, focus) stay.
  glfwSetWindowUserPointer(window, &result->input_);
  glfwSetDropCallback(window, remember_dropped_paths);
  glfwSetKeyCallback(window, queue_key);
  glfwSetCharCallback(window, queue_character);
  result->set_vsync(options.vsync);
  return result;
}

Window::Window(GLFWwindow* window, const WindowOptions& options) : window_(window), options_(options) {}

Window::~Window() {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  plot::DestroyContext(plot_context_);
  ImGui::DestroyContext();
  glfwDestroyWindow(window_);
  glfwTerminate();
}

bool Window::should_close() const { return glfwWindowShouldClose(window_); }
void Window::request_close() { glfwSetWindowShouldClose(window_, GLFW_TRUE); }
void Window::poll_events() { glfwPollEvents(); }
void Window::wait_events(double timeout_seconds) { glfwWaitEventsTimeout(timeout_seconds); }
void Window::wake() { glfwPostEmptyEvent(); }
bool Window::has_pending_keys() const { return !input_.key_events.empty(); }

std::vector<std::string> Window::take_dropped_paths() {
  std::vector<std::string> paths;
  paths.swap(input_.dropped_paths);
  return paths;
}

void Window::begin_frame() {
  start_frame_stats();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  feed_key_events(io, input_.key_events.take_frame(io.WantTextInput));
  apply_touch_input(io);
  if (!options_.accept_mouse) ignore_mouse(io);
  ImGui::NewFrame();
}

void ignore_mouse(ImGuiIO& io) {
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  for (bool& down : io.MouseDown) down = false;
  io.MouseWheel = io.MouseWheelH = 0.0f;
}

void end_window_frame(GLFWwindow* window, const FrameTextures& textures) {
  ImGui::Render();
  int width = 0, height = 0;
  glfwGetFramebufferSize(window, &width, &height);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, width, height);
  draw_imgui_frame(textures);
}

void Window::end_frame(const FrameTextures& textures) { end_window_frame(window_, textures); }

void Window::swap_buffers() { glfwSwapBuffers(window_); }

void Window::set_vsync(bool on) { glfwSwapInterval(on ? 1 : 0); }

FramebufferSize Window::framebuffer_size() const {
  FramebufferSize size;
  glfwGetFramebufferSize(window_, &size.width, &size.height);
  return size;
}

float Window::content_scale() const { return window_content_scale(window_); }

}  // namespace pelab::gfx
