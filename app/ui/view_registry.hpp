#pragma once
// The one list of view types. Each entry says what the view is called, which computed items it
// needs from each configuration, whether it is drawn once per configuration or once across all of
// them, and how to draw it. The grid, the sidebar's view toggles, `--view`, `--help` and session
// parsing all read this list: a new view is one file with its draw function plus one entry here.
#include <span>
#include <string>
#include <string_view>

#include "state/view_data.hpp"
#include "ui/app_ui.hpp"
#include "ui/view_data_export.hpp"

namespace pelab::app::ui {

enum class ViewScope { per_config, across_configs };

struct ViewType {
  std::string_view id;       // "heatmap": --view, sessions
  std::string_view title;    // "Heatmap of P"
  std::string_view summary;  // one line for --help and tooltips
  Needs needs = 0;           // items computed for every configuration while the view is visible
  ViewScope scope = ViewScope::per_config;
  float width = 1.0f;                          // relative width of its cell in the grid
  void (*draw)(ViewContext&) = nullptr;        // per_config
  void (*draw_across)(AppContext&) = nullptr;  // across_configs
  // The exact numbers behind the view, for its Export menu (view_data_export.cpp): named 1-D / 2-D
  // arrays of configuration `slot` (ignored across configurations); nullptr: PNG export only.
  std::vector<ExportArray> (*export_data)(const AppContext&, std::size_t slot, ExportDetail) = nullptr;
  int min_configs = 1;  // configurations the view needs to show anything (difference: two)
};

std::span<const ViewType> view_registry();
const ViewType* find_view(std::string_view id);
std::span<const std::string_view> view_ids();
// "heatmap, curves, ..." and the --help lines ("  heatmap      Heatmap of P: ...").
std::string view_id_list();
std::string view_help();

}  // namespace pelab::app::ui
