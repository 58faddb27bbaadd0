#include "gfx/draw_frame.hpp"

#include <glad/gl.h>

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <chrono>

#include "gfx/frame_stats.hpp"

namespace pelab::gfx {

void draw_imgui_frame() {
  // Cleared to the window background: the app's full-screen window draws none of its own
  // (ImGuiWindowFlags_NoBackground), a clear costs llvmpipe next to nothing, a blended full-screen
  // rectangle a sixth of a frame.
  const ImVec4 background = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(background.x, background.y, background.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  count_draw_data(ImGui::GetDrawData());
  const auto submitting = std::chrono::steady_clock::now();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  const auto submitted = std::chrono::steady_clock::now();
  frame_stats.submit_ms = milliseconds_between(submitting, submitted);
  if (split_frame_timing) {
    glFinish();
    frame_stats.raster_ms = milliseconds_between(submitted, std::chrono::steady_clock::now());
  }
}

}  // namespace pelab::gfx
