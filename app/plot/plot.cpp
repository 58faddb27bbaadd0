// pelab plot layer: immediate-mode plots drawn with ImDrawList. See plot.hpp for the behaviour.
#include "plot.hpp"

#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

namespace pelab::plot {

namespace {

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

enum class Kind { line, scatter, marker, vline, hline, arrow, arc, text, image, rect };

struct Item {
  Kind kind = Kind::line;
  ImU32 color = 0;
  float size = 1;         // thickness or radius
  ImGuiID legend_id = 0;  // 0: not in the legend
  bool hidden = false;    // hidden through the legend
  std::string text;       // marker / line tag / text item
  size_t offset = 0;      // line / scatter data: xs at data[offset], ys right after
  int count = 0;
  double g[6] = {};  // geometry in data coordinates
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

  std::vector<DPoint> points;        // scratch
  std::vector<ImVec2> run;           // scratch
  std::vector<unsigned char> cells;  // scratch: scatter de-duplication grid

  // Legend placement: how much of the drawn items each candidate corner would hide.
  ImRect frame_clip;  // the frame's clip rectangle (within the window's) while EndPlot draws
  bool score_legend = false;
  ImRect legend_candidates[4];
  double legend_scores[4] = {};

  // The last plot ended, so that a ColorBar placed beside it can line up with its area.
  ImRect last_frame, last_area;
  int last_frame_count = -1;
  ImGuiID last_window = 0;
};

Context& ctx() {
  static Context context;
  return context;
}

// ---------------------------------------------------------------------------------------------- helpers

ImU32 style_color(ImGuiCol idx, float alpha) { return ImGui::GetColorU32(idx, alpha); }

ImU32 mix_color(const ImVec4& a, const ImVec4& b, float t, float alpha) {
  ImVec4 c(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t, alpha);
  return ImGui::ColorConvertFloat4ToU32(c);
}

ImU32 with_alpha(ImU32 color, float alpha) {
  const float a = static_cast<float>((color >> IM_COL32_A_SHIFT) & 0xFF) * alpha;
  return (color & ~IM_COL32_A_MASK) | (static_cast<ImU32>(std::clamp(a, 0.0f, 255.0f)) << IM_COL32_A_SHIFT);
}

ImU32 plot_background() {
  const ImGuiStyle& s = ImGui::GetStyle();
  return mix_color(s.Colors[ImGuiCol_WindowBg], s.Colors[ImGuiCol_Text], 0.035f, 1.0f);
}

ImU32 label_background(float alpha) {
  const ImGuiStyle& s = ImGui::GetStyle();
  return mix_color(s.Colors[ImGuiCol_WindowBg], s.Colors[ImGuiCol_Text], 0.035f, alpha);
}

ImVec2 text_size(const char* text) { return ImGui::CalcTextSize(text, nullptr, false); }
ImVec2 text_size(const std::string& text) { return text_size(text.c_str()); }

float snap(float v) { return std::floor(v) + 0.5f; }
float round_px(float v) { return std::round(v); }

std::string legend_name(const char* label) {
  const char* hash = std::strstr(label, "##");
  return hash ? std::string(label, static_cast<size_t>(hash - label)) : std::string(label);
}

bool finite(double x, double y) { return std::isfinite(x) && std::isfinite(y); }

// Liang-Barsky: clips the segment to the rectangle; false when nothing is left.
bool clip_segment(double& x0, double& y0, double& x1, double& y1, const ImRect& r) {
  const bool in0 = x0 >= r.Min.x && x0 <= r.Max.x && y0 >= r.Min.y && y0 <= r.Max.y;
  const bool in1 = x1 >= r.Min.x && x1 <= r.Max.x && y1 >= r.Min.y && y1 <= r.Max.y;
  if (in0 && in1) return true;
  if ((x0 < r.Min.x && x1 < r.Min.x) || (x0 > r.Max.x && x1 > r.Max.x) || (y0 < r.Min.y && y1 < r.Min.y) ||
      (y0 > r.Max.y && y1 > r.Max.y))
    return false;
  const double dx = x1 - x0, dy = y1 - y0;
  double t0 = 0, t1 = 1;
  const double p[4] = {-dx, dx, -dy, dy};
  const double q[4] = {x0 - r.Min.x, r.Max.x - x0, y0 - r.Min.y, r.Max.y - y0};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return false;
      continue;
    }
    const double t = q[i] / p[i];
    if (p[i] < 0) {
      if (t > t1) return false;
      t0 = std::max(t0, t);
    } else {
      if (t < t0) return false;
      t1 = std::min(t1, t);
    }
  }
  const double nx0 = x0 + t0 * dx, ny0 = y0 + t0 * dy;
  const double nx1 = x0 + t1 * dx, ny1 = y0 + t1 * dy;
  x0 = nx0, y0 = ny0, x1 = nx1, y1 = ny1;
  return true;
}

void add_polyline(ImDrawList* dl, const std::vector<ImVec2>& pts, ImU32 color, float thickness) {
  // Chunks keep every AddPolyline far below the 16-bit index limit of one draw command.
  constexpr size_t kChunk = 2048;
  const size_t n = pts.size();
  if (n < 2) return;
  for (size_t start = 0; start + 1 < n; start += kChunk - 1) {
    const size_t m = std::min(kChunk, n - start);
    dl->AddPolyline(pts.data() + start, static_cast<int>(m), color, ImDrawFlags_None, thickness);
  }
}

// Strokes a polyline given in (double) pixels: NaN points break it, segments are clipped to `guard`, and
// the line is split at sharp turns (where ImGui's mitred joins would spike) and sub-pixel steps are merged.
void stroke(ImDrawList* dl, const std::vector<DPoint>& pts, ImU32 color, float thickness, const ImRect& guard,
            std::vector<ImVec2>& run) {
  run.clear();
  auto flush = [&] {
    add_polyline(dl, run, color, thickness);
    run.clear();
  };
  for (size_t k = 1; k < pts.size(); ++k) {
    double ax = pts[k - 1].x, ay = pts[k - 1].y, bx = pts[k].x, by = pts[k].y;
    if (!finite(ax, ay) || !finite(bx, by)) {
      flush();
      continue;
    }
    const double ox0 = ax, oy0 = ay, ox1 = bx, oy1 = by;
    if (!clip_segment(ax, ay, bx, by, guard)) {
      flush();
      continue;
    }
    const ImVec2 a(static_cast<float>(ax), static_cast<float>(ay));
    const ImVec2 b(static_cast<float>(bx), static_cast<float>(by));
    const bool a_clipped = ax != ox0 || ay != oy0;
    if (run.empty() || a_clipped) {
      flush();
      run.push_back(a);
    } else if (run.size() >= 2) {
      const ImVec2 d1(run.back().x - run[run.size() - 2].x, run.back().y - run[run.size() - 2].y);
      const ImVec2 d2(b.x - run.back().x, b.y - run.back().y);
      const float dot = d1.x * d2.x + d1.y * d2.y;
      const float l1 = std::sqrt(d1.x * d1.x + d1.y * d1.y), l2 = std::sqrt(d2.x * d2.x + d2.y * d2.y);
      if (dot < -0.2f * l1 * l2) {
        const ImVec2 joint = run.back();
        flush();
        run.push_back(joint);
      }
    }
    const bool b_clipped = bx != ox1 || by != oy1;
    const float ddx = b.x - run.back().x, ddy = b.y - run.back().y;
    if (ddx * ddx + ddy * ddy < 0.25f && !b_clipped && k + 1 < pts.size() && run.size() >= 2) continue;
    run.push_back(b);
    if (b_clipped) flush();
  }
  flush();
}

// Filled arrow head with its tip at `tip`, pointing along `dir` (not necessarily normalised).
void arrow_head(ImDrawList* dl, ImVec2 tip, ImVec2 dir, float length, ImU32 color) {
  const float len = std::sqrt(dir.x * dir.x + dir.y * dir.y);
  if (!(len > 0)) return;
  const ImVec2 u(dir.x / len, dir.y / len), n(-u.y, u.x);
  const float w = length * 0.5f;
  ImVec2 a = tip;
  ImVec2 b(tip.x - u.x * length + n.x * w, tip.y - u.y * length + n.y * w);
  ImVec2 c(tip.x - u.x * length - n.x * w, tip.y - u.y * length - n.y * w);
  // Anti-aliased fills want clockwise order on screen (y down).
  if ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) < 0) std::swap(b, c);
  dl->AddTriangleFilled(a, b, c, color);
}

float arrow_head_length(float thickness) { return 4.0f * thickness + 5.0f; }

// Removes `dist` pixels from the end of a polyline (so a line does not poke through its arrow head).
void trim_end(std::vector<ImVec2>& pts, float dist) {
  while (pts.size() >= 2 && dist > 0) {
    ImVec2& b = pts.back();
    const ImVec2 a = pts[pts.size() - 2];
    const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
    if (len > dist) {
      b = ImVec2(b.x - dx / len * dist, b.y - dy / len * dist);
      return;
    }
    dist -= len;
    pts.pop_back();
  }
}

// Text rotated 90 degrees counter-clockwise (reads bottom to top), centred on `center`. ImGui 1.86 has no
// rotated text, so the glyph quads are emitted directly from the font (no CPU clipping, GPU clip only).
void add_text_vertical(ImDrawList* dl, ImVec2 center, ImU32 color, const char* text) {
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize();
  const ImVec2 ts = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text);
  const float scale = size / font->FontSize;
  const ImVec2 origin(round_px(center.x - ts.y * 0.5f), round_px(center.y + ts.x * 0.5f));
  auto at = [&](float tx, float ty) { return ImVec2(origin.x + ty, origin.y - tx); };
  dl->PushTextureID(font->ContainerAtlas->TexID);
  const char* end = text + std::strlen(text);
  float pen = 0;
  for (const char* s = text; s < end;) {
    unsigned int c = static_cast<unsigned char>(*s);
    if (c < 0x80) {
      ++s;
    } else {
      s += ImTextCharFromUtf8(&c, s, end);
      if (c == 0) break;
    }
    if (c == '\n' || c == '\r') continue;
    const ImFontGlyph* g = font->FindGlyph(static_cast<ImWchar>(c));
    if (!g) continue;
    if (g->Visible) {
      const float x0 = pen + g->X0 * scale, x1 = pen + g->X1 * scale;
      const float y0 = g->Y0 * scale, y1 = g->Y1 * scale;
      dl->PrimReserve(6, 4);
      dl->PrimQuadUV(at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1), ImVec2(g->U0, g->V0),
                     ImVec2(g->U1, g->V0), ImVec2(g->U1, g->V1), ImVec2(g->U0, g->V1), color);
    }
    pen += g->AdvanceX * scale;
  }
  dl->PopTextureID();
}

// Text on a translucent plate, so tags stay readable over data.
ImRect add_tag(ImDrawList* dl, ImVec2 pos, ImU32 color, const std::string& text) {
  const float f = ImGui::GetFontSize();
  const ImVec2 ts = text_size(text);
  const float px = round_px(0.2f * f), py = round_px(0.05f * f);
  pos = ImVec2(round_px(pos.x), round_px(pos.y));
  const ImRect r(ImVec2(pos.x - px, pos.y - py), ImVec2(pos.x + ts.x + px, pos.y + ts.y + py));
  dl->AddRectFilled(r.Min, r.Max, label_background(0.82f), 0.2f * f);
  dl->AddText(pos, color, text.c_str());
  return r;
}

// Keeps a box of `size` at `pos` inside `bounds` when possible.
ImVec2 clamp_box(ImVec2 pos, ImVec2 size, const ImRect& bounds) {
  pos.x = std::max(bounds.Min.x, std::min(pos.x, bounds.Max.x - size.x));
  pos.y = std::max(bounds.Min.y, std::min(pos.y, bounds.Max.y - size.y));
  return pos;
}

// Legend placement scores: how many pixels of the drawn items the legend would cover in each candidate
// corner (line length x thickness, overlapped area of points; text and markers count 4x: hiding them is
// worse).
void score_segment(Context& c, double ax, double ay, double bx, double by, double thickness) {
  if (!c.score_legend || !finite(ax, ay) || !finite(bx, by)) return;
  for (int k = 0; k < 4; ++k) {
    double x0 = ax, y0 = ay, x1 = bx, y1 = by;
    if (clip_segment(x0, y0, x1, y1, c.legend_candidates[k]))
      c.legend_scores[k] += std::hypot(x1 - x0, y1 - y0) * thickness;
  }
}

void score_rect(Context& c, const ImRect& r, double weight) {
  if (!c.score_legend) return;
  for (int k = 0; k < 4; ++k) {
    const ImRect& l = c.legend_candidates[k];
    const double w = std::min(l.Max.x, r.Max.x) - std::max(l.Min.x, r.Min.x);
    const double h = std::min(l.Max.y, r.Max.y) - std::max(l.Min.y, r.Min.y);
    if (w > 0 && h > 0) c.legend_scores[k] += w * h * weight;
  }
}

// --------------------------------------------------------------------------------------------- layout

Layout compute_layout(const ImRect& frame, const Context& c, const Range& x, const Range& y) {
  Layout L;
  const float f = ImGui::GetFontSize();
  L.frame = frame;
  L.font_size = f;
  L.tick_len = round_px(0.3f * f);
  const float pad = round_px(0.35f * f);
  const float gap = round_px(0.25f * f);

  float top = frame.Min.y + pad;
  if (!c.title.empty()) {
    L.title_y = top;
    top += f + round_px(0.3f * f);
  }
  const float area_top = top + round_px(0.5f * f);
  float bottom = frame.Max.y - pad;
  if (!c.xlabel.empty()) {
    L.xlabel_top = bottom - f;
    bottom = L.xlabel_top - gap;
  }
  L.xticklabel_top = bottom - f;
  const float area_bottom = std::max(area_top + 1.0f, L.xticklabel_top - L.tick_len - round_px(0.2f * f));

  // y ticks first: their labels' width decides where the plot area starts.
  const bool yinv = c.cfg.y.invert;
  L.ym = AxisMap(y.lo, y.hi, c.cfg.y.scale, yinv ? area_top : area_bottom, yinv ? area_bottom : area_top);
  TickFitOptions yopt;
  yopt.min_gap = 0.3 * f;
  yopt.bound_lo = top;
  yopt.bound_hi = L.xticklabel_top - 1;
  yopt.integer = c.cfg.y.integer_ticks;
  L.yticks = fit_ticks(
      L.ym, [f](const std::string&) { return static_cast<double>(f); }, yopt);
  float ywidth = 0;
  for (const PlacedTick& t : L.yticks)
    if (t.show_label) ywidth = std::max(ywidth, text_size(t.tick.label).x);

  float left = frame.Min.x + pad;
  if (!c.ylabel.empty()) {
    L.ylabel_center_x = left + 0.5f * f;
    left += f + gap;
  }
  L.yticklabel_right = left + std::ceil(ywidth);
  const float area_left = L.yticklabel_right + gap + L.tick_len;
  const float area_right = std::max(area_left + 1.0f, frame.Max.x - round_px(0.7f * f));
  L.area = ImRect(area_left, area_top, area_right, area_bottom);

  const bool xinv = c.cfg.x.invert;
  L.xm = AxisMap(x.lo, x.hi, c.cfg.x.scale, xinv ? area_right : area_left, xinv ? area_left : area_right);
  TickFitOptions xopt;
  xopt.min_gap = 1.0 * f;
  xopt.bound_lo = frame.Min.x + pad;
  xopt.bound_hi = frame.Max.x - pad;
  xopt.integer = c.cfg.x.integer_ticks;
  L.xticks = fit_ticks(
      L.xm, [](const std::string& s) { return static_cast<double>(text_size(s).x); }, xopt);
  return L;
}

// Widens one axis so that both have the same data units (in transformed space) per pixel.
void apply_equal_aspect(Range& x, Range& y, const Layout& L) {
  const double w = std::max(1.0f, L.area.GetWidth()), h = std::max(1.0f, L.area.GetHeight());
  const double tx0 = L.xm.forward(x.lo), tx1 = L.xm.forward(x.hi);
  const double ty0 = L.ym.forward(y.lo), ty1 = L.ym.forward(y.hi);
  const double ux = (tx1 - tx0) / w, uy = (ty1 - ty0) / h;
  if (!(ux > 0) || !(uy > 0)) return;
  if (ux > uy) {
    const double c = (ty0 + ty1) / 2, half = ux * h / 2;
    y.lo = L.ym.inverse(c - half), y.hi = L.ym.inverse(c + half);
  } else {
    const double c = (tx0 + tx1) / 2, half = uy * w / 2;
    x.lo = L.xm.inverse(c - half), x.hi = L.xm.inverse(c + half);
  }
}

void finalize_layout(Context& c, const ImRect& frame) {
  sanitize_range(c.x.lo, c.x.hi, c.cfg.x.scale);
  sanitize_range(c.y.lo, c.y.hi, c.cfg.y.scale);
  c.lay = compute_layout(frame, c, c.x, c.y);
  if (c.cfg.equal_aspect) {
    // Two passes let the y label width (which moves the area) settle; the last pass keeps the area.
    for (int pass = 0; pass < 2; ++pass) {
      apply_equal_aspect(c.x, c.y, c.lay);
      c.lay = compute_layout(frame, c, c.x, c.y);
    }
    apply_equal_aspect(c.x, c.y, c.lay);
    Layout fixed = compute_layout(frame, c, c.x, c.y);
    if (fixed.area.Min.x == c.lay.area.Min.x) {
      c.lay = std::move(fixed);
    } else {
      // Keep the area the aspect was computed for; only re-map the axes onto it.
      const ImRect a = c.lay.area;
      const bool xinv = c.cfg.x.invert, yinv = c.cfg.y.invert;
      c.lay.xm = AxisMap(c.x.lo, c.x.hi, c.cfg.x.scale, xinv ? a.Max.x : a.Min.x, xinv ? a.Min.x : a.Max.x);
      c.lay.ym = AxisMap(c.y.lo, c.y.hi, c.cfg.y.scale, yinv ? a.Min.y : a.Max.y, yinv ? a.Max.y : a.Min.y);
      c.lay.xticks = fixed.xticks;
      c.lay.yticks = fixed.yticks;
      for (PlacedTick& t : c.lay.xticks) t.pixel = c.lay.xm.to_pixel(t.tick.value);
      for (PlacedTick& t : c.lay.yticks) t.pixel = c.lay.ym.to_pixel(t.tick.value);
    }
  }
  c.x = {c.lay.xm.lo(), c.lay.xm.hi()};
  c.y = {c.lay.ym.lo(), c.lay.ym.hi()};
}

// ------------------------------------------------------------------------------------------ interaction

Range zoom_axis(const AxisMap& m, double pixel, double factor) {
  const double tm = m.forward(m.to_data(pixel));
  const double t0 = m.forward(m.lo()), t1 = m.forward(m.hi());
  return {m.inverse(tm + (t0 - tm) * factor), m.inverse(tm + (t1 - tm) * factor)};
}

Range pan_axis(const AxisMap& m, double shift_pixels) {
  return {m.to_data(m.pix_lo() - shift_pixels), m.to_data(m.pix_hi() - shift_pixels)};
}

Range axis_between(const AxisMap& m, double p0, double p1) {
  const double a = m.to_data(p0), b = m.to_data(p1);
  return {std::min(a, b), std::max(a, b)};
}

Range config_range(const AxisConfig& a) { return {a.min, a.max}; }

void handle_input(Context& c, const ImRect& frame) {
  PlotState& st = *c.st;
  const ImGuiIO& io = ImGui::GetIO();
  const Layout& L = c.lay;
  const ImRect& area = L.area;
  const ImVec2 m = io.MousePos;
  const bool in_area = area.Contains(m);
  const bool in_xaxis = m.x >= area.Min.x && m.x <= area.Max.x && m.y > area.Max.y && m.y <= frame.Max.y;
  const bool in_yaxis = m.y >= area.Min.y && m.y <= area.Max.y && m.x < area.Min.x && m.x >= frame.Min.x;
  const bool active = ImGui::GetActiveID() == c.id;
  const bool allow = c.cfg.allow_zoom_pan;

  if (!allow) {
    st.drag = Drag::none;
    return;
  }
  // Double-click: release held limits (back to auto-fit / configured limits).
  if (c.hovered && in_area && ImGui::IsMouseDoubleClicked(0) && !st.legend_rect.Contains(m)) {
    st.held = false;
    st.drag = Drag::none;
    c.x = c.cfg.x.auto_fit && st.has_fit ? st.fit_x : config_range(c.cfg.x);
    c.y = c.cfg.y.auto_fit && st.has_fit ? st.fit_y : config_range(c.cfg.y);
    if (!c.cfg.x.auto_fit) c.x = config_range(c.cfg.x);
    if (!c.cfg.y.auto_fit) c.y = config_range(c.cfg.y);
    return;
  }
  // Wheel zoom about the cursor.
  if (c.hovered && io.MouseWheel != 0 && (in_area || in_xaxis || in_yaxis)) {
    const double factor = std::pow(1.25, -static_cast<double>(io.MouseWheel));
    if (in_area || in_xaxis) c.x = zoom_axis(L.xm, m.x, factor);
    if (in_area || in_yaxis) c.y = zoom_axis(L.ym, m.y, factor);
    st.held = true;
  }
  // Left drag: pan.
  if (st.drag == Drag::none && active && io.MouseDown[0] && ImGui::IsMouseDragPastThreshold(0)) {
    const ImVec2 o = io.MouseClickedPos[0];
    if (!st.legend_rect.Contains(o)) {
      const bool ox = o.x >= area.Min.x && o.x <= area.Max.x && o.y > area.Max.y;
      const bool oy = o.y >= area.Min.y && o.y <= area.Max.y && o.x < area.Min.x;
      st.drag = Drag::pan;
      st.drag_x_axis = !oy;
      st.drag_y_axis = !ox;
      st.drag_x = c.x;
      st.drag_y = c.y;
      st.drag_origin = o;
    }
  }
  if (st.drag == Drag::pan) {
    if (!io.MouseDown[0]) {
      st.drag = Drag::none;
    } else {
      const ImVec2 d(m.x - st.drag_origin.x, m.y - st.drag_origin.y);
      const bool xinv = c.cfg.x.invert, yinv = c.cfg.y.invert;
      if (st.drag_x_axis) {
        const AxisMap m0(st.drag_x.lo, st.drag_x.hi, c.cfg.x.scale, xinv ? area.Max.x : area.Min.x,
                         xinv ? area.Min.x : area.Max.x);
        c.x = pan_axis(m0, d.x);
      }
      if (st.drag_y_axis) {
        const AxisMap m0(st.drag_y.lo, st.drag_y.hi, c.cfg.y.scale, yinv ? area.Min.y : area.Max.y,
                         yinv ? area.Max.y : area.Min.y);
        c.y = pan_axis(m0, d.y);
      }
      st.held = true;
    }
  }
  // Right drag: box zoom (a thin box zooms one axis only).
  if (st.drag == Drag::none && active && io.MouseDown[1] && ImGui::IsMouseDragPastThreshold(1) &&
      area.Contains(io.MouseClickedPos[1])) {
    st.drag = Drag::box;
    st.drag_origin = io.MouseClickedPos[1];
  }
  if (st.drag == Drag::box && !io.MouseDown[1]) {
    st.drag = Drag::none;
    const ImVec2 a = st.drag_origin;
    const ImVec2 b(std::clamp(m.x, area.Min.x, area.Max.x), std::clamp(m.y, area.Min.y, area.Max.y));
    const float min_px = 0.25f * L.font_size;
    const bool zx = std::fabs(b.x - a.x) >= min_px, zy = std::fabs(b.y - a.y) >= min_px;
    if (zx) c.x = axis_between(L.xm, a.x, b.x);
    if (zy) c.y = axis_between(L.ym, a.y, b.y);
    if (zx || zy) st.held = true;
  }
}

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
  const ImGuiID lid = legend_item(label, color, kind == Kind::line, kind == Kind::scatter);
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

// ------------------------------------------------------------------------------------------ drawing

void consider_nearest(Context& c, double x, double y, ImVec2 p, const Item& it) {
  const float dx = p.x - c.mouse.x, dy = p.y - c.mouse.y;
  const double d2 = static_cast<double>(dx) * dx + static_cast<double>(dy) * dy;
  const double r = 0.75 * c.lay.font_size + it.size;
  if (d2 > r * r) return;
  // Closest wins; on a tie a labelled item beats an unlabelled one ("##" helper lines).
  if (c.nearest.found &&
      (d2 > c.nearest.d2 || (d2 == c.nearest.d2 && (it.legend_id == 0 || c.nearest.legend_id != 0))))
    return;
  c.nearest.found = true;
  c.nearest.d2 = d2;
  c.nearest.x = x;
  c.nearest.y = y;
  c.nearest.pixel = p;
  c.nearest.color = it.color;
  c.nearest.legend_id = it.legend_id;
}

bool is_sorted_finite(const double* xs, int n) {
  for (int i = 1; i < n; ++i)
    if (!(xs[i] >= xs[i - 1])) return false;
  return n > 0 && std::isfinite(xs[0]) && std::isfinite(xs[n - 1]);
}

// Index range [i0, i1) of the points that can touch the visible x range (one extra on each side), for
// x-sorted data; the whole range otherwise.
void visible_range(const double* xs, int n, bool sorted, double x_lo, double x_hi, int& i0, int& i1) {
  i0 = 0, i1 = n;
  if (!sorted) return;
  i0 = static_cast<int>(std::lower_bound(xs, xs + n, x_lo) - xs) - 1;
  i1 = static_cast<int>(std::upper_bound(xs, xs + n, x_hi) - xs) + 1;
  i0 = std::clamp(i0, 0, n);
  i1 = std::clamp(i1, i0, n);
}

void draw_line(Context& c, ImDrawList* dl, const Item& it) {
  const double* xs = c.data.data() + it.offset;
  const double* ys = xs + it.count;
  const int n = it.count;
  const Layout& L = c.lay;
  const bool sorted = is_sorted_finite(xs, n);
  int i0, i1;
  visible_range(xs, n, sorted, c.x.lo, c.x.hi, i0, i1);
  auto& pts = c.points;
  pts.clear();
  const int width_px = std::max(1, static_cast<int>(L.area.GetWidth()));
  if (sorted && i1 - i0 > 2 * width_px && i1 - i0 > 1000) {
    // Decimation (more than 2 points per pixel column): per column keep the min and the max (in the order
    // they occur), an envelope that looks the same as drawing every segment.
    int col = std::numeric_limits<int>::min();
    DPoint pmin{}, pmax{};
    int imin = -1, imax = -1;
    auto flush = [&] {
      if (imin < 0) return;
      if (imin == imax) {
        pts.push_back(pmin);
      } else if (imin < imax) {
        pts.push_back(pmin), pts.push_back(pmax);
      } else {
        pts.push_back(pmax), pts.push_back(pmin);
      }
      imin = imax = -1;
    };
    for (int i = i0; i < i1; ++i) {
      const double px = L.xm.to_pixel(xs[i]), py = L.ym.to_pixel(ys[i]);
      if (!finite(px, py)) {
        flush();
        pts.push_back({kNaN, kNaN});
        col = std::numeric_limits<int>::min();
        continue;
      }
      const double cpx = std::clamp(px, -1e7, 1e7);
      int k = static_cast<int>(cpx);  // floor without a libm call
      if (k > cpx) --k;
      if (k != col) {
        flush();
        col = k;
      }
      if (imin < 0 || py < pmin.y) pmin = {px, py}, imin = i;
      if (imax < 0 || py > pmax.y) pmax = {px, py}, imax = i;
    }
    flush();
  } else {
    for (int i = i0; i < i1; ++i) pts.push_back({L.xm.to_pixel(xs[i]), L.ym.to_pixel(ys[i])});
  }
  const float grow = it.size + 2;
  const ImRect guard(L.area.Min.x - grow, L.area.Min.y - grow, L.area.Max.x + grow, L.area.Max.y + grow);
  stroke(dl, pts, it.color, it.size, guard, c.run);
  if (c.score_legend)
    for (size_t k = 1; k < pts.size(); ++k)
      score_segment(c, pts[k - 1].x, pts[k - 1].y, pts[k].x, pts[k].y, it.size);

  if (c.area_hovered) {
    int j0 = i0, j1 = i1;
    if (sorted) {
      const double r = 0.75 * L.font_size + it.size;
      const double a = L.xm.to_data(c.mouse.x - r), b = L.xm.to_data(c.mouse.x + r);
      visible_range(xs, n, true, std::min(a, b), std::max(a, b), j0, j1);
    }
    for (int i = j0; i < j1; ++i) {
      const double px = L.xm.to_pixel(xs[i]), py = L.ym.to_pixel(ys[i]);
      if (finite(px, py))
        consider_nearest(c, xs[i], ys[i], ImVec2(static_cast<float>(px), static_cast<float>(py)), it);
    }
  }
}

void draw_scatter(Context& c, ImDrawList* dl, const Item& it) {
  const double* xs = c.data.data() + it.offset;
  const double* ys = xs + it.count;
  const Layout& L = c.lay;
  const float r = it.size;
  const ImRect vis(L.area.Min.x - r, L.area.Min.y - r, L.area.Max.x + r, L.area.Max.y + r);
  // Dense scatters: one disc per (half-radius) cell is enough, the rest would be drawn on top of it.
  const float cell = std::max(1.0f, 0.5f * r);
  const int gw = static_cast<int>(vis.GetWidth() / cell) + 1,
            gh = static_cast<int>(vis.GetHeight() / cell) + 1;
  const bool dedupe = it.count > 2000 && static_cast<double>(gw) * gh < 3e7;
  std::vector<unsigned char>& seen = c.cells;
  if (dedupe) seen.assign(static_cast<size_t>(gw) * static_cast<size_t>(gh), 0);
  for (int i = 0; i < it.count; ++i) {
    const double px = L.xm.to_pixel(xs[i]), py = L.ym.to_pixel(ys[i]);
    if (!finite(px, py)) continue;
    const ImVec2 p(static_cast<float>(px), static_cast<float>(py));
    if (!vis.Contains(p)) continue;
    if (c.area_hovered) consider_nearest(c, xs[i], ys[i], p, it);
    if (dedupe) {
      const size_t k = static_cast<size_t>((p.y - vis.Min.y) / cell) * static_cast<size_t>(gw) +
                       static_cast<size_t>((p.x - vis.Min.x) / cell);
      if (seen[k]) continue;
      seen[k] = 1;
    }
    dl->AddCircleFilled(p, r, it.color);
    score_rect(c, ImRect(p.x - r, p.y - r, p.x + r, p.y + r), 1);
  }
}

// First candidate position whose tag lies inside the plot area and off the legend (as of last frame).
ImVec2 place_tag(const Context& c, ImVec2 text, std::initializer_list<ImVec2> candidates) {
  const float f = c.lay.font_size;
  const ImRect& a = c.lay.area;
  const float px = 0.2f * f;
  for (const ImVec2& p : candidates) {
    const ImRect r(p.x - px, p.y - px, p.x + text.x + px, p.y + text.y + px);
    if (a.Contains(r) && !c.st->legend_rect.Overlaps(r)) return p;
  }
  ImVec2 p = *candidates.begin();
  p.x = std::max(a.Min.x + px, std::min(p.x, a.Max.x - px - text.x));
  p.y = std::max(a.Min.y + px, std::min(p.y, a.Max.y - px - text.y));
  return p;
}

ImVec2 to_pixels(const Context& c, double x, double y) {
  return ImVec2(static_cast<float>(c.lay.xm.to_pixel(x)), static_cast<float>(c.lay.ym.to_pixel(y)));
}

bool pixel_ok(ImVec2 p) {
  return std::isfinite(p.x) && std::isfinite(p.y) && std::fabs(p.x) < 1e7f && std::fabs(p.y) < 1e7f;
}

void draw_item(Context& c, ImDrawList* dl, const Item& it) {
  const Layout& L = c.lay;
  const ImRect& area = L.area;
  const float f = L.font_size;
  switch (it.kind) {
    case Kind::line:
      draw_line(c, dl, it);
      break;
    case Kind::scatter:
      draw_scatter(c, dl, it);
      break;
    case Kind::marker: {
      const ImVec2 p = to_pixels(c, it.g[0], it.g[1]);
      if (!pixel_ok(p)) break;
      const float r = it.size;
      dl->AddCircleFilled(p, r + std::max(1.5f, 0.15f * r), plot_background(), 24);
      dl->AddCircleFilled(p, r, it.color, 24);
      score_rect(c, ImRect(p.x - r, p.y - r, p.x + r, p.y + r), 4);
      break;
    }
    case Kind::vline: {
      const float px = static_cast<float>(L.xm.to_pixel(it.g[0]));
      if (!std::isfinite(px) || px < area.Min.x - it.size || px > area.Max.x + it.size) break;
      const float x = it.size <= 1.5f ? snap(px) : px;
      dl->AddLine(ImVec2(x, area.Min.y), ImVec2(x, area.Max.y), it.color, it.size);
      score_segment(c, x, area.Min.y, x, area.Max.y, it.size);
      if (!it.text.empty()) {
        const ImVec2 ts = text_size(it.text);
        const float right = x + 0.35f * f, left = x - 0.35f * f - ts.x;
        const float top = area.Min.y + 0.3f * f, under_legend = c.st->legend_rect.Max.y + 0.3f * f;
        const ImVec2 pos =
            place_tag(c, ts, {{right, top}, {left, top}, {right, under_legend}, {left, under_legend}});
        score_rect(c, add_tag(dl, pos, it.color, it.text), 4);
      }
      break;
    }
    case Kind::hline: {
      const float py = static_cast<float>(L.ym.to_pixel(it.g[1]));
      if (!std::isfinite(py) || py < area.Min.y - it.size || py > area.Max.y + it.size) break;
      const float y = it.size <= 1.5f ? snap(py) : py;
      dl->AddLine(ImVec2(area.Min.x, y), ImVec2(area.Max.x, y), it.color, it.size);
      score_segment(c, area.Min.x, y, area.Max.x, y, it.size);
      if (!it.text.empty()) {
        const ImVec2 ts = text_size(it.text);
        const float right = area.Max.x - 0.35f * f - ts.x, left = area.Min.x + 0.35f * f;
        const float above = y - 0.25f * f - ts.y, below = y + 0.25f * f;
        const ImVec2 pos = place_tag(c, ts, {{right, above}, {right, below}, {left, above}, {left, below}});
        score_rect(c, add_tag(dl, pos, it.color, it.text), 4);
      }
      break;
    }
    case Kind::arrow: {
      const ImVec2 a = to_pixels(c, it.g[0], it.g[1]), b = to_pixels(c, it.g[2], it.g[3]);
      if (!pixel_ok(a) || !pixel_ok(b)) break;
      const ImVec2 d(b.x - a.x, b.y - a.y);
      const float len = std::sqrt(d.x * d.x + d.y * d.y);
      if (!(len > 0.5f)) break;
      const float head = std::min(arrow_head_length(it.size), 0.6f * len);
      const ImVec2 end(b.x - d.x / len * head * 0.7f, b.y - d.y / len * head * 0.7f);
      dl->AddLine(a, end, it.color, it.size);
      arrow_head(dl, b, d, head, it.color);
      score_segment(c, a.x, a.y, b.x, b.y, it.size);
      score_rect(c, ImRect(b.x - 0.5f * head, b.y - 0.5f * head, b.x + 0.5f * head, b.y + 0.5f * head), 2);
      break;
    }
    case Kind::arc: {
      const double cx = it.g[0], cy = it.g[1], r = it.g[2], a0 = it.g[3], a1 = it.g[4];
      const ImVec2 pc = to_pixels(c, cx, cy), pr = to_pixels(c, cx + r, cy), pu = to_pixels(c, cx, cy + r);
      if (!pixel_ok(pc)) break;
      const float rad_px = std::max(std::fabs(pr.x - pc.x), std::fabs(pu.y - pc.y));
      const double sweep = std::fabs(a1 - a0);
      const int segments = std::clamp(static_cast<int>(sweep * rad_px / 3.0), 8, 512);
      auto& pts = c.points;
      pts.clear();
      for (int i = 0; i <= segments; ++i) {
        const double a = a0 + (a1 - a0) * i / segments;
        pts.push_back({c.lay.xm.to_pixel(cx + r * std::cos(a)), c.lay.ym.to_pixel(cy + r * std::sin(a))});
      }
      std::vector<ImVec2>& run = c.run;
      run.clear();
      for (const DPoint& p : pts)
        if (finite(p.x, p.y)) run.emplace_back(static_cast<float>(p.x), static_cast<float>(p.y));
      if (run.size() < 2) break;
      for (size_t i = 1; i < run.size(); ++i)
        score_segment(c, run[i - 1].x, run[i - 1].y, run[i].x, run[i].y, it.size);
      if (it.arrow_head) {
        const ImVec2 tip = run.back();
        // Direction of the arc at its end, over the last few pixels.
        size_t k = run.size() - 1;
        while (k > 0 && std::hypot(tip.x - run[k].x, tip.y - run[k].y) < 3.0f) --k;
        const ImVec2 dir(tip.x - run[k].x, tip.y - run[k].y);
        float total = 0;
        for (size_t i = 1; i < run.size(); ++i)
          total += std::hypot(run[i].x - run[i - 1].x, run[i].y - run[i - 1].y);
        const float head = std::min(arrow_head_length(it.size), 0.5f * total);
        trim_end(run, head * 0.7f);
        add_polyline(dl, run, it.color, it.size);
        arrow_head(dl, tip, dir, head, it.color);
      } else {
        add_polyline(dl, run, it.color, it.size);
      }
      break;
    }
    case Kind::text:
      break;  // drawn by draw_label, above everything else
    case Kind::image: {
      const ImVec2 a = to_pixels(c, it.g[0], it.g[1]), b = to_pixels(c, it.g[2], it.g[3]);
      if (!pixel_ok(a) || !pixel_ok(b)) break;
      dl->AddImage(it.texture, a, b, it.uv0, it.uv1);
      break;
    }
    case Kind::rect: {
      const ImVec2 a = to_pixels(c, it.g[0], it.g[1]), b = to_pixels(c, it.g[2], it.g[3]);
      if (!pixel_ok(a) || !pixel_ok(b)) break;
      // An outline on the edge of the data (row 0 of a heatmap) may spill over the area's border by its
      // thickness instead of losing its outer half.
      ImRect clip(area.Min.x - it.size, area.Min.y - it.size, area.Max.x + it.size, area.Max.y + it.size);
      clip.ClipWith(c.frame_clip);
      dl->PushClipRect(clip.Min, clip.Max, false);
      dl->AddRect(ImVec2(std::min(a.x, b.x), std::min(a.y, b.y)),
                  ImVec2(std::max(a.x, b.x), std::max(a.y, b.y)), it.color, 0.0f, ImDrawFlags_None, it.size);
      dl->PopClipRect();
      break;
    }
  }
}

// Marker labels and PlotText items, drawn after every other item so that dense curves never cover them;
// each sits on a translucent plate.
void draw_label(Context& c, ImDrawList* dl, const Item& it) {
  const float f = c.lay.font_size;
  if (it.kind == Kind::marker) {
    if (it.text.empty()) return;
    const ImVec2 p = to_pixels(c, it.g[0], it.g[1]);
    if (!pixel_ok(p)) return;
    const float r = it.size;
    const ImVec2 ts = text_size(it.text);
    const float off = r + 0.3f * f;
    const float right = p.x + off, left = p.x - off - ts.x;
    const float above = p.y - off - ts.y * 0.6f, below = p.y + off - ts.y * 0.4f;
    const ImVec2 pos = place_tag(c, ts, {{right, above}, {left, above}, {right, below}, {left, below}});
    score_rect(c, add_tag(dl, pos, ImGui::GetColorU32(ImGuiCol_Text), it.text), 4);
  } else if (it.kind == Kind::text) {
    const ImVec2 p = to_pixels(c, it.g[0], it.g[1]);
    if (!pixel_ok(p)) return;
    const ImVec2 ts = text_size(it.text);
    const ImVec2 tp(p.x + it.pixel_offset.x - ts.x * 0.5f, p.y + it.pixel_offset.y - ts.y * 0.5f);
    score_rect(c, add_tag(dl, tp, it.color, it.text), 4);
  }
}

void draw_grid(Context& c, ImDrawList* dl) {
  const Layout& L = c.lay;
  const ImRect& a = L.area;
  const ImU32 major = style_color(ImGuiCol_Text, 0.13f), minor = style_color(ImGuiCol_Text, 0.06f);
  const ImU32 zero = style_color(ImGuiCol_Text, 0.32f);
  for (const PlacedTick& t : L.xticks) {
    if (t.pixel < a.Min.x - 0.5 || t.pixel > a.Max.x + 0.5) continue;
    const float x = snap(static_cast<float>(t.pixel));
    const bool is_zero = t.tick.value == 0 && c.cfg.x.scale == Scale::linear;
    dl->AddLine(ImVec2(x, a.Min.y), ImVec2(x, a.Max.y), is_zero ? zero : (t.tick.major ? major : minor));
  }
  for (const PlacedTick& t : L.yticks) {
    if (t.pixel < a.Min.y - 0.5 || t.pixel > a.Max.y + 0.5) continue;
    const float y = snap(static_cast<float>(t.pixel));
    const bool is_zero = t.tick.value == 0 && c.cfg.y.scale == Scale::linear;
    dl->AddLine(ImVec2(a.Min.x, y), ImVec2(a.Max.x, y), is_zero ? zero : (t.tick.major ? major : minor));
  }
}

void draw_axes(Context& c, ImDrawList* dl) {
  const Layout& L = c.lay;
  const ImRect& a = L.area;
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 frame = style_color(ImGuiCol_Text, 0.55f);
  dl->AddRect(ImVec2(std::floor(a.Min.x) - 0.5f, std::floor(a.Min.y) - 0.5f),
              ImVec2(std::floor(a.Max.x) + 0.5f, std::floor(a.Max.y) + 0.5f), frame);
  for (const PlacedTick& t : L.xticks) {
    if (t.pixel < a.Min.x - 0.5 || t.pixel > a.Max.x + 0.5) continue;
    const float x = snap(static_cast<float>(t.pixel));
    const float len = t.tick.major ? L.tick_len : L.tick_len * 0.5f;
    dl->AddLine(ImVec2(x, a.Max.y), ImVec2(x, a.Max.y + len), frame);
    if (t.show_label)
      dl->AddText(ImVec2(round_px(static_cast<float>(t.label_lo)), L.xticklabel_top), text,
                  t.tick.label.c_str());
  }
  for (const PlacedTick& t : L.yticks) {
    if (t.pixel < a.Min.y - 0.5 || t.pixel > a.Max.y + 0.5) continue;
    const float y = snap(static_cast<float>(t.pixel));
    const float len = t.tick.major ? L.tick_len : L.tick_len * 0.5f;
    dl->AddLine(ImVec2(a.Min.x - len, y), ImVec2(a.Min.x, y), frame);
    if (t.show_label) {
      const float w = text_size(t.tick.label).x;
      dl->AddText(ImVec2(L.yticklabel_right - w, round_px(static_cast<float>(t.label_lo))), text,
                  t.tick.label.c_str());
    }
  }
  if (!c.xlabel.empty()) {
    const float w = text_size(c.xlabel).x;
    float x = round_px(0.5f * (a.Min.x + a.Max.x) - 0.5f * w);
    x = std::max(L.frame.Min.x, std::min(x, L.frame.Max.x - w));
    dl->AddText(ImVec2(x, L.xlabel_top), text, c.xlabel.c_str());
  }
  if (!c.ylabel.empty())
    add_text_vertical(dl, ImVec2(L.ylabel_center_x, 0.5f * (a.Min.y + a.Max.y)), text, c.ylabel.c_str());
  if (!c.title.empty()) {
    const float w = text_size(c.title).x;
    float x = round_px(0.5f * (a.Min.x + a.Max.x) - 0.5f * w);
    x = std::max(L.frame.Min.x, std::min(x, L.frame.Max.x - w));
    dl->AddText(ImVec2(x, L.title_y), text, c.title.c_str());
  }
}

struct LegendMetrics {
  float pad, swatch, gap, row;
  ImVec2 size;
};

LegendMetrics legend_metrics(const Context& c) {
  const float f = c.lay.font_size;
  LegendMetrics m;
  m.pad = round_px(0.4f * f);
  m.swatch = round_px(1.6f * f);
  m.gap = round_px(0.4f * f);
  m.row = round_px(1.25f * f);
  float text_w = 0;
  for (const LegendEntry& e : c.legend) text_w = std::max(text_w, text_size(e.name).x);
  m.size = ImVec2(m.pad + m.swatch + m.gap + text_w + m.pad,
                  2 * m.pad + m.row * static_cast<float>(c.legend.size()) - (m.row - f));
  return m;
}

// The four inside corners the legend may take: top-right (preferred), top-left, bottom-right, bottom-left.
void legend_candidates(Context& c) {
  c.score_legend = c.cfg.legend && !c.legend.empty();
  if (!c.score_legend) return;
  const LegendMetrics m = legend_metrics(c);
  const ImRect& a = c.lay.area;
  // A legend that does not fit, or would cover close to half of the plot area, is left out.
  const float room_w = a.GetWidth() - 2 * m.pad, room_h = a.GetHeight() - 2 * m.pad;
  if (m.size.x > room_w || m.size.y > room_h || m.size.x * m.size.y > 0.45f * a.GetWidth() * a.GetHeight()) {
    c.score_legend = false;
    return;
  }
  const float left = round_px(a.Min.x + m.pad), right = round_px(a.Max.x - m.pad - m.size.x);
  const float top = round_px(a.Min.y + m.pad), bottom = round_px(a.Max.y - m.pad - m.size.y);
  const ImVec2 corners[4] = {{right, top}, {left, top}, {right, bottom}, {left, bottom}};
  for (int k = 0; k < 4; ++k) {
    c.legend_candidates[k] = ImRect(corners[k], ImVec2(corners[k].x + m.size.x, corners[k].y + m.size.y));
    c.legend_scores[k] = 0;
  }
}

// Top-right unless another corner hides clearly less (hysteresis keeps the legend from jumping around
// while a slider moves the data).
int choose_legend_corner(const Context& c, int current) {
  const double* s = c.legend_scores;
  const double f = c.lay.font_size;
  int chosen = std::clamp(current, 0, 3);
  if (s[0] <= s[chosen]) chosen = 0;
  int best = 0;
  for (int k = 1; k < 4; ++k)
    if (s[k] < s[best]) best = k;
  if (s[best] < 0.6 * s[chosen] - 0.5 * f * f) chosen = best;
  return chosen;
}

void draw_legend(Context& c, ImDrawList* dl) {
  PlotState& st = *c.st;
  st.legend_rect = ImRect();
  if (!c.score_legend) return;
  const float f = c.lay.font_size;
  const LegendMetrics m = legend_metrics(c);
  st.legend_corner = choose_legend_corner(c, st.legend_corner);
  const ImRect box = c.legend_candidates[st.legend_corner];
  const ImVec2 pos = box.Min;
  st.legend_rect = box;
  dl->AddRectFilled(box.Min, box.Max, label_background(0.85f), 0.25f * f);
  dl->AddRect(box.Min, box.Max, style_color(ImGuiCol_Text, 0.22f), 0.25f * f);

  const ImGuiIO& io = ImGui::GetIO();
  const float threshold = io.MouseDragThreshold;
  const bool clicked =
      c.hovered && io.MouseReleased[0] && io.MouseDragMaxDistanceSqr[0] < threshold * threshold;
  for (size_t i = 0; i < c.legend.size(); ++i) {
    const LegendEntry& e = c.legend[i];
    const float y = pos.y + m.pad + m.row * static_cast<float>(i);
    const float half_gap = 0.5f * (m.row - f);
    const ImRect row_rect(ImVec2(box.Min.x, y - half_gap), ImVec2(box.Max.x, y + f + half_gap));
    if (clicked && row_rect.Contains(io.MouseClickedPos[0]) && row_rect.Contains(io.MousePos))
      st.toggle(e.id);
    const float alpha = e.hidden ? 0.3f : 1.0f;
    const ImU32 col = with_alpha(e.color, alpha);
    const float cy = y + 0.5f * f;
    const float x0 = pos.x + m.pad;
    if (e.has_line || !e.has_points)
      dl->AddLine(ImVec2(x0, cy), ImVec2(x0 + m.swatch, cy), col, std::max(2.0f, 0.14f * f));
    if (e.has_points) dl->AddCircleFilled(ImVec2(x0 + 0.5f * m.swatch, cy), 0.25f * f, col, 16);
    dl->AddText(ImVec2(x0 + m.swatch + m.gap, y), style_color(ImGuiCol_Text, alpha), e.name.c_str());
  }
}

void draw_hover(Context& c, ImDrawList* dl) {
  const Layout& L = c.lay;
  const ImRect& a = L.area;
  const PlotState& st = *c.st;
  const float f = L.font_size;
  if (st.drag == Drag::box) {
    const ImVec2 o = st.drag_origin;
    const ImVec2 m(std::clamp(c.mouse.x, a.Min.x, a.Max.x), std::clamp(c.mouse.y, a.Min.y, a.Max.y));
    const ImVec2 lo(std::min(o.x, m.x), std::min(o.y, m.y)), hi(std::max(o.x, m.x), std::max(o.y, m.y));
    dl->AddRectFilled(lo, hi, style_color(ImGuiCol_Text, 0.08f));
    dl->AddRect(lo, hi, style_color(ImGuiCol_Text, 0.6f));
  }
  if (!c.area_hovered || st.legend_rect.Contains(c.mouse)) return;
  const ImU32 cross = style_color(ImGuiCol_Text, 0.35f);
  const float mx = snap(c.mouse.x), my = snap(c.mouse.y);
  dl->AddLine(ImVec2(mx, a.Min.y), ImVec2(mx, a.Max.y), cross);
  dl->AddLine(ImVec2(a.Min.x, my), ImVec2(a.Max.x, my), cross);

  std::string line1, line2;
  ImU32 color2 = 0;
  if (c.has_hover_text) {
    line1 = c.hover_text;
  } else {
    const double x = L.xm.to_data(c.mouse.x), y = L.ym.to_data(c.mouse.y);
    line1 =
        "x = " + format_readout(x, L.xm.resolution(x)) + "   y = " + format_readout(y, L.ym.resolution(y));
    if (c.nearest.found) {
      const Nearest& n = c.nearest;
      std::string name;
      for (const LegendEntry& e : c.legend)
        if (e.id == n.legend_id) name = e.name;
      line2 = (name.empty() ? "" : name + ":  ") + "(" + format_number(n.x) + ", " + format_number(n.y) + ")";
      color2 = n.color;
      dl->AddCircle(n.pixel, 0.35f * f, ImGui::GetColorU32(ImGuiCol_Text), 20, 2.0f);
      dl->AddCircleFilled(n.pixel, 0.2f * f, n.color, 16);
    }
  }
  if (line1.empty() && line2.empty()) return;
  const ImVec2 s1 = text_size(line1), s2 = line2.empty() ? ImVec2(0, 0) : text_size(line2);
  const float pad = round_px(0.35f * f);
  const float spacing = line2.empty() ? 0.0f : round_px(0.2f * f);
  const ImVec2 size(std::max(s1.x, s2.x) + 2 * pad, s1.y + spacing + s2.y + 2 * pad);
  const float off = round_px(0.9f * f);
  ImVec2 pos(c.mouse.x + off, c.mouse.y + off);
  if (pos.x + size.x > a.Max.x) pos.x = c.mouse.x - off - size.x;
  if (pos.y + size.y > a.Max.y) pos.y = c.mouse.y - off - size.y;
  const bool fits = size.x <= a.GetWidth() && size.y <= a.GetHeight();
  pos = clamp_box(pos, size, fits ? a : L.frame);
  pos = ImVec2(round_px(pos.x), round_px(pos.y));
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImU32 box_bg = mix_color(style.Colors[ImGuiCol_PopupBg], style.Colors[ImGuiCol_Text], 0.0f, 1.0f);
  dl->AddRectFilled(pos, ImVec2(pos.x + size.x, pos.y + size.y), box_bg, 0.25f * f);
  dl->AddRect(pos, ImVec2(pos.x + size.x, pos.y + size.y), style_color(ImGuiCol_Text, 0.3f), 0.25f * f);
  dl->AddText(ImVec2(pos.x + pad, pos.y + pad), ImGui::GetColorU32(ImGuiCol_Text), line1.c_str());
  if (!line2.empty()) dl->AddText(ImVec2(pos.x + pad, pos.y + pad + s1.y + spacing), color2, line2.c_str());
}

// Padded items get a margin, but never past an exact item that already contains them (markers on a heatmap
// must not pull the fit beyond the image).
Range fit_range(const Extent& padded, const Extent& exact, Scale scale, double pad_fraction) {
  Extent e;
  if (padded.valid()) {
    double lo = padded.lo, hi = padded.hi;
    if (scale == Scale::log10) {
      const double a = std::log10(lo), b = std::log10(hi), p = (b - a) * pad_fraction;
      lo = std::pow(10.0, a - p), hi = std::pow(10.0, b + p);
    } else {
      const double p = (hi - lo) * pad_fraction;
      lo -= p, hi += p;
    }
    if (exact.valid() && padded.lo >= exact.lo) lo = exact.lo;
    if (exact.valid() && padded.hi <= exact.hi) hi = exact.hi;
    e.add(lo), e.add(hi);
  }
  if (exact.valid()) e.add(exact.lo), e.add(exact.hi);
  return {e.lo, e.hi};
}

// Auto-fit to the items submitted so far (queries between BeginPlot and EndPlot call this, so they agree
// with the drawing whenever no later item widens the fit).
void refresh_fit(Context& c) {
  if (!c.fit_dirty) return;
  c.fit_dirty = false;
  if (!c.fitting_x && !c.fitting_y) return;
  const Range fx = fit_range(c.pad_x, c.exact_x, c.cfg.x.scale, 0.05);
  const Range fy = fit_range(c.pad_y, c.exact_y, c.cfg.y.scale, 0.05);
  const bool fx_ok = c.fitting_x && fx.lo <= fx.hi, fy_ok = c.fitting_y && fy.lo <= fy.hi;
  if (!fx_ok && !fy_ok) return;
  if (fx_ok) c.x = fx;
  if (fy_ok) c.y = fy;
  finalize_layout(c, c.lay.frame);
  c.area_hovered = c.hovered && c.lay.area.Contains(c.mouse);
}

// Grows an axis range in transformed space so that `before` / `after` extra pixels fit at its low / high end.
Range grow_axis(const AxisMap& m, float before, float after) {
  const double span_px = std::fabs(m.pix_hi() - m.pix_lo());
  double extra = static_cast<double>(before) + after;
  if (!(extra > 0) || !(span_px > 1)) return {m.lo(), m.hi()};
  const double scale = extra > 0.4 * span_px ? 0.4 * span_px / extra : 1.0;
  extra *= scale;
  const double t0 = m.forward(m.lo()), t1 = m.forward(m.hi());
  const double u = (t1 - t0) / (span_px - extra);
  return {m.inverse(t0 - before * scale * u), m.inverse(t1 + after * scale * u)};
}

// Auto-fitted axes also make room for PlotText labels, which reach beyond their anchor points.
void make_room_for_text(Context& c, const ImRect& frame) {
  if (!c.fitting_x && !c.fitting_y) return;
  const ImRect& a = c.lay.area;
  const float margin = 0.2f * c.lay.font_size;
  float left = 0, right = 0, top = 0, bottom = 0;
  for (const Item& it : c.items) {
    if (it.kind != Kind::text || it.hidden) continue;
    const ImVec2 p = to_pixels(c, it.g[0], it.g[1]);
    if (!pixel_ok(p) || !a.Contains(p)) continue;
    const ImVec2 ts = text_size(it.text);
    const float x0 = p.x + it.pixel_offset.x - 0.5f * ts.x, y0 = p.y + it.pixel_offset.y - 0.5f * ts.y;
    left = std::max(left, a.Min.x + margin - x0);
    right = std::max(right, x0 + ts.x + margin - a.Max.x);
    top = std::max(top, a.Min.y + margin - y0);
    bottom = std::max(bottom, y0 + ts.y + margin - a.Max.y);
  }
  bool changed = false;
  if (c.fitting_x && (left > 0 || right > 0)) {
    // The low end of x is on the left unless the axis is inverted.
    c.x = c.cfg.x.invert ? grow_axis(c.lay.xm, right, left) : grow_axis(c.lay.xm, left, right);
    changed = true;
  }
  if (c.fitting_y && (top > 0 || bottom > 0)) {
    c.y = c.cfg.y.invert ? grow_axis(c.lay.ym, top, bottom) : grow_axis(c.lay.ym, bottom, top);
    changed = true;
  }
  if (changed) finalize_layout(c, frame);
}

}  // namespace

// ---------------------------------------------------------------------------------------------- API

bool BeginPlot(const char* id, ImVec2 size, const PlotConfig& config) {
  Context& c = ctx();
  IM_ASSERT(!c.active && "BeginPlot() called while another plot is open (missing EndPlot()?)");
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (window->SkipItems) return false;

  const float f = ImGui::GetFontSize();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 sz(size.x > 0 ? size.x : std::max(avail.x, 4.0f * f),
                  size.y > 0 ? size.y : std::max(avail.y, 8.0f * f));
  const ImVec2 pos = window->DC.CursorPos;
  const ImRect frame(pos, ImVec2(pos.x + sz.x, pos.y + sz.y));
  const ImGuiID gid = window->GetID(id);
  ImGui::ItemSize(frame);
  if (!ImGui::ItemAdd(frame, gid)) return false;

  PlotState& st = c.states[gid];
  c.active = true;
  c.id = gid;
  c.st = &st;
  c.cfg = config;
  c.title = config.title ? config.title : "";
  c.xlabel = config.x.label ? config.x.label : "";
  c.ylabel = config.y.label ? config.y.label : "";
  c.cfg.title = nullptr;
  c.cfg.x.label = c.cfg.y.label = nullptr;
  c.items.clear();
  c.data.clear();
  c.legend.clear();
  c.has_hover_text = false;
  c.hover_text.clear();
  c.nearest = Nearest{};
  c.pad_x = c.pad_y = c.exact_x = c.exact_y = Extent{};
  c.fit_dirty = false;

  if (!st.initialized) {
    st.initialized = true;
    st.x = config_range(config.x);
    st.y = config_range(config.y);
  }
  if (c.has_next_limits) {
    c.has_next_limits = false;
    st.x = c.next_x;
    st.y = c.next_y;
    st.held = true;
  }
  LinkState* link = config.link ? &c.links[ImHashStr(config.link)] : nullptr;
  if (link && st.link_version != link->version) {  // another plot of the group zoomed or panned
    st.link_version = link->version;
    st.held = link->held;
    if (link->held) {
      st.x = link->x;
      st.y = link->y;
    }
  }
  c.x = st.x;
  c.y = st.y;
  if (!st.held) {
    if (!config.x.auto_fit) c.x = config_range(config.x);
    if (!config.y.auto_fit) c.y = config_range(config.y);
  }
  finalize_layout(c, frame);

  bool hovered = false, held = false;
  ImGui::ButtonBehavior(frame, gid, &hovered, &held,
                        ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  if (config.allow_zoom_pan) ImGui::SetItemUsingMouseWheel();
  c.hovered = hovered;
  c.mouse = ImGui::GetIO().MousePos;
  const bool held_before = st.held;
  const Range x_before = c.x, y_before = c.y;
  handle_input(c, frame);
  const auto moved = [](const Range& a, const Range& b) { return a.lo != b.lo || a.hi != b.hi; };
  if (link && (st.held != held_before || (st.held && (moved(c.x, x_before) || moved(c.y, y_before))))) {
    link->held = st.held;
    link->x = c.x;
    link->y = c.y;
    st.link_version = ++link->version;
  }
  finalize_layout(c, frame);
  c.area_hovered = c.hovered && c.lay.area.Contains(c.mouse);
  c.fitting_x = config.x.auto_fit && !st.held;
  c.fitting_y = config.y.auto_fit && !st.held;
  return true;
}

void EndPlot() {
  Context& c = ctx();
  IM_ASSERT(c.active && "EndPlot() without a successful BeginPlot()");
  if (!c.active) return;
  PlotState& st = *c.st;
  const ImRect frame = c.lay.frame;

  // Final limits: auto-fit to this frame's items.
  const Range fx = fit_range(c.pad_x, c.exact_x, c.cfg.x.scale, 0.05);
  const Range fy = fit_range(c.pad_y, c.exact_y, c.cfg.y.scale, 0.05);
  const bool fx_ok = fx.lo <= fx.hi, fy_ok = fy.lo <= fy.hi;
  refresh_fit(c);
  if ((c.fitting_x && fx_ok) || (c.fitting_y && fy_ok)) make_room_for_text(c, frame);
  if (fx_ok || fy_ok) {
    st.has_fit = true;
    st.fit_x = fx_ok ? fx : config_range(c.cfg.x);
    st.fit_y = fy_ok ? fy : config_range(c.cfg.y);
  }
  st.x = c.x;
  st.y = c.y;

  ImDrawList* dl = ImGui::GetWindowDrawList();
  const Layout& L = c.lay;
  dl->PushClipRect(frame.Min, frame.Max, true);
  c.frame_clip = ImRect(dl->GetClipRectMin(), dl->GetClipRectMax());
  dl->AddRectFilled(L.area.Min, L.area.Max, plot_background());
  draw_grid(c, dl);
  legend_candidates(c);
  dl->PushClipRect(L.area.Min, L.area.Max, true);
  // Lines and shapes first, then markers, then marker labels and text on top of all of them.
  for (const Item& it : c.items)
    if (!it.hidden && it.kind != Kind::marker) draw_item(c, dl, it);
  for (const Item& it : c.items)
    if (!it.hidden && it.kind == Kind::marker) draw_item(c, dl, it);
  for (const Item& it : c.items)
    if (!it.hidden) draw_label(c, dl, it);
  dl->PopClipRect();
  draw_axes(c, dl);
  dl->PushClipRect(L.area.Min, L.area.Max, true);
  draw_legend(c, dl);
  dl->PopClipRect();
  draw_hover(c, dl);
  dl->PopClipRect();

  c.last_frame = frame;
  c.last_area = L.area;
  c.last_frame_count = ImGui::GetFrameCount();
  c.last_window = ImGui::GetCurrentWindow()->ID;
  c.score_legend = false;
  c.active = false;
  c.st = nullptr;
}

void PlotLine(const char* label, const double* xs, const double* ys, int count, ImU32 color,
              float thickness) {
  record_points(Kind::line, label, xs, ys, count, color, thickness);
}

void PlotScatter(const char* label, const double* xs, const double* ys, int count, ImU32 color,
                 float radius) {
  record_points(Kind::scatter, label, xs, ys, count, color, radius);
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

void SetNextPlotLimits(double x0, double x1, double y0, double y1) {
  Context& c = ctx();
  c.has_next_limits = true;
  c.next_x = {x0, x1};
  c.next_y = {y0, y1};
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

void ColorBar(const char* id, ImTextureID lut_texture, double min, double max, ImVec2 size,
              const char* label) {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (window->SkipItems) return;
  const float f = ImGui::GetFontSize();
  const float pad = round_px(0.3f * f), bar_w = round_px(1.1f * f), tick_len = round_px(0.3f * f);
  const float gap = round_px(0.25f * f);
  const bool reversed = max < min;
  if (reversed) std::swap(min, max);
  sanitize_range(min, max, Scale::linear);

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 pos = window->DC.CursorPos;
  // Beside a plot that just ended on the same line (ImGui::SameLine), the bar spans that plot's area.
  const Context& c = ctx();
  const bool beside_plot = c.last_frame_count == ImGui::GetFrameCount() && c.last_window == window->ID &&
                           std::fabs(pos.y - c.last_frame.Min.y) < 1.0f &&
                           (size.y <= 0 || std::fabs(size.y - c.last_frame.GetHeight()) < 1.0f);
  const float h = beside_plot ? c.last_frame.GetHeight() : size.y > 0 ? size.y : std::max(avail.y, 8.0f * f);
  float bar_top = pos.y + round_px(0.6f * f), bar_bottom = pos.y + h - round_px(0.6f * f);
  if (beside_plot) bar_top = c.last_area.Min.y, bar_bottom = c.last_area.Max.y;
  const AxisMap m(min, max, Scale::linear, bar_bottom, std::min(bar_bottom - 1, bar_top));
  TickFitOptions opt;
  opt.min_gap = 0.3 * f;
  opt.bound_lo = pos.y;
  opt.bound_hi = pos.y + h;
  const auto ticks = fit_ticks(
      m, [f](const std::string&) { return static_cast<double>(f); }, opt);
  float labels_w = 0;
  for (const PlacedTick& t : ticks)
    if (t.show_label) labels_w = std::max(labels_w, text_size(t.tick.label).x);
  const bool has_label = label && label[0];
  const float natural = pad + bar_w + tick_len + gap + labels_w + (has_label ? gap + f : 0) + pad;
  const float w = size.x > 0 ? size.x : natural;
  const ImRect frame(pos, ImVec2(pos.x + w, pos.y + h));
  const ImGuiID gid = window->GetID(id);
  ImGui::ItemSize(frame);
  if (!ImGui::ItemAdd(frame, gid)) return;

  ImDrawList* dl = window->DrawList;
  dl->PushClipRect(frame.Min, frame.Max, true);
  const ImRect bar(ImVec2(pos.x + pad, std::min(bar_top, bar_bottom - 1)),
                   ImVec2(pos.x + pad + bar_w, bar_bottom));
  const ImVec2 uv_top(reversed ? 0.0f : 1.0f, 0.5f), uv_bottom(reversed ? 1.0f : 0.0f, 0.5f);
  dl->AddImageQuad(lut_texture, bar.Min, ImVec2(bar.Max.x, bar.Min.y), bar.Max, ImVec2(bar.Min.x, bar.Max.y),
                   uv_top, uv_top, uv_bottom, uv_bottom);
  const ImU32 frame_col = style_color(ImGuiCol_Text, 0.55f), text = ImGui::GetColorU32(ImGuiCol_Text);
  dl->AddRect(ImVec2(bar.Min.x - 0.5f, bar.Min.y - 0.5f), ImVec2(bar.Max.x + 0.5f, bar.Max.y + 0.5f),
              frame_col);
  for (const PlacedTick& t : ticks) {
    const float y = snap(static_cast<float>(t.pixel));
    dl->AddLine(ImVec2(bar.Max.x, y), ImVec2(bar.Max.x + tick_len, y), frame_col);
    if (t.show_label)
      dl->AddText(ImVec2(bar.Max.x + tick_len + gap, round_px(static_cast<float>(t.label_lo))), text,
                  t.tick.label.c_str());
  }
  if (has_label) {
    // Right after the tick labels (not at the far edge of a wide frame), kept inside the frame.
    const float cx = std::min(bar.Max.x + tick_len + gap + labels_w + gap + 0.5f * f, frame.Max.x - 0.5f * f);
    add_text_vertical(dl, ImVec2(cx, 0.5f * (bar.Min.y + bar.Max.y)), text, label);
  }
  if (ImGui::IsItemHovered()) {
    const ImVec2 mp = ImGui::GetIO().MousePos;
    if (mp.y >= bar.Min.y && mp.y <= bar.Max.y) {
      const double v = m.to_data(mp.y);
      const float y = snap(mp.y);
      dl->AddLine(ImVec2(bar.Min.x - 2, y), ImVec2(bar.Max.x + 2, y), text, 2.0f);
      ImGui::SetTooltip("%s", format_readout(v, m.resolution(v)).c_str());
    }
  }
  dl->PopClipRect();
}

ImU32 palette_color(int i) {
  // Mid-luminance hues (relative luminance 0.21..0.26): >= 3:1 contrast on both #1c1c1c and #f2f2f2.
  static constexpr ImU32 kRGB[] = {0x3D85E0, 0xD96E00, 0x2E9E44, 0xE5484D, 0x9B6BDF,
                                   0x0E94A8, 0xD6499A, 0x948512, 0xB8733E, 0x8A8A8A};
  constexpr int n = static_cast<int>(sizeof kRGB / sizeof kRGB[0]);
  const ImU32 rgb = kRGB[((i % n) + n) % n];
  return IM_COL32((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF, 255);
}

}  // namespace pelab::plot
