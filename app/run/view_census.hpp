#pragma once
// What each view drew in the last frame, for `--screenshot --geometry` (the extreme-value sweep checks
// that every view draws its data or says in one sentence why it does not apply). It is the
// ui::ViewDrawObserver run_screenshot installs: layout.cpp brackets each view's draw call
// (view_begin / view_end: one entry per configuration panel of a per-configuration view, one per
// view across configurations); a view that explains instead of drawing calls ui::note_not_applicable
// beside its sentence. Header only, plain counters: a frame is drawn by one thread.
//
// "Data" is read from the draw lists, not from the views: the vertices the view added (its own
// window's, and every child window it opened) inside its panel, in a colour that is neither grey nor
// one of the ImGui style's colours (as widgets draw them). Plot lines, markers, matrix cells, arcs and pass /
// fail marks are in palette, configuration or colormap colours; frames, grids, axes, plain text, notes and
// widgets are grey or style-coloured. GPU heatmaps are counted twice over: the placements the view recorded
// (AppContext::placements) and the visible textured draw commands (heatmaps and colour bars).
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <string>
#include <unordered_set>
#include <vector>

#include "ui/app_ui.hpp"

namespace pelab::app::run {

struct ViewDrawn {
  std::string view;        // the view's id
  int config = -1;         // slot index of a per-configuration panel; -1: a view across configurations
  int data_vertices = 0;   // vertices in a data colour inside the panel (see above)
  int heatmaps = 0;        // heatmap placements recorded (ui::HeatmapPlacement)
  int images = 0;          // visible draw commands with a texture other than the font atlas
  int not_applicable = 0;  // sentences saying why the view does not apply (census_not_applicable)
  ImRect data_rect{FLT_MAX, FLT_MAX, -FLT_MAX, -FLT_MAX};  // around the data vertices and images
  bool drew_data() const { return data_vertices > 0 || (heatmaps > 0 && images > 0); }
};

namespace census_detail {

inline bool is_descendant(const ImGuiWindow* window, const ImGuiWindow* ancestor) {
  for (const ImGuiWindow* w = window->ParentWindow; w; w = w->ParentWindow)
    if (w == ancestor) return true;
  return false;
}

// Vertices [first, end) of `list`, and its textured commands drawing any of them, inside `clip`.
inline void count(const ImDrawList& list, int first, const ImRect& clip,
                  const std::unordered_set<ImU32>& style_colours, ViewDrawn& into) {
  const ImTextureID font = ImGui::GetIO().Fonts->TexID;
  for (int v = first; v < list.VtxBuffer.Size; ++v) {
    const ImDrawVert& vertex = list.VtxBuffer[v];
    const ImU32 rgb = vertex.col & ~IM_COL32_A_MASK;
    if ((vertex.col & IM_COL32_A_MASK) == 0 || style_colours.count(vertex.col) || !clip.Contains(vertex.pos))
      continue;
    const int r = static_cast<int>(rgb >> IM_COL32_R_SHIFT & 0xFF),
              g = static_cast<int>(rgb >> IM_COL32_G_SHIFT & 0xFF),
              b = static_cast<int>(rgb >> IM_COL32_B_SHIFT & 0xFF);
    if (std::max({r, g, b}) - std::min({r, g, b}) <= 16) continue;  // grey: backgrounds, grids, text
    ++into.data_vertices;
    into.data_rect.Add(vertex.pos);
  }
  for (const ImDrawCmd& cmd : list.CmdBuffer) {
    if (cmd.ElemCount == 0 || cmd.UserCallback || cmd.TextureId == font) continue;
    const int vertex = static_cast<int>(cmd.VtxOffset + list.IdxBuffer[static_cast<int>(cmd.IdxOffset)]);
    ImRect shown(cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w);
    shown.ClipWithFull(clip);
    if (vertex < first || shown.GetWidth() <= 0.0f || shown.GetHeight() <= 0.0f) continue;
    ++into.images;
    into.data_rect.Add(shown);
  }
}

}  // namespace census_detail

class ViewCensus final : public ui::ViewDrawObserver {
 public:
  std::vector<ViewDrawn> drawn;  // the last frame's entries

  // Before a view's draw function, in its panel's window. Starts a new list on a new frame.
  void view_begin(const ui::AppContext& app, std::string_view view, int config) override {
    if (context_ != GImGui || frame_ != ImGui::GetFrameCount()) {
      context_ = GImGui;
      frame_ = ImGui::GetFrameCount();
      drawn.clear();
    }
    drawn.push_back(ViewDrawn{std::string(view), config});
    window_ = ImGui::GetCurrentWindow();
    first_vertex_ = window_->DrawList->VtxBuffer.Size;
    first_placement_ = app.placements.size();
  }

  // Beside a view's "does not apply" sentence, between view_begin and view_end.
  void not_applicable() override {
    if (window_ && !drawn.empty()) ++drawn.back().not_applicable;
  }

  // After the view's draw function, back in its panel's window.
  void view_end(const ui::AppContext& app) override {
    if (!window_ || drawn.empty()) return;
    // Exactly as widgets draw them (alpha included): a palette colour may share a style colour's RGB
    // (palette_color(0) is the dark theme's slider grab, which the theme makes translucent).
    std::unordered_set<ImU32> style_colours;
    for (int colour = 0; colour < ImGuiCol_COUNT; ++colour) style_colours.insert(ImGui::GetColorU32(colour));
    ViewDrawn& last = drawn.back();
    last.heatmaps =
        static_cast<int>(app.placements.size() - std::min(first_placement_, app.placements.size()));
    const ImRect panel = window_->InnerClipRect;
    census_detail::count(*window_->DrawList, first_vertex_, panel, style_colours, last);
    for (ImGuiWindow* child : GImGui->Windows) {
      if (child->LastFrameActive == frame_ && census_detail::is_descendant(child, window_))
        census_detail::count(*child->DrawList, 0, panel, style_colours, last);
    }
    window_ = nullptr;
  }

 private:
  const ImGuiContext* context_ = nullptr;  // the frame the entries belong to
  int frame_ = -1;
  // The open bracket: the panel's window and where its draw list stood at view_begin.
  ImGuiWindow* window_ = nullptr;
  int first_vertex_ = 0;
  std::size_t first_placement_ = 0;
};

}  // namespace pelab::app::run
