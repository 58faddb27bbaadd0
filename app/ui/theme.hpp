#pragma once
// Colours and sizes of the ImGui style. Sizes follow the font (ImGui's defaults are made for a
// 13 px font), so a projector-sized font gets matching paddings, scrollbars and sliders.
// Every text colour reads at 4.5:1 or more on the background it is drawn on, in both themes (WCAG
// 2 level AA; tests/app/test_theme.cpp computes each ratio from these colours).
#include <imgui.h>

#include <cstddef>

#include "state/params.hpp"

namespace pelab::app::ui {

// The style apply_theme installs.
ImGuiStyle theme_style(Theme theme, float font_pixels);
void apply_theme(Theme theme, float font_pixels);

// How many configurations have a colour of their own (compare mode shows up to this many).
inline constexpr std::size_t config_color_count = 4;
// The text colour of configuration `index` (sidebar labels, panel titles): Okabe and Ito's
// colour-blind-safe hues, light on the dark theme and darker shades of the same hues on the light
// one, where the light originals read at 2:1 on the grey background.
ImVec4 config_text_color(Theme theme, std::size_t index);

// Text drawn in a colour of its own, each with the background it is drawn on.
struct ThemeTextColors {
  ImVec4 heading;  // sidebar section titles, on the window
  ImVec4 accent;   // the lesson band's title, on a frame (the band's background)
  ImVec4 formula;  // the lesson band's formulas, on a frame
  ImVec4 error;    // a configuration's load error, on the window
};
ThemeTextColors theme_text_colors(Theme theme);

// WCAG 2 contrast ratio of two opaque sRGB colours: (L1 + 0.05) / (L2 + 0.05), L the relative
// luminance of the lighter (L1) and the darker (L2).
double contrast_ratio(ImVec4 a, ImVec4 b);

}  // namespace pelab::app::ui
