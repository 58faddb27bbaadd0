// Plot layer: drawing the recorded items (lines with culling and decimation, scatters, markers, reference
// lines, arrows, arcs, images, rectangles). Their labels are placed and drawn by plot_labels.cpp.
#include <cmath>

#include "dot_sprites.hpp"
#include "plot_internal.hpp"

namespace pelab::plot::detail {

namespace {

// A drawn data point for the label placer (inside the area only; capped so placement stays cheap).
void collect_point(Context& c, ImVec2 p) {
  constexpr size_t kMaxPoints = 20000;
  if (c.label_points.size() < kMaxPoints && c.lay.area.Contains(p)) c.label_points.push_back({p.x, p.y});
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

// The line's points in (double) pixels, into c.points: culled to the visible x range and, denser than two
// points per pixel column, decimated. Returns whether the line is dense (see stroke); sets what
// draw_line's hover search needs.
bool line_pixels(Context& c, const Item& it, bool& sorted, int& i0, int& i1) {
  const double* xs = c.data.data() + it.offset;
  const double* ys = xs + it.count;
  const int n = it.count;
  const Layout& L = c.lay;
  sorted = is_sorted_finite(xs, n);
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
  return sorted && i1 - i0 >= width_px;
}

ImRect line_guard(const Context& c, const Item& it) {
  const float grow = it.size + 2;
  const ImRect& area = c.lay.area;
  return ImRect(area.Min.x - grow, area.Min.y - grow, area.Max.x + grow, area.Max.y + grow);
}

// A band's pixels (PlotEnvelope): per whole pixel column of the plot area, the rows from the line's
// greatest to its least value over that column's x interval widened to the item's window (into
// `spans`, normalised), and the two edges through the columns' centres (into upper and lower, NaN
// where the line does not reach).
void envelope_pixels(const Context& c, const Item& it, std::vector<ColumnSpan>* spans,
                     std::vector<DPoint>* upper, std::vector<DPoint>* lower) {
  if (c.cfg.x.scale != Scale::linear) return;
  const double* xs = c.data.data() + it.offset;
  const double* ys = xs + it.count;
  const Layout& L = c.lay;
  const int col0 = static_cast<int>(std::floor(L.area.Min.x)),
            col1 = static_cast<int>(std::ceil(L.area.Max.x));
  const int columns = std::max(1, col1 - col0);
  const double a = L.xm.to_data(col0), b = L.xm.to_data(col0 + columns);
  const bool rightward = a <= b;  // an inverted axis runs its columns from the right
  const LineEnvelope envelope =
      line_envelope(xs, ys, it.count, std::min(a, b), std::max(a, b), columns, it.g[0]);
  const int row0 = static_cast<int>(std::floor(L.area.Min.y)),
            row1 = static_cast<int>(std::ceil(L.area.Max.y));
  for (int k = 0; k < columns; ++k) {
    const int col = rightward ? col0 + k : col0 + columns - 1 - k;
    const double lo = envelope.lo[static_cast<size_t>(k)], hi = envelope.hi[static_cast<size_t>(k)];
    const double top = L.ym.to_pixel(hi), bottom = L.ym.to_pixel(lo), centre = col + 0.5;
    if (!finite(top, bottom)) {
      if (upper) upper->push_back({kNaN, kNaN}), lower->push_back({kNaN, kNaN});
      continue;
    }
    if (upper) upper->push_back({centre, top}), lower->push_back({centre, bottom});
    if (spans) {
      const double y_top = std::clamp(std::min(top, bottom), -1e7, 1e7),
                   y_bottom = std::clamp(std::max(top, bottom), -1e7, 1e7);
      const int y0 = std::max(row0, static_cast<int>(std::floor(y_top)));
      const int y1 = std::min(
          row1, std::max(static_cast<int>(std::ceil(y_bottom)), static_cast<int>(std::floor(y_top)) + 1));
      if (y1 > y0) spans->push_back({col, y0, y1});
    }
  }
  if (spans) normalize_spans(*spans);
}

}  // namespace

// A band's fill: its colour over the plot's background at 35%, opaque, so the fills are column spans
// drawn without blending (a translucent fill of three overlapping bands tripled a llvmpipe frame).
ImU32 envelope_fill(ImU32 color) {
  const ImU32 background = plot_background();
  return mix_color(ImGui::ColorConvertU32ToFloat4(background), ImGui::ColorConvertU32ToFloat4(color), 0.35f,
                   1.0f);
}

// Dense curves drawn over each other (the curves view: neighbouring sinusoids, each filling the plot) would
// paint most pixels once per curve. Every pixel a later dense line's span covers ends up in that line's
// colour whatever lies below, so earlier lines keep only the span pixels no later span covers (walking the
// lines back to front). Only opaque colours hide what is below them.
void prepare_dense_lines(Context& c) {
  c.dense_spans.resize(c.items.size());
  c.cover.clear();
  for (size_t k = c.items.size(); k-- > 0;) {
    const Item& it = c.items[k];
    std::vector<ColumnSpan>& visible = c.dense_spans[k];
    visible.clear();
    if (it.hidden || it.kind != Kind::line) continue;
    bool sorted;
    int i0, i1;
    if (!line_pixels(c, it, sorted, i0, i1)) continue;
    c.spans.clear();
    stroke(nullptr, c.points, it.color, it.size, line_guard(c, it), c.run, &c.spans);
    normalize_spans(c.spans);
    subtract_spans(c.spans, c.cover, visible);
    if (((it.color >> IM_COL32_A_SHIFT) & 0xFF) == 0xFF) add_spans(c.cover, c.spans);
  }
  // The bands are drawn below every line (EndPlot), so what the lines cover is not theirs either; among
  // themselves a later band covers an earlier one. Their fills are opaque.
  for (size_t k = c.items.size(); k-- > 0;) {
    const Item& it = c.items[k];
    if (it.hidden || it.kind != Kind::envelope) continue;
    c.spans.clear();
    envelope_pixels(c, it, &c.spans, nullptr, nullptr);
    subtract_spans(c.spans, c.cover, c.dense_spans[k]);
    add_spans(c.cover, c.spans);
  }
}

namespace {

void draw_line(Context& c, ImDrawList* dl, const Item& it) {
  const double* xs = c.data.data() + it.offset;
  const double* ys = xs + it.count;
  const int n = it.count;
  const Layout& L = c.lay;
  bool sorted;
  int i0, i1;
  const bool dense = line_pixels(c, it, sorted, i0, i1);
  const auto& pts = c.points;
  // The shallow segments; the steep ones of a dense line were gathered by prepare_dense_lines, which kept
  // those no later line covers. Their spans go into a draw command of their own: with an opaque colour
  // it is drawn without blending (app/gfx/draw_frame.cpp).
  c.spans.clear();
  stroke(dl, pts, it.color, it.size, line_guard(c, it), c.run, dense ? &c.spans : nullptr);
  if (dense) {
    const size_t index = static_cast<size_t>(&it - c.items.data());
    IM_ASSERT(index < c.dense_spans.size() && "draw_item() without prepare_dense_lines()");
    separate_draw_command(dl);
    fill_spans(dl, c.dense_spans[index], it.color);
    separate_draw_command(dl);
  }
  if (c.collect_points) {
    // Labels would rather not cover curves: samples every half font size along the visible segments.
    const double spacing = 0.5 * L.font_size;
    for (size_t k = 1; k < pts.size(); ++k) {
      double ax = pts[k - 1].x, ay = pts[k - 1].y, bx = pts[k].x, by = pts[k].y;
      if (!finite(ax, ay) || !finite(bx, by) || !clip_segment(ax, ay, bx, by, L.area)) continue;
      const int steps = std::min(4096, static_cast<int>(std::hypot(bx - ax, by - ay) / spacing));
      for (int j = 0; j <= steps; ++j) {
        const double t = steps > 0 ? static_cast<double>(j) / steps : 0.0;
        collect_point(c,
                      ImVec2(static_cast<float>(ax + (bx - ax) * t), static_cast<float>(ay + (by - ay) * t)));
      }
    }
  }
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
  // Dense scatters: one disc per cell of one radius is enough, the rest would be drawn on top of it.
  // From a few hundred points on: an anti-aliased disc is some 20 triangles, and a software
  // rasteriser pays for each (2000 residuals or positions on a circle cost more than the pixels).
  // Half-radius cells drew 47.7 k vertices for the default views at 2000 x 1600; one-radius cells
  // draw 38.5 k and the static frame at 1920 x 1080 went from 20.4-21.6 to 18.1-18.4 ms (llvmpipe),
  // with the rotation view's pictures unchanged to the eye (compared side by side).
  const float cell = std::max(1.0f, r);
  const int gw = static_cast<int>(vis.GetWidth() / cell) + 1,
            gh = static_cast<int>(vis.GetHeight() / cell) + 1;
  const bool dedupe = it.count > 256 && static_cast<double>(gw) * gh < 3e7;
  std::vector<unsigned char>& seen = c.cells;
  if (dedupe) seen.assign(static_cast<size_t>(gw) * static_cast<size_t>(gh), 0);
  // A dense scatter's dots are quads textured with a disc baked into the font atlas (the draw list's
  // texture already, so no extra draw command): 4 vertices a dot instead of about 10.
  const DotSprite* sprite =
      dedupe && dl->_CmdHeader.TextureId == ImGui::GetIO().Fonts->TexID ? FindDotSprite(r) : nullptr;
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
    if (sprite != nullptr) {
      const float half = 0.5f * sprite->size;
      dl->PrimReserve(6, 4);
      dl->PrimRectUV(ImVec2(p.x - half, p.y - half), ImVec2(p.x + half, p.y + half), sprite->uv0, sprite->uv1,
                     it.color);
    } else {
      dl->AddCircleFilled(p, r, it.color);
    }
    // For the legend's corner a dot counts as if it were at least 0.6 em wide: a hidden data point is
    // worse than a moved label, and a dot's own few pixels would weigh less than one label's wish.
    const float counted = std::max(r, 0.3f * c.lay.font_size);
    score_rect(c, ImRect(p.x - counted, p.y - counted, p.x + counted, p.y + counted), 1);
    if (c.collect_points) collect_point(c, p);
  }
}

}  // namespace

void draw_item(Context& c, ImDrawList* dl, const Item& it) {
  const Layout& L = c.lay;
  const ImRect& area = L.area;
  switch (it.kind) {
    case Kind::line:
      draw_line(c, dl, it);
      break;
    case Kind::scatter:
      draw_scatter(c, dl, it);
      break;
    case Kind::envelope: {
      const size_t index = static_cast<size_t>(&it - c.items.data());
      IM_ASSERT(index < c.dense_spans.size() && "draw_item() without prepare_dense_lines()");
      separate_draw_command(dl);
      fill_spans(dl, c.dense_spans[index], envelope_fill(it.color));
      separate_draw_command(dl);
      for (const ColumnSpan& span : c.dense_spans[index]) {
        const ImRect cell(static_cast<float>(span.col), static_cast<float>(span.y0),
                          static_cast<float>(span.col + 1), static_cast<float>(span.y1));
        score_rect(c, cell, 1);
        if (c.collect_points && span.col % 4 == 0) {
          collect_point(c, cell.Min);
          collect_point(c, ImVec2(cell.Min.x, 0.5f * (cell.Min.y + cell.Max.y)));
          collect_point(c, ImVec2(cell.Min.x, cell.Max.y - 1.0f));
        }
      }
      break;
    }
    case Kind::marker: {
      const ImVec2 p = to_pixels(c, it.g[0], it.g[1]);
      if (!pixel_ok(p)) break;
      const float r = it.size;
      dl->AddCircleFilled(p, r + std::max(1.5f, 0.15f * r), plot_background(), 24);
      dl->AddCircleFilled(p, r, it.color, 24);
      score_rect(c, ImRect(p.x - r, p.y - r, p.x + r, p.y + r), 4);
      // Labels never cover a marker (the marked point is what the reader looks for).
      if (c.collect_points) c.label_obstacles.push_back({p.x - r, p.y - r, p.x + r, p.y + r});
      break;
    }
    case Kind::vline: {
      const float px = static_cast<float>(L.xm.to_pixel(it.g[0]));
      if (!std::isfinite(px) || px < area.Min.x - it.size || px > area.Max.x + it.size) break;
      const float x = it.size <= 1.5f ? snap(px) : px;
      dl->AddLine(ImVec2(x, area.Min.y), ImVec2(x, area.Max.y), it.color, it.size);
      score_segment(c, x, area.Min.y, x, area.Max.y, it.size);
      break;
    }
    case Kind::hline: {
      const float py = static_cast<float>(L.ym.to_pixel(it.g[1]));
      if (!std::isfinite(py) || py < area.Min.y - it.size || py > area.Max.y + it.size) break;
      const float y = it.size <= 1.5f ? snap(py) : py;
      dl->AddLine(ImVec2(area.Min.x, y), ImVec2(area.Max.x, y), it.color, it.size);
      score_segment(c, area.Min.x, y, area.Max.x, y, it.size);
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
      break;  // placed and drawn with the other labels, above everything else
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

// A band's two edges, 1 px in the item's colour: drawn after every band's fill (and before the lines),
// so each band's sweep shows even where a later band's fill covers it.
void draw_envelope_edges(Context& c, ImDrawList* dl, const Item& it) {
  std::vector<DPoint> upper, lower;
  envelope_pixels(c, it, nullptr, &upper, &lower);
  stroke(dl, upper, it.color, 1.0f, line_guard(c, it), c.run);
  stroke(dl, lower, it.color, 1.0f, line_guard(c, it), c.run);
}

}  // namespace pelab::plot::detail
