// The narrow layout: a window less than narrow_width_em font heights wide (about 700 CSS pixels at
// the default 18 px font: a phone, a tablet held upright) shows one view at a time, the maximised one
// (the first of the grid's views when none is), chosen in a bar above it; the sidebar is a drawer
// over the view, opened from the same bar and closed by a tap or click beside it. Presenter mode
// keeps its own layout.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "state/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {

bool narrow_layout(const AppContext& app) {
  constexpr float narrow_width_em = 39.0f;
  return !app.lessons.presenting &&
         ImGui::GetMainViewport()->WorkSize.x < narrow_width_em * ImGui::GetFontSize();
}

float narrow_bar_height() { return ImGui::GetFrameHeightWithSpacing(); }

void draw_narrow_bar(AppContext& app) {
  LayoutState& layout = app.state.layout;
  std::vector<const ViewType*> views;
  for (const std::string& id : layout.views)
    if (const ViewType* view = find_view(id)) views.push_back(view);
  // One view at a time: the maximised one, else the first of the grid's.
  if (!views.empty() && (!layout.maximized ||
                         std::none_of(views.begin(), views.end(),
                                      [&](const ViewType* view) { return *layout.maximized == view->id; })))
    layout.maximized = std::string(views.front()->id);
  if (ImGui::Button(tr("narrow.controls"))) app.drawer_open = !app.drawer_open;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
  const ViewType* shown = layout.maximized ? find_view(*layout.maximized) : nullptr;
  const std::string preview = shown ? view_title(*shown) : std::string();
  if (ImGui::BeginCombo("##narrow_view", preview.c_str())) {
    for (const ViewType* view : views) {
      const std::string title = view_title(*view);
      if (ImGui::Selectable(title.c_str(), view == shown)) layout.maximized = std::string(view->id);
    }
    ImGui::EndCombo();
  }
}

void draw_sidebar_drawer(AppContext& app, ImVec2 top_left, float height) {
  if (!app.drawer_open) return;
  const float em = ImGui::GetFontSize();
  // A strip of the view stays beside it, for the tap that closes it.
  const float width = std::min(ImGui::GetMainViewport()->WorkSize.x - top_left.x - 2.5f * em, 22.0f * em);
  ImGui::SetNextWindowPos(top_left);
  ImGui::SetNextWindowSize(ImVec2(width, height));
  ImGui::Begin("##sidebar_drawer", nullptr,
               ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
  draw_sidebar_panel(app);
  // A press below the bar and beside the drawer (on the view) closes it; a popup of the sidebar's
  // (a combo's list) is the drawer's too.
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (ImGui::IsMouseClicked(0) && mouse.y >= top_left.y && !ImGui::IsAnyItemActive() &&
      !ImGui::IsWindowHovered(ImGuiHoveredFlags_RootAndChildWindows |
                              ImGuiHoveredFlags_AllowWhenBlockedByPopup) &&
      !ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId))
    app.drawer_open = false;
  ImGui::End();
}

}  // namespace pelab::app::ui
