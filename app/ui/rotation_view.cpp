// View 4: the offset k as a rotation. T(k) (a window around the selected pair: it is block
// diagonal), the pair's (cos, sin) columns as points on the unit circle with the step k drawn as an
// arc, and the check max|T(k) P_p - P_{p+k}| as a number and as a curve over p: ~1e-16 for a
// sinusoid, large for every other kind.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <vector>

#include "plot/plot.hpp"
#include "ui/heatmap_plot.hpp"
#include "ui/panels.hpp"

namespace pelab::app::ui {
namespace {

constexpr double residual_floor = 1e-17;  // exact zeros cannot sit on a log axis: drawn here instead

void draw_transform(ViewContext& view, int convention, ImVec2 size) {
  const RotationData& rotation = *view.data.rotation;
  const auto first = static_cast<double>(rotation.first_dim);
  const auto window = static_cast<double>(rotation.window);
  HeatmapPlotSpec spec;
  spec.id = convention == 0 ? "##t_column" : "##t_row";
  spec.title = convention == 0 ? "T(k), column form" : "T(k), row form";
  spec.x_label = "column";
  spec.y_label = "row";
  spec.value_label = "T(k)";
  spec.x0 = spec.y0 = first - 0.5;
  spec.x1 = spec.y1 = first + window - 0.5;
  spec.grid = &rotation.heatmaps[static_cast<std::size_t>(convention)];
  spec.image = &view.gpu.rotation[static_cast<std::size_t>(convention)];
  spec.placement_name = convention == 0 ? "rotation-column" : "rotation-row";
  spec.fixed_range = ValueRange{-1.0, 1.0};
  spec.colormap = Colormap::red_blue;  // white zeros make the 2 x 2 blocks stand out
  draw_heatmap_plot(view, spec, size, [&](const HeatmapHover& hover) {
    const auto pair_dim = static_cast<double>(2 * rotation.pair);
    highlight_rect(pair_dim - 0.5, pair_dim - 0.5, pair_dim + 1.5, pair_dim + 1.5);
    if (!hover.active) return;
    const std::string text =
        "T[" + std::to_string(rotation.first_dim + hover.row) + ", " +
        std::to_string(rotation.first_dim + hover.col) + "] = " +
        plot::format_number(rotation.blocks[static_cast<std::size_t>(convention)](hover.row, hover.col), 9);
    plot::SetHoverText(text.c_str());
  });
}

void draw_circle(ViewContext& view, ImVec2 size) {
  const RotationData& rotation = *view.data.rotation;
  const TableData& table = *view.data.table;
  const SelectedResidual& selected = *view.data.selected_residual;
  const std::int64_t sin_col = 2 * rotation.pair, cos_col = sin_col + 1;
  const std::string title = "pair " + std::to_string(rotation.pair) + " on the unit circle";
  const std::string x_label = "P[p, " + std::to_string(cos_col) + "] = cos(w p)";
  const std::string y_label = "P[p, " + std::to_string(sin_col) + "] = sin(w p)";
  plot::PlotConfig config;
  config.title = title.c_str();
  config.x.label = x_label.c_str();
  config.y.label = y_label.c_str();
  config.equal_aspect = true;
  config.legend = false;
  if (!plot::BeginPlot("##circle", size, config)) return;
  std::vector<double> xs, ys;
  constexpr int segments = 128;
  for (int s = 0; s <= segments; ++s) {
    const double angle = 2.0 * std::numbers::pi * s / segments;
    xs.push_back(std::cos(angle));
    ys.push_back(std::sin(angle));
  }
  plot::PlotLine("##unit circle", xs.data(), ys.data(), static_cast<int>(xs.size()),
                 ImGui::GetColorU32(ImGuiCol_Text, 0.35f), 1.0f);
  if (!table.error.empty() || cos_col >= table.exact.cols()) return plot::EndPlot();
  // At most ~512 points: more only smear into a ring.
  const std::int64_t step = std::max<std::int64_t>(1, table.rows.shown / 512);
  xs.clear();
  ys.clear();
  for (std::int64_t r = 0; r < table.rows.shown; r += step) {
    xs.push_back(table.exact(r, cos_col));
    ys.push_back(table.exact(r, sin_col));
  }
  plot::PlotScatter("positions", xs.data(), ys.data(), static_cast<int>(xs.size()), plot::palette_color(0),
                    2.5f);
  if (selected.error.empty() && selected.row.size() > cos_col) {
    const double x = selected.row[cos_col], y = selected.row[sin_col];
    const double radius = std::hypot(x, y);
    const double from = std::atan2(y, x);
    // T(k) rotates (cos, sin) by the angle w k: where P_p lands, to compare with the real P_{p+k}.
    const double to = from + rotation.angle;
    if (radius > 0.0 && std::abs(rotation.angle) > 1e-9) {
      plot::PlotArc(0.0, 0.0, radius, from, to, plot::palette_color(2), 2.5f, true);
    }
    const std::string p_text = "P_p, p = " + std::to_string(view.data.params.position);
    plot::PlotMarker(x, y, plot::palette_color(1), 7.0f, p_text.c_str());
    plot::PlotMarker(radius * std::cos(to), radius * std::sin(to), plot::palette_color(2), 5.0f, "T(k) P_p");
    plot::PlotMarker(selected.shifted_row[cos_col], selected.shifted_row[sin_col], plot::palette_color(3),
                     7.0f, "P_{p+k}");
  }
  plot::EndPlot();
}

void draw_residual_curve(ViewContext& view, ImVec2 size) {
  const ResidualData& residual = *view.data.residual;
  plot::PlotConfig config;
  config.title = "residual over p";
  config.x.label = "position p";
  config.x.integer_ticks = true;
  config.y.label = "max |T(k) P_p − P_{p+k}|";
  config.y.scale = plot::Scale::log10;
  config.legend = false;
  if (!residual.error.empty()) {
    note_text("%s", residual.error.c_str());
    return;
  }
  if (!plot::BeginPlot("##residual", size, config)) return;
  std::vector<double> values(residual.residuals.size());
  std::transform(residual.residuals.begin(), residual.residuals.end(), values.begin(),
                 [](double r) { return std::max(r, residual_floor); });
  plot::PlotScatter("residual", residual.positions.data(), values.data(), static_cast<int>(values.size()),
                    plot::palette_color(3), 2.0f);
  plot::PlotVLine(static_cast<double>(view.params.position), ImGui::GetColorU32(ImGuiCol_Text, 0.6f), "p");
  plot::EndPlot();
}

}  // namespace

void draw_rotation_view(ViewContext& view) {
  const RotationData& rotation = *view.data.rotation;
  if (!rotation.error.empty()) {
    note_text("%s", rotation.error.c_str());
    return;
  }
  const SelectedResidual& selected = *view.data.selected_residual;
  const ViewParams& shown = view.data.params;
  const std::string step = "k = " + std::to_string(shown.offset) + ", pair " + std::to_string(rotation.pair) +
                           ": w = " + plot::format_number(rotation.frequency, 4) +
                           ", w·k = " + plot::format_number(rotation.angle, 4) + " rad.";
  const std::string check = selected.error.empty()
                                ? "max|T(k) P_p − P_{p+k}| = " + plot::format_number(selected.value, 3) +
                                      " at p = " + std::to_string(shown.position)
                                : selected.error;
  // Two phrases, each kept whole (ImGui's word wrap would break a number such as 1.11e-16 at its
  // '.'): the check goes on the same line when it fits, else on the next.
  ImGui::TextUnformatted(step.c_str());
  const float gap = ImGui::GetFontSize();
  if (ImGui::GetContentRegionAvail().x - ImGui::GetItemRectSize().x - gap >=
      ImGui::CalcTextSize(check.c_str()).x) {
    ImGui::SameLine(0.0f, gap);
  }
  ImGui::TextUnformatted(check.c_str());

  // Three plots side by side when each gets a usable width; otherwise T(k) and the circle, and the
  // residual curve only when the view is maximised or tall enough to stack it below.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float em = ImGui::GetFontSize();
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  const bool both = view.params.show_both_conventions;
  const int convention = view.params.convention == RotationConvention::column ? 0 : 1;
  const int transforms = both ? 2 : 1;
  const int columns = transforms + 2;
  const float column_width =
      std::floor((avail.x - static_cast<float>(columns - 1) * spacing.x) / static_cast<float>(columns));
  // T(k) is square: its plot gets about as much height as width (the colour bar sits beside it).
  const auto draw_transforms = [&](float width, float height) {
    const float square = std::min(height, width - colorbar_width() + 3.0f * em);
    for (int t = 0; t < transforms; ++t) {
      if (t > 0) ImGui::SameLine();
      draw_transform(view, both ? t : convention, ImVec2(width, square));
    }
  };
  if (column_width >= 14.0f * em) {
    draw_transforms(column_width, avail.y);
    ImGui::SameLine();
    draw_circle(view, ImVec2(column_width, avail.y));
    ImGui::SameLine();
    draw_residual_curve(view, ImVec2(0.0f, avail.y));
    return;
  }
  const bool stack_residual = avail.y >= 26.0f * em;
  const float top =
      stack_residual ? std::floor(0.55f * avail.y) : avail.y - ImGui::GetTextLineHeightWithSpacing();
  const float top_width =
      std::floor((avail.x - static_cast<float>(transforms) * spacing.x) / static_cast<float>(transforms + 1));
  draw_transforms(top_width, top);
  ImGui::SameLine();
  draw_circle(view, ImVec2(0.0f, top));
  if (stack_residual) {
    draw_residual_curve(view, ImVec2(0.0f, 0.0f));
  } else {
    note_text("maximise for the residual curve over p");
  }
}

}  // namespace pelab::app::ui
