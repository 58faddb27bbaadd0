#include "ui/theme.hpp"

#include <algorithm>
#include <cmath>

namespace pelab::app::ui {

ImGuiStyle theme_style(Theme theme, float font_pixels) {
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
  return style;
}

void apply_theme(Theme theme, float font_pixels) { ImGui::GetStyle() = theme_style(theme, font_pixels); }

ImVec4 config_text_color(Theme theme, std::size_t index) {
  // Sky blue, orange, bluish green, reddish purple (Okabe and Ito); on the light theme the same hues
  // darkened until each reads at 4.5:1 on #f2f2f2.
  struct Rgb {
    int r, g, b;
  };
  constexpr Rgb on_dark[config_color_count] = {{86, 180, 233}, {230, 159, 0}, {0, 158, 115}, {204, 121, 167}};
  constexpr Rgb on_light[config_color_count] = {{0, 102, 160}, {165, 82, 0}, {0, 112, 80}, {160, 60, 120}};
  const Rgb c = (theme == Theme::dark ? on_dark : on_light)[index % config_color_count];
  constexpr float k = 1.0f / 255.0f;
  return ImVec4(static_cast<float>(c.r) * k, static_cast<float>(c.g) * k, static_cast<float>(c.b) * k, 1.0f);
}

ThemeTextColors theme_text_colors(Theme theme) {
  if (theme == Theme::dark) {
    return {ImVec4(0.06f, 0.53f, 0.98f, 1.0f), ImVec4(0.40f, 0.70f, 1.00f, 1.0f),
            ImVec4(1.00f, 0.50f, 0.40f, 1.0f), ImVec4(0.94f, 0.35f, 0.31f, 1.0f)};
  }
  return {ImVec4(0.00f, 0.36f, 0.72f, 1.0f), ImVec4(0.00f, 0.25f, 0.55f, 1.0f),
          ImVec4(0.63f, 0.16f, 0.00f, 1.0f), ImVec4(0.71f, 0.12f, 0.08f, 1.0f)};
}

double contrast_ratio(ImVec4 a, ImVec4 b) {
  const auto linear = [](float c) {
    const double v = static_cast<double>(c);
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  const auto luminance = [&](ImVec4 c) {
    return 0.2126 * linear(c.x) + 0.7152 * linear(c.y) + 0.0722 * linear(c.z);
  };
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

}  // namespace pelab::app::ui
