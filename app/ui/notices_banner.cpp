// Notices float over the top right of the window: they never move the views. Information (a saved
// session, an opened table) fades out after a few seconds; errors stay until dismissed, so a
// message shown while the user looked elsewhere is not lost.
#include <algorithm>

#include "plot/rich_text.hpp"
#include "ui/panels.hpp"

namespace pelab::app::ui {
namespace {

constexpr double info_seconds = 4.0;  // shown fully, then faded out over fade_seconds
constexpr double fade_seconds = 1.0;

}  // namespace

bool notices_animating(const AppContext& app) {
  return std::any_of(app.notices.begin(), app.notices.end(), [](const Notice& n) { return !n.is_error; });
}

void draw_notices_banner(AppContext& app) {
  const double now = ImGui::GetTime();
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float em = ImGui::GetFontSize();
  const float width = std::min(36.0f * em, viewport->WorkSize.x - 2.0f * em);
  // Below the narrow layout's bar, whose Controls button stays reachable.
  float y = viewport->WorkPos.y + (narrow_layout(app) ? narrow_bar_height() : 0.0f) + 0.5f * em;
  for (std::size_t n = 0; n < app.notices.size();) {
    Notice& notice = app.notices[n];
    if (notice.shown_at < 0.0) notice.shown_at = now;
    const double age = now - notice.shown_at;
    if (!notice.is_error && age > info_seconds + fade_seconds) {
      app.notices.erase(app.notices.begin() + static_cast<std::ptrdiff_t>(n));
      continue;
    }
    const float alpha =
        notice.is_error ? 1.0f
                        : static_cast<float>(std::clamp(1.0 - (age - info_seconds) / fade_seconds, 0.0, 1.0));
    const ImVec4 background = notice.is_error ? ImVec4(0.55f, 0.10f, 0.10f, 0.96f * alpha)
                                              : ImVec4(0.12f, 0.32f, 0.50f, 0.96f * alpha);
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x - width - 0.5f * em, y));
    ImGui::SetNextWindowSize(ImVec2(width, 0.0f));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, background);
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 1.0f, 1.0f, alpha));
    const std::string id = "##notice" + std::to_string(notice.id);
    ImGui::Begin(id.c_str(), nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                     ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove);
    ImGui::PushTextWrapPos(ImGui::GetContentRegionMax().x - 1.5f * ImGui::GetFrameHeight());
    // At spaces, and inside a long path after a '/': never inside a file name or a number.
    plot::TextWrappedPlain(notice.text);
    ImGui::PopTextWrapPos();
    ImGui::SameLine(ImGui::GetContentRegionMax().x - ImGui::GetFrameHeight());
    const bool dismissed = ImGui::Button("✕", ImVec2(ImGui::GetFrameHeight(), ImGui::GetFrameHeight()));
    y += ImGui::GetWindowHeight() + 0.3f * em;
    ImGui::End();
    ImGui::PopStyleColor(2);
    if (dismissed) {
      app.notices.erase(app.notices.begin() + static_cast<std::ptrdiff_t>(n));
    } else {
      ++n;
    }
  }
}

}  // namespace pelab::app::ui
