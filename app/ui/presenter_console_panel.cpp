// The presenter console's frame: what the lecturer sees on their own screen while the audience window
// shows the slide (run/presenter_console.hpp opens the window and makes the next step's picture).
// Drawn in the console window's own ImGui context: it reads and steps the one lesson state in `app`.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include "plot/rich_text.hpp"
#include "state/i18n.hpp"
#include "state/presenter_notes.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"

namespace pelab::app::ui {
namespace {

// The counter and the timer are read at a glance from the lectern: drawn larger than the notes.
constexpr float console_glance_scale = 1.6f;

void draw_console_top_line(AppContext& app, const PresenterNotes& notes) {
  LessonPlayer& player = app.lessons;
  const float em = ImGui::GetFontSize();
  ImGui::SetWindowFontScale(console_glance_scale);
  ImGui::TextUnformatted(notes.counter.c_str());
  ImGui::SameLine(0.0f, 2.0f * em);
  ImGui::TextUnformatted(notes.presenting ? notes.timer.c_str() : "–:––");
  ImGui::SetWindowFontScale(1.0f);
  ImGui::SameLine(0.0f, 1.0f * em);
  ImGui::BeginDisabled(!notes.presenting);
  if (ImGui::Button(tr("console.reset_timer"))) player.presenting_since = std::chrono::steady_clock::now();
  ImGui::EndDisabled();
  ImGui::SameLine(0.0f, 1.0f * em);
  // Stepping from the console as the keys do: not while the audience sees black.
  ImGui::BeginDisabled(notes.blank || notes.step == 0);
  if (ImGui::Button(tr("lesson.previous"))) show_lesson_step(app, notes.step - 1);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(notes.blank || !notes.next);
  if (ImGui::Button(tr("lesson.next")) && notes.next) show_lesson_step(app, *notes.next);
  ImGui::EndDisabled();
  const char* status = notes.blank        ? tr("console.status.blank")
                       : notes.presenting ? tr("console.status.presenting")
                                          : tr("console.status.not_presenting");
  same_line_if_fits(ImGui::CalcTextSize(status).x + em);  // on a narrow console, a line of its own
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("%s", status);
}

void draw_console_notes(AppContext& app, const PresenterNotes& notes, ImVec2 size) {
  const ThemeTextColors colors = theme_text_colors(app.state.ui.theme);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
  ImGui::BeginChild("console_notes", size, true);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(colors.accent, "%s", notes.title.c_str());
  ImGui::Spacing();
  plot::TextWrappedRich(notes.text);
  if (!notes.formula.empty()) {
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, colors.formula);
    plot::TextWrappedRich(notes.formula);
    ImGui::PopStyleColor();
  }
  if (!notes.try_text.empty()) {
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    plot::TextWrappedRich(std::string(tr("lesson.try")) + " " + notes.try_text);
    ImGui::PopStyleColor();
  }
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

void draw_console_next(const PresenterNotes& notes, const ConsolePicture& picture, ImVec2 size) {
  ImGui::BeginChild("console_next", size, false, ImGuiWindowFlags_NoScrollbar);
  if (!notes.next) {
    ImGui::TextDisabled("%s", tr("console.last_step"));
  } else {
    ImGui::TextDisabled("%s", trf("console.next", {std::to_string(*notes.next + 1)}).c_str());
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    if (picture.texture && picture.size.x > 0.0f && picture.size.y > 0.0f) {
      // The whole slide, as large as fits, its proportions kept.
      const float fit = std::min(avail.x / picture.size.x, avail.y / picture.size.y);
      const ImVec2 shown(std::max(1.0f, picture.size.x * fit), std::max(1.0f, picture.size.y * fit));
      ImGui::Image(picture.texture, shown);
    } else {
      ImGui::TextDisabled("%s", tr(picture.failed ? "console.picture_failed" : "console.picture_pending"));
    }
  }
  ImGui::EndChild();
}

}  // namespace

void draw_presenter_console(AppContext& app, const ConsolePicture& next_picture) {
  const PresenterNotes notes =
      presenter_notes(app.lessons, current_language(), std::chrono::steady_clock::now());
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->Pos);
  ImGui::SetNextWindowSize(viewport->Size);
  ImGui::Begin("presenter console", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  if (!notes.has_lesson) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(tr("console.no_lesson"));
    ImGui::PopTextWrapPos();
    ImGui::End();
    return;
  }
  draw_console_top_line(app, notes);
  ImGui::Spacing();
  // The notes beside the next step's picture on a landscape screen, above it on a narrow one.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  if (avail.x >= 1.2f * avail.y) {
    const float notes_width = std::floor(0.42f * avail.x);
    draw_console_notes(app, notes, ImVec2(notes_width, avail.y));
    ImGui::SameLine(0.0f, gap);
    draw_console_next(notes, next_picture, ImVec2(avail.x - notes_width - gap, avail.y));
  } else {
    const float notes_height = std::floor(0.45f * avail.y);
    draw_console_notes(app, notes, ImVec2(avail.x, notes_height));
    draw_console_next(notes, next_picture, ImVec2(avail.x, 0.0f));
  }
  ImGui::End();
}

}  // namespace pelab::app::ui
