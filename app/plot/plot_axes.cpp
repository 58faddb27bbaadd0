// Plot layer: grid, frame, ticks, axis labels, title and the legend.
#include <cmath>

#include "plot_internal.hpp"

namespace pelab::plot::detail {

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
    add_text(dl, ImVec2(x, L.xlabel_top), text, c.xlabel);
  }
  if (!c.ylabel.empty())
    add_text_vertical(dl, ImVec2(L.ylabel_center_x, 0.5f * (a.Min.y + a.Max.y)), text, c.ylabel.c_str(),
                      a.Max.y - a.Min.y);
  if (!c.title.empty()) {
    // A title wider than the plot is drawn smaller (down to 75%) and then clipped to the frame, so
    // it never runs into the plot beside it.
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    const float window_scale = window->FontWindowScale;
    const float room = L.frame.Max.x - L.frame.Min.x;
    const float full = text_size(c.title).x;
    if (full > room) ImGui::SetWindowFontScale(window_scale * TextScale(room / full, 0.75f));
    // Still too wide at 75%: cut at the last space that leaves room for "…" (a word cut in half,
    // or a number, would read as another title), else clip.
    std::string title = c.title;
    if (text_size(title).x > room) {
      for (std::size_t cut = title.rfind(' '); cut != std::string::npos && cut > 0;
           cut = title.rfind(' ', cut - 1)) {
        const std::string shorter = title.substr(0, cut) + "…";
        if (text_size(shorter).x <= room) {
          title = shorter;
          break;
        }
      }
    }
    const float w = text_size(title).x;
    float x = round_px(0.5f * (a.Min.x + a.Max.x) - 0.5f * w);
    x = std::max(L.frame.Min.x, std::min(x, L.frame.Max.x - w));
    dl->PushClipRect(ImVec2(L.frame.Min.x, L.title_y),
                     ImVec2(L.frame.Max.x, L.title_y + 2.0f * ImGui::GetFontSize()), true);
    add_text(dl, ImVec2(x, L.title_y), text, title);
    dl->PopClipRect();
    if (full > room) ImGui::SetWindowFontScale(window_scale);
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

void choose_legend(Context& c) {
  PlotState& st = *c.st;
  st.legend_rect = ImRect();
  if (!c.score_legend) return;
  st.legend_corner = choose_legend_corner(c, st.legend_corner);
  st.legend_rect = c.legend_candidates[st.legend_corner];
}

void draw_legend(Context& c, ImDrawList* dl) {
  PlotState& st = *c.st;
  if (!c.score_legend) return;
  const float f = c.lay.font_size;
  const LegendMetrics m = legend_metrics(c);
  const ImRect box = st.legend_rect;
  const ImVec2 pos = box.Min;
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
    add_text(dl, ImVec2(x0 + m.swatch + m.gap, y), style_color(ImGuiCol_Text, alpha), e.name);
  }
}

}  // namespace pelab::plot::detail
