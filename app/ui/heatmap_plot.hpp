#pragma once
// A heatmap inside a plot, with its colour bar on the right: the shared part of the heatmap,
// similarity and rotation views. The plot layer supplies axes, ticks, zoom, pan and the hover
// crosshair; this adds the GPU image, the cell under the mouse and the screenshot placement.
#include <functional>
#include <optional>

#include "state/view_data.hpp"
#include "ui/app_ui.hpp"

namespace pelab::app::ui {

struct HeatmapPlotSpec {
  const char* id = "##heatmap";
  const char* title = nullptr;
  const char* x_label = nullptr;
  const char* y_label = nullptr;
  const char* value_label = nullptr;  // beside the colour bar
  // Data coordinates of the image's outer edges: (x0, y0) is the outer corner of cell (0, 0).
  double x0 = 0.0, x1 = 1.0, y0 = 0.0, y1 = 1.0;
  bool equal_aspect = false;
  const HeatmapGrid* grid = nullptr;
  gfx::HeatmapImage* image = nullptr;
  const char* placement_name = "heatmap";
  std::optional<ValueRange> fixed_range;  // instead of the view's range mode (e.g. -1..1 for T(k))
  std::optional<Colormap> colormap;       // instead of the view's colormap
  const char* link = nullptr;             // plots with the same link zoom and pan together
  bool colorbar = true;                   // off where the title states the scale (T(k): −1 blue .. +1 red)
};

// Where a heatmap plot draws: the GPU helpers, the display settings and the placements list.
struct HeatmapTarget {
  const gfx::HeatmapRenderer& renderer;
  gfx::ColormapTextures& colormaps;
  const DisplaySettings& display;
  std::vector<HeatmapPlacement>& placements;
  int config = 0;  // slot index recorded with the placement
};
HeatmapTarget heatmap_target(ViewContext& view);
HeatmapTarget heatmap_target(AcrossContext& view);

struct HeatmapHover {
  bool active = false;  // the mouse is over a cell
  int row = 0, col = 0;
  bool clicked = false;  // released without dragging (a pan would have moved the mouse)
};

// `overlay` runs inside the plot (after the image), with the hovered cell: highlights, hover text.
void draw_heatmap_plot(const HeatmapTarget& target, const HeatmapPlotSpec& spec, ImVec2 size,
                       const std::function<void(const HeatmapHover&)>& overlay);

// Outlines a selected cell range so it shows on any colormap: a dark band under a light line.
void highlight_rect(double x0, double y0, double x1, double y1);

// Width the colour bar takes, so callers can split a row between several heatmaps.
float colorbar_width();

// The largest plot size within `room` whose plot area (inside the tick labels, axis labels and an
// optional title) is square: for matrices, circles and anything drawn with equal aspect.
ImVec2 square_plot_size(ImVec2 room, bool with_title);

}  // namespace pelab::app::ui
