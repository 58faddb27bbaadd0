// Plot layer: layout of the frame (title, axes, area), zoom / pan / box-zoom input and auto-fit.
#include <cmath>

#include "plot_internal.hpp"

namespace pelab::plot::detail {

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

}  // namespace pelab::plot::detail
