// Notices at the top of the window: refused sessions, missing fonts, failed saves. They stay until
// dismissed, so a message printed while the user looked elsewhere is not lost.
#include "ui/panels.hpp"

namespace pelab::app::ui {

void draw_notices_banner(AppContext& app) {
  for (std::size_t n = 0; n < app.notices.size();) {
    const Notice& notice = app.notices[n];
    const ImVec4 background =
        notice.is_error ? ImVec4(0.55f, 0.10f, 0.10f, 1.0f) : ImVec4(0.12f, 0.32f, 0.50f, 1.0f);
    ImGui::PushStyleColor(ImGuiCol_ChildBg, background);
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 1.0f, 1.0f, 1.0f));
    ImGui::PushID(static_cast<int>(n));
    const float wrap_width = ImGui::GetContentRegionAvail().x - 2.0f * ImGui::GetFrameHeight();
    const ImVec2 text_size = ImGui::CalcTextSize(notice.text.c_str(), nullptr, false, wrap_width);
    const float height = text_size.y + 2.0f * ImGui::GetStyle().WindowPadding.y;
    ImGui::BeginChild("notice", ImVec2(0.0f, height), false, ImGuiWindowFlags_NoScrollbar);
    ImGui::PushTextWrapPos(wrap_width);
    ImGui::TextUnformatted(notice.text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::SameLine(ImGui::GetContentRegionMax().x - ImGui::GetFrameHeight());
    const bool dismissed = ImGui::Button("✕", ImVec2(ImGui::GetFrameHeight(), ImGui::GetFrameHeight()));
    ImGui::EndChild();
    ImGui::PopID();
    ImGui::PopStyleColor(2);
    if (dismissed) {
      app.notices.erase(app.notices.begin() + static_cast<std::ptrdiff_t>(n));
    } else {
      ++n;
    }
  }
}

}  // namespace pelab::app::ui
