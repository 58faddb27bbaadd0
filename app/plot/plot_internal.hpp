// Internals of the plot layer shared by its source files (not for consumers: include "plot/plot.hpp").
//
// Files: plot.cpp (context, BeginPlot / EndPlot), plot_limits.cpp (layout, interaction, auto-fit),
// plot_items.cpp (recording items, queries), plot_draw.cpp (drawing items), plot_axes.cpp (grid, axes,
// legend), plot_labels.cpp (label placement, hover readout), rich_text.cpp (sub/superscript text),
// plot_util.cpp (colours, clipping, strokes), colorbar.cpp (ColorBar).
#pragma once

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include "dot_sprites.hpp"
#include "labels.hpp"
#include "plot.hpp"
#include "ticks.hpp"

namespace pelab::plot::detail {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

struct Range {
  double lo = 0, hi = 1;
};

struct Extent {
  double lo = kInf, hi = -kInf;
  void add(double v) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  bool valid() const { return lo <= hi; }
};

struct DPoint {
  double x, y;
};

// Pixel rows y0 .. y1 - 1 of pixel column col: part of a dense curve (see stroke in plot_util.cpp).
struct ColumnSpan {
  int col, y0, y1;
  bool operator==(const ColumnSpan&) const = default;
};

enum class Kind { line, scatter, envelope, marker, vline, hline, arrow, arc, text, image, rect };

struct Item {
  Kind kind = Kind::line;
  ImU32 color = 0;
  float size = 1;         // thickness or radius
  ImGuiID legend_id = 0;  // 0: not in the legend
  bool hidden = false;    // hidden through the legend
  std::string text;       // marker / line tag / text item
  size_t offset = 0;      // line / scatter data: xs at data[offset], ys right after
  int count = 0;
  double g[6] = {};  // geometry in data coordinates (an envelope's window in g[0])
  ImTextureID texture = nullptr;
  ImVec2 uv0, uv1, pixel_offset;
  bool arrow_head = false;
};

struct LegendEntry {
  ImGuiID id = 0;
  std::string name;
  ImU32 color = 0;
  bool has_line = false, has_points = false;
  bool hidden = false;
};

enum class Drag { none, pan, box };

// Everything about one plot that must survive from frame to frame.
struct PlotState {
  bool initialized = false;
  Range x, y;            // limits of the last frame
  bool held = false;     // user zoom / pan / SetNextPlotLimits in effect (until a double-click)
  bool has_fit = false;  // fit_x / fit_y valid
  Range fit_x, fit_y;    // what auto-fit chose in the last frame
  Drag drag = Drag::none;
  bool drag_x_axis = true, drag_y_axis = true;
  Range drag_x, drag_y;  // limits when the drag started
  ImVec2 drag_origin;
  ImRect legend_rect;     // last frame's legend, to keep presses on it from panning
  int legend_corner = 0;  // 0 top-right, 1 top-left, 2 bottom-right, 3 bottom-left
  std::vector<ImGuiID> hidden;
  int link_version = 0;  // the version of its link group's limits this plot last took

  bool is_hidden(ImGuiID id) const { return std::find(hidden.begin(), hidden.end(), id) != hidden.end(); }
  void toggle(ImGuiID id) {
    auto it = std::find(hidden.begin(), hidden.end(), id);
    if (it == hidden.end()) {
      hidden.push_back(id);
    } else {
      hidden.erase(it);
    }
  }
};

struct Layout {
  ImRect frame, area;
  AxisMap xm, ym;
  std::vector<PlacedTick> xticks, yticks;
  float font_size = 13, tick_len = 4;
  float title_y = 0;  // top of the title text
  float xticklabel_top = 0, xlabel_top = 0;
  float ylabel_center_x = 0, yticklabel_right = 0;
};

struct Nearest {
  bool found = false;
  double d2 = 0;
  double x = 0, y = 0;
  ImVec2 pixel;
  ImU32 color = 0;
  ImGuiID legend_id = 0;
};

// The module-level plot context: persistent per-plot state plus the plot being built. See plot.hpp.
// Limits shared by the plots of one link group (PlotConfig::link): the last zoom or pan in any of them.
struct LinkState {
  int version = 0;
  bool held = false;
  Range x, y;
};

struct Context {
  std::unordered_map<ImGuiID, PlotState> states;
  bool hover_readout = true;                      // SetHoverReadout
  float min_text_scale = default_min_text_scale;  // SetMinTextScale
  std::unordered_map<ImGuiID, LinkState> links;
  bool has_next_limits = false;
  Range next_x, next_y;

  bool active = false;
  ImGuiID id = 0;
  PlotState* st = nullptr;
  PlotConfig cfg;
  std::string title, xlabel, ylabel;
  Range x, y;
  Layout lay;
  bool hovered = false;       // the plot widget is hovered
  bool area_hovered = false;  // ... and the mouse is over the plot area
  ImVec2 mouse;
  bool fitting_x = false, fitting_y = false;
  bool fit_dirty = false;  // items were added since the limits were last fitted
  Extent pad_x, pad_y, exact_x, exact_y;
  std::vector<Item> items;
  std::vector<double> data;
  std::vector<LegendEntry> legend;
  std::string hover_text;
  bool has_hover_text = false;
  Nearest nearest;

  std::vector<DPoint> points;            // scratch
  std::vector<ImVec2> run;               // scratch
  std::vector<unsigned char> cells;      // scratch: scatter de-duplication grid
  std::vector<ColumnSpan> spans, cover;  // scratch: dense curve spans

  // Per item: the column spans of a dense line that no later dense line covers (prepare_dense_lines).
  std::vector<std::vector<ColumnSpan>> dense_spans;

  // Legend placement: how much of the drawn items each candidate corner would hide.
  ImRect frame_clip;  // the frame's clip rectangle (within the window's) while EndPlot draws

  // Label placement (plot_labels.cpp): drawn data points that labels should rather not cover, boxes they
  // must not cover (markers), and the boxes the placed labels took (the hover readout avoids them).
  bool collect_points = false;
  std::vector<LabelPoint> label_points;
  std::vector<LabelBox> label_obstacles;
  std::vector<LabelBox> placed_labels;
  bool score_legend = false;
  ImRect legend_candidates[4];
  double legend_scores[4] = {};

  // The last plot ended, so that a ColorBar placed beside it can line up with its area.
  ImRect last_frame, last_area;
  int last_frame_count = -1;
  ImGuiID last_window = 0;

  DotSprites dot_sprites;  // dense scatters' discs in the font atlas (dot_sprites.hpp)

  // The plot areas ended in frame `areas_frame` (PlotAreasDrawn).
  std::vector<PlotArea> areas;
  int areas_frame = -1;
};

// The current context (plot.hpp: SetCurrentContext); one must be current.
Context& ctx();

// ---- plot_util.cpp
ImU32 style_color(ImGuiCol idx, float alpha);
ImU32 mix_color(const ImVec4& a, const ImVec4& b, float t, float alpha);
ImU32 with_alpha(ImU32 color, float alpha);
ImU32 plot_background();
ImU32 label_background(float alpha);
float snap(float v);
float round_px(float v);
std::string legend_name(const char* label);
bool finite(double x, double y);
bool clip_segment(double& x0, double& y0, double& x1, double& y1, const ImRect& r);
// Starts a new draw command unless the current one is empty: opaque fills (alpha 255, no anti-aliased
// fringe) kept apart from blended shapes are drawn without blending, a cheaper path for a software
// rasteriser (app/gfx/draw_frame.cpp decides by their content; the pixels are the same).
void separate_draw_command(ImDrawList* dl);
void add_polyline(ImDrawList* dl, const std::vector<ImVec2>& pts, ImU32 color, float thickness);
// With dense_spans (dense curves: at least one point per pixel column), near-vertical segments are gathered
// there as pixel-column spans instead of being stroked (see plot_util.cpp); without dl, only gathered.
void stroke(ImDrawList* dl, const std::vector<DPoint>& pts, ImU32 color, float thickness, const ImRect& guard,
            std::vector<ImVec2>& run, std::vector<ColumnSpan>* dense_spans = nullptr);
// Column spans: normalised = sorted by column, then row, and disjoint (touching ones merged).
void normalize_spans(std::vector<ColumnSpan>& spans);
// out = the pixels of `spans` outside `cover` (both normalised; out comes normalised).
void subtract_spans(const std::vector<ColumnSpan>& spans, const std::vector<ColumnSpan>& cover,
                    std::vector<ColumnSpan>& out);
void add_spans(std::vector<ColumnSpan>& cover, const std::vector<ColumnSpan>& spans);  // cover |= spans
void fill_spans(ImDrawList* dl, const std::vector<ColumnSpan>& spans, ImU32 color);
void arrow_head(ImDrawList* dl, ImVec2 tip, ImVec2 dir, float length, ImU32 color);
float arrow_head_length(float thickness);
void trim_end(std::vector<ImVec2>& pts, float dist);
ImVec2 clamp_box(ImVec2 pos, ImVec2 size, const ImRect& bounds);
void score_segment(Context& c, double ax, double ay, double bx, double by, double thickness);
void score_rect(Context& c, const ImRect& r, double weight);
ImVec2 to_pixels(const Context& c, double x, double y);
bool pixel_ok(ImVec2 p);

// ---- rich_text.cpp (plain text takes ImGui's own path; see labels.hpp for the markup)
ImVec2 text_size(const std::string& text);  // rich, multi-line
void add_text(ImDrawList* dl, ImVec2 pos, ImU32 color, const std::string& text);
// Rotated 90 degrees counter-clockwise (reads bottom to top), centred on `center`.
// Text turned 90° counter-clockwise, centred on `center`. Longer than max_length (> 0): drawn smaller,
// down to 70%, so a long axis label of a short plot does not run into the title above it.
void add_text_vertical(ImDrawList* dl, ImVec2 center, ImU32 color, const char* text, float max_length = 0.0f);
// The padding of a label's translucent plate, and the plate with its text (pos: the plate's top-left).
ImVec2 tag_padding(float font_size);
ImRect add_tag(ImDrawList* dl, ImVec2 pos, ImU32 color, const std::string& text);

// ---- plot_limits.cpp
Layout compute_layout(const ImRect& frame, const Context& c, const Range& x, const Range& y);
void finalize_layout(Context& c, const ImRect& frame);
Range config_range(const AxisConfig& a);
void handle_input(Context& c, const ImRect& frame);
Range fit_range(const Extent& padded, const Extent& exact, Scale scale, double pad_fraction);
void refresh_fit(Context& c);
void make_room_for_text(Context& c, const ImRect& frame);

// ---- plot_items.cpp
bool begin_item();
bool x_ok(const Context& c, double x);
bool y_ok(const Context& c, double y);

// ---- plot_draw.cpp
// Before the items are drawn: the spans of each dense line and band, less the pixels later opaque dense
// lines and bands paint over anyway (in c.dense_spans).
void prepare_dense_lines(Context& c);
void draw_item(Context& c, ImDrawList* dl, const Item& it);
// A band's fill colour (opaque), and its edges, drawn after all items' fills and lines (PlotEnvelope).
ImU32 envelope_fill(ImU32 color);
void draw_envelope_edges(Context& c, ImDrawList* dl, const Item& it);

// ---- plot_axes.cpp
void draw_grid(Context& c, ImDrawList* dl);
void draw_axes(Context& c, ImDrawList* dl);
void legend_candidates(Context& c);
void choose_legend(Context& c);  // sets the state's legend corner and rectangle for this frame
void draw_legend(Context& c, ImDrawList* dl);

// ---- plot_labels.cpp
bool has_labels(const Context& c);
void place_and_draw_labels(Context& c, ImDrawList* dl);
void draw_hover(Context& c, ImDrawList* dl);

}  // namespace pelab::plot::detail
