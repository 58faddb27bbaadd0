#include "ui/app_ui.hpp"

#include <cstdarg>
#include <cstdio>

#include "state/session.hpp"
#include "ui/panels.hpp"

namespace pelab::app::ui {

void add_notice(AppContext& app, std::string text, bool is_error) {
  std::fprintf(stderr, "pelab: %s\n", text.c_str());
  app.notices.push_back(Notice{std::move(text), is_error});
}

bool open_session(AppContext& app, const std::filesystem::path& path) {
  SessionLoad load = load_session_file(path);
  if (!load.state) {
    std::string text = "session refused, defaults kept:";
    for (const std::string& problem : load.problems) text += "\n  " + problem;
    add_notice(app, std::move(text), true);
    return false;
  }
  const bool font_changed = !(load.state->ui == app.state.ui);
  app.state = std::move(*load.state);
  app.session_path = path;
  app.requests.rebuild_fonts = app.requests.rebuild_fonts || font_changed;
  return true;
}

void save_session(AppContext& app, const std::filesystem::path& path) {
  try {
    std::error_code ec;
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
    save_session_file(path, app.state);
    app.session_path = path;
    add_notice(app, "session saved to " + path.string(), false);
  } catch (const std::exception& error) {
    add_notice(app, std::string("cannot save the session: ") + error.what(), true);
  }
}

void draw_app(AppContext& app) {
  app.placements.clear();
  handle_shortcuts(app);

  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->WorkPos);
  ImGui::SetNextWindowSize(viewport->WorkSize);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
  ImGui::Begin("pelab", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::PopStyleVar();
  draw_notices_banner(app);

  const ImGuiStyle& style = ImGui::GetStyle();
  const float status_height = ImGui::GetFrameHeight() + style.ItemSpacing.y;
  const float main_height = ImGui::GetContentRegionAvail().y - status_height;
  if (app.state.layout.show_sidebar) {
    const float em = ImGui::GetFontSize();
    const float width = (app.state.layout.sidebar_width > 0.0f ? app.state.layout.sidebar_width : 18.0f) * em;
    ImGui::BeginChild("sidebar", ImVec2(width, main_height), true);
    draw_sidebar_panel(app);
    ImGui::EndChild();
    ImGui::SameLine();
  }
  // The sidebar may have changed parameters: ask for them before drawing the views.
  ViewParams& params = app.state.encodings.front();
  clamp_to_table(params);
  app.worker->request(params);
  const std::shared_ptr<const ViewData> data = app.worker->latest();

  ImGui::BeginChild("views", ImVec2(0.0f, main_height), false, ImGuiWindowFlags_NoScrollbar);
  if (data) {
    draw_view_area(app, *data);
  } else {
    ImGui::TextUnformatted("Computing…");
  }
  ImGui::EndChild();
  draw_status_bar(app, data.get());
  ImGui::End();
  draw_session_popups(app);
}

void note_text(const char* format, ...) {
  va_list args;
  va_start(args, format);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextWrappedV(format, args);
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  va_end(args);
}

std::string ordinal(std::int64_t n) {
  const std::int64_t tens = n % 100, ones = n % 10;
  const char* suffix = (tens >= 11 && tens <= 13) ? "th"
                       : ones == 1                ? "st"
                       : ones == 2                ? "nd"
                       : ones == 3                ? "rd"
                                                  : "th";
  return std::to_string(n) + suffix;
}

void item_tooltip(const char* text) {
  if (!ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace pelab::app::ui
