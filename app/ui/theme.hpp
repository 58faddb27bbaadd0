#pragma once
// Colours and sizes of the ImGui style. Sizes follow the font (ImGui's defaults are made for a
// 13 px font), so a projector-sized font gets matching paddings, scrollbars and sliders.
#include "state/params.hpp"

namespace pelab::app::ui {

void apply_theme(Theme theme, float font_pixels);

}  // namespace pelab::app::ui
