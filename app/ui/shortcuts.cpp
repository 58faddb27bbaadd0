// Keyboard: arrows step p (up/down) and i (left/right), + / − font size, F11 fullscreen,
// Ctrl+S save session, Ctrl+O open one, Ctrl+L the lesson editor. Ignored while a text field has the
// keyboard.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>  // key codes only: the GLFW backend of ImGui 1.86 indexes KeysDown by them

#include <algorithm>

#include "state/config_paths.hpp"
#include "ui/panels.hpp"

namespace pelab::app::ui {

void handle_shortcuts(AppContext& app) {
  const ImGuiIO& io = ImGui::GetIO();
  // Not while a text field or a dialog has the keyboard: typed text is not a command.
  if (io.WantTextInput || ImGui::IsPopupOpen(nullptr, ImGuiPopupFlags_AnyPopupId)) return;
  if (handle_lesson_keys(app)) return;  // presenter mode: arrows, space and enter step the lesson
  Slot& slot = app.state.active_slot();
  // A key steps from the value the user sees; only what it moves is stored (move_selection).
  Selection selection = clamped(slot.selection, slot.config.encoding);
  const bool repeat = true;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow), repeat)) ++selection.position;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow), repeat)) --selection.position;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow), repeat)) ++selection.dimension;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow), repeat)) --selection.dimension;
  move_selection(slot, selection);

  UiSettings& ui = app.state.ui;
  if (ImGui::IsKeyPressed(GLFW_KEY_EQUAL) || ImGui::IsKeyPressed(GLFW_KEY_KP_ADD)) {
    ui.font_size = std::min(max_font_size, ui.font_size + 2.0f);
    app.requests.rebuild_fonts = true;
  }
  // Minus without Shift: Shift+minus types '_', which is no command.
  if ((ImGui::IsKeyPressed(GLFW_KEY_MINUS) && !io.KeyShift) || ImGui::IsKeyPressed(GLFW_KEY_KP_SUBTRACT)) {
    ui.font_size = std::max(min_font_size, ui.font_size - 2.0f);
    app.requests.rebuild_fonts = true;
  }
  if (ImGui::IsKeyPressed(GLFW_KEY_F11, false)) app.requests.toggle_fullscreen = true;
  if (ImGui::IsKeyPressed(GLFW_KEY_F9, false)) app.state.layout.show_sidebar = !app.state.layout.show_sidebar;
  if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_S, false)) {
    const std::filesystem::path path = app.session_path.empty() ? default_session_path() : app.session_path;
    if (path.empty()) {
      app.dialog.save_requested = true;
    } else {
      save_session(app, path);
    }
  }
  if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_O, false)) app.dialog.open_requested = true;
  if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_L, false)) {
    if (app.lesson_draft.open) {
      app.lesson_draft.open = false;
    } else {
      open_lesson_editor(app, app.lessons.lesson.has_value());
    }
  }
}

}  // namespace pelab::app::ui
