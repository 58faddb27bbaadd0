// Across configurations: A − B of the tables and of the similarities of two configurations, on a
// diverging colormap centred on 0, with max |A − B| and where it occurs. When the shapes differ it
// says which and offers the window both tables share.
#include <cmath>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "plot/plot.hpp"
#include "plot/rich_text.hpp"
#include "state/i18n.hpp"
#include "ui/heatmap_plot.hpp"
#include "ui/panels.hpp"
#include "ui/view_export_arrays.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {
namespace {

bool slot_combo(const char* id, std::size_t& index, std::span<const Slot> slots) {
  bool changed = false;
  const std::string current = std::string(1, config_letter(index)) + " " + display_label(slots[index].config);
  ImGui::SetNextItemWidth(12.0f * ImGui::GetFontSize());
  if (ImGui::BeginCombo(id, current.c_str())) {
    for (std::size_t i = 0; i < slots.size(); ++i) {
      const std::string name = std::string(1, config_letter(i)) + " " + display_label(slots[i].config);
      if (ImGui::Selectable(name.c_str(), i == index)) {
        changed = i != index;
        index = i;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

void draw_difference_map(AcrossContext& view, const DifferenceData& d, bool similarity, ImVec2 size) {
  const MatrixDifference& diff = similarity ? *d.similarity : *d.table;
  const HeatmapGrid& grid = similarity ? d.similarity_grid : d.table_grid;
  const double row_step = static_cast<double>(d.rows.stride);
  const double col_step = static_cast<double>(d.col_stride);
  HeatmapPlotSpec spec;
  spec.id = similarity ? "##difference_similarity" : "##difference_table";
  spec.title = similarity ? "S_A − S_B" : "P_A − P_B";
  spec.x_label = similarity ? tr("axis.position_q") : tr("axis.dimension_i");
  spec.y_label = tr("axis.position_p");
  spec.value_label = "A − B";
  spec.y0 = static_cast<double>(d.start) - 0.5 * row_step;
  spec.y1 = spec.y0 + row_step * static_cast<double>(grid.rows);
  if (similarity) {
    spec.x0 = spec.y0;
    spec.x1 = spec.y1;
    spec.equal_aspect = true;
  } else {
    spec.x0 = -0.5 * col_step;
    spec.x1 = spec.x0 + col_step * static_cast<double>(grid.cols);
  }
  spec.grid = &grid;
  spec.image = &view.difference_images[similarity ? 1 : 0];
  spec.placement_name = similarity ? "difference-similarity" : "difference-table";
  // Centred on 0 so white means "equal"; an all-zero difference gets a small symmetric range.
  const double reach = std::isfinite(diff.max_abs) && diff.max_abs > 0.0 ? diff.max_abs : 1e-12;
  spec.fixed_range = ValueRange{-reach, reach};
  spec.colormap = Colormap::red_blue;
  draw_heatmap_plot(heatmap_target(view), spec, size, [&](const HeatmapHover& hover) {
    if (!hover.active) return;
    const std::int64_t p = d.start + hover.row * d.rows.stride;
    const std::int64_t col = similarity ? d.start + hover.col * d.rows.stride : hover.col * d.col_stride;
    const double value = similarity ? diff.values(hover.row, hover.col) : diff.values(hover.row, col);
    const std::string text = "p = " + std::to_string(p) + (similarity ? ", q = " : ", i = ") +
                             std::to_string(col) + "\nA − B = " + plot::format_number(value, 9);
    plot::SetHoverText(text.c_str());
    view.hover.position = p;
    if (!similarity) view.hover.dimension = col;
  });
}

void draw_difference_view(AcrossContext& view) {
  const std::span<const Slot> slots = view.slots;
  if (slots.size() < 2) {
    note_text("%s", tr("views.difference.needs_two"));
    note_not_applicable(view);  // said why instead of drawing
    return;
  }
  DisplaySettings& display = view.display;
  display.difference_a = std::min(display.difference_a, slots.size() - 1);
  display.difference_b = std::min(display.difference_b, slots.size() - 1);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("A");
  ImGui::SameLine();
  slot_combo("##difference_a", display.difference_a, slots);
  ImGui::SameLine();
  ImGui::TextUnformatted("−  B");
  ImGui::SameLine();
  slot_combo("##difference_b", display.difference_b, slots);

  const std::shared_ptr<const ViewData> a = view.data_of(display.difference_a);
  const std::shared_ptr<const ViewData> b = view.data_of(display.difference_b);
  // Computed by the across worker from the two configurations' newest items (sync_runtimes asks).
  const std::shared_ptr<const AcrossData> across = view.across;
  if (!a || !b || !a->table || !b->table || !across || !across->difference) {
    ImGui::TextUnformatted(tr("status.computing"));
    return;
  }
  const std::shared_ptr<const DifferenceData> d = across->difference;
  if (!d->error.empty()) {
    note_text("%s", trf("views.difference.cannot", {d->error}).c_str());
    return;
  }
  if (!d->mismatch.empty()) {
    std::string parts;
    for (const Text& part : d->mismatch_texts) parts += (parts.empty() ? "" : "; ") + tr_text(part);
    note_text("%s", trf("views.difference.shapes_differ", {parts}).c_str());
    if (d->window) {
      const std::string offer = tr("views.difference.offer") + std::string(" ") +
                                std::to_string(d->window->start) + "–" +
                                std::to_string(d->window->start + d->window->positions - 1) +
                                trf("views.difference.offer_dims", {std::to_string(d->window->dims - 1)});
      ImGui::Checkbox(offer.c_str(), &view.difference_on_window);
    } else {
      note_text("%s", tr("views.difference.no_window"));
    }
    if (!d->table) return note_not_applicable(view);  // said why instead of drawing
  }
  const MatrixDifference& table = *d->table;
  const std::string largest = plot::format_number(table.max_abs, 4);
  std::string summary =
      table.max_abs > 0.0
          ? trf("views.difference.max_table_at",
                {largest, std::to_string(d->start + table.row * d->rows.stride), std::to_string(table.col)})
          : trf("views.difference.max_table", {largest});
  if (d->similarity)
    summary +=
        ";  " + trf("views.difference.max_similarity", {plot::format_number(d->similarity->max_abs, 4)});
  ImGui::PushTextWrapPos(0.0f);
  plot::TextWrappedRich(summary);  // P_A, S_B with real subscripts, as in the maps' titles
  ImGui::PopTextWrapPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  if (d->similarity) {
    // Side by side, or P over S when stacked they leave the smaller map's data a larger side (a
    // 1024 x 768 window: S_A − S_B beside a tall P_A − P_B was 130 px). A map spends about a heatmap
    // panel's margins around its data: axes, title and colour bar.
    const float em = ImGui::GetFontSize();
    const float margin_x = 8.5f * em, margin_y = 5.0f * em;
    const float half = std::floor(0.5f * (avail.x - spacing));
    const float half_height = std::floor(0.5f * (avail.y - ImGui::GetStyle().ItemSpacing.y));
    const float beside_side = std::min(half - margin_x, avail.y - margin_y);
    const float stacked_side = std::min(avail.x - margin_x, half_height - margin_y);
    if (stacked_side > beside_side) {
      draw_difference_map(view, *d, false, ImVec2(avail.x, half_height));
      draw_difference_map(view, *d, true,
                          ImVec2(avail.x, avail.y - half_height - ImGui::GetStyle().ItemSpacing.y));
    } else {
      draw_difference_map(view, *d, false, ImVec2(half, avail.y));
      ImGui::SameLine();
      draw_difference_map(view, *d, true, ImVec2(avail.x - half - spacing, avail.y));
    }
  } else {
    draw_difference_map(view, *d, false, ImVec2(avail.x, avail.y - ImGui::GetTextLineHeightWithSpacing()));
    if (!d->similarity_note.empty()) note_text("%s", d->similarity_note.c_str());
  }
}

using namespace export_arrays;

// The arrays behind the view, for its Export menu (view_data_export.hpp).
std::vector<ExportArray> export_difference_data(const ExportContext& sources, std::size_t, ExportDetail) {
  // What the view draws: the across worker's difference, when it is for the newest data of the
  // two configurations compared.
  const std::shared_ptr<const AcrossData> across = fresh_across(sources, item_difference);
  if (!(across->request.difference == sources.across_now.difference) || !across->difference)
    throw std::runtime_error(tr("export.not_ready"));
  const std::shared_ptr<const DifferenceData> diff = across->difference;
  require_no_error(diff->error);
  std::vector<ExportArray> arrays;
  if (diff->table) {
    ExportArray a = matrix_array("table", "A − B of the tables P", diff->table->values,
                                 position_axis(diff->start, diff->rows.stride), "column i: dimension i");
    a.rows = diff->rows;
    arrays.push_back(std::move(a));
  }
  if (diff->similarity) {
    ExportArray a = matrix_array("similarity", "A − B of the similarities S", diff->similarity->values,
                                 "row: sampled position p", "column: sampled position q");
    arrays.push_back(std::move(a));
  }
  if (arrays.empty())
    throw std::runtime_error(diff->mismatch.empty() ? tr("export.not_ready") : diff->mismatch);
  return arrays;
}

}  // namespace

// The view's row in the registry (view_registry.hpp).
constinit const ViewType difference_view_type = {
    .id = "difference",
    .title = "Difference A − B",
    .summary = "the tables and similarities of two configurations subtracted",
    .needs = item_table | item_similarity | item_difference,
    .scope = ViewScope::across_configs,
    .width = 1.6f,
    .draw_across = draw_difference_view,
    .export_data = export_difference_data,
    .min_configs = 2,
};

}  // namespace pelab::app::ui
