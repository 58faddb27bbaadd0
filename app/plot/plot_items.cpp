// Plot layer: recording items (their data is copied and drawn in EndPlot) and the in-plot queries.
#include <algorithm>
#include <cmath>

#include "plot_internal.hpp"

namespace pelab::plot {

namespace detail {

// ------------------------------------------------------------------------------------------ items

bool begin_item() {
  IM_ASSERT(ctx().active && "plot items must be submitted between BeginPlot() and EndPlot()");
  return ctx().active;
}

// Registers `label` in the legend; returns its id (0 for "##..." / empty labels).
ImGuiID legend_item(const char* label, ImU32 color, bool line, bool points) {
  Context& c = ctx();
  if (!label || !label[0] || (label[0] == '#' && label[1] == '#')) return 0;
  const ImGuiID id = ImHashStr(label, 0, c.id);
  for (LegendEntry& e : c.legend) {
    if (e.id == id) {
      e.has_line |= line;
      e.has_points |= points;
      return id;
    }
  }
  LegendEntry e;
  e.id = id;
  e.name = legend_name(label);
  e.color = color;
  e.has_line = line;
  e.has_points = points;
  e.hidden = c.st->is_hidden(id);
  c.legend.push_back(std::move(e));
  return id;
}

bool x_visible(const Context& c, double x) { return x >= c.x.lo && x <= c.x.hi; }
bool y_visible(const Context& c, double y) { return y >= c.y.lo && y <= c.y.hi; }
bool x_ok(const Context& c, double x) { return std::isfinite(x) && (c.cfg.x.scale != Scale::log10 || x > 0); }
bool y_ok(const Context& c, double y) { return std::isfinite(y) && (c.cfg.y.scale != Scale::log10 || y > 0); }

// Adds a point to the auto-fit extents. When only one axis fits, the other axis's (final) range decides
// which points count.
void fit_point(Context& c, double x, double y, bool exact) {
  if (!x_ok(c, x) || !y_ok(c, y)) return;
  Extent& ex = exact ? c.exact_x : c.pad_x;
  Extent& ey = exact ? c.exact_y : c.pad_y;
  if (!(c.fitting_y && !c.fitting_x) || y_visible(c, y)) ex.add(x);
  if (!(c.fitting_x && !c.fitting_y) || x_visible(c, x)) ey.add(y);
}

Item& new_item(Kind kind, ImU32 color, float size) {
  Context& c = ctx();
  c.fit_dirty = true;
  c.items.emplace_back();
  Item& it = c.items.back();
  it.kind = kind;
  it.color = color;
  it.size = size;
  return it;
}

void record_points(Kind kind, const char* label, const double* xs, const double* ys, int count, ImU32 color,
                   float size) {
  if (!begin_item() || !xs || !ys || count <= 0) return;
  Context& c = ctx();
  const ImGuiID lid = legend_item(label, color, kind != Kind::scatter, kind == Kind::scatter);
  Item& it = new_item(kind, color, size);
  it.legend_id = lid;
  it.hidden = lid != 0 && c.st->is_hidden(lid);
  it.offset = c.data.size();
  it.count = count;
  c.data.insert(c.data.end(), xs, xs + count);
  c.data.insert(c.data.end(), ys, ys + count);
  if (it.hidden) return;
  // fit_point(), unrolled for long arrays.
  const bool logx = c.cfg.x.scale == Scale::log10, logy = c.cfg.y.scale == Scale::log10;
  const bool x_needs_y = c.fitting_y && !c.fitting_x, y_needs_x = c.fitting_x && !c.fitting_y;
  Extent ex = c.pad_x, ey = c.pad_y;
  for (int i = 0; i < count; ++i) {
    const double x = xs[i], y = ys[i];
    if (!std::isfinite(x) || !std::isfinite(y) || (logx && !(x > 0)) || (logy && !(y > 0))) continue;
    if (!x_needs_y || (y >= c.y.lo && y <= c.y.hi)) ex.lo = std::min(ex.lo, x), ex.hi = std::max(ex.hi, x);
    if (!y_needs_x || (x >= c.x.lo && x <= c.x.hi)) ey.lo = std::min(ey.lo, y), ey.hi = std::max(ey.hi, y);
  }
  c.pad_x = ex;
  c.pad_y = ey;
}

}  // namespace detail

using namespace detail;

void PlotLine(const char* label, const double* xs, const double* ys, int count, ImU32 color,
              float thickness) {
  record_points(Kind::line, label, xs, ys, count, color, thickness);
}

void PlotScatter(const char* label, const double* xs, const double* ys, int count, ImU32 color,
                 float radius) {
  record_points(Kind::scatter, label, xs, ys, count, color, radius);
}

void PlotEnvelope(const char* label, const double* xs, const double* ys, int count, ImU32 color,
                  double window) {
  Context& c = ctx();
  const size_t before = c.items.size();
  record_points(Kind::envelope, label, xs, ys, count, color, 1.0f);
  if (c.items.size() > before) c.items.back().g[0] = window;
}

void PlotMarker(double x, double y, ImU32 color, float radius, const char* text) {
  if (!begin_item()) return;
  Item& it = new_item(Kind::marker, color, radius);
  it.g[0] = x, it.g[1] = y;
  if (text) it.text = text;
  fit_point(ctx(), x, y, false);
}

void PlotVLine(double x, ImU32 color, const char* text, float thickness) {
  if (!begin_item()) return;
  Context& c = ctx();
  Item& it = new_item(Kind::vline, color, thickness);
  it.g[0] = x;
  if (text) it.text = text;
  if (x_ok(c, x)) c.pad_x.add(x);
}

void PlotHLine(double y, ImU32 color, const char* text, float thickness) {
  if (!begin_item()) return;
  Context& c = ctx();
  Item& it = new_item(Kind::hline, color, thickness);
  it.g[1] = y;
  if (text) it.text = text;
  if (y_ok(c, y)) c.pad_y.add(y);
}

void PlotArrow(double x0, double y0, double x1, double y1, ImU32 color, float thickness) {
  if (!begin_item()) return;
  Item& it = new_item(Kind::arrow, color, thickness);
  it.g[0] = x0, it.g[1] = y0, it.g[2] = x1, it.g[3] = y1;
  fit_point(ctx(), x0, y0, false);
  fit_point(ctx(), x1, y1, false);
}

void PlotArc(double cx, double cy, double r, double angle0, double angle1, ImU32 color, float thickness,
             bool arrow_head) {
  if (!begin_item()) return;
  Item& it = new_item(Kind::arc, color, thickness);
  it.g[0] = cx, it.g[1] = cy, it.g[2] = r, it.g[3] = angle0, it.g[4] = angle1;
  it.arrow_head = arrow_head;
  for (int i = 0; i <= 16; ++i) {
    const double a = angle0 + (angle1 - angle0) * i / 16;
    fit_point(ctx(), cx + r * std::cos(a), cy + r * std::sin(a), false);
  }
}

void PlotText(double x, double y, const char* text, ImU32 color, ImVec2 pixel_offset) {
  if (!begin_item() || !text) return;
  Item& it = new_item(Kind::text, color, 1);
  it.g[0] = x, it.g[1] = y;
  it.text = text;
  it.pixel_offset = pixel_offset;
  fit_point(ctx(), x, y, false);
}

void PlotImage(ImTextureID texture, double x0, double y0, double x1, double y1, ImVec2 uv0, ImVec2 uv1) {
  if (!begin_item()) return;
  Item& it = new_item(Kind::image, IM_COL32_WHITE, 1);
  it.texture = texture;
  it.g[0] = x0, it.g[1] = y0, it.g[2] = x1, it.g[3] = y1;
  it.uv0 = uv0, it.uv1 = uv1;
  fit_point(ctx(), x0, y0, true);
  fit_point(ctx(), x1, y1, true);
}

void PlotRectOutline(double x0, double y0, double x1, double y1, ImU32 color, float thickness) {
  if (!begin_item()) return;
  Item& it = new_item(Kind::rect, color, thickness);
  it.g[0] = x0, it.g[1] = y0, it.g[2] = x1, it.g[3] = y1;
  fit_point(ctx(), x0, y0, true);
  fit_point(ctx(), x1, y1, true);
}

bool IsPlotHovered() {
  if (!begin_item()) return false;
  refresh_fit(ctx());
  return ctx().area_hovered;
}

ImVec2 GetPlotMousePosPixels() { return begin_item() ? ctx().mouse : ImVec2(0, 0); }

void GetPlotMousePos(double* x, double* y) {
  if (!begin_item()) return;
  Context& c = ctx();
  refresh_fit(c);
  if (x) *x = c.lay.xm.to_data(c.mouse.x);
  if (y) *y = c.lay.ym.to_data(c.mouse.y);
}

void GetPlotLimits(double* x0, double* x1, double* y0, double* y1) {
  if (!begin_item()) return;
  Context& c = ctx();
  refresh_fit(c);
  if (x0) *x0 = c.x.lo;
  if (x1) *x1 = c.x.hi;
  if (y0) *y0 = c.y.lo;
  if (y1) *y1 = c.y.hi;
}

double GetPlotPixelsPerUnitX() {
  if (!begin_item()) return 0.0;
  Context& c = ctx();
  refresh_fit(c);
  const double span = c.x.hi - c.x.lo;
  return span > 0.0 ? static_cast<double>(c.lay.area.GetWidth()) / span : 0.0;
}

void SetNextPlotLimits(double x0, double x1, double y0, double y1) {
  Context& c = ctx();
  c.has_next_limits = true;
  c.next_x = {x0, x1};
  c.next_y = {y0, y1};
}

void SetHoverReadout(bool shown) { ctx().hover_readout = shown; }
bool HoverReadoutShown() { return ctx().hover_readout; }

void SetMinTextScale(float scale) { ctx().min_text_scale = std::clamp(scale, 0.1f, 1.0f); }
float MinTextScale() { return ctx().min_text_scale; }
float TextScale(float scale, float floor) {
  return std::clamp(scale, std::max(floor, ctx().min_text_scale), 1.0f);
}

void SetHoverText(const char* text) {
  if (!begin_item()) return;
  Context& c = ctx();
  c.has_hover_text = text != nullptr;
  c.hover_text = text ? text : "";
}

ImVec2 PlotToPixels(double x, double y) {
  if (!begin_item()) return ImVec2(0, 0);
  refresh_fit(ctx());
  return to_pixels(ctx(), x, y);
}

}  // namespace pelab::plot
