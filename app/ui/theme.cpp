#include "ui/theme.hpp"

#include <imgui.h>

namespace pelab::app::ui {

void apply_theme(Theme theme, float font_pixels) {
  ImGuiStyle style;
  if (theme == Theme::dark) {
    ImGui::StyleColorsDark(&style);
    style.Colors[ImGuiCol_WindowBg] =
        ImVec4(0.11f, 0.11f, 0.11f, 1.0f);  // ~#1c1c1c, the plot palette's reference
    style.Colors[ImGuiCol_TextDisabled] =
        ImVec4(0.68f, 0.68f, 0.68f, 1.0f);  // notes must stay legible on a projector
  } else {
    ImGui::StyleColorsLight(&style);
    style.Colors[ImGuiCol_WindowBg] = ImVec4(0.95f, 0.95f, 0.95f, 1.0f);  // ~#f2f2f2
    style.Colors[ImGuiCol_TextDisabled] = ImVec4(0.30f, 0.30f, 0.30f, 1.0f);
    // High contrast for projectors: ImGui's light frames (unselected radio buttons, check boxes,
    // fields) are white on light grey and vanish on a washed-out beamer; give them a mid-grey body
    // and a dark border.
    style.Colors[ImGuiCol_FrameBg] = ImVec4(0.80f, 0.82f, 0.86f, 1.0f);
    style.Colors[ImGuiCol_FrameBgHovered] = ImVec4(0.70f, 0.76f, 0.86f, 1.0f);
    style.Colors[ImGuiCol_FrameBgActive] = ImVec4(0.62f, 0.70f, 0.84f, 1.0f);
    style.Colors[ImGuiCol_Border] = ImVec4(0.25f, 0.25f, 0.25f, 0.70f);
    style.Colors[ImGuiCol_CheckMark] = ImVec4(0.05f, 0.30f, 0.75f, 1.0f);
    style.FrameBorderSize = 1.0f;
  }
  // Child windows (sidebar, view grid, each view, each plot) sit on the window background and would
  // paint the same colour again: transparent, they look the same and a software rasteriser (llvmpipe)
  // does not fill the screen four more times per frame.
  style.Colors[ImGuiCol_ChildBg] = ImVec4(0.0f, 0.0f, 0.0f, 0.0f);
  // A translucent slider grab: the value is printed centred over the grab and must stay readable.
  style.Colors[ImGuiCol_SliderGrab].w = 0.45f;
  style.Colors[ImGuiCol_SliderGrabActive].w = 0.65f;
  style.WindowRounding = 0.0f;
  style.ChildRounding = 3.0f;
  style.FrameRounding = 3.0f;
  style.GrabRounding = 3.0f;
  style.WindowPadding = ImVec2(6.0f, 6.0f);
  style.FramePadding = ImVec2(5.0f, 3.0f);
  style.ItemSpacing = ImVec2(7.0f, 4.0f);
  style.ScaleAllSizes(font_pixels / 14.0f);
  ImGui::GetStyle() = style;
}

}  // namespace pelab::app::ui
