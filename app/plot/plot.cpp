// pelab plot layer: immediate-mode plots drawn with ImDrawList. See plot.hpp for the behaviour and
// plot_internal.hpp for how the source files divide the work.
#include <cmath>

#include "plot_internal.hpp"

namespace pelab::plot {

namespace detail {

// The current context, as ImGui's GImGui: one pointer the caller sets, never a hidden instance.
Context* current_context = nullptr;

Context& ctx() {
  IM_ASSERT(current_context != nullptr && "no current plot context: call plot::CreateContext()");
  return *current_context;
}

}  // namespace detail

using namespace detail;

Context* CreateContext() {
  Context* context = new Context();
  if (current_context == nullptr) SetCurrentContext(context);
  return context;
}

void DestroyContext(Context* context) {
  if (context == nullptr) context = current_context;
  if (current_context == context) SetCurrentContext(nullptr);
  delete context;
}

Context* GetCurrentContext() { return current_context; }

void SetCurrentContext(Context* context) { current_context = context; }

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
  // An opaque fill in a draw command of its own is drawn without blending (app/gfx/draw_frame.cpp).
  separate_draw_command(dl);
  dl->AddRectFilled(L.area.Min, L.area.Max, plot_background());
  separate_draw_command(dl);
  draw_grid(c, dl);
  legend_candidates(c);
  // Drawing the items also gathers what the label placer must know (the drawn points, the markers).
  c.collect_points = has_labels(c);
  c.label_points.clear();
  c.label_obstacles.clear();
  c.placed_labels.clear();
  prepare_dense_lines(c);
  dl->PushClipRect(L.area.Min, L.area.Max, true);
  // Bands first (their fills, then their edges: the sweeps under everything), then lines and shapes,
  // then markers, then tags, marker labels and text on top of all of them.
  for (const Item& it : c.items)
    if (!it.hidden && it.kind == Kind::envelope) draw_item(c, dl, it);
  for (const Item& it : c.items)
    if (!it.hidden && it.kind == Kind::envelope) draw_envelope_edges(c, dl, it);
  for (const Item& it : c.items)
    if (!it.hidden && it.kind != Kind::marker && it.kind != Kind::envelope) draw_item(c, dl, it);
  for (const Item& it : c.items)
    if (!it.hidden && it.kind == Kind::marker) draw_item(c, dl, it);
  place_and_draw_labels(c, dl);  // also fixes the legend's corner, which the labels avoid
  dl->PopClipRect();
  draw_axes(c, dl);
  dl->PushClipRect(L.area.Min, L.area.Max, true);
  draw_legend(c, dl);
  dl->PopClipRect();
  draw_hover(c, dl);
  dl->PopClipRect();

  c.last_frame = frame;
  c.last_area = L.area;
  if (c.areas_frame != ImGui::GetFrameCount()) c.areas.clear();
  c.areas_frame = ImGui::GetFrameCount();
  c.areas.push_back(PlotArea{L.area.Min, L.area.Max});
  c.last_frame_count = ImGui::GetFrameCount();
  c.last_window = ImGui::GetCurrentWindow()->ID;
  c.score_legend = false;
  c.active = false;
  c.st = nullptr;
}

std::vector<PlotArea> PlotAreasDrawn() {
  const Context& c = ctx();
  return c.areas_frame == ImGui::GetFrameCount() ? c.areas : std::vector<PlotArea>{};
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
