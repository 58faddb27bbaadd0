#pragma once
// The names of configurations in the sidebar's list, written after the sidebar's controls.
//
// The list is above the controls, so a name written with the list shows the value from before this
// frame's edit: dragging base, the list said 524473 while the slider said 698699. The list places
// each name (draw_configs_list) and draw_config_names writes them once every control has run.
#include <imgui.h>

#include <cstddef>
#include <vector>

#include "ui/app_ui.hpp"

namespace pelab::app::ui {

// Where the list shows a configuration's name, or the label field its hint (the name it has without a
// label).
struct ConfigNameSpot {
  int config_id = 0;
  std::size_t row = 0;  // the list's row, which gives the letter; unused for the hint
  bool hint = false;
  ImVec2 pos;
  ImVec4 clip;  // as ImGui clips the text it draws there
  ImU32 color = 0;
};

// configs_panel.cpp: the list, links, presets; returns where the names go.
std::vector<ConfigNameSpot> draw_configs_list(AppContext& app);
void draw_config_names(const AppState& state, const std::vector<ConfigNameSpot>& spots);

}  // namespace pelab::app::ui
