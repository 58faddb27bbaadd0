// pelab's small immediate-mode plot layer on top of Dear ImGui 1.86 (ImPlot is not available in Debian 12).
//
//   PlotConfig cfg;  cfg.title = "Dimension curves";  cfg.x.label = "position p";  cfg.y.label = "P[p, i]";
//   if (plot::BeginPlot("##curves", {0, 0}, cfg)) {
//     plot::PlotLine("i = 0", xs, ys, n, plot::palette_color(0));
//     plot::PlotVLine(2000, plot::palette_color(3), "N = 2000");
//     plot::EndPlot();   // only when BeginPlot returned true
//   }
//
// How it works (the parts that matter to callers):
// - Items are recorded (their data is copied) and drawn in EndPlot, once this frame's limits are final. So
//   auto-fit uses the items of the *current* frame: a plot is fitted correctly in its very first frame and
//   follows the data every frame while a slider moves, with no one-frame lag. Fitting pads lines, points,
//   markers, arrows and arcs by 5% of their span; images and rectangle outlines fit exactly (a heatmap fills
//   the plot). PlotVLine counts for x only, PlotHLine for y only, PlotText by its anchor plus room for its
//   text. Log axes ignore non-positive values. When only one axis auto-fits, the other axis's range restricts
//   which points count.
// - Queries made between BeginPlot and EndPlot (IsPlotHovered, GetPlotMousePos, GetPlotLimits, PlotToPixels)
//   see the limits fitted to the items submitted *so far*: submit the data first, then query, and the answer
//   matches the drawing unless a later item widens the fit. Fixed, held (zoomed / panned / SetNextPlotLimits)
//   limits are final from BeginPlot on. (EndPlot may still widen auto-fitted axes a little to make room for
//   PlotText labels and to keep equal_aspect.)
// - Limits: auto_fit axes follow the data; auto_fit == false axes use AxisConfig::min/max (read every frame,
//   so the caller may change them). A wheel zoom, drag pan, box zoom (right-drag) or SetNextPlotLimits
//   "holds" the limits: they then stay until a double-click inside the plot releases them again.
//   Wheel over the plot area zooms both axes about the cursor; over the x or y tick labels only that axis.
// - The legend sits inside the plot, top-right; it moves to another inside corner only when that corner
//   hides clearly less of the drawn items (with hysteresis, so it does not jump while a slider moves). A
//   legend that does not fit inside the plot area, or would cover 45% of it, is left out (tiny plots).
//   Clicking a legend entry hides / shows every item with that label (hidden items are not fitted).
// - Drawing order: bands (PlotEnvelope), then lines and shapes in submission order, then markers, then line
// tags, marker labels and
//   PlotText on translucent plates, so labels stay readable over dense curves.
// - Labels never overlap each other, the legend or a marker (labels.hpp, place_labels): the legend is placed
//   first, then PlotVLine / PlotHLine tags (near the top of the line / its right end, stepping along the
//   line), then PlotMarker labels (the 8 places around the marker, then further out with a thin leader
//   line), then PlotText (its own position first). Among free places a label prefers the one covering the
//   fewest drawn points. The hover readout takes the side of the cursor that covers no label.
// - All plot text (title, axis labels, legend entries, labels, tags, the readout, the colour bar's label) may
//   hold sub- and superscripts: "P_{p+k}", "w_k", "base^{-2k/D}" (rules in labels.hpp), drawn smaller and
//   lower / higher with the same font, so any glyph the font has can be a script.
// - Hover: crosshair through the mouse and a readout box next to it with x and y (as many digits as one pixel
//   resolves), plus the exact coordinates of the nearest line / scatter point within about a font size
//   (highlighted). SetHoverText replaces the readout's text.
// - A wave too fast for its pixels (under min_pixels_per_period) is better drawn with PlotEnvelope: the band
//   between its extremes around each pixel column, recomputed at the final limits every frame.
// - Speed: lines are culled to the visible x range (x-sorted data), decimated to the min and max of each
//   pixel column when denser than 2 points per pixel, clipped in double precision (no float overflow when
//   zoomed far in) and split into chunks for 16-bit draw lists; dense scatters draw one disc per one-radius
//   cell. A dense line's near-vertical segments become whole-pixel column spans, less the pixels of later
//   dense lines' spans (which paint over them anyway), filled in draw commands of their own, as is the plot's
//   background: opaque fills that the gfx layer draws without blending (app/gfx/draw_frame.cpp).
// - State that must survive frames (limits, hold flag, hidden legend entries, legend corner, the pan/box-zoom
//   in progress) lives in one module-level map keyed by the plot's ImGuiID (the same role as ImPlot's
//   context), next to the plot being built, the last plot's rectangle (for ColorBar) and scratch buffers.
//   It is the only module-level state of the plot layer; it is not thread-safe (neither is ImGui) and is
//   shared by all ImGui contexts.
// - Plot text uses ImGui's current font and font size, so scaling the app's font scales the plots.
// - Colours of frame, grid and text come from the ImGui style, so both light and dark themes work.
#pragma once

#include <imgui.h>

#include <vector>

#include "envelope.hpp"
#include "labels.hpp"
#include "ticks.hpp"

namespace pelab::plot {

// The plot layer's state (each plot's zoom, the linked groups, the dot sprites, the plot being built)
// lives in a context made explicitly, as ImGui's and ImPlot's: create one next to ImGui's context
// and make it current; every call below uses the current one.
namespace detail {
struct Context;
}
using Context = detail::Context;
// Makes a context; it becomes the current one when none is.
Context* CreateContext();
// Destroys `context` (nullptr: the current one); the current one is then none.
void DestroyContext(Context* context = nullptr);
Context* GetCurrentContext();
void SetCurrentContext(Context* context);

struct AxisConfig {
  const char* label = nullptr;
  Scale scale = Scale::linear;
  bool auto_fit = true;
  double min = 0, max = 1;
  bool invert = false;  // y grows downward (for heatmaps where row 0 is at the top); on x: grows leftward
  bool integer_ticks = false;  // index axes (positions, dimensions): tick step >= 1, whole-number labels
};

struct PlotConfig {
  const char* title = nullptr;
  AxisConfig x, y;
  bool legend = true;
  bool equal_aspect = false;  // one data unit is as many pixels on x as on y: the unit circle stays round
  bool allow_zoom_pan = true;
  // Plots with the same link name zoom and pan together (compare mode: the same view of several
  // configurations). A zoom, pan or double-click in one is taken by the others on their next frame.
  const char* link = nullptr;
};

// Begins a plot filling `size` (a component <= 0 means the available width / height; the height never goes
// below 8 font sizes). Returns false when the plot is clipped away: then call neither items nor EndPlot.
bool BeginPlot(const char* id, ImVec2 size, const PlotConfig& config);
// Draws the items, axes, ticks, labels, legend, hover crosshair + readout, and applies auto-fit.
void EndPlot();

// Items. Data are doubles; labels appear in the legend unless they start with "##" (text after "##" is not
// shown: "sin##2" is listed as "sin"). Non-finite values (and non-positive ones on log axes) break lines.
void PlotLine(const char* label, const double* xs, const double* ys, int count, ImU32 color,
              float thickness = 2.0f);
void PlotScatter(const char* label, const double* xs, const double* ys, int count, ImU32 color,
                 float radius = 3.0f);
// A line too fast for its pixels, drawn as the band it sweeps: per pixel column of the plot area at the
// final x-range, from its lowest to its highest value around that column (line_envelope in envelope.hpp,
// each column widened to `window` x units: a wave's period), filled opaque with `color` over the plot's
// background at 35% (a later band covers an earlier one), and both edges in `color` drawn over every
// band's fill, so overlapping bands stay apart. Bands are drawn below all other items, whatever the
// order they were submitted in: a slow curve's line stays visible over a fast one's band. Fitted and hidden
// through the legend as a line; its legend swatch is a line. For a linear x axis and ascending xs (otherwise
// nothing is drawn). A caller switches between it and PlotLine by wave_as_band(period *
// GetPlotPixelsPerUnitX()), so zooming in turns the band back into the wave.
void PlotEnvelope(const char* label, const double* xs, const double* ys, int count, ImU32 color,
                  double window = 0.0);
// An emphasised point (e.g. the selected position p) with an optional label beside it.
void PlotMarker(double x, double y, ImU32 color, float radius = 6.0f, const char* text = nullptr);
// Full-height / full-width reference lines with an optional tag (e.g. "N = 2000").
void PlotVLine(double x, ImU32 color, const char* text = nullptr, float thickness = 1.5f);
void PlotHLine(double y, ImU32 color, const char* text = nullptr, float thickness = 1.5f);
void PlotArrow(double x0, double y0, double x1, double y1, ImU32 color, float thickness = 2.0f);
// Arc of radius r (data units) from angle0 to angle1 (radians, counter-clockwise from +x in data space).
void PlotArc(double cx, double cy, double r, double angle0, double angle1, ImU32 color,
             float thickness = 2.0f, bool arrow_head = true);
// Text centred on (x, y), moved by pixel_offset.
void PlotText(double x, double y, const char* text, ImU32 color, ImVec2 pixel_offset = {0, 0});
// A texture (e.g. a heatmap) stretched so that uv0 lands on (x0, y0) and uv1 on (x1, y1).
void PlotImage(ImTextureID texture, double x0, double y0, double x1, double y1, ImVec2 uv0 = {0, 0},
               ImVec2 uv1 = {1, 1});
void PlotRectOutline(double x0, double y0, double x1, double y1, ImU32 color, float thickness = 2.0f);

// The data areas (inside the axes) of the plots ended in the current ImGui frame, in the order they
// ended: what `--geometry` reports so that tests can measure every plot on a slide.
struct PlotArea {
  ImVec2 min, max;
};
std::vector<PlotArea> PlotAreasDrawn();

// Queries, valid between BeginPlot and EndPlot.
bool IsPlotHovered();  // mouse over the plot area (not its axes), and no other widget is dragging
ImVec2 GetPlotMousePosPixels();
void GetPlotMousePos(double* x, double* y);  // data coordinates
void GetPlotLimits(double* x0, double* x1, double* y0, double* y1);
// Pixels one unit of x spans in the plot area at the current limits (as GetPlotLimits; linear x axis).
double GetPlotPixelsPerUnitX();
// Forces the limits of the next BeginPlot (any plot); they are held like a user zoom until a double-click.
void SetNextPlotLimits(double x0, double x1, double y0, double y1);
// Replaces the default "x = .., y = .." readout for this frame (may contain '\n').
void SetHoverText(const char* text);
// Whether plots and colour bars show the hover crosshair and readout (the default) until changed. An
// audience has no use for the presenter's cursor coordinates: the app turns them off in presenter mode.
void SetHoverReadout(bool shown);
bool HoverReadoutShown();  // for widgets beside the plots (matrix grids) that follow the same rule
// The smallest fraction of the font size a title, tick label or legend may shrink to when it does not
// fit (default_min_text_scale until changed). A slide promises its text at full size to the back row:
// the app sets 1 in presenter mode, and what does not fit is thinned or cut at a word instead.
inline constexpr float default_min_text_scale = 0.65f;
void SetMinTextScale(float scale);
float MinTextScale();
// `scale` (a shrink factor that would make a text fit) limited to [MinTextScale(), 1], and to at
// least `floor` besides, for text that has its own lower limit.
float TextScale(float scale, float floor);
ImVec2 PlotToPixels(double x, double y);  // NaN components for values a log axis cannot show

// A vertical colour bar with value ticks, for heatmaps: `lut_texture` is the 256x1 colormap LUT (u = 0 is
// `min`, at the bottom). size.x <= 0: just as wide as it needs; size.y <= 0: the available height. The bar
// leaves half a line above and below for its end labels; placed right after a plot with ImGui::SameLine()
// (same top, size.y <= 0 or the plot's height) it takes that plot's height and spans its area exactly.
// Hovering shows the value under the mouse.
void ColorBar(const char* id, ImTextureID lut_texture, double min, double max, ImVec2 size,
              const char* label = nullptr);

// Text with sub- and superscript markup (labels.hpp), in the current font: its size, and drawn with its
// top-left at `pos`. '\n' starts a new line.
ImVec2 CalcRichTextSize(const char* text);
void AddRichText(ImDrawList* draw_list, ImVec2 pos, ImU32 color, const char* text);
// One line of it turned 90° counter-clockwise (reading bottom to top), centred on `center`, at the
// current font size.
void AddRichTextVertical(ImDrawList* draw_list, ImVec2 center, ImU32 color, const char* text);

// Item colours with at least 3:1 contrast on both the dark (~#1c1c1c) and light (~#f2f2f2) themes; cycles
// through 10 hues for any i (negative i allowed).
ImU32 palette_color(int i);

}  // namespace pelab::plot
