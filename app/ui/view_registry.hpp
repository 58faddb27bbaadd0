#pragma once
// The view registry: one row per view type, saying what the view is called, which computed items it
// needs from each configuration, whether it is drawn once per configuration or once across all of
// them, how to draw it and what its Export menu writes. The grid, the sidebar's view toggles,
// `--view`, `--help`, sessions, lessons and the tests all read the registry. Each row is defined in
// its view's file (`<id>_view_type` in app/ui/<id>_view.cpp, next to the functions it names) and
// listed by id once, in PELAB_VIEW_TYPES (state/view_types.hpp): a new view is its file plus that
// one id.
#include <span>
#include <string>
#include <string_view>

#include "state/view_data.hpp"
#include "state/view_settings.hpp"
#include "state/view_types.hpp"
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
  float width = 1.0f;                             // relative width of its cell in the grid
  void (*draw)(ViewContext&) = nullptr;           // per_config
  void (*draw_across)(AcrossContext&) = nullptr;  // across_configs
  // The exact numbers behind the view, for its Export menu (view_data_export.cpp): named 1-D / 2-D
  // arrays of configuration `slot` (ignored across configurations); nullptr: PNG export only.
  std::vector<ExportArray> (*export_data)(const AppContext&, std::size_t slot, ExportDetail) = nullptr;
  int min_configs = 1;  // configurations the view needs to show anything (difference: two)
  // Its settings (state/view_settings.hpp): the fields, session keys and ranges that the session,
  // `--set` and the view's controls share; nullptr: a view without settings of its own.
  const ViewSettingsTable* settings = nullptr;
};

// The rows, one per id of PELAB_VIEW_TYPES, each defined in app/ui/<id>_view.cpp.
#define PELAB_DECLARE_VIEW_TYPE(id) extern const ViewType id##_view_type;
PELAB_VIEW_TYPES(PELAB_DECLARE_VIEW_TYPE)
#undef PELAB_DECLARE_VIEW_TYPE

// The rows in PELAB_VIEW_TYPES' order.
std::span<const ViewType> view_registry();
const ViewType* find_view(std::string_view id);
// The ids in the registry's order (state/view_types.hpp's view_type_ids).
std::span<const std::string_view> view_ids();
// "heatmap, curves, ..." and the --help lines ("  heatmap      Heatmap of P: ...").
std::string view_id_list();
std::string view_help();

}  // namespace pelab::app::ui
