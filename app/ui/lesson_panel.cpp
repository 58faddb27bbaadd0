// Lessons on screen: the caption band with the step's text (in the UI's language), its formula and
// "try this" prompt, the step counter and the previous / next buttons; presenter mode (F5) and its
// keys. A step shows its app state: configurations, views, p / k / i and display settings; the
// user's font, theme and language are kept.
#include <algorithm>

#include "state/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {

std::filesystem::path lessons_dir() { return std::filesystem::path(PELAB_ASSET_DIR) / "lessons"; }

void show_lesson_step(AppContext& app, std::size_t step) {
  LessonPlayer& player = app.lessons;
  if (!player.lesson || player.lesson->steps.empty()) return;
  player.step = std::min(step, player.lesson->steps.size() - 1);
  const UiSettings ui = app.state.ui;
  const LayoutState layout = app.state.layout;
  app.state = player.lesson->steps[player.step].state;
  app.state.ui = ui;  // the lecturer's font, theme and language stay
  app.state.layout.sidebar_width = layout.sidebar_width;
  app.state.layout.show_sidebar = player.presenting ? false : layout.show_sidebar;
}

bool start_lesson(AppContext& app, const std::string& name) {
  const std::optional<std::filesystem::path> path = find_lesson(lessons_dir(), name);
  if (!path) {
    add_notice(app, trf("notice.lesson_unknown", {name}), true);
    return false;
  }
  LessonLoad load = load_lesson_file(*path, view_ids());
  if (!load.lesson) {
    std::string text = trf("notice.lesson_refused", {path->string()});
    for (const std::string& problem : load.problems) text += "\n  " + problem;
    add_notice(app, text, true);
    return false;
  }
  app.lessons.lesson = std::move(load.lesson);
  show_lesson_step(app, 0);
  return true;
}

void set_presenting(AppContext& app, bool presenting) {
  LessonPlayer& player = app.lessons;
  if (presenting == player.presenting) return;
  player.presenting = presenting;
  UiSettings& ui = app.state.ui;
  if (presenting) {
    player.before_presenting = ui;
    player.sidebar_before = app.state.layout.show_sidebar;
    ui.font_size = std::max(ui.font_size, presenter_font_size);
    app.state.layout.show_sidebar = false;
  } else {
    ui.font_size = player.before_presenting.font_size;
    app.state.layout.show_sidebar = player.sidebar_before;
    player.blank = false;
  }
  app.requests.rebuild_fonts = true;
  if (app.capture_mode) return;  // slides are rendered at the window's size, never full screen
  app.requests.toggle_fullscreen = true;
}

float lesson_band_height(const AppContext& app) {
  if (!app.lessons.lesson) return 0.0f;
  const float em = ImGui::GetFontSize();
  const LessonStep& step = app.lessons.lesson->steps[app.lessons.step];
  const Language language = current_language();
  const float width = ImGui::GetContentRegionAvail().x - 9.0f * em;
  float height = ImGui::CalcTextSize(step.text(language).c_str(), nullptr, false, width).y;
  if (!step.formula.empty()) height += ImGui::GetTextLineHeightWithSpacing() * 1.2f;
  if (!step.try_text(language).empty() && !app.lessons.presenting)
    height += ImGui::CalcTextSize(step.try_text(language).c_str(), nullptr, false, width).y + 0.4f * em;
  return height + 2.0f * ImGui::GetStyle().WindowPadding.y + ImGui::GetTextLineHeightWithSpacing();
}

void draw_lesson_band(AppContext& app, float height) {
  LessonPlayer& player = app.lessons;
  const Lesson& lesson = *player.lesson;
  const LessonStep& step = lesson.steps[player.step];
  const Language language = current_language();
  const float em = ImGui::GetFontSize();
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
  ImGui::BeginChild("lesson_band", ImVec2(0.0f, height), true, ImGuiWindowFlags_NoScrollbar);
  // Title and counter on the first line, the navigation at its right end.
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  ImGui::TextUnformatted(lesson.title(language).c_str());
  ImGui::PopStyleColor();
  ImGui::SameLine();
  ImGui::TextDisabled("%s", trf("lesson.counter", {std::to_string(player.step + 1), std::to_string(lesson.steps.size())}).c_str());
  const float buttons = 3.0f * ImGui::GetFrameHeight() + 6.0f * em;
  ImGui::SameLine(ImGui::GetContentRegionMax().x - buttons);
  ImGui::BeginDisabled(player.step == 0);
  if (ImGui::Button(tr("lesson.previous"))) show_lesson_step(app, player.step - 1);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(player.step + 1 >= lesson.steps.size());
  if (ImGui::Button(tr("lesson.next"))) show_lesson_step(app, player.step + 1);
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("✕")) {
    set_presenting(app, false);
    player.lesson.reset();
  }
  if (!app.capture_mode && !player.presenting) item_tooltip(tr("lesson.close.tip"));
  if (player.lesson) {
    ImGui::PushTextWrapPos(ImGui::GetContentRegionMax().x - 0.5f * em);
    ImGui::TextUnformatted(step.text(language).c_str());
    if (!step.formula.empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_PlotLinesHovered));
      ImGui::TextUnformatted(step.formula.c_str());
      ImGui::PopStyleColor();
    }
    if (!step.try_text(language).empty() && !player.presenting) {
      ImGui::TextDisabled("%s %s", tr("lesson.try"), step.try_text(language).c_str());
    }
    ImGui::PopTextWrapPos();
  }
  // A click on the caption (not on a button) is "next": a clicker or a mouse at the lectern.
  if (player.presenting && ImGui::IsWindowHovered() && ImGui::IsMouseReleased(0) && !ImGui::IsAnyItemHovered() &&
      player.lesson && player.step + 1 < player.lesson->steps.size()) {
    show_lesson_step(app, player.step + 1);
  }
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

// Presenter keys (clickers send PageUp / PageDown). Returns true when it took the keyboard this frame.
bool handle_lesson_keys(AppContext& app) {
  LessonPlayer& player = app.lessons;
  if (!player.lesson || ImGui::GetIO().WantTextInput) return false;
  const auto pressed = [](int glfw_key) { return ImGui::IsKeyPressed(glfw_key, false); };
  // GLFW key codes (the GLFW backend of ImGui 1.86 indexes KeysDown by them).
  constexpr int key_space = 32, key_b = 66, key_escape = 256, key_enter = 257, key_backspace = 259,
                key_right = 262, key_left = 263, key_page_up = 266, key_page_down = 267, key_f5 = 294;
  if (pressed(key_f5)) set_presenting(app, !player.presenting);
  if (!player.presenting) return false;
  const std::size_t last = player.lesson->steps.size() - 1;
  if (pressed(key_page_down) || pressed(key_right) || pressed(key_space) || pressed(key_enter))
    show_lesson_step(app, std::min(player.step + 1, last));
  if (pressed(key_page_up) || pressed(key_left) || pressed(key_backspace))
    show_lesson_step(app, player.step == 0 ? 0 : player.step - 1);
  if (pressed(key_b)) player.blank = !player.blank;
  if (pressed(key_escape)) set_presenting(app, false);
  return true;
}

}  // namespace pelab::app::ui
