// The lesson editor: a lesson made from what the app shows, without editing JSON. "Add this as a
// step" captures the current configurations, views, p / k / i and display into a new step; each
// step's text, "try this" and formula are typed in place, in any language the UI has; steps move
// up and down or go; Save writes the lesson into the user's lesson folder
// (state/config_paths.hpp: user_lessons_dir) through save_lesson_file, which reads the text back
// with the loader's rules first, so what the editor writes is what the lesson menu and --lesson
// accept.
#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include "state/config_paths.hpp"
#include "state/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/soft_wrap.hpp"
#include "ui/theme.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::ui {

namespace {

// A file name the lesson folder can hold on every platform: letters, digits, '_' and '-'.
bool valid_lesson_id(const std::string& id) {
  if (id.empty() || id.size() > 64) return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

// The step's first line in the editor's language (or English), shortened for the step list.
std::string step_label(const LessonStep& step, std::size_t index, const std::string& language) {
  std::string text = step.text.in(language);
  if (const std::size_t end = text.find('\n'); end != std::string::npos) text.resize(end);
  if (text.size() > 40) {
    std::size_t cut = 40;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
      --cut;  // not inside a UTF-8 character
    text = text.substr(0, cut) + "…";
  }
  if (text.empty()) text = tr("lesson_editor.no_text");
  return std::to_string(index + 1) + ". " + text + "##step" + std::to_string(index);
}

// What a multi-line field's edit callback needs to wrap the text again after each keystroke.
struct WrappedEdit {
  std::string_view before, before_shown;  // the text, and the field's text (soft-wrapped) before the edit
  float width = 0.0f;
  std::optional<std::string> text;  // the text after the edit, once the callback has run
};

// A multi-line field of `height` whose lines wrap at its width (ui/soft_wrap.hpp). While the field is
// being edited it keeps the width it had when the edit began, so every soft break is the one it knows.
bool wrapped_text_field(const char* label, std::string& value, float height) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImGuiID id = ImGui::GetID(label), width_key = ImHashStr("wrap width", 0, id);
  ImGuiStorage& storage = *ImGui::GetStateStorage();
  float width = ImGui::GetContentRegionAvail().x - 2.0f * style.FramePadding.x - style.ScrollbarSize;
  if (ImGui::GetActiveID() == id) {
    width = storage.GetFloat(width_key, width);
    // Escape leaves the field keeping the text: ImGui's revert would put back the text of the edit's
    // start with its soft breaks, which this edit no longer knows.
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::ClearActiveID();
  } else {
    storage.SetFloat(width_key, width);
  }
  const auto measure = [](std::string_view line) {
    return ImGui::CalcTextSize(line.data(), line.data() + line.size()).x;
  };
  const std::string shown = soft_wrap(value, width, measure);
  WrappedEdit edit{value, shown, width, std::nullopt};
  std::string field = shown;
  const auto rewrap = [](ImGuiInputTextCallbackData* data) {
    WrappedEdit& edit = *static_cast<WrappedEdit*>(data->UserData);
    edit.text = unwrap_edit(edit.before, edit.before_shown, std::string_view(data->Buf, data->BufTextLen));
    const std::string wrapped = soft_wrap(*edit.text, edit.width, [](std::string_view line) {
      return ImGui::CalcTextSize(line.data(), line.data() + line.size()).x;
    });
    std::copy(wrapped.begin(), wrapped.end(), data->Buf);  // the same length: the cursor stays put
    data->BufDirty = true;
    return 0;
  };
  if (!ImGui::InputTextMultiline(label, &field, ImVec2(-1.0f, height), ImGuiInputTextFlags_CallbackEdit,
                                 rewrap, &edit))
    return false;
  value = edit.text ? *edit.text : unwrap_edit(value, shown, field);
  return true;
}

// A text of the step in the editor's language: empty text removes that language's entry, so a
// half-translated lesson falls back to English (LocalText::in) instead of showing nothing.
void local_text_field(const char* label, LocalText& text, const std::string& language, float height) {
  std::string value = text.by_language.count(language) ? text.by_language.at(language) : std::string();
  const bool changed =
      height > 0.0f ? wrapped_text_field(label, value, height) : ImGui::InputText(label, &value);
  if (!changed) return;
  if (value.empty()) {
    text.by_language.erase(language);
  } else {
    text.by_language[language] = value;
  }
}

// "cell: p = 23, i = 6 (A)" / "curve: i = 6 (A)".
std::string cell_or_curve_label(const Highlight& highlight) {
  const std::string letter(1, config_letter(highlight.config));
  if (highlight.kind == HighlightKind::cell)
    return trf("lesson_editor.point_cell",
               {std::to_string(highlight.position), std::to_string(highlight.dimension), letter});
  return trf("lesson_editor.point_curve", {std::to_string(highlight.dimension), letter});
}

bool shows(const LayoutState& layout, std::string_view id) {
  if (layout.maximized) return *layout.maximized == id;
  return std::find(layout.views.begin(), layout.views.end(), id) != layout.views.end();
}

void draw_pointer_combo(LessonStep& step) {
  std::string current = tr("lesson_editor.point_none");
  if (step.highlight && step.highlight->kind == HighlightKind::view) {
    const ViewType* view = find_view(step.highlight->target);
    current = trf("lesson_editor.point_view", {view ? view_title(*view) : step.highlight->target});
  } else if (step.highlight && step.highlight->kind == HighlightKind::control) {
    current = trf("lesson_editor.point_control", {step.highlight->target});
  } else if (step.highlight) {
    current = cell_or_curve_label(*step.highlight);
  }
  ImGui::SetNextItemWidth(-1.0f);
  if (!ImGui::BeginCombo("##pointer", current.c_str())) return;
  if (ImGui::Selectable(tr("lesson_editor.point_none"), !step.highlight)) step.highlight.reset();
  const auto choose = [&](HighlightKind kind, const std::string& target, const std::string& label) {
    const bool selected = step.highlight && step.highlight->kind == kind && step.highlight->target == target;
    if (ImGui::Selectable(label.c_str(), selected)) {
      Highlight highlight;
      highlight.kind = kind;
      highlight.target = target;
      step.highlight = highlight;
    }
  };
  const LayoutState& layout = step.state.layout;
  const std::vector<std::string> shown =
      layout.maximized ? std::vector<std::string>{*layout.maximized} : layout.views;
  for (const std::string& id : shown) {
    const ViewType* view = find_view(id);
    choose(HighlightKind::view, id, trf("lesson_editor.point_view", {view ? view_title(*view) : id}));
  }
  // The cell and the curve of the step's selection (p and i of its active configuration), when the
  // heatmap or the curves are shown.
  const Slot& slot = step.state.active_slot();
  const Selection selection = clamped(slot.selection, slot.config.encoding);
  for (const HighlightKind kind : {HighlightKind::cell, HighlightKind::curve}) {
    if (!shows(layout, kind == HighlightKind::cell ? "heatmap" : "curves")) continue;
    Highlight highlight;
    highlight.kind = kind;
    highlight.position = kind == HighlightKind::cell ? selection.position : 0;
    highlight.dimension = selection.dimension;
    highlight.config = std::min(step.state.active, step.state.slots.size() - 1);
    if (ImGui::Selectable(cell_or_curve_label(highlight).c_str(), step.highlight == highlight))
      step.highlight = highlight;
  }
  for (std::string_view id : lesson_control_ids())
    choose(HighlightKind::control, std::string(id), trf("lesson_editor.point_control", {std::string(id)}));
  ImGui::EndCombo();
}

// The animation last asked of the Animate… dialog, if it fits `state` (else none: the step row says
// what an animation can be, and the user types one there).
std::optional<StepAnimation> dialog_animation(const AppContext& app, const AppState& state) {
  const VideoDialog& dialog = app.video_dialog;
  if (!dialog.used) return std::nullopt;
  Text why;
  std::optional<Animation> animation = parse_animation(dialog.animate, state, models_dir(), why);
  if (!animation || !animation_timing_problem(dialog.seconds, dialog.fps, "", "").empty() ||
      dialog.seconds > max_step_animation_seconds)
    return std::nullopt;
  return StepAnimation{std::move(*animation), static_cast<double>(dialog.seconds), dialog.fps, false};
}

// The step's animation: NAME=FROM:TO (empty: none), its seconds and whether it loops.
void draw_step_animation(AppContext& app, LessonStep& step) {
  LessonDraft& draft = app.lesson_draft;
  if (draft.animation_text_step != draft.selected) {
    draft.animation_text_step = draft.selected;
    draft.animation_text = step.animation ? animation_text(step.animation->animation) : std::string();
    draft.animation_problem.clear();
  }
  // One line, label, field and Remove: the editor's rows below keep their places.
  const float em = ImGui::GetFontSize();
  const ImGuiStyle& style = ImGui::GetStyle();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(tr("lesson_editor.animation"));
  item_tooltip(tr("lesson_editor.animation.tip"));
  ImGui::SameLine();
  const float remove_width = ImGui::CalcTextSize(tr("lesson_editor.animation.remove")).x +
                             2.0f * style.FramePadding.x + style.ItemSpacing.x;
  ImGui::SetNextItemWidth(std::max(6.0f * em, ImGui::GetContentRegionAvail().x - remove_width));
  if (ImGui::InputTextWithHint("##animation", "k=0:32", &draft.animation_text)) {
    draft.animation_problem.clear();
    if (draft.animation_text.empty()) {
      step.animation.reset();
    } else {
      Text why;
      if (std::optional<Animation> animation =
              parse_animation(draft.animation_text, step.state, models_dir(), why)) {
        StepAnimation updated = step.animation.value_or(StepAnimation{});
        updated.animation = std::move(*animation);
        step.animation = std::move(updated);
      } else {
        // The step keeps its last good animation until the text reads.
        draft.animation_problem = tr_text(why);
      }
    }
  }
  item_tooltip(tr("lesson_editor.animation.tip"));
  ImGui::SameLine();
  ImGui::BeginDisabled(!step.animation);
  if (ImGui::Button(tr("lesson_editor.animation.remove"))) {
    step.animation.reset();
    draft.animation_text.clear();
    draft.animation_problem.clear();
  }
  ImGui::EndDisabled();
  if (step.animation) {
    ImGui::SetNextItemWidth(5.0f * em);
    double seconds = step.animation->seconds;
    if (ImGui::InputDouble(tr("lesson_editor.animation.seconds"), &seconds, 0.0, 0.0, "%.2f") &&
        seconds > 0.0 && seconds <= max_step_animation_seconds)
      step.animation->seconds = seconds;
    ImGui::SameLine();
    ImGui::Checkbox(tr("lesson_editor.animation.loop"), &step.animation->loop);
  }
  if (!draft.animation_problem.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(theme_text_colors(app.state.ui.theme).error, "%s", draft.animation_problem.c_str());
    ImGui::PopTextWrapPos();
  }
}

void save_draft(AppContext& app) {
  LessonDraft& draft = app.lesson_draft;
  draft.problems.clear();
  if (!valid_lesson_id(draft.lesson.id)) {
    draft.problems.push_back(trf("lesson_editor.bad_name", {draft.lesson.id}));
    return;
  }
  const std::filesystem::path dir = user_lessons_dir();
  std::error_code ec;
  if (dir.empty() ||
      (std::filesystem::create_directories(dir, ec), !std::filesystem::is_directory(dir, ec))) {
    draft.problems.push_back(trf("lesson_editor.no_folder", {dir.string()}));
    return;
  }
  const std::filesystem::path path = dir / (draft.lesson.id + ".json");
  try {
    draft.problems = save_lesson_file(path, draft.lesson, view_ids());
  } catch (const std::exception& error) {  // pelab::Error: the file could not be written
    draft.problems.push_back(error.what());
  }
  if (draft.problems.empty()) {
    add_notice(app, trf("notice.lesson_saved", {path.string()}), false);
    app.requests.refresh_lessons = true;
  }
}

}  // namespace

LessonStep capture_lesson_step(const AppContext& app) {
  LessonStep step;
  step.state = app.state;
  step.animation = dialog_animation(app, step.state);
  return step;
}

void open_lesson_editor(AppContext& app, bool from_current_lesson) {
  LessonDraft& draft = app.lesson_draft;
  draft.open = true;
  draft.problems.clear();
  draft.animation_text_step.reset();
  draft.language = current_language();
  // Reopened on the lesson it was copied from (or with no lesson shown): the edits so far stay.
  if (from_current_lesson && app.lessons.lesson && draft.source_id != app.lessons.lesson->id) {
    const std::string id = app.lessons.lesson->id;
    draft.lesson = *app.lessons.lesson;
    draft.source_id = id;
    draft.selected = app.lessons.step;
    // A shipped lesson's copy gets a name of its own: saved under the same id it would be found
    // after the shipped file (lesson_dirs' order) and never opened by --lesson NAME.
    std::error_code ec;
    if (std::filesystem::exists(lesson_dirs().front() / (id + ".json"), ec)) draft.lesson.id = id + "_mine";
  } else if (draft.lesson.steps.empty()) {
    draft.lesson = Lesson{};
    draft.lesson.id = "my_lesson";
    draft.source_id.clear();
    draft.selected = 0;
  }
}

void draw_lesson_editor(AppContext& app) {
  LessonDraft& draft = app.lesson_draft;
  if (!draft.open) return;
  const float font = ImGui::GetFontSize();
  // At the right, over the views: the sidebar stays usable for setting up the next step.
  const ImVec2 size(std::min(font * 30.0f, ImGui::GetIO().DisplaySize.x * 0.6f),
                    std::min(font * 36.0f, ImGui::GetIO().DisplaySize.y - font * 2.0f));
  ImGui::SetNextWindowSize(size, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowPos(ImVec2(ImGui::GetIO().DisplaySize.x - size.x - font, font), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin(tr("lesson_editor.title"), &draft.open)) {
    ImGui::End();
    return;
  }
  Lesson& lesson = draft.lesson;

  ImGui::TextUnformatted(tr("lesson_editor.file"));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(font * 12.0f);
  ImGui::InputText("##id", &lesson.id);
  ImGui::SameLine();
  ImGui::TextDisabled(".json");
  item_tooltip(trf("lesson_editor.file.tip", {user_lessons_dir().string()}).c_str());

  ImGui::TextUnformatted(tr("lesson_editor.language"));
  ImGui::SameLine();
  ImGui::SetNextItemWidth(font * 8.0f);
  if (ImGui::BeginCombo("##language", language_name(draft.language).c_str())) {
    for (const Language& language : available_languages())
      if (ImGui::Selectable(language_name(language).c_str(), language == draft.language))
        draft.language = language;
    ImGui::EndCombo();
  }
  item_tooltip(tr("lesson_editor.language.tip"));
  ImGui::TextUnformatted(tr("lesson_editor.lesson_title"));
  ImGui::SetNextItemWidth(-1.0f);
  local_text_field("##title", lesson.title, draft.language, 0.0f);

  ImGui::Separator();
  std::vector<LessonStep>& steps = lesson.steps;
  draft.selected = steps.empty() ? 0 : std::min(draft.selected, steps.size() - 1);
  ImGui::BeginDisabled(steps.size() >= max_lesson_steps);
  if (ImGui::Button(tr("lesson_editor.add_step"))) {
    LessonStep step = capture_lesson_step(app);
    const std::size_t at = steps.empty() ? 0 : draft.selected + 1;
    steps.insert(steps.begin() + static_cast<std::ptrdiff_t>(at), std::move(step));
    draft.selected = at;
    draft.animation_text_step.reset();
  }
  ImGui::EndDisabled();
  item_tooltip(tr("lesson_editor.add_step.tip"));
  const bool has_step = !steps.empty();
  ImGui::BeginDisabled(!has_step);
  same_line_if_fits(font * 6.0f);
  if (ImGui::Button(tr("lesson_editor.replace_step"))) {
    steps[draft.selected].state = app.state;
    if (std::optional<StepAnimation> animation = dialog_animation(app, app.state))
      steps[draft.selected].animation = std::move(animation);
    draft.animation_text_step.reset();
  }
  item_tooltip(tr("lesson_editor.replace_step.tip"));
  same_line_if_fits(font * 4.0f);
  if (ImGui::Button(tr("lesson_editor.show_step"))) show_step_state(app, steps[draft.selected].state);
  item_tooltip(tr("lesson_editor.show_step.tip"));
  ImGui::BeginDisabled(!has_step || draft.selected == 0);
  same_line_if_fits(font * 2.0f);
  if (ImGui::ArrowButton("##up", ImGuiDir_Up)) {
    std::swap(steps[draft.selected], steps[draft.selected - 1]);
    --draft.selected;
    draft.animation_text_step.reset();
  }
  ImGui::EndDisabled();
  item_tooltip(tr("lesson_editor.up.tip"));
  ImGui::BeginDisabled(!has_step || draft.selected + 1 >= steps.size());
  ImGui::SameLine();
  if (ImGui::ArrowButton("##down", ImGuiDir_Down)) {
    std::swap(steps[draft.selected], steps[draft.selected + 1]);
    ++draft.selected;
    draft.animation_text_step.reset();
  }
  ImGui::EndDisabled();
  item_tooltip(tr("lesson_editor.down.tip"));
  same_line_if_fits(font * 4.0f);
  if (ImGui::Button(tr("lesson_editor.delete_step"))) {
    steps.erase(steps.begin() + static_cast<std::ptrdiff_t>(draft.selected));
    if (draft.selected > 0 && draft.selected >= steps.size()) --draft.selected;
    draft.animation_text_step.reset();
  }
  ImGui::EndDisabled();

  ImGui::BeginChild("##steps", ImVec2(-1.0f, font * 7.0f), true);
  if (steps.empty()) ImGui::TextDisabled("%s", tr("lesson_editor.no_steps"));
  for (std::size_t n = 0; n < steps.size(); ++n)
    if (ImGui::Selectable(step_label(steps[n], n, draft.language).c_str(), n == draft.selected))
      draft.selected = n;
  ImGui::EndChild();

  if (!steps.empty()) {
    LessonStep& step = steps[draft.selected];
    ImGui::TextUnformatted(tr("lesson_editor.text"));
    local_text_field("##text", step.text, draft.language, font * 4.0f);
    ImGui::TextUnformatted(tr("lesson_editor.try"));
    local_text_field("##try", step.try_text, draft.language, font * 2.5f);
    ImGui::TextUnformatted(tr("lesson_editor.formula"));
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::InputText("##formula", &step.formula);
    ImGui::TextUnformatted(tr("lesson_editor.point_at"));
    draw_pointer_combo(step);
    draw_step_animation(app, step);
  }

  ImGui::Separator();
  ImGui::BeginDisabled(steps.empty());
  if (ImGui::Button(tr("lesson_editor.save"))) save_draft(app);
  ImGui::EndDisabled();
  item_tooltip(tr("lesson_editor.save.tip"));
  for (const std::string& problem : draft.problems)
    ImGui::TextColored(theme_text_colors(app.state.ui.theme).error, "%s", problem.c_str());
  ImGui::End();
}

}  // namespace pelab::app::ui
