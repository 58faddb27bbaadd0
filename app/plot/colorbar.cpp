// Plot layer: the colour bar beside a heatmap.
#include <algorithm>
#include <cmath>

#include "plot_internal.hpp"

namespace pelab::plot {

using namespace detail;

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
  // Tick labels wider than a fixed-width frame leaves them (a narrow compare panel, a projector's font:
  // "−0.06" at 26 px) are drawn smaller, down to the plot layer's smallest text, rather than cut at
  // the frame's edge.
  const float label_room = w - (natural - labels_w);
  const float label_scale = labels_w > 0 ? TextScale(label_room / labels_w, 0.0f) : 1.0f;
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
      dl->AddText(ImGui::GetFont(), f * label_scale,
                  ImVec2(bar.Max.x + tick_len + gap,
                         round_px(static_cast<float>(t.label_lo) + 0.5f * f * (1.0f - label_scale))),
                  text, t.tick.label.c_str());
  }
  if (has_label) {
    // Right after the tick labels (not at the far edge of a wide frame), kept inside the frame.
    const float cx = std::min(bar.Max.x + tick_len + gap + labels_w * label_scale + gap + 0.5f * f,
                              frame.Max.x - 0.5f * f);
    add_text_vertical(dl, ImVec2(cx, 0.5f * (bar.Min.y + bar.Max.y)), text, label);
  }
  if (ctx().hover_readout && ImGui::IsItemHovered()) {
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

}  // namespace pelab::plot
