#pragma once
// What differs between GLFW on the desktop and emscripten's GLFW in the browser (window.cpp uses these;
// window_desktop.cpp or window_web.cpp, chosen by app/gui.cmake, defines them).
struct GLFWwindow;

namespace pelab::gfx {

// The hints for the window's GL context, given before glfwCreateWindow.
void hint_window_context();
// How many times larger fonts are drawn in this window (the monitor's DPI scale; 1 when unknown).
float window_content_scale(GLFWwindow* window);

}  // namespace pelab::gfx
