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

// The strip under a dense plot shows this many positions from the first: over a few hundred pixels every
// sinusoid (periods from 2π positions) has more than 8 px a period there, so its wave is a line, and
// its samples are dots.
constexpr int curves_strip_positions = 64;

// Each curve's place in the plots: the colour it keeps in both, whether it is the one marked, its
// period in positions (when its kind repeats along p) and its legend id (the same for its line and its
// band, so a curve hidden through the legend stays hidden when zooming turns one into the other).
struct CurveStyle {
  ImU32 color = 0;
  bool selected = false;
  std::optional<double> period;
  std::string id;
};

// One curve in the current plot, as its line or, under min_pixels_per_period at the plot's x-range, as
// its band (the sweep around each pixel column over one period). Returns whether it drew the band.
bool draw_curve(const CurveStyle& style, const CurvesData::Curve& curve, const std::vector<double>& positions,
                int count, std::int64_t stride) {
  const double pixels_per_period = style.period ? *style.period * plot::GetPlotPixelsPerUnitX() : 0.0;
  if (style.period && plot::wave_as_band(pixels_per_period)) {
    char pixels[32];
    std::snprintf(pixels, sizeof pixels, "%.1f", pixels_per_period);
    const std::string label = trf("views.curves.band_label", {curve.label, pixels}) + style.id;
    // The sweep over one period; with every s-th position sampled, over at least 8 samples, as one
    // period may hold only two of them, whose values alias (a ragged band at N = 10000).
    const double window = std::max(*style.period, 8.0 * static_cast<double>(stride));
    plot::PlotEnvelope(label.c_str(), positions.data(), curve.values.data(), count, style.color, window);
    return true;
  }
  const std::string label = curve.label + style.id;
  // Dense curves (more than one point per two pixels at the plot's x-range) get thinner lines: a thick
  // zigzag only fills the plot, and software rasterisers (llvmpipe under Xvfb) pay for every covered
  // pixel. Zoomed in, the same curve is sparse again and drawn as usual.
  const bool dense = plot::GetPlotPixelsPerUnitX() * static_cast<double>(stride) < 2.0;
  ImU32 color = style.color;
  // A dense curve slower than a band, drawn translucent: where several overlap, the last one does not hide
  // the others.
  if (dense && !style.selected)
    color = (color & ~IM_COL32_A_MASK) | (IM_COL32(0, 0, 0, 150) & IM_COL32_A_MASK);
  plot::PlotLine(label.c_str(), positions.data(), curve.values.data(), count, color,
                 dense ? (style.selected ? 1.5f : 1.0f) : (style.selected ? 3.0f : 1.5f));
  // P exists only at integer positions: show the samples themselves while they are few enough to see.
  if (count <= 160) {
    plot::PlotScatter(label.c_str(), positions.data(), curve.values.data(), count, color,
                      style.selected ? 3.0f : 2.0f);  // same label: one legend entry with line and points
  }
  return false;
}

// The x-range a line plot of positions first .. last fits to (the plot layer pads lines by 5% a side),
// set as the plot's own: then it is final from BeginPlot on, and each curve knows its pixels per period
// before it is drawn.
void set_position_range(plot::AxisConfig& axis, double first, double last) {
  const double pad = last > first ? 0.05 * (last - first) : 0.5;
  axis.auto_fit = false;
  axis.min = first - pad;
  axis.max = last + pad;
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
  const auto count = static_cast<int>(curves.positions.size());
  if (count == 0) return;
  const std::int64_t p = view.selection.position;
  std::vector<CurveStyle> styles;
  int colour = 0;
  for (const CurvesData::Curve& curve : curves.curves) {
    // The selected column, or the one a lesson step points at, is drawn thick.
    const LessonPlayer& player = view.lessons;
    const std::optional<Highlight>* mark =
        player.lesson ? &player.lesson->steps[player.step].highlight : nullptr;
    const bool pointed = mark && *mark && (*mark)->kind == HighlightKind::curve &&
                         (*mark)->config == view.index && (*mark)->dimension == curve.dimension;
    CurveStyle style;
    style.color = plot::palette_color(colour++);
    style.selected = curve.dimension == view.selection.dimension || pointed;
    style.period = column_wavelength(e, curve.dimension);
    style.id = "###curve" + std::to_string(curve.dimension);
    styles.push_back(std::move(style));
  }
  const double first = curves.positions.front(), last = curves.positions.back();
  // Whether a curve is a band over all positions (the plot area is a little narrower than the panel:
  // this only decides the room below the plot; each curve decides at the plot's own x-range). Then a
  // sentence under the plot says what a band is, and a strip of the first positions shows the waves.
  const float width = ImGui::GetContentRegionAvail().x;
  const double full_pixels_per_unit = static_cast<double>(width) / std::max(1.1 * (last - first), 1.0);
  const bool any_band = std::any_of(styles.begin(), styles.end(), [&](const CurveStyle& style) {
    return style.period && plot::wave_as_band(*style.period * full_pixels_per_unit);
  });
  const float font = ImGui::GetFontSize(), avail = ImGui::GetContentRegionAvail().y;
  const float spacing = ImGui::GetStyle().ItemSpacing.y;
  // What a band is, and how to see its wave: the zoom (not on a slide, where nobody holds the mouse)
  // and the strip when there is one.
  std::string note = trf("views.curves.band_what", {plot::format_number(plot::min_pixels_per_period, 3)});
  if (!view.lessons.presenting) note += " " + std::string(tr("views.curves.band_zoom"));
  const std::string strip_note =
      note + " " + trf("views.curves.band_strip", {std::to_string(curves_strip_positions)});
  // The strip needs the plot layer's least plot height (8 font sizes) and leaves the main plot at least
  // 10; the note is left out (the legend still says "band") where it would leave the plot under 8.
  const float strip_height = std::max(8.0f * font, 0.3f * avail);
  // Only where every position is a sample: one in every few would show a fast wave aliased as a slow one.
  const bool strip = any_band && curves.sampling.stride == 1 && count > curves_strip_positions &&
                     avail - note_text_height(strip_note.c_str()) - strip_height - spacing >= 10.0f * font;
  if (strip) note = strip_note;
  const float strip_space = strip ? strip_height + spacing : 0.0f;
  const float note_height = any_band ? note_text_height(note.c_str()) : 0.0f;
  const bool show_note = any_band && avail - strip_space - note_height >= 8.0f * font;
  const float main_height = avail - strip_space - (show_note ? note_height : 0.0f);

  plot::PlotConfig config;
  config.x.label = tr("axis.position_p");
  config.x.integer_ticks = true;
  config.y.label = "P[p, i]";
  config.link = "link_curves";
  set_position_range(config.x, first, last);
  // Without a band the plot takes the panel's height (0: what is left, at least 8 font sizes), as before.
  const float plot_height = any_band ? std::max(main_height, 8.0f * font) : 0.0f;
  if (!plot::BeginPlot("##curves", ImVec2(0.0f, plot_height), config)) return;
  bool banded = false;
  for (std::size_t c = 0; c < curves.curves.size(); ++c) {
    const CurvesData::Curve& curve = curves.curves[c];
    const CurveStyle& style = styles[c];
    banded = draw_curve(style, curve, curves.positions, count, curves.sampling.stride) || banded;
    // The marker at p, on the selected curve, where p is one of the plotted positions.
    const std::int64_t offset = p - e.start;
    if (style.selected && offset >= 0 && offset % curves.sampling.stride == 0 &&
        offset / curves.sampling.stride < count) {
      const double value = curve.values[static_cast<std::size_t>(offset / curves.sampling.stride)];
      const std::string text = "P[" + std::to_string(p) + ", " + std::to_string(curve.dimension) +
                               "] = " + plot::format_number(value, 4);
      plot::PlotMarker(static_cast<double>(p), value, style.color, 6.0f, text.c_str());
    }
  }
  const auto draw_position_lines = [&] {
    plot::PlotVLine(static_cast<double>(p), ImGui::GetColorU32(ImGuiCol_Text, 0.6f));
    const double start = static_cast<double>(e.start), end = static_cast<double>(e.start + e.positions - 1);
    if (view.hovered.position && *view.hovered.position != p &&
        static_cast<double>(*view.hovered.position) >= start &&
        static_cast<double>(*view.hovered.position) <= end) {
      plot::PlotVLine(static_cast<double>(*view.hovered.position), ImGui::GetColorU32(ImGuiCol_Text, 0.3f));
    }
    if (plot::IsPlotHovered()) {
      double x = 0.0, y = 0.0;
      plot::GetPlotMousePos(&x, &y);
      view.hover.position = static_cast<std::int64_t>(std::llround(x));
    }
  };
  draw_position_lines();
  plot::EndPlot();
  if (show_note) {
    // Zoomed in, the shorter sentence keeps the band's room: the strip below does not jump with the zoom.
    const std::string shown_note = banded ? note : std::string(tr("views.curves.zoomed_note"));
    const float left_over = note_height - note_text_height(shown_note.c_str());
    note_text("%s", shown_note.c_str());
    if (left_over > spacing) ImGui::Dummy(ImVec2(1.0f, left_over - spacing));
  }
  if (!strip) return;

  // The first positions, each curve as the wave it is there.
  const int shown = curves_strip_positions;
  const std::int64_t strip_last = e.start + shown - 1;
  const std::string title =
      trf("views.curves.strip_title", {std::to_string(e.start), std::to_string(strip_last)});
  plot::PlotConfig strip_config;
  strip_config.title = title.c_str();
  strip_config.x.label = tr("axis.position_p");
  strip_config.x.integer_ticks = true;
  strip_config.legend = false;  // the colours are the plot's above
  strip_config.link = "link_curves_strip";
  set_position_range(strip_config.x, first, static_cast<double>(strip_last));
  if (!plot::BeginPlot("##curves_strip", ImVec2(0.0f, strip_height), strip_config)) return;
  for (std::size_t c = 0; c < curves.curves.size(); ++c)
    draw_curve(styles[c], curves.curves[c], curves.positions, shown, curves.sampling.stride);
  draw_position_lines();
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
