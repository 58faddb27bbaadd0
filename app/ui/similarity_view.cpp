// View 3: the similarity matrix S[p, q] of the table's rows (dot, cosine or distance) and the row
// S[p, :] against the offset q - p. For a sinusoid the row has the same shape for every p (S
// depends only on q - p); for the other kinds it changes as p moves.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "pelab/encodings.hpp"
#include "pelab/similarity.hpp"
#include "plot/plot.hpp"
#include "state/i18n.hpp"
#include "ui/heatmap_plot.hpp"
#include "ui/panels.hpp"
#include "ui/view_export_arrays.hpp"
#include "ui/view_registry.hpp"
#include "ui/view_texts.hpp"

namespace pelab::app::ui {

const char* similarity_method_key(const SimilarityData& similarity, const EncodingParams& encoding) {
  // The closed form fills S from the offset sums alone only for even D; odd D's closed form adds the
  // lone sine column's outer product, and every other kind is the Gram matrix itself.
  const bool offset_sums = similarity.method == "views.similarity.method.closed_form" &&
                           encoding.kind == EncodingKind::sinusoidal && encoding.dims % 2 == 0;
  if (offset_sums) return "views.similarity.method.closed_form";
  return encoding.kind == EncodingKind::sinusoidal && encoding.dims % 2 != 0
             ? "views.similarity.method.gram_odd"
             : "views.similarity.method.gram";
}

namespace {

const char* metric_formula(SimilarityMetric metric) {
  switch (metric) {
    case SimilarityMetric::dot:
      return "P_p · P_q";
    case SimilarityMetric::cosine:
      return "cos(P_p, P_q)";
    case SimilarityMetric::distance:
      return "‖P_p − P_q‖";
  }
  return "";
}

void draw_matrix(ViewContext& view, ImVec2 size) {
  const SimilarityData& similarity = *view.data.similarity;
  const auto step = static_cast<double>(similarity.rows.stride);
  HeatmapPlotSpec spec;
  spec.id = "##similarity";
  spec.title = "S[p, q]";
  spec.x_label = tr("axis.position_q");
  spec.y_label = tr("axis.position_p");
  spec.value_label = metric_formula(view.data.request.metric);
  spec.x0 = spec.y0 = static_cast<double>(similarity.start) - 0.5 * step;
  spec.x1 = spec.y1 = spec.x0 + step * static_cast<double>(similarity.rows.shown);
  spec.grid = &similarity.heatmap;
  spec.image = &view.gpu.similarity;
  spec.placement_name = "similarity";
  spec.equal_aspect = true;  // N x N positions: a square, so the diagonal runs at 45°
  spec.fixed_range = view.shared_similarity_range;
  spec.link = "link_similarity";
  Selection& selection = view.slot.selection;
  draw_heatmap_plot(heatmap_target(view), spec, size, [&](const HeatmapHover& hover) {
    const auto p = static_cast<double>(view.selection.position);
    highlight_rect(spec.x0, p - 0.5 * step, spec.x1, p + 0.5 * step);
    if (!hover.active) return;
    const std::int64_t row = similarity.position_of_row(hover.row);
    const std::int64_t col = similarity.position_of_row(hover.col);
    const std::string text = "p = " + std::to_string(row) + ", q = " + std::to_string(col) +
                             ", q − p = " + std::to_string(col - row) +
                             "\nS = " + plot::format_number(similarity.exact(hover.row, hover.col), 9);
    plot::SetHoverText(text.c_str());
    view.hover.position = row;
    if (hover.clicked) selection.position = row;
  });
}

void draw_row_curve(ViewContext& view, ImVec2 size) {
  const SimilarityRowData& row = *view.data.similarity_row;
  if (!row.error.empty()) {
    note_text("%s", trf("views.similarity.cannot_row", {row.error}).c_str());
    return;
  }
  const std::string title =
      trf("views.similarity.row_title", {std::to_string(view.data.request.selection.position)});
  plot::PlotConfig config;
  config.title = title.c_str();
  config.x.label = tr("axis.offset_q_p");
  config.x.integer_ticks = true;
  config.y.label = metric_formula(view.data.request.metric);
  // With one colour scale over the configurations, the rows side by side read on one y scale too:
  // the shared range (a row of S lies within it, unless S was sampled past the row's extremes).
  if (view.shared_similarity_range) {
    double lo = view.shared_similarity_range->lo, hi = view.shared_similarity_range->hi;
    for (double v : row.values) {
      if (!std::isfinite(v)) continue;
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    const double pad = 0.05 * (hi - lo);
    config.y.auto_fit = false;
    config.y.min = lo - pad;
    config.y.max = hi + pad;
  }
  config.legend = false;
  config.link = "link_similarity_row";
  if (!plot::BeginPlot("##similarity_row", size, config)) return;
  plot::PlotLine("S[p, q]", row.offsets.data(), row.values.data(), static_cast<int>(row.offsets.size()),
                 plot::palette_color(0));
  plot::PlotVLine(0.0, ImGui::GetColorU32(ImGuiCol_Text, 0.5f), "q = p");
  plot::EndPlot();
}

void draw_similarity_view(ViewContext& view) {
  const SimilarityData& similarity = *view.data.similarity;
  if (!similarity.error.empty()) {
    note_text("%s", trf("views.similarity.cannot", {similarity.error}).c_str());
    return;
  }
  std::string note = trf("views.similarity.note",
                         {tr_or(("option.metric." + std::string(to_string(view.data.request.metric))).c_str(),
                                to_string(view.data.request.metric)),
                          tr(similarity_method_key(similarity, view.data.request.table.encoding))});
  if (similarity.rows.stride > 1) {
    note += trf("views.sampled", {ordinal(similarity.rows.stride), std::to_string(similarity.rows.shown),
                                  std::to_string(similarity.rows.total)});
  }
  note_text("%s", note.c_str());
  // The matrix is a square: side by side with the row curve when the panel is wide, stacked above
  // it when the panel is tall, the matrix alone when there is room for nothing else.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float em = ImGui::GetFontSize();
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float matrix_width = std::floor(0.55f * (avail.x - spacing));
  // Side by side only when the matrix keeps a readable width (a compare-mode panel is better served
  // by the matrix alone).
  if (avail.x >= 1.5f * avail.y && avail.x - matrix_width - spacing >= 13.0f * em &&
      matrix_width >= 24.0f * em) {
    draw_matrix(view, ImVec2(matrix_width, avail.y));
    ImGui::SameLine();
    draw_row_curve(view, ImVec2(avail.x - matrix_width - spacing, avail.y));
  } else if (avail.y >= 22.0f * em) {
    const float matrix_height = std::floor(std::min(0.62f * avail.y, avail.x - colorbar_width() + 3.0f * em));
    draw_matrix(view, ImVec2(avail.x, matrix_height));
    draw_row_curve(view, ImVec2(avail.x, 0.0f));
  } else {
    // The hint only where it leaves the matrix readable (in a compare-mode panel the matrix needs
    // those lines more), and never on a slide, which cannot be maximised.
    const char* hint = tr("views.similarity.maximise");
    const float hint_height = note_text_height(hint);
    const bool hinted = avail.y - hint_height >= 15.0f * em && !view.lessons.presenting;
    draw_matrix(view, ImVec2(avail.x, hinted ? avail.y - hint_height : avail.y));
    if (hinted) note_text("%s", hint);
  }
}

using namespace export_arrays;

// The arrays behind the view, for its Export menu (view_data_export.hpp).
std::vector<ExportArray> export_similarity_data(const ExportContext& sources, std::size_t slot,
                                                ExportDetail detail) {
  const auto data = fresh_data(sources, slot, item_table | item_similarity | item_similarity_row);
  const SimilarityData& sim = *data->similarity;
  require_no_error(sim.error);
  const TableKey& key = data->request.table;
  const SimilarityMetric metric = data->request.metric;
  const std::string description = std::string(to_string(metric)) + " similarity S[p, q] of the positions";
  std::vector<ExportArray> arrays;
  if (detail == ExportDetail::full && sim.rows.stride > 1) {
    const EncodingParams& e = key.encoding;
    check_full_cap(e.positions, e.positions);
    Matrix full;
    if (e.kind == EncodingKind::sinusoidal) {
      full = sinusoidal_similarity_closed_form(e.positions, e.dims, e.base, e.start, metric);
    } else {
      const double flops =
          static_cast<double>(e.positions) * static_cast<double>(e.positions) * static_cast<double>(e.dims);
      if (flops > export_full_flop_cap) throw std::runtime_error(tr("export.too_slow"));
      full = similarity_matrix(encode(e, key.source()), metric);
    }
    ExportArray a = matrix_array("similarity", description, full, position_axis(e.start, 1),
                                 "column: position q = " + std::to_string(e.start) + " + c");
    a.full = true;
    arrays.push_back(std::move(a));
  } else {
    ExportArray a =
        matrix_array("similarity", description, sim.exact, position_axis(sim.start, sim.rows.stride),
                     "column c: position q = " + std::to_string(sim.start) + " + " +
                         std::to_string(sim.rows.stride) + " c");
    a.rows = sim.rows;
    arrays.push_back(std::move(a));
  }
  const SimilarityRowData& row = *data->similarity_row;
  require_no_error(row.error);
  ExportArray r = columns_array(
      "row",
      "the row S[p, :] against q − p at the selected p = " + std::to_string(data->request.selection.position),
      "row: one sampled q", {{"q - p", &row.offsets}, {"S[p, q]", &row.values}});
  if (const TableData* table = data->table.get()) {
    r.rows = table->rows;
    r.rows.shown = r.shape[0];
  }
  arrays.push_back(std::move(r));
  return arrays;
}

}  // namespace

// The view's row in the registry (view_registry.hpp).
constinit const ViewType similarity_view_type = {
    .id = "similarity",
    .title = "Similarity S[p, q]",
    .summary = "the N × N similarity of positions and the row S[p, :] against q − p",
    .needs = item_table | item_similarity | item_similarity_row,
    .scope = ViewScope::per_config,
    .width = 1.4f,
    .draw = draw_similarity_view,
    .export_data = export_similarity_data,
};

}  // namespace pelab::app::ui
