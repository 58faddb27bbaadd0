#include "ui/heatmap_plot.hpp"

#include <cmath>

#include "plot/plot.hpp"

namespace pelab::app::ui {

void highlight_rect(double x0, double y0, double x1, double y1) {
  plot::PlotRectOutline(x0, y0, x1, y1, IM_COL32(0, 0, 0, 200), 4.0f);
  plot::PlotRectOutline(x0, y0, x1, y1, IM_COL32(255, 255, 255, 240), 2.0f);
}

float colorbar_width() { return 5.5f * ImGui::GetFontSize(); }

ImVec2 square_plot_size(ImVec2 room, bool with_title) {
  // The margins the plot layer leaves for tick labels and axis labels, and for the title.
  const float em = ImGui::GetFontSize();
  const float horizontal = 4.6f * em, vertical = (with_title ? 1.6f : 0.6f) * em + 2.9f * em;
  const float side = std::max(std::min(room.x - horizontal, room.y - vertical), 4.0f * em);
  return ImVec2(side + horizontal, side + vertical);
}

HeatmapTarget heatmap_target(ViewContext& view) {
  return HeatmapTarget{view.renderer, view.colormaps, view.display, view.placements,
                       static_cast<int>(view.index)};
}

HeatmapTarget heatmap_target(AcrossContext& view) {
  return HeatmapTarget{view.renderer, view.colormaps, view.display, view.placements, 0};
}

void draw_heatmap_plot(const HeatmapTarget& target, const HeatmapPlotSpec& spec, ImVec2 size,
                       const std::function<void(const HeatmapHover&)>& overlay) {
  const HeatmapGrid& grid = *spec.grid;
  const ValueRange range = spec.fixed_range ? *spec.fixed_range : display_range(grid, target.display);
  const Colormap colormap = spec.colormap ? *spec.colormap : target.display.colormap;
  const gfx::Texture2D& lut = target.colormaps.lut(colormap);
  spec.image->update(target.renderer, grid.values, grid.rows, grid.cols, lut, static_cast<float>(range.lo),
                     static_cast<float>(range.hi));

  // A narrow panel (compare mode) keeps the bar and its values but drops the turned value label,
  // which the panel's note and hover already name.
  const bool narrow = size.x < 18.0f * ImGui::GetFontSize();
  const float bar_width = !spec.colorbar ? 0.0f : narrow ? 3.9f * ImGui::GetFontSize() : colorbar_width();
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float em = ImGui::GetFontSize();
  ImVec2 plot_size(std::max(size.x - bar_width - spacing, 4.0f * em),
                   size.y > 0.0f ? size.y : ImGui::GetContentRegionAvail().y);
  // A square matrix gets a square plot area: shrink the frame instead of padding the axes with
  // empty rows and columns (which would read as positions that do not exist).
  if (spec.equal_aspect) plot_size = square_plot_size(plot_size, spec.title != nullptr);
  plot::PlotConfig config;
  config.title = spec.title;
  config.x.label = spec.x_label;
  config.y.label = spec.y_label;
  config.x.integer_ticks = true;  // every heatmap axis is an index (position, dimension, row / column)
  config.y.integer_ticks = true;
  config.y.invert = true;  // row 0 at the top, as in a printed table
  config.legend = false;
  config.equal_aspect =
      false;  // square matrices get a square frame instead (square_plot_size): no padded axes
  config.link = spec.link;
  if (plot::BeginPlot(spec.id, plot_size, config)) {
    plot::PlotImage(spec.image->texture(), spec.x0, spec.y0, spec.x1, spec.y1);
    HeatmapHover hover;
    if (plot::IsPlotHovered()) {
      double x = 0.0, y = 0.0;
      plot::GetPlotMousePos(&x, &y);
      const double col = std::floor((x - spec.x0) / (spec.x1 - spec.x0) * grid.cols);
      const double row = std::floor((y - spec.y0) / (spec.y1 - spec.y0) * grid.rows);
      if (col >= 0 && col < grid.cols && row >= 0 && row < grid.rows) {
        hover.active = true;
        hover.col = static_cast<int>(col);
        hover.row = static_cast<int>(row);
        const ImGuiIO& io = ImGui::GetIO();
        const float click_slop = 0.25f * ImGui::GetFontSize();
        hover.clicked = ImGui::IsMouseReleased(0) && io.MouseDragMaxDistanceSqr[0] < click_slop * click_slop;
      }
    }
    overlay(hover);
    const ImVec2 top_left = plot::PlotToPixels(spec.x0, spec.y0);
    const ImVec2 bottom_right = plot::PlotToPixels(spec.x1, spec.y1);
    target.placements.push_back(HeatmapPlacement{spec.placement_name, target.config, top_left, bottom_right,
                                                 grid.rows, grid.cols, colormap, range});
    plot::EndPlot();
  }
  if (!spec.colorbar) return;
  ImGui::SameLine();
  plot::ColorBar((std::string(spec.id) + "_bar").c_str(), lut.imgui_id(), range.lo, range.hi,
                 ImVec2(bar_width, plot_size.y), narrow ? nullptr : spec.value_label);
}

}  // namespace pelab::app::ui
