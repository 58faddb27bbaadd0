// View 2: columns of P against position: the selected dimension i and its neighbours, or columns
// picked anywhere (the view's settings: 0, D/4 and D - 1 side by side), each labelled with its period
// (from core, for the kind at hand), and a marker at the selected p.
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "pelab/encodings.hpp"
#include "plot/plot.hpp"
#include "state/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/view_export_arrays.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {

namespace {

// "0, 16, -1" and back. Parsing accepts integers separated by commas or spaces; nullopt for anything
// else, an empty list, too many entries or one out of range (the field's limits, as a session's).
std::string format_columns(const std::vector<std::int64_t>& columns) {
  std::string text;
  for (const std::int64_t column : columns) text += (text.empty() ? "" : ", ") + std::to_string(column);
  return text;
}

std::optional<std::vector<std::int64_t>> parse_columns(const char* text) {
  std::vector<std::int64_t> columns;
  const char* at = text;
  while (*at != '\0') {
    if (*at == ',' || *at == ' ') {
      ++at;
      continue;
    }
    char* end = nullptr;
    const long long value = std::strtoll(at, &end, 10);
    if (end == at || !curve_column_range.contains(value)) return std::nullopt;
    columns.push_back(value);
    at = end;
  }
  if (columns.empty() || columns.size() > max_curve_columns) return std::nullopt;
  return columns;
}

// The choice of columns, shared by every configuration (drawn in the first panel only).
void draw_curves_controls(ViewContext& view) {
  CurvesViewSettings& settings = view.settings.curves;
  ImGui::Checkbox(tr("views.curves.pick"), &settings.pick);
  if (!view.capture_mode) item_tooltip(tr("views.curves.pick.tip"));
  if (!settings.pick) return;
  ImGui::SameLine();
  char text[128];
  std::snprintf(text, sizeof text, "%s", format_columns(settings.columns).c_str());
  ImGui::SetNextItemWidth(std::max(6.0f * ImGui::GetFontSize(), ImGui::GetContentRegionAvail().x));
  // Applied on Enter: a half-typed list ("0, -") is not a choice yet.
  if (ImGui::InputText("##columns", text, sizeof text, ImGuiInputTextFlags_EnterReturnsTrue)) {
    if (const auto columns = parse_columns(text)) settings.columns = *columns;
  }
  if (!view.capture_mode) item_tooltip(tr("views.curves.columns.tip"));
}

void draw_curves_view(ViewContext& view) {
  const CurvesData& curves = *view.data.curves;
  const EncodingParams& e = view.data.request.table.encoding;
  if (view.index == 0) {
    draw_curves_controls(view);
  } else {
    ImGui::Dummy(ImVec2(1.0f, ImGui::GetFrameHeight()));
  }
  const CurvesViewSettings& settings = view.settings.curves;
  if (settings.pick && resolve_curve_columns(settings.columns, e.dims).empty()) {
    note_text("%s", trf("views.curves.no_column", {std::to_string(e.dims - 1)}).c_str());
    note_not_applicable(view);  // said why instead of drawing
    return;
  }
  if (!curves.error.empty()) {
    note_text("%s", trf("views.curves.cannot", {curves.error}).c_str());
    return;
  }
  if (curves.sampling.stride > 1) {
    note_text("%s",
              trf("views.sampled", {ordinal(curves.sampling.stride), std::to_string(curves.sampling.shown),
                                    std::to_string(curves.sampling.total)})
                      .c_str() +
                  2);  // without the leading "; "
  }
  plot::PlotConfig config;
  config.x.label = tr("axis.position_p");
  config.x.integer_ticks = true;
  config.y.label = "P[p, i]";
  config.link = "link_curves";
  const auto count = static_cast<int>(curves.positions.size());
  // Dense curves (more than one point per two pixels) get thinner lines: a thick zigzag only fills
  // the plot, and software rasterisers (llvmpipe under Xvfb) pay for every covered pixel.
  const bool dense = static_cast<float>(count) > 0.5f * ImGui::GetContentRegionAvail().x;
  if (!plot::BeginPlot("##curves", ImVec2(0.0f, 0.0f), config)) return;
  int colour = 0;
  const std::int64_t p = view.selection.position;
  for (const CurvesData::Curve& curve : curves.curves) {
    // The selected column, or the one a lesson step points at, is drawn thick.
    const LessonPlayer& player = view.lessons;
    const std::optional<Highlight>* mark =
        player.lesson ? &player.lesson->steps[player.step].highlight : nullptr;
    const bool pointed = mark && *mark && (*mark)->kind == HighlightKind::curve &&
                         (*mark)->config == view.index && (*mark)->dimension == curve.dimension;
    const bool selected = curve.dimension == view.selection.dimension || pointed;
    ImU32 color = plot::palette_color(colour++);
    // A dense fast wave fills its band between its extremes; drawn translucent, the bands of several
    // columns stay apart where they overlap instead of the last one hiding the others.
    if (dense && !selected) color = (color & ~IM_COL32_A_MASK) | (IM_COL32(0, 0, 0, 150) & IM_COL32_A_MASK);
    plot::PlotLine(curve.label.c_str(), curves.positions.data(), curve.values.data(), count, color,
                   dense ? (selected ? 1.5f : 1.0f) : (selected ? 3.0f : 1.5f));
    // P exists only at integer positions: show the samples themselves while they are few enough to see.
    if (count <= 160) {
      plot::PlotScatter(curve.label.c_str(), curves.positions.data(), curve.values.data(), count, color,
                        selected ? 3.0f : 2.0f);  // same label: one legend entry with line and points
    }
    // The marker at p, on the selected curve, where p is one of the plotted positions.
    const std::int64_t offset = p - e.start;
    if (selected && offset >= 0 && offset % curves.sampling.stride == 0 &&
        offset / curves.sampling.stride < count) {
      const double value = curve.values[static_cast<std::size_t>(offset / curves.sampling.stride)];
      const std::string text = "P[" + std::to_string(p) + ", " + std::to_string(curve.dimension) +
                               "] = " + plot::format_number(value, 4);
      plot::PlotMarker(static_cast<double>(p), value, color, 6.0f, text.c_str());
    }
  }
  plot::PlotVLine(static_cast<double>(p), ImGui::GetColorU32(ImGuiCol_Text, 0.6f));
  const double first = static_cast<double>(e.start), last = static_cast<double>(e.start + e.positions - 1);
  if (view.hovered.position && *view.hovered.position != p &&
      static_cast<double>(*view.hovered.position) >= first &&
      static_cast<double>(*view.hovered.position) <= last) {
    plot::PlotVLine(static_cast<double>(*view.hovered.position), ImGui::GetColorU32(ImGuiCol_Text, 0.3f));
  }
  if (plot::IsPlotHovered()) {
    double x = 0.0, y = 0.0;
    plot::GetPlotMousePos(&x, &y);
    view.hover.position = static_cast<std::int64_t>(std::llround(x));
  }
  plot::EndPlot();
}

using namespace export_arrays;

// The arrays behind the view, for its Export menu (view_data_export.hpp).
std::vector<ExportArray> export_curves_data(const ExportContext& sources, std::size_t slot,
                                            ExportDetail detail) {
  const auto data = fresh_data(sources, slot, item_curves);
  const CurvesData& curves = *data->curves;
  require_no_error(curves.error);
  const TableKey& key = data->request.table;
  std::vector<std::pair<std::string, const std::vector<double>*>> columns;
  const std::string description = "the curves P[p, i] of the view: column 0 is p, the others P[p, i]";
  if (detail == ExportDetail::full && curves.sampling.stride > 1) {
    check_full_cap(key.encoding.positions, static_cast<std::int64_t>(curves.curves.size()) + 1);
    const std::vector<std::int64_t> positions = all_positions(key.encoding);
    std::vector<std::int64_t> dims;
    for (const auto& c : curves.curves) dims.push_back(c.dimension);
    const Matrix values = encode_grid(key.encoding, positions, dims, key.source());
    std::vector<double> p(positions.begin(), positions.end());
    std::vector<std::vector<double>> series(dims.size());
    for (std::size_t c = 0; c < dims.size(); ++c) {
      series[c].resize(positions.size());
      for (std::size_t r = 0; r < positions.size(); ++r)
        series[c][r] = values(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c));
    }
    columns.emplace_back("p", &p);
    for (std::size_t c = 0; c < dims.size(); ++c)
      columns.emplace_back("P[p, " + std::to_string(dims[c]) + "]", &series[c]);
    ExportArray a = columns_array("curves", description, position_axis(key.encoding.start, 1), columns);
    a.full = true;
    a.rows = Sampling{key.encoding.positions, 1, key.encoding.positions};
    return {a};
  }
  columns.emplace_back("p", &curves.positions);
  for (const auto& c : curves.curves)
    columns.emplace_back("P[p, " + std::to_string(c.dimension) + "]", &c.values);
  ExportArray a = columns_array("curves", description,
                                position_axis(key.encoding.start, curves.sampling.stride), columns);
  a.rows = curves.sampling;
  return {a};
}

// Its inputs to each configuration's request: the sidebar's neighbours n around i, or the columns
// picked in the view.
void curves_request_inputs(const ViewSettings& settings, const DisplaySettings& display,
                           ComputeRequest& request) {
  request.neighbour_curves = display.neighbour_curves;
  if (settings.curves.pick) request.curve_columns = settings.curves.columns;
}

}  // namespace

// The view's row in the registry (view_registry.hpp).
constinit const ViewType curves_view_type = {
    .id = "curves",
    .title = "Curves P[:, i]",
    .summary = "columns i − n .. i + n, or any picked columns, against position, each with its period",
    .needs = item_curves,
    .scope = ViewScope::per_config,
    .width = 1.0f,
    .draw = draw_curves_view,
    .request_inputs = curves_request_inputs,
    .export_data = export_curves_data,
};

}  // namespace pelab::app::ui
