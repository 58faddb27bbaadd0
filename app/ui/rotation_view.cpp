// View 4: the offset k as a linear map. For kinds with an exact T(k) (core's RotationStructure
// gives the pairs and frequencies of the kind at hand): T(k) on a window of columns around the
// selected one, the selected pair's (cos, sin) columns as points on a circle with the step k drawn
// as an arc, and the check max|T(k) P_p − P_{p+k}| as a number and as a curve over p. For the other
// kinds: one sentence on why no T(k) exists, the best linear map fitted by least squares on the
// same window, and its residual over p, so "no exact T(k)" is a number.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "plot/plot.hpp"
#include "plot/rich_text.hpp"
#include "state/i18n.hpp"
#include "ui/heatmap_plot.hpp"
#include "ui/matrix_grid.hpp"
#include "ui/panels.hpp"
#include "ui/view_export_arrays.hpp"
#include "ui/view_registry.hpp"
#include "ui/view_texts.hpp"

namespace pelab::app::ui {

ResidualPoints residual_points(const std::vector<double>& positions, const std::vector<double>& residuals) {
  ResidualPoints points;
  double smallest = std::numeric_limits<double>::infinity();
  for (std::size_t j = 0; j < residuals.size() && j < positions.size(); ++j) {
    if (residuals[j] == 0.0) {
      points.zero_positions.push_back(positions[j]);
      continue;
    }
    points.positions.push_back(positions[j]);
    points.values.push_back(residuals[j]);
    if (residuals[j] > 0.0) smallest = std::min(smallest, residuals[j]);
  }
  points.log_axis = std::isfinite(smallest);
  // A decade below the smallest value, so no real residual is mistaken for a zero on the floor.
  points.floor = points.log_axis ? std::max(std::pow(10.0, std::floor(std::log10(smallest)) - 1.0),
                                            std::numeric_limits<double>::denorm_min())
                                 : 0.0;
  return points;
}

namespace {

void draw_transform(ViewContext& view, int convention, ImVec2 size) {
  const RotationData& rotation = *view.data.rotation;
  const bool exact = rotation.structure.exact();
  const auto window = static_cast<double>(rotation.window.size());
  HeatmapPlotSpec spec;
  spec.id = convention == 0 ? "##t_column" : "##t_row";
  // No colour bar (the scale is fixed): the title says it, so the square gets the room.
  spec.title = exact ? (convention == 0 ? tr("views.rotation.t_column") : tr("views.rotation.t_row"))
                     : (convention == 0 ? tr("views.rotation.m_column") : tr("views.rotation.m_row"));
  spec.colorbar = false;
  // Window columns need not be contiguous (concat pairs k with k + K): axes count window slots
  // and the hover names the real columns.
  const bool contiguous = rotation.window.empty() || rotation.window.back() - rotation.window.front() + 1 ==
                                                         static_cast<std::int64_t>(rotation.window.size());
  const double first =
      contiguous && !rotation.window.empty() ? static_cast<double>(rotation.window.front()) : 0.0;
  // On a slide, where no one can point at a cell, the axis does not offer the hover.
  spec.x_label = contiguous                ? tr("axis.column")
                 : view.lessons.presenting ? tr("views.rotation.slot_y")
                                           : tr("views.rotation.slot_x");
  spec.y_label = contiguous ? tr("axis.row") : tr("views.rotation.slot_y");
  spec.value_label = exact ? "T(k)" : "M";
  spec.x0 = spec.y0 = first - 0.5;
  spec.x1 = spec.y1 = first + window - 0.5;
  spec.equal_aspect = true;
  spec.grid = &rotation.heatmaps[static_cast<std::size_t>(convention)];
  spec.image = &view.gpu.rotation[static_cast<std::size_t>(convention)];
  spec.placement_name = convention == 0 ? "rotation-column" : "rotation-row";
  spec.fixed_range = ValueRange{-1.0, 1.0};
  spec.colormap = Colormap::red_blue;  // white zeros make the 2 x 2 blocks stand out
  draw_heatmap_plot(heatmap_target(view), spec, size, [&](const HeatmapHover& hover) {
    if (exact && rotation.pair) {
      const RotationPair& pair = rotation.structure.pairs[*rotation.pair];
      for (std::int64_t col : {pair.sin_col, pair.cos_col}) {
        const auto slot =
            std::find(rotation.window.begin(), rotation.window.end(), col) - rotation.window.begin();
        const double at = first + static_cast<double>(slot);
        highlight_rect(at - 0.5, at - 0.5, at + 0.5, at + 0.5);
      }
    }
    if (!hover.active) return;
    const std::string text =
        (exact ? "T[" : "M[") + std::to_string(rotation.window[static_cast<std::size_t>(hover.row)]) + ", " +
        std::to_string(rotation.window[static_cast<std::size_t>(hover.col)]) + "] = " +
        plot::format_number(rotation.blocks[static_cast<std::size_t>(convention)](hover.row, hover.col), 9);
    plot::SetHoverText(text.c_str());
  });
}

void draw_circle(ViewContext& view, ImVec2 size) {
  const RotationData& rotation = *view.data.rotation;
  const TableData& table = *view.data.table;
  const SelectedResidual& selected = *view.data.selected_residual;
  if (!rotation.pair) return;
  const RotationPair& pair = rotation.structure.pairs[*rotation.pair];
  const std::string title = trf(
      "views.rotation.pair_title",
      {std::to_string(pair.sin_col), std::to_string(pair.cos_col), plot::format_number(pair.frequency, 4)});
  const std::string x_label = "P[p, " + std::to_string(pair.cos_col) + "] = cos(w p)";
  const std::string y_label = "P[p, " + std::to_string(pair.sin_col) + "] = sin(w p)";
  plot::PlotConfig config;
  config.title = title.c_str();
  config.x.label = x_label.c_str();
  config.y.label = y_label.c_str();
  config.equal_aspect = true;
  config.legend = false;
  config.link = "link_circle";
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
  if (!table.error.empty() || pair.cos_col >= table.exact.cols()) return plot::EndPlot();
  // At most ~512 points: more only smear into a ring.
  const std::int64_t step = std::max<std::int64_t>(1, table.rows.shown / 512);
  xs.clear();
  ys.clear();
  for (std::int64_t r = 0; r < table.rows.shown; r += step) {
    xs.push_back(table.exact(r, pair.cos_col));
    ys.push_back(table.exact(r, pair.sin_col));
  }
  plot::PlotScatter(tr("views.rotation.positions"), xs.data(), ys.data(), static_cast<int>(xs.size()),
                    plot::palette_color(0), 2.5f);
  if (selected.error.empty() && selected.row.size() > pair.cos_col) {
    const double x = selected.row[pair.cos_col], y = selected.row[pair.sin_col];
    const double radius = std::hypot(x, y);
    // (cos a, sin a) sits at polar angle a; T(k) turns it to a + w k: where Pₚ lands, to compare
    // with the real Pₚ₊ₖ.
    const double from = std::atan2(y, x);
    const double to = from + rotation.angle;
    if (radius > 0.0 && std::abs(std::remainder(rotation.angle, 2.0 * std::numbers::pi)) > 1e-9) {
      plot::PlotArc(0.0, 0.0, radius, from, to, plot::palette_color(2), 2.5f, true);
    }
    const std::string p_text = "P_p, p = " + std::to_string(view.data.request.selection.position);
    plot::PlotMarker(x, y, plot::palette_color(1), 7.0f, p_text.c_str());
    const double tx = radius * std::cos(to), ty = radius * std::sin(to);
    const double sx = selected.shifted_row[pair.cos_col], sy = selected.shifted_row[pair.sin_col];
    // When T(k) Pₚ and Pₚ₊ₖ coincide (the exact case), one label says so instead of two on top of each other.
    if (std::hypot(tx - sx, ty - sy) < 0.05 * std::max(radius, 1e-12)) {
      plot::PlotMarker(sx, sy, plot::palette_color(3), 7.0f, "P_{p+k} = T(k) P_p");
    } else {
      plot::PlotMarker(tx, ty, plot::palette_color(2), 5.0f, "T(k) P_p");
      plot::PlotMarker(sx, sy, plot::palette_color(3), 7.0f, "P_{p+k}");
    }
  }
  plot::EndPlot();
}

void draw_residual_curve(ViewContext& view, ImVec2 size, const std::vector<double>& positions,
                         const std::vector<double>& residuals, const char* y_label) {
  const ResidualPoints points = residual_points(positions, residuals);
  plot::PlotConfig config;
  config.title = tr("views.rotation.residual_title");
  config.x.label = tr("axis.position_p");
  config.x.integer_ticks = true;
  config.y.label = y_label;
  // A log axis has no 0: with no residual above 0 the axis is linear, from 0 (the floor) up. With
  // zeros the y limits are set here, not fitted, so the floor sits just above the bottom edge with its
  // markers whole.
  config.y.scale = points.log_axis ? plot::Scale::log10 : plot::Scale::linear;
  if (!points.zero_positions.empty()) {
    config.y.auto_fit = false;
    config.y.min = -0.05;
    config.y.max = 1.0;
  }
  if (!points.zero_positions.empty() && points.log_axis) {
    double highest = points.floor;
    for (double v : points.values)
      if (std::isfinite(v)) highest = std::max(highest, v);
    const double lo = std::log10(points.floor), hi = std::log10(highest);
    const double pad = 0.05 * (hi - lo);
    config.y.min = std::pow(10.0, lo - pad);
    config.y.max = std::pow(10.0, hi + pad);
  }
  config.legend = false;
  // Log and linear panels do not share zoom and pan: a log range means nothing on a linear axis.
  config.link = points.log_axis ? "link_residual" : "link_residual_linear";
  // Above the plot (a group, so the column beside the squares keeps note and plot together): why some
  // points sit on the floor.
  ImGui::BeginGroup();
  if (!points.zero_positions.empty()) {
    const char* note = tr(points.log_axis ? "views.rotation.zero_note" : "views.rotation.zero_note_all");
    if (size.y > 0.0f) size.y = std::max(size.y - note_text_height(note), 4.0f * ImGui::GetFontSize());
    note_text("%s", note);
  }
  if (!plot::BeginPlot("##residual", size, config)) return ImGui::EndGroup();
  plot::PlotScatter(tr("views.rotation.residual"), points.positions.data(), points.values.data(),
                    static_cast<int>(points.values.size()), plot::palette_color(3), 2.0f);
  if (!points.zero_positions.empty()) {
    // The floor line and the zeros on it.
    const std::vector<double> zeros = points.zero_values();
    plot::PlotHLine(points.floor, ImGui::GetColorU32(ImGuiCol_Text, 0.35f), tr("views.rotation.zero_line"),
                    1.0f);
    plot::PlotScatter(tr("views.rotation.residual_zero"), points.zero_positions.data(), zeros.data(),
                      static_cast<int>(zeros.size()), plot::palette_color(1), 3.5f);
    // The readout of a zero says 0, not the floor's coordinate.
    if (plot::IsPlotHovered()) {
      const ImVec2 mouse = plot::GetPlotMousePosPixels();
      const float reach = 0.8f * ImGui::GetFontSize();
      for (double p : points.zero_positions) {
        const ImVec2 at = plot::PlotToPixels(p, points.floor);
        if (std::hypot(at.x - mouse.x, at.y - mouse.y) > reach) continue;
        const std::string text = "p = " + plot::format_number(p, 12) + "\n" + y_label + " = 0";
        plot::SetHoverText(text.c_str());
        break;
      }
    }
  }
  plot::PlotVLine(static_cast<double>(view.selection.position), ImGui::GetColorU32(ImGuiCol_Text, 0.6f), "p");
  plot::EndPlot();
  ImGui::EndGroup();
}

// The header: what the map is, and the check at p; each phrase kept whole (ImGui's word wrap would
// break a number such as 1.11e-16 at its '.'), side by side when both fit.
// `why`: whether a kind without T(k) says why above its fitted map.
void draw_header(ViewContext& view, bool why) {
  const RotationData& rotation = *view.data.rotation;
  const SelectedResidual& selected = *view.data.selected_residual;
  const Selection& shown = view.data.request.selection;
  std::string first, second;
  if (rotation.structure.exact()) {
    first = tr_text(rotation.structure.pairing_text) + ", " + rotation.structure.frequency_rule + ".";
    if (rotation.pair) {
      const RotationPair& pair = rotation.structure.pairs[*rotation.pair];
      first += "  k = " + std::to_string(shown.offset) +
               ": w·k = " + plot::format_number(pair.frequency * static_cast<double>(shown.offset), 4) +
               " rad";
    }
    second = !selected.error.empty() ? selected.error
             : selected.has_value ? trf("views.rotation.residual_at", {plot::format_number(selected.value, 3),
                                                                       std::to_string(shown.position)})
                                  : "";
  } else {
    if (why) first = tr_text(rotation.structure.why_not_text);
    second = tr("views.rotation.fit_on") + std::string(" ") + std::to_string(rotation.window.front()) + "–" +
             std::to_string(rotation.window.back()) + ": " + tr("views.rotation.max_residual") + " " +
             plot::format_number(rotation.fit_largest, 3) +
             (rotation.fit_underdetermined ? std::string(" ") + tr("views.rotation.underdetermined") : "");
  }
  if (!first.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    plot::TextWrappedRich(first);  // the frequency rule's exponent is script markup
    ImGui::PopTextWrapPos();
  }
  if (!second.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    plot::TextWrappedRich(second);
    ImGui::PopTextWrapPos();
  }
}

void draw_rotation_view(ViewContext& view) {
  const RotationData& rotation = *view.data.rotation;
  if (!rotation.error.empty()) {
    note_text("%s", rotation.error.c_str());
    return;
  }
  // On a slide the caption band explains the step: the sentence on why a kind has no T(k) gives way
  // when under it the fitted map would be smaller than a projector's readable side (two
  // configurations side by side at 1024 x 768: 95 px). What the map still spends under the sentence:
  // the fit's line or two, its title and its axes, about 8 font heights.
  const ImVec2 room = ImGui::GetContentRegionAvail();
  const bool why =
      !view.lessons.presenting || rotation.structure.exact() ||
      room.y -
              ImGui::CalcTextSize(tr_text(rotation.structure.why_not_text).c_str(), nullptr, false, room.x)
                  .y -
              8.0f * ImGui::GetFontSize() >=
          readable_matrix_side();
  draw_header(view, why);
  const bool exact = rotation.structure.exact();
  const bool has_circle = exact && rotation.pair.has_value();
  const ResidualData& residual = *view.data.residual;
  const std::vector<double>& positions = exact ? residual.positions : rotation.fit_positions;
  const std::vector<double>& residuals = exact ? residual.residuals : rotation.fit_residuals;
  const char* y_label = exact ? "max |T(k) P_p − P_{p+k}|" : tr("views.rotation.fit_axis");

  // The maps and the circle are square plots; the residual curve takes what is left. Side by side
  // when every plot gets a usable width, else the squares on top and the curve below (when tall
  // enough), else the squares alone.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float em = ImGui::GetFontSize();
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  const bool both = view.display.show_both_conventions;
  const int convention = view.display.convention == RotationConvention::column ? 0 : 1;
  const int transforms = both ? 2 : 1;
  const int squares = transforms + (has_circle ? 1 : 0);
  const auto draw_squares = [&](float width, float height) {
    for (int t = 0; t < transforms; ++t) {
      if (t > 0) ImGui::SameLine();
      draw_transform(view, both ? t : convention, ImVec2(width, height));
    }
    if (has_circle) {
      ImGui::SameLine();
      draw_circle(view, square_plot_size(ImVec2(width, height), true));
    }
  };
  const auto draw_curve = [&](ImVec2 size) {
    if (exact && !residual.error.empty()) return note_text("%s", residual.error.c_str());
    draw_residual_curve(view, size, positions, residuals, y_label);
  };
  // The view's "residual" setting (a slide about the residual): T(k) and the curve side by side, without
  // the circle, on a landscape panel of any size.
  if (view.settings.rotation.residual && avail.x >= 1.3f * avail.y) {
    const float side = std::floor(std::min(avail.y, 0.4f * avail.x / static_cast<float>(transforms)));
    for (int t = 0; t < transforms; ++t) {
      draw_transform(view, both ? t : convention, ImVec2(side, avail.y));
      ImGui::SameLine();
    }
    draw_curve(ImVec2(0.0f, avail.y));
    return;
  }
  const float column_width =
      std::floor((avail.x - static_cast<float>(squares) * spacing.x) / static_cast<float>(squares + 1));
  if (column_width >= 14.0f * em) {
    draw_squares(column_width, avail.y);
    ImGui::SameLine();
    draw_curve(ImVec2(0.0f, avail.y));
    return;
  }
  const float square_width =
      (avail.x - static_cast<float>(squares - 1) * spacing.x) / static_cast<float>(squares);
  // A narrow, tall panel (compare mode): one plot under the other. A wide, low one (a projector's
  // 28 px font at 1024 px) keeps the squares in a row, smaller, rather than four slivers.
  if (square_width < 13.0f * em && avail.x < 1.3f * avail.y) {
    const float each =
        std::floor((avail.y - static_cast<float>(squares) * spacing.y) / static_cast<float>(squares + 1));
    for (int t = 0; t < transforms; ++t) draw_transform(view, both ? t : convention, ImVec2(avail.x, each));
    if (has_circle) draw_circle(view, square_plot_size(ImVec2(avail.x, each), true));
    draw_curve(ImVec2(avail.x, each));
    return;
  }
  // Too low for both: the squares alone, with a hint in the window (a slide cannot be maximised: there
  // the view's "residual" setting shows the curve instead of the circle, or under the squares).
  const bool stack_residual = avail.y >= 24.0f * em || view.settings.rotation.residual;
  const bool hint = !stack_residual && !view.lessons.presenting;
  const float top = stack_residual ? std::floor(0.5f * avail.y)
                    : hint         ? avail.y - note_text_height(tr("views.rotation.maximise"))
                                   : avail.y;
  draw_squares(
      std::floor((avail.x - static_cast<float>(squares - 1) * spacing.x) / static_cast<float>(squares)), top);
  if (stack_residual) {
    draw_curve(ImVec2(avail.x, 0.0f));
  } else if (hint) {
    note_text("%s", tr("views.rotation.maximise"));
  }
}

using namespace export_arrays;

// The arrays behind the view, for its Export menu (view_data_export.hpp).
std::vector<ExportArray> export_rotation_data(const ExportContext& sources, std::size_t slot, ExportDetail) {
  const auto data = fresh_data(sources, slot, item_table | item_rotation | item_residual);
  const RotationData& rot = *data->rotation;
  require_no_error(rot.error);
  const bool exact = rot.structure.exact();
  std::string window = "columns";
  for (std::int64_t c : rot.window) {
    window += ' ';  // not `" " + std::to_string(c)`: GCC 12's false -Wrestrict
    window += std::to_string(c);
  }
  const std::string k = std::to_string(data->request.selection.offset);
  std::vector<ExportArray> arrays;
  arrays.push_back(matrix_array(
      exact ? "T-column" : "fit",
      exact ? "T(" + k + ") in the column convention P_{p+k} = T(k) P_p, on " + window
            : "the least-squares linear map for k = " + k + " on " + window,
      rot.blocks[0], "row: output column (window order)", "column: input column (window order)"));
  arrays.push_back(matrix_array(exact ? "T-row" : "fit-transposed",
                                exact ? "T(" + k + ") in the row convention P_{p+k} = P_p T(k), on " + window
                                      : "the fitted map transposed (row convention), on " + window,
                                rot.blocks[1], "row: input column (window order)",
                                "column: output column (window order)"));
  std::vector<double> columns(rot.window.begin(), rot.window.end());
  arrays.push_back(columns_array("window", "the columns of P the matrices act on, in order",
                                 "row: window index", {{"column", &columns}}));
  if (exact) {
    const ResidualData& res = *data->residual;
    require_no_error(res.error);
    ExportArray r =
        columns_array("residual", "max_i |(T(k) P_p)_i − P[p + k, i]| over p for k = " + k,
                      "row: one sampled p", {{"p", &res.positions}, {"residual", &res.residuals}});
    r.rows = data->table->rows;
    r.rows.shown = r.shape[0];
    arrays.push_back(std::move(r));
  } else {
    ExportArray r =
        columns_array("fit-residual", "the fitted map's residual over p for k = " + k, "row: one sampled p",
                      {{"p", &rot.fit_positions}, {"residual", &rot.fit_residuals}});
    r.rows = data->table->rows;
    r.rows.shown = r.shape[0];
    arrays.push_back(std::move(r));
  }
  return arrays;
}

}  // namespace

// The view's row in the registry (view_registry.hpp).
constinit const ViewType rotation_view_type = {
    .id = "rotation",
    .title = "Offset as rotation T(k)",
    .summary =
        "T(k) with P_{p+k} = T(k) P_p, the pair on its circle and the residual over p (or the best linear "
        "fit)",
    .needs = item_table | item_rotation | item_residual | item_selected_residual,
    .scope = ViewScope::per_config,
    .width = 2.0f,
    .draw = draw_rotation_view,
    .export_data = export_rotation_data,
};

}  // namespace pelab::app::ui
