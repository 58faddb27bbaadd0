#pragma once
// One function per panel (each in its own file), and what the views share. A view's draw function
// stays in its file, named by its registry row (view_registry.hpp); views draw into the current
// ImGui child window and fill the space available to them.
#include <array>
#include <string>

#include "ui/app_ui.hpp"

namespace pelab::app::ui {

void draw_sidebar_panel(AppContext& app);
void draw_table_source_controls(AppContext& app);  // configs_panel.cpp: learned table from a file
void draw_notices_banner(AppContext& app);
bool notices_animating(const AppContext& app);  // an information notice is fading: keep drawing
void draw_status_bar(AppContext& app);
void draw_path_popups(AppContext& app);
// The lesson editor window (lesson_editor_panel.cpp): opened empty, or holding a copy of the lesson
// being shown (`from_current_lesson`), to be saved into the user's lesson folder.
void open_lesson_editor(AppContext& app, bool from_current_lesson);
void draw_lesson_editor(AppContext& app);
// The step "Add this as a step" makes: what the app shows now, and the animation last asked of a
// view's Animate… dialog when it fits this state (none when the dialog was not used).
LessonStep capture_lesson_step(const AppContext& app);
void handle_shortcuts(AppContext& app);
// The visible views, in a grid or one maximised (layout.cpp).
void draw_view_area(AppContext& app);
// The narrow layout (narrow_layout.cpp): one view at a time, picked in a bar, the sidebar a drawer.
bool narrow_layout(const AppContext& app);
float narrow_bar_height();
void draw_narrow_bar(AppContext& app);
void draw_sidebar_drawer(AppContext& app, ImVec2 top_left, float height);
// The lesson's caption band (lesson_panel.cpp) and its keys.
float lesson_band_height(const AppContext& app);
void draw_lesson_band(AppContext& app, float height);
bool handle_lesson_keys(AppContext& app);  // true in presenter mode: the other shortcuts stand aside

// The lesson's keys (clickers send PageUp / PageDown): the one table handle_lesson_keys acts on, the
// presenter console forwards to the audience window (so a key does the same in either window), and the
// tooltips, the sidebar's buttons and `pelab --help` name (lesson_key_names).
enum class LessonKeyAction { next, previous, blank, replay, leave, toggle_presenting, open_console };
// Modifiers held with a key. A row with modifiers wins over one with fewer for the same key: F5 with
// Alt opens the console, F5 with any other modifiers (a clicker's Shift+F5) toggles presenting.
enum class KeyModifiers { none, alt, ctrl_shift };
struct LessonKey {
  int glfw_key;  // GLFW's key code (the GLFW backend of ImGui 1.86 indexes KeysDown by them)
  LessonKeyAction action;
  const char* name;  // as written on the key, the same in every language
  KeyModifiers modifiers = KeyModifiers::none;
};
inline constexpr std::array<LessonKey, 13> lesson_keys{{
    {267, LessonKeyAction::next, "PageDown"},
    {262, LessonKeyAction::next, "→"},
    {32, LessonKeyAction::next, "Space"},
    {257, LessonKeyAction::next, "Enter"},
    {266, LessonKeyAction::previous, "PageUp"},
    {263, LessonKeyAction::previous, "←"},
    {259, LessonKeyAction::previous, "Backspace"},
    {66, LessonKeyAction::blank, "B"},
    {82, LessonKeyAction::replay, "R"},  // the step's animation again
    {256, LessonKeyAction::leave, "Esc"},
    {294, LessonKeyAction::toggle_presenting, "F5"},
    // Presenting with the console, as in slide programs. GNOME and other window managers take Alt+F5
    // (un-maximise) before the program sees it; none of the common ones takes Ctrl+Shift+F5.
    {294, LessonKeyAction::open_console, "F5", KeyModifiers::alt},
    {294, LessonKeyAction::open_console, "F5", KeyModifiers::ctrl_shift},
}};
// GLFW's codes of the modifier keys the table's rows hold (left and right), for the console to forward.
inline constexpr std::array<int, 6> lesson_modifier_keys{{342, 346, 341, 345, 340, 344}};
// The keys of `action` as the user reads them: "Alt+F5, Ctrl+Shift+F5".
std::string lesson_key_names(LessonKeyAction action);

// The presenter console's frame (presenter_console_panel.cpp), drawn in the console window's own
// ImGui context: the lesson's title, the step counter, the timer with its reset, the step's notes and
// the next step's picture (`next_picture`, made by run/ off screen; nullptr while it is being made).
struct ConsolePicture {
  ImTextureID texture = nullptr;  // nullptr: not made yet
  ImVec2 size;                    // its pixels
  bool failed = false;            // it could not be made (the reason was a notice)
};
void draw_presenter_console(AppContext& app, const ConsolePicture& next_picture);

// The sidebar control `step` points at, named as in the sidebar, with its value in `state`
// ("base = 10000"), prefixed for the caption; "" when the step points at no control. Presenter mode
// hides the sidebar, so the caption band (and the handout) say what the frame would have marked.
std::string pointed_control_caption(const LessonStep& step, const AppState& state);

// The colour of configuration `index` (its label, its curves in overlays).
ImU32 config_color(Theme theme, std::size_t index);  // a configuration's label colour (ui/theme.hpp)

// Shared by the views: a wrapped line of secondary text (stride notes, formulas).
void note_text(const char* format, ...) IM_FMTARGS(1);
// The height note_text(text) takes at the current width (its wrapped lines and the item spacing):
// what a plot above it leaves free.
float note_text_height(const char* text);
// "2nd", "3rd", "8th": for "showing every 8th position".
std::string ordinal(std::int64_t n);
// A tooltip for the last item, wrapped at a readable width.
void item_tooltip(const char* text);
// The next control on this line when its whole `width` still fits, else at the start of the next:
// a row of controls wraps instead of running off a narrow panel or a projector's screen.
void same_line_if_fits(float width);
// The width of a framed control `frame_width` wide with its visible label beside it.
float labelled_width(float frame_width, const char* label);

}  // namespace pelab::app::ui
