// Plot layer: placing the labels (line tags, marker labels, PlotText) so that they overlap neither each
// other nor the legend nor a marker, drawing them, and the hover crosshair and readout.
#include <cmath>

#include "plot_internal.hpp"
#include "rich_text.hpp"

namespace pelab::plot::detail {

namespace {

struct PendingLabel {
  const Item* item = nullptr;
  std::string text;      // what is drawn: the item's text, or its value alone when that is too wide
  ImVec2 anchor;         // the point the label belongs to (for a leader line)
  int leader_from = -1;  // candidates from this index on are far enough away to need a leader line
  ImU32 color = 0;
};

bool has_text(const Item& it) {
  return !it.text.empty() && (it.kind == Kind::marker || it.kind == Kind::vline || it.kind == Kind::hline ||
                              it.kind == Kind::text);
}

LabelBox to_box(const ImRect& r) { return {r.Min.x, r.Min.y, r.Max.x, r.Max.y}; }

// The end of a leader line: the point of `b` nearest to `p`.
ImVec2 nearest_on(const LabelBox& b, ImVec2 p) {
  return ImVec2(std::clamp(p.x, b.x0, b.x1), std::clamp(p.y, b.y0, b.y1));
}

}  // namespace

bool has_labels(const Context& c) {
  for (const Item& it : c.items)
    if (!it.hidden && has_text(it)) return true;
  return false;
}

void place_and_draw_labels(Context& c, ImDrawList* dl) {
  const Layout& L = c.lay;
  const ImRect& area = L.area;
  const float f = L.font_size;
  const ImVec2 pad = tag_padding(f);
  std::vector<PendingLabel> pending;
  std::vector<LabelRequest> requests;
  // A label wider than the plot area keeps only its value ("P[20, 6] = 0.8365" -> "0.8365"): in a narrow
  // compare-mode plot the number is what is read, the marker or line shows what it belongs to, and a
  // clipped "P[20, 6] = 0.8" would show a wrong number.
  const auto fitted = [&](const std::string& text) {
    if (text_size(text).x + 2 * pad.x <= area.GetWidth()) return text;
    const size_t equals = text.rfind(" = ");
    return equals == std::string::npos ? text : text.substr(equals + 3);
  };
  std::string text;  // the fitted text of the label being requested
  const auto add = [&](const Item& it, ImVec2 anchor, ImU32 color, LabelRequest&& req, int leader_from) {
    pending.push_back({&it, text, anchor, leader_from, color});
    requests.push_back(std::move(req));
  };
  const auto request_for = [&](const std::string& item_text) {
    text = fitted(item_text);
    const ImVec2 ts = text_size(text);
    LabelRequest r;
    r.width = ts.x + 2 * pad.x;
    r.height = ts.y + 2 * pad.y;
    return r;
  };

  // Priority order: line tags, then marker labels, then free text.
  for (const Item& it : c.items) {
    if (it.hidden || !has_text(it)) continue;
    if (it.kind == Kind::vline) {
      const float px = static_cast<float>(L.xm.to_pixel(it.g[0]));
      if (!std::isfinite(px) || px < area.Min.x - it.size || px > area.Max.x + it.size) continue;
      LabelRequest r = request_for(it.text);
      // Beside the line near its top, right then left, then stepping down the line.
      const float right = px + round_px(0.35f * f) - pad.x, left = px - round_px(0.35f * f) + pad.x - r.width;
      const float step = r.height + round_px(0.25f * f);
      for (float y = area.Min.y + round_px(0.25f * f); y + r.height <= area.Max.y && r.candidates.size() < 24;
           y += step) {
        r.candidates.push_back({right, y});
        r.candidates.push_back({left, y});
      }
      if (r.candidates.empty()) r.candidates.push_back({right, area.Min.y});
      add(it, ImVec2(px, area.Min.y), it.color, std::move(r), -1);
    } else if (it.kind == Kind::hline) {
      const float py = static_cast<float>(L.ym.to_pixel(it.g[1]));
      if (!std::isfinite(py) || py < area.Min.y - it.size || py > area.Max.y + it.size) continue;
      LabelRequest r = request_for(it.text);
      // Above / below the line at its right end, its left end, then in between.
      const float above = py - round_px(0.25f * f) + pad.y - r.height,
                  below = py + round_px(0.25f * f) - pad.y;
      const float right = area.Max.x - round_px(0.35f * f) + pad.x - r.width;
      const float left = area.Min.x + round_px(0.35f * f) - pad.x;
      for (const float t : {1.0f, 0.0f, 0.75f, 0.5f, 0.25f}) {
        const float x = left + (right - left) * t;
        r.candidates.push_back({x, above});
        r.candidates.push_back({x, below});
      }
      add(it, ImVec2(area.Max.x, py), it.color, std::move(r), -1);
    }
  }
  for (const Item& it : c.items) {
    if (it.hidden || !has_text(it) || it.kind != Kind::marker) continue;
    const ImVec2 p = to_pixels(c, it.g[0], it.g[1]);
    if (!pixel_ok(p)) continue;
    LabelRequest r = request_for(it.text);
    // The 8 places around the marker first; further rings get a leader line back to it.
    r.candidates =
        candidates_around({p.x, p.y}, r.width, r.height, it.size + round_px(0.3f * f), round_px(1.2f * f), 4);
    add(it, p, ImGui::GetColorU32(ImGuiCol_Text), std::move(r), 8);
  }
  for (const Item& it : c.items) {
    if (it.hidden || !has_text(it) || it.kind != Kind::text) continue;
    const ImVec2 p = to_pixels(c, it.g[0], it.g[1]);
    if (!pixel_ok(p)) continue;
    LabelRequest r = request_for(it.text);
    // Where the caller put it (centred on the point plus its offset), else around that place.
    const ImVec2 centre(p.x + it.pixel_offset.x, p.y + it.pixel_offset.y);
    r.candidates.push_back({centre.x - 0.5f * r.width, centre.y - 0.5f * r.height});
    const std::vector<LabelPoint> around =
        candidates_around({centre.x, centre.y}, r.width, r.height, round_px(0.2f * f), round_px(1.2f * f), 3);
    r.candidates.insert(r.candidates.end(), around.begin(), around.end());
    add(it, p, it.color, std::move(r), 9);
  }

  // The legend picks its corner knowing where the labels would like to be (they count like markers), then
  // the labels make way for it.
  for (const LabelRequest& r : requests) {
    const LabelPoint p = r.candidates.front();
    score_rect(c, ImRect(p.x, p.y, p.x + r.width, p.y + r.height), 4);
  }
  choose_legend(c);
  std::vector<LabelBox> obstacles = c.label_obstacles;
  if (c.st->legend_rect.GetArea() > 0) obstacles.push_back(to_box(c.st->legend_rect));
  const std::vector<LabelPlacement> placed = place_labels(to_box(area), obstacles, c.label_points, requests);

  const ImU32 leader = style_color(ImGuiCol_Text, 0.45f);
  for (size_t i = 0; i < placed.size(); ++i) {
    const PendingLabel& l = pending[i];
    const LabelBox& b = placed[i].box;
    if (l.leader_from >= 0 && placed[i].candidate >= l.leader_from) {
      const ImVec2 q = nearest_on(b, l.anchor);
      const float dx = q.x - l.anchor.x, dy = q.y - l.anchor.y, len = std::sqrt(dx * dx + dy * dy);
      const float skip =
          l.item->kind == Kind::marker ? l.item->size + 2.0f : 2.0f;  // start outside the marker
      if (len > skip)
        dl->AddLine(ImVec2(l.anchor.x + dx / len * skip, l.anchor.y + dy / len * skip), q, leader, 1.0f);
    }
    add_tag(dl, ImVec2(b.x0, b.y0), l.color, l.text);
    c.placed_labels.push_back(b);
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
  if (!c.hover_readout || !c.area_hovered || st.legend_rect.Contains(c.mouse)) return;
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
  // The first side of the cursor (right-below, left-below, right-above, left-above) where the readout
  // covers no label and no legend; with none free, the least covering one.
  const bool fits = size.x <= a.GetWidth() && size.y <= a.GetHeight();
  if (size.x > L.frame.GetWidth() || size.y > L.frame.GetHeight()) {
    // Larger than the whole plot (a small plot, a long multi-line readout): a tooltip above
    // everything, instead of a box cut at the plot's edge.
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(28.0f * ImGui::GetFontSize());
    TextWrappedRich(line1);
    if (!line2.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, color2);
      TextWrappedRich(line2);
      ImGui::PopStyleColor();
    }
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
    return;
  }
  const ImRect& bounds = fits ? a : L.frame;
  LabelRequest req;
  req.width = size.x, req.height = size.y;
  req.candidates = {{c.mouse.x + off, c.mouse.y + off},
                    {c.mouse.x - off - size.x, c.mouse.y + off},
                    {c.mouse.x + off, c.mouse.y - off - size.y},
                    {c.mouse.x - off - size.x, c.mouse.y - off - size.y}};
  std::vector<LabelBox> avoid = c.placed_labels;
  if (st.legend_rect.GetArea() > 0)
    avoid.push_back({st.legend_rect.Min.x, st.legend_rect.Min.y, st.legend_rect.Max.x, st.legend_rect.Max.y});
  const LabelPlacement placed =
      place_labels({bounds.Min.x, bounds.Min.y, bounds.Max.x, bounds.Max.y}, avoid, {}, {req}).front();
  ImVec2 pos = clamp_box(ImVec2(placed.box.x0, placed.box.y0), size, bounds);
  pos = ImVec2(round_px(pos.x), round_px(pos.y));
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImU32 box_bg = mix_color(style.Colors[ImGuiCol_PopupBg], style.Colors[ImGuiCol_Text], 0.0f, 1.0f);
  dl->AddRectFilled(pos, ImVec2(pos.x + size.x, pos.y + size.y), box_bg, 0.25f * f);
  dl->AddRect(pos, ImVec2(pos.x + size.x, pos.y + size.y), style_color(ImGuiCol_Text, 0.3f), 0.25f * f);
  add_text(dl, ImVec2(pos.x + pad, pos.y + pad), ImGui::GetColorU32(ImGuiCol_Text), line1);
  if (!line2.empty()) add_text(dl, ImVec2(pos.x + pad, pos.y + pad + s1.y + spacing), color2, line2);
}

}  // namespace pelab::plot::detail
