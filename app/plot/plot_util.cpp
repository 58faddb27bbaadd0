// Plot layer helpers: colours, segment clipping, polylines and arrow heads, legend scoring. See plot.hpp.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "plot_internal.hpp"

namespace pelab::plot::detail {

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

void separate_draw_command(ImDrawList* dl) {
  if (!dl->CmdBuffer.empty() && dl->CmdBuffer.back().ElemCount > 0) dl->AddDrawCmd();
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
//
// A dense curve (a zigzag of one or more points per pixel column, or the min/max envelope the decimation
// leaves) is mostly near-vertical segments. Stroked, each is a quad of the line's width plus two pixels of
// anti-aliasing fringe, and neighbours overlap: the plot is covered three to six times over, and a software
// rasteriser pays for every covered pixel (and for every partly covered 4x4 block of a thin slanted quad).
// With `dense_spans`, such segments (at most a pixel wide, at least two high) are not stroked but merged per
// pixel column into the span from the column's lowest to its highest point, widened by the thickness, and
// appended to *dense_spans (one entry per covered pixel column; see fill_spans). Shallow segments (peaks,
// slow stretches) stay anti-aliased polylines. Without `dl` only the spans are gathered.
void stroke(ImDrawList* dl, const std::vector<DPoint>& pts, ImU32 color, float thickness, const ImRect& guard,
            std::vector<ImVec2>& run, std::vector<ColumnSpan>* dense_spans) {
  run.clear();
  auto flush = [&] {
    if (dl) add_polyline(dl, run, color, thickness);
    run.clear();
  };
  // The open column span: column index and the y range of its steep segments.
  const int span_width = std::max(1, static_cast<int>(std::round(thickness)));
  int span_col = std::numeric_limits<int>::min();
  float span_lo = 0.0f, span_hi = 0.0f;
  auto flush_span = [&] {
    if (span_col == std::numeric_limits<int>::min()) return;
    // The pixels a rectangle from span_lo - thickness / 2 to span_hi + thickness / 2, span_width columns
    // centred on the column's centre, covers (those whose centre it contains): rows from y0 to y1 - 1.
    const int y0 = static_cast<int>(std::ceil(span_lo - 0.5f * thickness - 0.5f));
    const int y1 = static_cast<int>(std::floor(span_hi + 0.5f * thickness - 0.5f)) + 1;
    const int first = span_col - span_width / 2;
    if (y1 > y0)
      for (int col = first; col < first + span_width; ++col) dense_spans->push_back({col, y0, y1});
    span_col = std::numeric_limits<int>::min();
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
    if (dense_spans && std::fabs(b.x - a.x) <= 1.0f && std::fabs(b.y - a.y) >= 2.0f) {
      flush();  // the anti-aliased run ends here; the next shallow segment starts a new one
      const int col = static_cast<int>(std::floor(0.5f * (a.x + b.x)));
      if (col != span_col) {
        flush_span();
        span_col = col;
        span_lo = std::min(a.y, b.y);
        span_hi = std::max(a.y, b.y);
      } else {
        span_lo = std::min({span_lo, a.y, b.y});
        span_hi = std::max({span_hi, a.y, b.y});
      }
      continue;
    }
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
  flush_span();
}

// ------------------------------------------------------------------------------------ column spans

void normalize_spans(std::vector<ColumnSpan>& spans) {
  std::sort(spans.begin(), spans.end(), [](const ColumnSpan& a, const ColumnSpan& b) {
    return a.col != b.col ? a.col < b.col : a.y0 < b.y0;
  });
  size_t out = 0;
  for (const ColumnSpan& s : spans) {
    if (out > 0 && spans[out - 1].col == s.col && s.y0 <= spans[out - 1].y1) {
      spans[out - 1].y1 = std::max(spans[out - 1].y1, s.y1);
    } else {
      spans[out++] = s;
    }
  }
  spans.resize(out);
}

void subtract_spans(const std::vector<ColumnSpan>& spans, const std::vector<ColumnSpan>& cover,
                    std::vector<ColumnSpan>& out) {
  out.clear();
  size_t first = 0;  // the first span of `cover` not wholly before the current span
  for (const ColumnSpan& s : spans) {
    while (first < cover.size() &&
           (cover[first].col < s.col || (cover[first].col == s.col && cover[first].y1 <= s.y0)))
      ++first;
    int y = s.y0;
    for (size_t k = first; k < cover.size() && cover[k].col == s.col && cover[k].y0 < s.y1; ++k) {
      if (cover[k].y0 > y) out.push_back({s.col, y, cover[k].y0});
      y = std::max(y, cover[k].y1);
    }
    if (y < s.y1) out.push_back({s.col, y, s.y1});
  }
}

void add_spans(std::vector<ColumnSpan>& cover, const std::vector<ColumnSpan>& spans) {
  cover.insert(cover.end(), spans.begin(), spans.end());
  normalize_spans(cover);
}

// Fills normalised spans with whole-pixel rectangles. llvmpipe shades 4x4 pixel blocks: a rectangle one
// pixel wide costs about as much as one four wide, so every aligned group of four columns with one span
// each shares one rectangle over the rows all four cover; only the ragged ends stay one column wide.
void fill_spans(ImDrawList* dl, const std::vector<ColumnSpan>& spans, ImU32 color) {
  auto fill = [&](int x0, int x1, int y0, int y1) {
    if (y1 > y0)
      dl->AddRectFilled(ImVec2(static_cast<float>(x0), static_cast<float>(y0)),
                        ImVec2(static_cast<float>(x1), static_cast<float>(y1)), color);
  };
  constexpr int kGroup = 4;
  size_t i = 0;
  while (i < spans.size()) {
    const int group = spans[i].col >> 2;  // floor(col / 4), negative columns included
    size_t end = i;
    while (end < spans.size() && spans[end].col >> 2 == group) ++end;
    bool one_each = end - i == kGroup;
    int top = std::numeric_limits<int>::min(), bottom = std::numeric_limits<int>::max();
    for (size_t k = i; k < end && one_each; ++k) {
      one_each = k == i || spans[k].col != spans[k - 1].col;
      top = std::max(top, spans[k].y0);
      bottom = std::min(bottom, spans[k].y1);
    }
    if (one_each && bottom - top >= kGroup) {
      fill(group * kGroup, group * kGroup + kGroup, top, bottom);
      for (size_t k = i; k < end; ++k) {
        fill(spans[k].col, spans[k].col + 1, spans[k].y0, top);
        fill(spans[k].col, spans[k].col + 1, bottom, spans[k].y1);
      }
    } else {
      for (size_t k = i; k < end; ++k) fill(spans[k].col, spans[k].col + 1, spans[k].y0, spans[k].y1);
    }
    i = end;
  }
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

ImVec2 to_pixels(const Context& c, double x, double y) {
  return ImVec2(static_cast<float>(c.lay.xm.to_pixel(x)), static_cast<float>(c.lay.ym.to_pixel(y)));
}

bool pixel_ok(ImVec2 p) {
  return std::isfinite(p.x) && std::isfinite(p.y) && std::fabs(p.x) < 1e7f && std::fabs(p.y) < 1e7f;
}

}  // namespace pelab::plot::detail
