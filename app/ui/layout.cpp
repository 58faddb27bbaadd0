// The view area: every view at once in a grid of bordered cells, or one maximised. ImGui 1.86 (as
// packaged by Debian) has no docking, so the grid is laid out here from the available size:
//   top row:    heatmap | curves | spectrum        (one plot each)
//   bottom row: similarity (2 plots) | rotation (3 plots), wider cells for more plots
#include <cmath>

#include "ui/panels.hpp"

namespace pelab::app::ui {
namespace {

void draw_view(ViewId view, ViewContext& context) {
  switch (view) {
    case ViewId::heatmap:
      return draw_heatmap_view(context);
    case ViewId::curves:
      return draw_curves_view(context);
    case ViewId::similarity:
      return draw_similarity_view(context);
    case ViewId::rotation:
      return draw_rotation_view(context);
    case ViewId::spectrum:
      return draw_spectrum_view(context);
  }
}

// A bordered cell with the view's title and a button (or a double-click on the title) that
// maximises the view or brings the grid back.
void draw_cell(AppContext& app, ViewContext& context, ViewId view, ImVec2 size) {
  const std::string id(to_string(view));
  ImGui::BeginChild(id.c_str(), size, true,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  const bool maximized = app.state.layout.maximized == view;
  const std::string title(view_title(view));
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(title.c_str());
  const bool title_double_clicked = ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(0);
  const char* button = maximized ? "⊟" : "⊞";
  ImGui::SameLine(ImGui::GetContentRegionMax().x - ImGui::GetFrameHeight());
  ImGui::PushID(id.c_str());
  const bool pressed = ImGui::Button(button, ImVec2(ImGui::GetFrameHeight(), ImGui::GetFrameHeight()));
  ImGui::PopID();
  if (!app.capture_mode) item_tooltip(maximized ? "Back to the grid of all views" : "Maximise this view");
  if (pressed || title_double_clicked) {
    app.state.layout.maximized = maximized ? std::nullopt : std::optional<ViewId>(view);
  }
  draw_view(view, context);
  ImGui::EndChild();
}

}  // namespace

void draw_view_area(AppContext& app, const ViewData& data) {
  app.previous_hover = app.state.hover;
  app.state.hover = HoverState{};
  ViewContext context{app.state.encodings.front(),
                      data,
                      app.gpu,
                      *app.renderer,
                      app.colormaps,
                      app.previous_hover,
                      app.state.hover,
                      app.placements};
  const ImVec2 area = ImGui::GetContentRegionAvail();
  if (app.state.layout.maximized) {
    draw_cell(app, context, *app.state.layout.maximized, area);
    return;
  }
  const ImVec2 spacing = ImGui::GetStyle().ItemSpacing;
  const float row_height = std::floor((area.y - spacing.y) / 2.0f);
  const float third = std::floor((area.x - 2.0f * spacing.x) / 3.0f);
  draw_cell(app, context, ViewId::heatmap, ImVec2(third, row_height));
  ImGui::SameLine();
  draw_cell(app, context, ViewId::curves, ImVec2(third, row_height));
  ImGui::SameLine();
  draw_cell(app, context, ViewId::spectrum, ImVec2(area.x - 2.0f * (third + spacing.x), row_height));
  const float similarity_width = std::floor((area.x - spacing.x) * 0.42f);
  draw_cell(app, context, ViewId::similarity, ImVec2(similarity_width, area.y - row_height - spacing.y));
  ImGui::SameLine();
  draw_cell(app, context, ViewId::rotation, ImVec2(0.0f, area.y - row_height - spacing.y));
}

}  // namespace pelab::app::ui
