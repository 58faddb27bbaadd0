// "Open session" and "Save session" dialogs: a path field (Debian's Dear ImGui has no file dialog).
#include <imgui.h>
#include <imgui_stdlib.h>

#include "state/config_paths.hpp"
#include "ui/panels.hpp"

namespace pelab::app::ui {
namespace {

// A modal with a path field; returns true when confirmed.
bool path_popup(const char* title, const char* action, std::string& path) {
  bool confirmed = false;
  ImGui::SetNextWindowSize(ImVec2(36.0f * ImGui::GetFontSize(), 0.0f));
  if (ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_NoResize)) {
    ImGui::TextUnformatted("Session file (JSON):");
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    const bool entered = ImGui::InputText("##path", &path, ImGuiInputTextFlags_EnterReturnsTrue);
    if (ImGui::Button(action) || entered) {
      confirmed = !path.empty();
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  return confirmed;
}

}  // namespace

void draw_session_popups(AppContext& app) {
  SessionDialog& dialog = app.session_dialog;
  if (dialog.open_requested || dialog.save_requested) {
    dialog.path = (app.session_path.empty() ? default_session_path() : app.session_path).string();
  }
  if (dialog.open_requested) ImGui::OpenPopup("Open session");
  if (dialog.save_requested) ImGui::OpenPopup("Save session");
  dialog.open_requested = dialog.save_requested = false;
  if (path_popup("Open session", "Open", dialog.path)) open_session(app, dialog.path);
  if (path_popup("Save session", "Save", dialog.path)) save_session(app, dialog.path);
}

}  // namespace pelab::app::ui
