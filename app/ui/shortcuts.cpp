// Keyboard: arrows step p (up/down) and i (left/right), + / − font size, F11 fullscreen,
// Ctrl+S save session, Ctrl+O open one. Ignored while a text field has the keyboard.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>  // key codes only: the GLFW backend of ImGui 1.86 indexes KeysDown by them

#include <algorithm>

#include "state/config_paths.hpp"
#include "ui/panels.hpp"

namespace pelab::app::ui {

void handle_shortcuts(AppContext& app) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  ViewParams& params = app.state.encodings.front();
  const bool repeat = true;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow), repeat)) ++params.position;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow), repeat)) --params.position;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow), repeat)) ++params.dimension;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow), repeat)) --params.dimension;
  clamp_to_table(params);

  UiSettings& ui = app.state.ui;
  if (ImGui::IsKeyPressed(GLFW_KEY_EQUAL) || ImGui::IsKeyPressed(GLFW_KEY_KP_ADD)) {
    ui.font_size = std::min(max_font_size, ui.font_size + 2.0f);
    app.requests.rebuild_fonts = true;
  }
  if (ImGui::IsKeyPressed(GLFW_KEY_MINUS) || ImGui::IsKeyPressed(GLFW_KEY_KP_SUBTRACT)) {
    ui.font_size = std::max(min_font_size, ui.font_size - 2.0f);
    app.requests.rebuild_fonts = true;
  }
  if (ImGui::IsKeyPressed(GLFW_KEY_F11, false)) app.requests.toggle_fullscreen = true;
  if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_S, false)) {
    const std::filesystem::path path = app.session_path.empty() ? default_session_path() : app.session_path;
    if (path.empty()) {
      app.session_dialog.save_requested = true;
    } else {
      save_session(app, path);
    }
  }
  if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_O, false)) app.session_dialog.open_requested = true;
}

}  // namespace pelab::app::ui
