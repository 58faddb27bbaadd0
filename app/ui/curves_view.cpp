// View 2: columns of P against position: the selected dimension i and its neighbours, each
// labelled with its period (from core, for the kind at hand), and a marker at the selected p.
#include <cmath>
#include <string>

#include "plot/plot.hpp"
#include "state/i18n.hpp"
#include "ui/panels.hpp"

namespace pelab::app::ui {

void draw_curves_view(ViewContext& view) {
  const CurvesData& curves = *view.data.curves;
  const EncodingParams& e = view.data.request.table.encoding;
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
    const LessonPlayer& player = view.app.lessons;
    const std::optional<Highlight>* mark =
        player.lesson ? &player.lesson->steps[player.step].highlight : nullptr;
    const bool pointed = mark && *mark && (*mark)->kind == HighlightKind::curve &&
                         (*mark)->config == view.index && (*mark)->dimension == curve.dimension;
    const bool selected = curve.dimension == view.selection.dimension || pointed;
    const ImU32 color = plot::palette_color(colour++);
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

}  // namespace pelab::app::ui
