// View 1: the table P as a heatmap, rows = positions, columns = dimensions (as in source post 002's figure,
// docs/encodings.md §15), the selected row p and column i outlined, the exact value under the mouse, and in
// compare mode the position and dimension hovered in another configuration.
#include <string>
#include <vector>

#include "pelab/encodings.hpp"
#include "plot/plot.hpp"
#include "state/i18n.hpp"
#include "ui/heatmap_plot.hpp"
#include "ui/panels.hpp"
#include "ui/view_export_arrays.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {

namespace {

void draw_heatmap_view(ViewContext& view) {
  const TableData& table = *view.data.table;
  const EncodingParams& e = view.data.request.table.encoding;
  if (!table.error.empty()) {
    note_text("%s", trf("views.heatmap.cannot", {table.error}).c_str());
    return;
  }
  std::string note = trf("views.heatmap.size", {std::to_string(e.positions), std::to_string(e.dims)});
  if (table.rows.stride > 1) note += trf("views.every_position", {ordinal(table.rows.stride)});
  if (table.cols.stride > 1) note += trf("views.every_dimension", {ordinal(table.cols.stride)});
  note_text("%s", note.c_str());

  const auto row_step = static_cast<double>(table.rows.stride);
  const auto col_step = static_cast<double>(table.cols.stride);
  HeatmapPlotSpec spec;
  spec.id = "##table";
  spec.x_label = tr("axis.dimension_i");
  spec.y_label = tr("axis.position_p");
  spec.value_label = "P[p, i]";
  spec.x0 = -0.5 * col_step;
  spec.x1 = spec.x0 + col_step * static_cast<double>(table.cols.shown);
  spec.y0 = static_cast<double>(table.start) - 0.5 * row_step;
  spec.y1 = spec.y0 + row_step * static_cast<double>(table.rows.shown);
  spec.grid = &table.heatmap;
  spec.image = &view.gpu.table;
  spec.placement_name = "heatmap";
  spec.fixed_range = view.shared_table_range;
  spec.link = "link_table";
  Selection& selection = view.slot.selection;
  draw_heatmap_plot(
      heatmap_target(view), spec, ImGui::GetContentRegionAvail(), [&](const HeatmapHover& hover) {
        const auto p = static_cast<double>(view.selection.position);
        const auto i = static_cast<double>(view.selection.dimension);
        highlight_rect(spec.x0, p - 0.5 * row_step, spec.x1, p + 0.5 * row_step);
        highlight_rect(i - 0.5, spec.y0, i + 0.5, spec.y1);
        // A lesson step that points at a cell of this configuration: an accent frame around it.
        const LessonPlayer& player = view.lessons;
        if (player.lesson) {
          const std::optional<Highlight>& mark = player.lesson->steps[player.step].highlight;
          if (mark && mark->kind == HighlightKind::cell && mark->config == view.index) {
            const auto mp = static_cast<double>(mark->position), mi = static_cast<double>(mark->dimension);
            plot::PlotRectOutline(mi - 0.5, mp - 0.5 * row_step, mi + 0.5, mp + 0.5 * row_step,
                                  IM_COL32(255, 170, 0, 255), 5.0f);
          }
        }
        // Linked hover: where the mouse is in another panel, a thin crosshair here.
        if (!hover.active && (view.hovered.position || view.hovered.dimension)) {
          const ImU32 mark = IM_COL32(255, 255, 255, 150);
          const auto inside = [](std::optional<std::int64_t> v, double lo, double hi) {
            return v && static_cast<double>(*v) > lo && static_cast<double>(*v) < hi;
          };
          if (inside(view.hovered.position, spec.y0, spec.y1))
            plot::PlotHLine(static_cast<double>(*view.hovered.position), mark);
          if (inside(view.hovered.dimension, spec.x0, spec.x1))
            plot::PlotVLine(static_cast<double>(*view.hovered.dimension), mark);
        }
        if (!hover.active) return;
        const std::int64_t position = table.position_of_row(hover.row);
        const std::int64_t dimension = hover.col * table.cols.stride;
        const double value = table.exact(hover.row, dimension);
        const std::string text = "p = " + std::to_string(position) + ", i = " + std::to_string(dimension) +
                                 "\nP[p, i] = " + plot::format_number(value, 9);
        plot::SetHoverText(text.c_str());
        view.hover.position = position;
        view.hover.dimension = dimension;
        if (hover.clicked) {
          selection.position = position;
          selection.dimension = dimension;
        }
      });
}

using namespace export_arrays;

// The arrays behind the view, for its Export menu (view_data_export.hpp).
std::vector<ExportArray> export_heatmap_data(const ExportContext& sources, std::size_t slot,
                                             ExportDetail detail) {
  const auto data = fresh_data(sources, slot, item_table);
  const TableData& table = *data->table;
  require_no_error(table.error);
  const TableKey& key = data->request.table;
  const std::string description = "the table P: P[r, i] of position p (row) and dimension i (column)";
  if (detail == ExportDetail::full && table.rows.stride > 1) {
    check_full_cap(key.encoding.positions, key.encoding.dims);
    ExportArray a = matrix_array("table", description, encode(key.encoding, key.source()),
                                 position_axis(key.encoding.start, 1), "column i: dimension i");
    a.full = true;
    return {a};
  }
  ExportArray a = matrix_array("table", description, table.exact,
                               position_axis(table.start, table.rows.stride), "column i: dimension i");
  a.rows = table.rows;
  return {a};
}

}  // namespace

// The view's row in the registry (view_registry.hpp).
constinit const ViewType heatmap_view_type = {
    .id = "heatmap",
    .title = "Heatmap of P",
    .summary = "the table P, positions × dimensions, with the exact value under the mouse",
    .needs = item_table,
    .scope = ViewScope::per_config,
    .width = 1.0f,
    .draw = draw_heatmap_view,
    .export_data = export_heatmap_data,
};

}  // namespace pelab::app::ui
