#include "gfx/second_window.hpp"

#include "gfx/gl_api.hpp"
// The GL API first: GLFW must not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>

#include "gfx/draw_frame.hpp"
#include "gfx/window_platform.hpp"
#include "plot/plot.hpp"

namespace pelab::gfx {
namespace {

SecondWindowInput& input_of_second(GLFWwindow* window) {
  return *static_cast<SecondWindowInput*>(glfwGetWindowUserPointer(window));
}

// Runs one of ImGui's GLFW backend callbacks with this window's ImGui context current: 1.86's
// callbacks write into the current context, which between frames is the main window's.
template <typename Handler>
void in_own_context(GLFWwindow* window, Handler&& handler) {
  ImGuiContext* const previous = ImGui::GetCurrentContext();
  ImGui::SetCurrentContext(input_of_second(window).imgui);
  handler();
  ImGui::SetCurrentContext(previous);
}

void second_mouse_button(GLFWwindow* window, int button, int action, int mods) {
  in_own_context(window, [&] { ImGui_ImplGlfw_MouseButtonCallback(window, button, action, mods); });
}
void second_scroll(GLFWwindow* window, double x, double y) {
  in_own_context(window, [&] { ImGui_ImplGlfw_ScrollCallback(window, x, y); });
}
void second_focus(GLFWwindow* window, int focused) {
  in_own_context(window, [&] { ImGui_ImplGlfw_WindowFocusCallback(window, focused); });
}
void second_cursor_enter(GLFWwindow* window, int entered) {
  in_own_context(window, [&] { ImGui_ImplGlfw_CursorEnterCallback(window, entered); });
}
void second_key(GLFWwindow* window, int key, int, int action, int) {
  // Repeats change nothing: ImGui repeats held keys in its own time, as in the main window.
  if (action != GLFW_PRESS && action != GLFW_RELEASE) return;
  const SecondWindowInput& input = input_of_second(window);
  const std::vector<int>& keys = input.forwarded_keys;
  if (std::find(keys.begin(), keys.end(), key) != keys.end()) input.main->push_key(key, action == GLFW_PRESS);
}

}  // namespace

std::unique_ptr<SecondWindow> SecondWindow::open(Window& main, const SecondWindowOptions& options,
                                                 std::string& error) {
  hint_window_context();
  GLFWwindow* window =
      glfwCreateWindow(options.width, options.height, options.title.c_str(), nullptr, main.glfw_window());
  if (!window) {
    error = "cannot open a second window sharing the first one's OpenGL objects";
    return nullptr;
  }
  std::unique_ptr<SecondWindow> result(new SecondWindow());
  result->window_ = window;
  result->input_.main = &main;
  result->input_.forwarded_keys = options.forwarded_keys;
  // ImGui's and the plot layer's CreateContext leave the current context as it is when there is one.
  result->input_.imgui = ImGui::CreateContext();
  result->plot_context_ = plot::CreateContext();
  result->make_current();
  ImGui::GetIO().IniFilename = nullptr;  // its layout is made every frame: nothing to keep
  glfwSwapInterval(0);  // the main window's swap waits for the display; two waits would halve the rate
  ImGui_ImplGlfw_InitForOpenGL(window, false);
  result->backends_ = ImGui_ImplOpenGL3_Init(imgui_glsl_version);
  result->restore_current();
  if (!result->backends_) {
    error = "Dear ImGui's OpenGL3 backend cannot start in the second window";
    return nullptr;
  }
  glfwSetWindowUserPointer(window, &result->input_);
  glfwSetMouseButtonCallback(window, second_mouse_button);
  glfwSetScrollCallback(window, second_scroll);
  glfwSetWindowFocusCallback(window, second_focus);
  glfwSetCursorEnterCallback(window, second_cursor_enter);
  glfwSetKeyCallback(window, second_key);
  return result;
}

SecondWindow::~SecondWindow() {
  if (input_.imgui) {
    make_current();
    if (backends_) ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    restore_current();
    ImGui::DestroyContext(input_.imgui);
  }
  if (plot_context_) plot::DestroyContext(plot_context_);
  if (window_) glfwDestroyWindow(window_);
}

bool SecondWindow::should_close() const { return glfwWindowShouldClose(window_); }

void SecondWindow::set_title(const std::string& title) { glfwSetWindowTitle(window_, title.c_str()); }

float SecondWindow::content_scale() const { return window_content_scale(window_); }

void SecondWindow::make_current() {
  previous_gl_ = glfwGetCurrentContext();
  previous_imgui_ = ImGui::GetCurrentContext();
  previous_plot_ = plot::GetCurrentContext();
  glfwMakeContextCurrent(window_);
  ImGui::SetCurrentContext(input_.imgui);
  plot::SetCurrentContext(plot_context_);
}

void SecondWindow::restore_current() {
  glfwMakeContextCurrent(previous_gl_);
  ImGui::SetCurrentContext(previous_imgui_);
  plot::SetCurrentContext(previous_plot_);
}

void SecondWindow::begin_frame() {
  make_current();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
}

void SecondWindow::end_frame() {
  ImGui::Render();
  int width = 0, height = 0;
  glfwGetFramebufferSize(window_, &width, &height);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, width, height);
  draw_imgui_frame(FrameTextures{});
  glfwSwapBuffers(window_);
  restore_current();
}

}  // namespace pelab::gfx
