// View pca: the table's rows projected on their first two principal components (or three, drawn
// as a projection that turns with a drag), positions joined in order and coloured by position,
// with the share of the variance each component explains. The sinusoid's pairs draw circles and
// its helix, a learned table a wandering path, integer and normalized a line (their table has rank
// one: every column is the same function of p).
#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "plot/plot.hpp"
#include "state/i18n.hpp"
#include "ui/heatmap_plot.hpp"
#include "ui/matrix_grid.hpp"
#include "ui/panels.hpp"
#include "ui/view_export_arrays.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {
namespace {

constexpr int colour_bins = 64;
constexpr double rank_tolerance = 1e-12;

std::string percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f %%", 100.0 * fraction);
  return text;
}

// The 3-D point turned by yaw (about the vertical axis) and pitch (about the horizontal one):
// x and y on screen (depth toward the viewer is not drawn).
struct Turned {
  double x, y;
};
Turned turn(double x, double y, double z, double yaw, double pitch) {
  const double x1 = std::cos(yaw) * x + std::sin(yaw) * z;
  const double z1 = -std::sin(yaw) * x + std::cos(yaw) * z;
  return Turned{x1, std::cos(pitch) * y - std::sin(pitch) * z1};
}

// The share of the variance of every component (the first pca_spectrum_shown) and its running sum:
// a sinusoid's pairs show as equal steps (each pair a circle), a learned table spreads its variance
// over many components, integer and normalized put it all in one.
void draw_spectrum(const PcaData& pca, ImVec2 size) {
  const auto count = static_cast<int>(pca.spectrum.size());
  if (count == 0) return;
  std::vector<double> ks(static_cast<std::size_t>(count)), share(ks.size()), total(ks.size());
  double sum = 0.0;
  for (int k = 0; k < count; ++k) {
    ks[static_cast<std::size_t>(k)] = k + 1;
    share[static_cast<std::size_t>(k)] = pca.spectrum[k];
    sum += pca.spectrum[k];
    total[static_cast<std::size_t>(k)] = sum;
  }
  plot::PlotConfig config;
  config.title = tr("views.pca.spectrum_title");
  config.x.label = tr("views.pca.component");
  config.x.integer_ticks = true;
  config.y.label = tr("views.pca.share");
  config.y.auto_fit = false;
  config.y.min = 0.0;
  config.y.max = 1.05;
  config.link = "link_pca_spectrum";
  config.legend = false;
  ImGui::BeginGroup();
  draw_legend_row({{tr("views.pca.share_each"), plot::palette_color(0), true},
                   {tr("views.pca.share_total"), plot::palette_color(1), false}});
  if (size.y > 0.0f) size.y -= ImGui::GetTextLineHeightWithSpacing();
  if (plot::BeginPlot("##pca_spectrum", size, config)) {
    plot::PlotLine(tr("views.pca.share_total"), ks.data(), total.data(), count, plot::palette_color(1), 1.5f);
    plot::PlotLine("##each", ks.data(), share.data(), count, plot::palette_color(0), 1.0f);
    plot::PlotScatter(tr("views.pca.share_each"), ks.data(), share.data(), count, plot::palette_color(0),
                      3.5f);
    plot::EndPlot();
  }
  ImGui::EndGroup();
}

void draw_pca_controls(ViewContext& view) {
  PcaViewSettings& settings = view.settings.pca;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("views.pca.components"));
  ImGui::SameLine();
  if (ImGui::RadioButton(tr("views.pca.2d"), settings.components == 2)) settings.components = 2;
  if (!view.capture_mode) item_tooltip(tr("views.pca.2d.tip"));
  ImGui::SameLine();
  if (ImGui::RadioButton(tr("views.pca.3d"), settings.components == 3)) settings.components = 3;
  if (!view.capture_mode) item_tooltip(tr("views.pca.3d.tip"));
  if (settings.components == 3) {
    ImGui::SameLine();
    if (ImGui::SmallButton(tr("views.pca.reset_turn"))) settings = PcaViewSettings{3};
  }
}

void draw_pca_view(ViewContext& view) {
  const PcaData& pca = *view.data.pca;
  PcaViewSettings& settings = view.settings.pca;
  // The controls edit a setting shared by every configuration: drawn once, in the first panel;
  // the others keep the same height so their plots line up.
  if (view.index == 0) {
    draw_pca_controls(view);
  } else {
    ImGui::Dummy(ImVec2(1.0f, ImGui::GetFrameHeight()));
  }
  if (!pca.error.empty()) {
    note_text("%s", trf("views.pca.error", {pca.error}).c_str());
    return;
  }
  int rank = 0;
  for (Eigen::Index c = 0; c < pca.explained.size(); ++c)
    if (pca.explained[c] > rank_tolerance) ++rank;
  const bool three = settings.components == 3;
  std::string note = trf("views.pca.explained", {percent(pca.explained[0]), percent(pca.explained[1])});
  if (three) note += trf("views.pca.explained3", {percent(pca.explained[2])});
  if (pca.fit.stride > 1)
    note += trf("views.pca.fitted_on", {std::to_string(pca.fit.shown), std::to_string(pca.fit.total)});
  note_text("%s", note.c_str());
  if (rank < (three ? 3 : 2)) note_text("%s", trf("views.pca.rank", {std::to_string(rank)}).c_str());

  const std::size_t count = pca.positions.size();
  if (count == 0) return;
  const double first = pca.positions.front(), last = pca.positions.back();
  const auto t_of = [&](double position) { return last > first ? (position - first) / (last - first) : 0.0; };

  // Screen coordinates of every point: the first two components, or the turned 3-D points.
  std::vector<double> xs(count), ys(count);
  for (std::size_t r = 0; r < count; ++r) {
    const auto row = static_cast<Eigen::Index>(r);
    if (three) {
      const Turned p =
          turn(pca.points(row, 0), pca.points(row, 1), pca.points(row, 2), settings.yaw, settings.pitch);
      xs[r] = p.x;
      ys[r] = p.y;
    } else {
      xs[r] = pca.points(row, 0);
      ys[r] = pca.points(row, 1);
    }
  }

  const float em = ImGui::GetFontSize();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  const float bar = std::min(5.0f * em, 0.25f * avail.x);
  const bool small = avail.y < 18.0f * em;  // compare mode, stacked: no title, no end labels
  // The projection is square; the share of variance per component takes the rest of the panel:
  // beside it when the panel is wide, below it when tall, left out when there is no room.
  const bool wide = avail.x >= 1.5f * avail.y;
  const ImVec2 room = wide ? ImVec2(std::floor(0.62f * avail.x), avail.y) : avail;
  const ImVec2 size = square_plot_size(ImVec2(room.x - bar - spacing.x, room.y), !small);
  plot::PlotConfig config;
  const std::string title = three ? tr("views.pca.title3") : tr("views.pca.title2");
  config.title = small ? nullptr : title.c_str();
  config.x.label = three ? tr("views.pca.turned_x") : "PC1";
  config.y.label = three ? tr("views.pca.turned_y") : "PC2";
  config.equal_aspect = true;
  config.legend = false;
  config.allow_zoom_pan = !three;  // in 3-D a drag turns the points
  config.link = three ? nullptr : "link_pca";
  const Colormap colormap = view.display.colormap;
  if (plot::BeginPlot("##pca", size, config)) {
    if (three) {
      // The three axes, as long as the farthest point, behind the points.
      double extent = 0.0;
      for (std::size_t r = 0; r < count; ++r)
        extent = std::max(extent, pca.points.row(static_cast<Eigen::Index>(r)).norm());
      const char* names[3] = {"PC1", "PC2", "PC3"};
      for (int axis = 0; axis < 3; ++axis) {
        const double v[3] = {axis == 0 ? extent : 0.0, axis == 1 ? extent : 0.0, axis == 2 ? extent : 0.0};
        const Turned tip = turn(v[0], v[1], v[2], settings.yaw, settings.pitch);
        const ImU32 colour = ImGui::GetColorU32(ImGuiCol_Text, 0.45f);
        plot::PlotArrow(0.0, 0.0, tip.x, tip.y, colour, 1.0f);
        plot::PlotText(tip.x, tip.y, names[axis], ImGui::GetColorU32(ImGuiCol_Text, 0.8f));
      }
    }
    // A faint halo under the path, so its darkest colours stay visible on a dark background.
    plot::PlotLine("##halo", xs.data(), ys.data(), static_cast<int>(count),
                   ImGui::GetColorU32(ImGuiCol_Text, 0.18f), 4.0f);
    // The path in order, in bins of consecutive positions, each in its colour.
    const std::size_t per_bin = std::max<std::size_t>(1, (count + colour_bins - 1) / colour_bins);
    for (std::size_t from = 0; from < count; from += per_bin) {
      const std::size_t to = std::min(count, from + per_bin + 1);  // overlap one point: a continuous path
      const ImU32 colour = colormap_u32(colormap, t_of(pca.positions[(from + to - 1) / 2]));
      plot::PlotLine("##path", xs.data() + from, ys.data() + from, static_cast<int>(to - from), colour, 1.5f);
      if (count <= 512)
        plot::PlotScatter("##points", xs.data() + from, ys.data() + from,
                          static_cast<int>(std::min(count, from + per_bin) - from), colour, 2.5f);
    }
    // The selected position, and the one pointed at in another panel.
    const auto mark = [&](std::int64_t position, ImU32 colour, const char* text) {
      const auto found = std::find(pca.positions.begin(), pca.positions.end(), static_cast<double>(position));
      if (found == pca.positions.end()) return;
      const auto r = static_cast<std::size_t>(found - pca.positions.begin());
      plot::PlotMarker(xs[r], ys[r], colour, 6.0f, text);
    };
    // Where the path starts and ends, and the selected position.
    const std::string first_text = "p = " + plot::format_number(first, 12);
    const std::string last_text = "p = " + plot::format_number(last, 12);
    plot::PlotMarker(xs.front(), ys.front(), colormap_u32(colormap, 0.0), 4.0f,
                     small ? nullptr : first_text.c_str());
    if (count > 1)
      plot::PlotMarker(xs.back(), ys.back(), colormap_u32(colormap, 1.0), 4.0f,
                       small ? nullptr : last_text.c_str());
    const std::string p_text = "p = " + std::to_string(view.selection.position);
    mark(view.selection.position, plot::palette_color(1), small ? nullptr : p_text.c_str());
    if (plot::IsPlotHovered()) {
      const ImVec2 mouse = plot::GetPlotMousePosPixels();
      std::size_t nearest = 0;
      float best = 1e30f;
      for (std::size_t r = 0; r < count; ++r) {
        const ImVec2 at = plot::PlotToPixels(xs[r], ys[r]);
        const float d = (at.x - mouse.x) * (at.x - mouse.x) + (at.y - mouse.y) * (at.y - mouse.y);
        if (d < best) best = d, nearest = r;
      }
      if (best < 4.0f * em * em) {
        const auto row = static_cast<Eigen::Index>(nearest);
        std::string text = "p = " + plot::format_number(pca.positions[nearest], 12) +
                           "\nPC1 = " + plot::format_number(pca.points(row, 0), 4) +
                           ", PC2 = " + plot::format_number(pca.points(row, 1), 4);
        if (three) text += ", PC3 = " + plot::format_number(pca.points(row, 2), 4);
        plot::SetHoverText(text.c_str());
        view.hover.position = static_cast<std::int64_t>(pca.positions[nearest]);
        if (ImGui::IsMouseReleased(0) && ImGui::GetIO().MouseDragMaxDistanceSqr[0] < 0.0625f * em * em)
          view.slot.selection.position = static_cast<std::int64_t>(pca.positions[nearest]);
      }
      if (three && ImGui::IsMouseDragging(0)) {
        const ImVec2 delta = ImGui::GetIO().MouseDelta;
        // Kept within one turn (the same view), so a long drag stays inside the session's range.
        settings.yaw = std::remainder(settings.yaw + 0.01 * delta.x, 2.0 * std::numbers::pi);
        settings.pitch = std::clamp(settings.pitch + 0.01 * delta.y, -1.55, 1.55);
      }
    } else if (view.hovered.position) {
      mark(*view.hovered.position, ImGui::GetColorU32(ImGuiCol_Text, 0.8f), nullptr);
    }
    plot::EndPlot();
  }
  ImGui::SameLine();
  plot::ColorBar("##pca_bar", view.colormaps.lut(colormap).imgui_id(), first, last, ImVec2(bar, size.y),
                 bar >= 4.5f * em ? tr("views.pca.position") : nullptr);
  if (wide) {
    ImGui::SameLine();
    const float x = ImGui::GetCursorPosX();
    if (avail.x - x > 14.0f * em) draw_spectrum(pca, ImVec2(0.0f, size.y));
  } else if (ImGui::GetContentRegionAvail().y >= 12.0f * em) {
    draw_spectrum(pca, ImVec2(avail.x, 0.0f));
  }
}

using namespace export_arrays;

// The arrays behind the view, for its Export menu (view_data_export.hpp).
std::vector<ExportArray> export_pca_data(const ExportContext& sources, std::size_t slot, ExportDetail) {
  const auto data = fresh_data(sources, slot, item_table | item_pca);
  const PcaData& pca = *data->pca;
  require_no_error(pca.error);
  std::vector<std::vector<double>> pcs(static_cast<std::size_t>(pca.points.cols()));
  std::vector<std::pair<std::string, const std::vector<double>*>> columns{{"p", &pca.positions}};
  for (Eigen::Index c = 0; c < pca.points.cols(); ++c) {
    auto& v = pcs[static_cast<std::size_t>(c)];
    v.resize(static_cast<std::size_t>(pca.points.rows()));
    for (Eigen::Index r = 0; r < pca.points.rows(); ++r) v[static_cast<std::size_t>(r)] = pca.points(r, c);
  }
  for (std::size_t c = 0; c < pcs.size(); ++c) columns.emplace_back("PC" + std::to_string(c + 1), &pcs[c]);
  ExportArray points = columns_array("points", "the table's sampled rows projected on the principal axes",
                                     "row: one sampled p", columns);
  points.rows = data->table->rows;
  const std::vector<double> explained(pca.explained.data(), pca.explained.data() + pca.explained.size());
  const std::vector<double> spectrum(pca.spectrum.data(), pca.spectrum.data() + pca.spectrum.size());
  return {points,
          columns_array("explained", "the fraction of variance of the first axes", "row: axis",
                        {{"fraction", &explained}}),
          columns_array("spectrum", "the fraction of variance of each component", "row: component",
                        {{"fraction", &spectrum}})};
}

}  // namespace

// The view's row in the registry (view_registry.hpp).
constinit const ViewType pca_view_type = {
    .id = "pca",
    .title = "Principal components of P",
    .summary = "the rows of P on their first 2 or 3 principal axes, in order",
    .needs = item_table | item_pca,
    .scope = ViewScope::per_config,
    .width = 1.0f,
    .draw = draw_pca_view,
    .export_data = export_pca_data,
};

}  // namespace pelab::app::ui
