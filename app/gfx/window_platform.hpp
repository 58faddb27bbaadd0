#pragma once
// What differs between GLFW on the desktop and emscripten's GLFW in the browser (window.cpp uses these;
// window_desktop.cpp or window_web.cpp, chosen by app/gui.cmake, defines them).
#include <vector>

#include "gfx/monitor_placement.hpp"

struct GLFWwindow;
struct ImGuiIO;

namespace pelab::gfx {

// The hints for the window's GL context, given before glfwCreateWindow.
void hint_window_context();
// How many times larger fonts are drawn in this window (the monitor's DPI scale; 1 when unknown).
float window_content_scale(GLFWwindow* window);
// Touch as ImGui's mouse, between the backend's frame and ImGui's (touch_web.cpp; nothing on the desktop).
void apply_touch_input(ImGuiIO& io);

// Desktop only (window_desktop.cpp; the browser's page has no monitors to choose from):
// The window's rectangle on the desktop (its content area, as GLFW places windows).
ScreenRect window_rect(GLFWwindow* window);
// Each monitor's work area, in GLFW's order (the primary first).
std::vector<ScreenRect> monitor_work_areas();

}  // namespace pelab::gfx
