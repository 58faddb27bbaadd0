// Lessons on screen: the caption band with the step's text (in the UI's language), its formula and
// "try this" prompt, the step counter and the previous / next buttons; presenter mode (F5) and its
// keys. A step shows its app state: configurations, views, p / k / i and display settings; the
// user's font, theme and language are kept.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iterator>

#include "pelab/io/data_dir.hpp"
#include "plot/rich_text.hpp"
#include "state/config_paths.hpp"
#include "state/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {

std::vector<std::filesystem::path> lesson_dirs() {
  std::vector<std::filesystem::path> dirs{pelab::data_dir() / "lessons"};
  if (std::filesystem::path user = user_lessons_dir(); !user.empty()) dirs.push_back(std::move(user));
  return dirs;
}

std::vector<LessonInfo> list_all_lessons() {
  std::vector<LessonInfo> all;
  for (const std::filesystem::path& dir : lesson_dirs()) {
    std::vector<LessonInfo> in_dir = list_lessons(dir);
    std::move(in_dir.begin(), in_dir.end(), std::back_inserter(all));
  }
  return all;
}

void show_step_state(AppContext& app, const AppState& state) {
  app.state = step_state_shown(state, app.state, app.lessons.presenting);
}

void show_lesson_step(AppContext& app, std::size_t step) {
  LessonPlayer& player = app.lessons;
  if (!player.lesson || player.lesson->steps.empty()) return;
  player.step = std::min(step, player.lesson->steps.size() - 1);
  show_step_state(app, player.lesson->steps[player.step].state);
  player.playback = {};
}

bool play_lesson_animation(AppContext& app) {
  LessonPlayer& player = app.lessons;
  if (!player.lesson || player.step >= player.lesson->steps.size()) return false;
  // A video being made moves the state itself; the step waits.
  if (app.video_job) return false;
  const LessonStep& step = player.lesson->steps[player.step];
  double now = ImGui::GetTime();
  if (app.capture_mode) {
    player.playback.started = 0.0;
    now = player.capture_seconds.value_or(step.animation ? step.animation->seconds : 0.0);
  }
  return play_step_animation(step, player.playback, app.state, now, models_dir());
}

void replay_lesson_animation(AppContext& app) {
  LessonPlayer& player = app.lessons;
  if (!player.lesson || player.step >= player.lesson->steps.size()) return;
  // The step's own values first: a parameter the user moved since is put back with it.
  show_step_state(app, player.lesson->steps[player.step].state);
  player.playback = {};
}

bool start_lesson(AppContext& app, const std::string& name) {
  std::optional<std::filesystem::path> path;
  for (const std::filesystem::path& dir : lesson_dirs())
    if (path = find_lesson(dir, name); path) break;
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
  if (const Language language = current_language(); !app.lessons.lesson->written_in(language)) {
    add_notice(app, trf("notice.lesson_in_english", {app.lessons.lesson->id, language_name(language)}),
               false);
  }
  show_lesson_step(app, 0);
  return true;
}

void set_presenting(AppContext& app, bool presenting) {
  LessonPlayer& player = app.lessons;
  if (presenting == player.presenting) return;
  player.presenting = presenting;
  UiSettings& ui = app.state.ui;
  if (presenting) {
    player.presenting_since = std::chrono::steady_clock::now();
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

namespace {

std::string format_value(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
}

std::string option_word(std::string_view group, std::string_view word) {
  const std::string key = "option." + std::string(group) + "." + std::string(word);
  return tr_or(key.c_str(), word);
}

// The sidebar's name of control `id` and its value in `state`.
std::string control_and_value(std::string_view id, const AppState& state) {
  const Slot& slot = state.slots.at(std::min(state.active, state.slots.size() - 1));
  const EncodingParams& e = slot.config.encoding;
  const Selection selection = clamped(slot.selection, e);
  const DisplaySettings& display = state.display;
  const auto is = [&](std::string_view name, const std::string& label, const std::string& value) {
    return id == name ? label + " = " + value : std::string();
  };
  std::string text;
  for (const std::string& candidate :
       {is("kind", tr("sidebar.encoding"), std::string(to_string(e.kind))),
        is("positions", "N", std::to_string(e.positions)),
        is("dims", "D", std::to_string(e.dims)),
        is("base", tr("sidebar.base"), format_value(e.base)),
        is("start", tr("sidebar.start"), std::to_string(e.start)),
        is("binary_signed", tr("sidebar.signed"),
           tr(e.binary_signed ? "lesson.control.on" : "lesson.control.off")),
        is("sigma", "σ", format_value(e.sigma)),
        is("seed", "seed", std::to_string(e.seed)),
        is("table", tr("lesson.control.table"),
           slot.config.table_path.empty()
               ? std::string(tr("lesson.control.seeded"))
               : std::filesystem::path(slot.config.table_path).filename().string()),
        is("position", "p", std::to_string(selection.position)),
        is("offset", "k", std::to_string(selection.offset)),
        is("dimension", "i", std::to_string(selection.dimension)),
        is("colormap", tr("sidebar.colormap"), std::string(to_string(display.colormap))),
        is("range_mode", tr("sidebar.range"), option_word("range_mode", to_string(display.range_mode))),
        is("scale_sharing", tr("sidebar.scale"),
           option_word("scale_sharing", to_string(display.scale_sharing))),
        is("metric", tr("sidebar.metric"), option_word("metric", to_string(display.metric))),
        is("convention", "T(k)",
           tr(display.convention == RotationConvention::column ? "sidebar.column" : "sidebar.row")),
        is("neighbour_curves", tr("sidebar.neighbours"), std::to_string(display.neighbour_curves)),
        is("configs", tr("sidebar.section.configs"), std::to_string(state.slots.size())),
        is("views", tr("sidebar.section.views"), std::to_string(state.layout.views.size()))}) {
    if (!candidate.empty()) text = candidate;
  }
  if (id == "links") {
    for (LinkedParam param : all_linked_params)
      if (state.links[param]) text += (text.empty() ? "" : ", ") + std::string(to_string(param));
    text = tr("lesson.control.links") + std::string(": ") + (text.empty() ? "—" : text);
  }
  return text.empty() ? std::string(id) : text;
}

// The caption band's lines, laid out the same way when its height is computed and when it is
// drawn: the title line (title, counter and, when presenting, whatever else fits beside them),
// the text, then the formula and the pointed-at control on one line if they fit together.
struct BandLayout {
  std::string formula, control, try_text;
  bool formula_on_title = false, control_on_title = false, extras_share_line = false;
  float wrap = 0.0f;  // width of the text column
};

BandLayout band_layout(const AppContext& app, float width) {
  const LessonPlayer& player = app.lessons;
  const LessonStep& step = player.lesson->steps[player.step];
  const Language language = current_language();
  BandLayout layout;
  layout.formula = step.formula;
  layout.control = pointed_control_caption(step, app.state);
  if (!player.presenting) layout.try_text = step.try_text.in(language);
  layout.wrap = width;
  const float em = ImGui::GetFontSize();
  // What goes beside the title keeps an em from the edge: a line that only just fits is cut by the
  // band's clipping once rounding differs by a pixel.
  width -= em;
  const float gap = 1.5f * em;
  const auto text_width = [](const std::string& text) { return plot::CalcRichTextWrappedSize(text, 0.0f).x; };
  // Presenting there are no buttons on the title line (the clicker and a click on the caption
  // step), which leaves room there for the formula or the control on a wide screen.
  float used = text_width(player.lesson->title.in(language)) + gap +
               text_width(trf("lesson.counter", {std::to_string(player.step + 1),
                                                 std::to_string(player.lesson->steps.size())}));
  if (player.presenting) {
    if (!layout.formula.empty() && used + gap + text_width(layout.formula) <= width) {
      layout.formula_on_title = true;
      used += gap + text_width(layout.formula);
    }
    if (!layout.control.empty() && used + gap + text_width(layout.control) <= width) {
      layout.control_on_title = true;
    }
  }
  layout.extras_share_line = !layout.formula.empty() && !layout.control.empty() && !layout.formula_on_title &&
                             !layout.control_on_title &&
                             text_width(layout.formula) + gap + text_width(layout.control) <= width;
  return layout;
}

// The width inside the band's child window (its padding and border taken off).
float band_inner_width(float outer) { return outer - 2.0f * ImGui::GetStyle().WindowPadding.x - 2.0f; }

}  // namespace

std::string pointed_control_caption(const LessonStep& step, const AppState& state) {
  if (!step.highlight || step.highlight->kind != HighlightKind::control || state.slots.empty()) return "";
  return trf("lesson.control.caption", {control_and_value(step.highlight->target, state)});
}

float lesson_band_height(const AppContext& app) {
  if (!app.lessons.lesson) return 0.0f;
  const LessonStep& step = app.lessons.lesson->steps[app.lessons.step];
  const float width = band_inner_width(ImGui::GetContentRegionAvail().x);
  const BandLayout layout = band_layout(app, width);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float line = ImGui::GetTextLineHeight() + style.ItemSpacing.y;
  // The first line holds buttons (frame height) unless presenting.
  float height = app.lessons.presenting ? line : ImGui::GetFrameHeight() + style.ItemSpacing.y;
  height +=
      plot::CalcRichTextWrappedSize(step.text.in(current_language()), layout.wrap).y + style.ItemSpacing.y;
  const bool formula_line = !layout.formula.empty() && !layout.formula_on_title;
  const bool control_line = !layout.control.empty() && !layout.control_on_title;
  // A formula with superscripts is a little taller than a plain line.
  const float formula_height =
      formula_line
          ? std::max(line, plot::CalcRichTextWrappedSize(layout.formula, 0.0f).y + style.ItemSpacing.y)
          : 0.0f;
  if (layout.extras_share_line) {
    height += formula_height;
  } else {
    height += formula_height + (control_line ? line : 0.0f);
  }
  if (!layout.try_text.empty()) {
    const std::string prompt = std::string(tr("lesson.try")) + " " + layout.try_text;
    height += plot::CalcRichTextWrappedSize(prompt, layout.wrap).y + style.ItemSpacing.y;
  }
  return std::ceil(height - style.ItemSpacing.y + 2.0f * style.WindowPadding.y + 2.0f);
}

void draw_lesson_band(AppContext& app, float height) {
  LessonPlayer& player = app.lessons;
  const Lesson& lesson = *player.lesson;
  const LessonStep& step = lesson.steps[player.step];
  const Language language = current_language();
  const float em = ImGui::GetFontSize();
  const BandLayout layout = band_layout(app, band_inner_width(ImGui::GetContentRegionAvail().x));
  const ThemeTextColors text_colors = theme_text_colors(app.state.ui.theme);
  const ImVec4 accent = text_colors.accent;
  const ImVec4 formula_colour = text_colors.formula;
  const ImVec4 mark_colour(1.0f, 0.67f, 0.0f, 1.0f);  // the frame colour of highlighted views and controls
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
  ImGui::BeginChild("lesson_band", ImVec2(0.0f, height), true, ImGuiWindowFlags_NoScrollbar);
  // Title and counter on the first line, the navigation at its right end.
  if (!player.presenting) ImGui::AlignTextToFramePadding();
  ImGui::TextColored(accent, "%s", lesson.title.in(language).c_str());
  ImGui::SameLine(0.0f, 1.5f * em);
  ImGui::TextDisabled(
      "%s",
      trf("lesson.counter", {std::to_string(player.step + 1), std::to_string(lesson.steps.size())}).c_str());
  if (layout.formula_on_title) {
    ImGui::SameLine(0.0f, 1.5f * em);
    ImGui::PushStyleColor(ImGuiCol_Text, formula_colour);
    plot::TextWrappedRich(layout.formula);
    ImGui::PopStyleColor();
  }
  if (layout.control_on_title) {
    ImGui::SameLine(0.0f, 1.5f * em);
    ImGui::TextColored(mark_colour, "%s", layout.control.c_str());
  }
  if (!player.presenting) {
    const bool animated = step.animation.has_value();
    const float buttons = (animated ? 4.0f : 3.0f) * ImGui::GetFrameHeight() + (animated ? 7.0f : 6.0f) * em;
    ImGui::SameLine(ImGui::GetContentRegionMax().x - buttons);
    if (animated) {
      if (ImGui::Button(tr("lesson.replay"))) replay_lesson_animation(app);
      if (!app.capture_mode) item_tooltip(tr("lesson.replay.tip"));
      ImGui::SameLine();
    }
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
    if (!app.capture_mode) item_tooltip(tr("lesson.close.tip"));
  }
  if (player.lesson) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + layout.wrap);
    plot::TextWrappedRich(step.text.in(language));
    const bool formula_line = !layout.formula.empty() && !layout.formula_on_title;
    const bool control_line = !layout.control.empty() && !layout.control_on_title;
    if (formula_line) {
      ImGui::PushStyleColor(ImGuiCol_Text, formula_colour);
      plot::TextWrappedRich(layout.formula);
      ImGui::PopStyleColor();
    }
    if (control_line) {
      if (layout.extras_share_line) ImGui::SameLine(0.0f, 1.5f * em);
      ImGui::TextColored(mark_colour, "%s", layout.control.c_str());
    }
    if (!layout.try_text.empty()) {
      const std::string prompt = std::string(tr("lesson.try")) + " " + layout.try_text;
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      plot::TextWrappedRich(prompt);
      ImGui::PopStyleColor();
    }
    ImGui::PopTextWrapPos();
  }
  // A click on the caption (not on a button) is "next": a clicker or a mouse at the lectern.
  if (player.presenting && ImGui::IsWindowHovered() && ImGui::IsMouseReleased(0) &&
      !ImGui::IsAnyItemHovered() && player.lesson && player.step + 1 < player.lesson->steps.size()) {
    show_lesson_step(app, player.step + 1);
  }
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

std::string lesson_key_names(LessonKeyAction action) {
  std::string names;
  for (const LessonKey& key : lesson_keys) {
    if (key.action != action) continue;
    if (!names.empty()) names += ", ";
    if (key.modifiers == KeyModifiers::alt) names += "Alt+";
    if (key.modifiers == KeyModifiers::ctrl_shift) names += "Ctrl+Shift+";
    names += key.name;
  }
  return names;
}

// Presenter keys (the table lesson_keys). Returns true when it took the keyboard this frame.
bool handle_lesson_keys(AppContext& app) {
  LessonPlayer& player = app.lessons;
  if (!player.lesson || ImGui::GetIO().WantTextInput) return false;
  const ImGuiIO& io = ImGui::GetIO();
  const auto held = [&io](KeyModifiers modifiers) {
    switch (modifiers) {
      case KeyModifiers::alt:
        return io.KeyAlt;
      case KeyModifiers::ctrl_shift:
        return io.KeyCtrl && io.KeyShift;
      case KeyModifiers::none:
        return true;
    }
    return false;
  };
  // A key's press is taken by the row of its action whose modifiers are held, the most modifiers first.
  const auto pressed = [&held](LessonKeyAction action) {
    return std::any_of(lesson_keys.begin(), lesson_keys.end(), [&](const LessonKey& key) {
      if (key.action != action || !held(key.modifiers) || !ImGui::IsKeyPressed(key.glfw_key, false))
        return false;
      return key.modifiers != KeyModifiers::none ||
             std::none_of(lesson_keys.begin(), lesson_keys.end(), [&](const LessonKey& other) {
               return other.glfw_key == key.glfw_key && other.modifiers != KeyModifiers::none &&
                      held(other.modifiers);
             });
    });
  };
  if (pressed(LessonKeyAction::open_console)) {
    app.requests.open_presenter_console = true;
    set_presenting(app, true);
  }
  if (pressed(LessonKeyAction::toggle_presenting)) set_presenting(app, !player.presenting);
  if (!player.presenting) return false;
  if (player.blank) {  // the class sees black: only B (back to the slide) and Esc act, so no step goes by
                       // unseen
    if (pressed(LessonKeyAction::blank)) player.blank = false;
    if (pressed(LessonKeyAction::leave)) set_presenting(app, false);
    return true;
  }
  const std::size_t last = player.lesson->steps.size() - 1;
  if (pressed(LessonKeyAction::next)) show_lesson_step(app, std::min(player.step + 1, last));
  if (pressed(LessonKeyAction::previous)) show_lesson_step(app, player.step == 0 ? 0 : player.step - 1);
  if (pressed(LessonKeyAction::blank)) player.blank = !player.blank;
  if (pressed(LessonKeyAction::replay)) replay_lesson_animation(app);
  if (pressed(LessonKeyAction::leave)) set_presenting(app, false);
  return true;
}

}  // namespace pelab::app::ui
