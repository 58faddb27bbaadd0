// "Open session", "Save session" and "Open table" dialogs: a path field (Debian's Dear ImGui has no
// file dialog); the table dialog also lists the recently opened tables and takes a tensor name.
// Where the platform has a file picker of its own (the browser, ui/platform_files.hpp), opening a
// session or a table shows that instead.
#include <imgui.h>
#include <imgui_stdlib.h>

#include "state/config_paths.hpp"
#include "state/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/platform_files.hpp"

namespace pelab::app::ui {
namespace {

// A modal with a path field; returns true when confirmed.
bool path_popup(AppContext& app, const char* title, const char* action, const char* what, bool with_tensor) {
  PathDialog& dialog = app.dialog;
  bool confirmed = false;
  ImGui::SetNextWindowSize(ImVec2(36.0f * ImGui::GetFontSize(), 0.0f));
  if (ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_NoResize)) {
    ImGui::TextUnformatted(what);
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    bool entered = ImGui::InputText("##path", &dialog.path, ImGuiInputTextFlags_EnterReturnsTrue);
    if (with_tensor) {
      ImGui::TextUnformatted(tr("dialog.tensor"));
      ImGui::SetNextItemWidth(-1.0f);
      entered = ImGui::InputText("##tensor", &dialog.tensor, ImGuiInputTextFlags_EnterReturnsTrue) || entered;
      if (!app.recent_tables.empty()) {
        ImGui::TextUnformatted(tr("dialog.recent"));
        for (const std::string& recent : app.recent_tables) {
          if (ImGui::Selectable(recent.c_str(), recent == dialog.path)) dialog.path = recent;
        }
      }
    }
    if (ImGui::Button(action) || entered) {
      confirmed = !dialog.path.empty();
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button(tr("dialog.cancel")) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
      ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
  }
  return confirmed;
}

}  // namespace

void draw_path_popups(AppContext& app) {
  PathDialog& dialog = app.dialog;
  if (dialog.open_requested && show_file_picker(FileToOpen::session)) dialog.open_requested = false;
  if (dialog.table_requested && show_file_picker(FileToOpen::table)) dialog.table_requested = false;
  if (dialog.open_requested || dialog.save_requested) {
    dialog.path = (app.session_path.empty() ? default_session_path() : app.session_path).string();
  }
  if (dialog.table_requested) {
    const Config& config = app.state.active_slot().config;
    dialog.path = !config.table_path.empty()   ? config.table_path
                  : !app.recent_tables.empty() ? app.recent_tables.front()
                                               : std::string();
    dialog.tensor = config.tensor;
  }
  // Titles in the UI's language; the part after "###" is the popup's id, the same in every language.
  const std::string open_title = std::string(tr("dialog.title.open_session")) + "###open_session",
                    save_title = std::string(tr("dialog.title.save_session")) + "###save_session",
                    table_title = std::string(tr("dialog.title.open_table")) + "###open_table";
  if (dialog.open_requested) ImGui::OpenPopup(open_title.c_str());
  if (dialog.save_requested) ImGui::OpenPopup(save_title.c_str());
  if (dialog.table_requested) ImGui::OpenPopup(table_title.c_str());
  dialog.open_requested = dialog.save_requested = dialog.table_requested = false;
  if (path_popup(app, open_title.c_str(), tr("dialog.open"), tr("dialog.session_file"), false))
    open_session(app, dialog.path);
  if (path_popup(app, save_title.c_str(), tr("dialog.save"), tr("dialog.session_file"), false))
    save_session(app, dialog.path);
  if (path_popup(app, table_title.c_str(), tr("dialog.open"), tr("dialog.table_file"), true))
    open_table(app, dialog.path, dialog.tensor);
}

}  // namespace pelab::app::ui
