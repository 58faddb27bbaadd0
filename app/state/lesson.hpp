#pragma once
// Lessons: a title and a sequence of steps, each with a short text in every language the lesson is
// written in, an optional formula, the app state it shows, an optional thing to point at and an
// optional "try this" prompt. A lesson is a JSON file under assets/lessons/ (format: docs/lessons.md).
// Texts are keyed by language code, KEY_<code>: English (_en) is required and is the fallback; any
// other language is optional and needs no code (a language is a directory of i18n/), e.g.
//   {"pelab_lesson": 1, "title_en": "The sinusoid", "title_ko": "사인 인코딩",
//    "session": {"configs": [{"kind": "sinusoidal", "positions": 64, "dims": 64}]},
//    "steps": [{"text_en": "...", "text_ko": "...", "formula": "Pₚ₊ₖ = T(k) Pₚ",
//               "session": {"layout": {"views": ["rotation"]}},
//               "highlight": {"kind": "view", "target": "rotation"},
//               "try_en": "...", "try_ko": "..."}]}
// A step's state is the lesson's "session" with the step's "session" merged over it (objects key
// by key, "configs" element by element, null removes a key, other values replace), then read by
// session_from_text: one session parser, one set of rules and limits.
// Loading is all or nothing, like sessions: every problem is listed as
//   "lessons/03_sinusoid.json: step 4: text_en: missing"
// (file, 1-based step number, field), so a teacher can fix a file without guessing.
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "state/animation.hpp"
#include "state/i18n.hpp"
#include "state/params.hpp"
#include "state/session.hpp"

namespace pelab::app {

inline constexpr int lesson_format_version = 1;
// Longest step text, formula and title in bytes (UTF-8: a Hangul syllable is 3 bytes). A step is
// a caption on a projector, a few short sentences, not a page.
inline constexpr std::size_t max_lesson_text_bytes = 900;
inline constexpr std::size_t max_lesson_formula_bytes = 200;
inline constexpr std::size_t max_lesson_title_bytes = 120;
inline constexpr std::size_t max_lesson_steps = 60;

// What a step points at.
//   control  a sidebar control, by id (lesson_control_ids(): "base", "position", ...)
//   view     a view by registry id ("rotation"); it must be shown in the step
//   cell     a cell of P in the heatmap: position p (absolute) and dimension i of one configuration
//   curve    the curve of column i in the curves view of one configuration
enum class HighlightKind { control, view, cell, curve };
std::string_view to_string(HighlightKind kind);  // "control", "view", "cell", "curve"
std::optional<HighlightKind> parse_highlight_kind(std::string_view name);

struct Highlight {
  HighlightKind kind = HighlightKind::view;
  std::string target;          // control and view: the id; cell and curve: ""
  std::int64_t position = 0;   // cell: p
  std::int64_t dimension = 0;  // cell and curve: i
  std::size_t config = 0;      // cell and curve: the configuration (slot index)
  bool operator==(const Highlight&) const = default;
};

// One text in several languages: language code -> text. Reading falls back to English.
struct LocalText {
  std::map<std::string, std::string, std::less<>> by_language;
  // The text in `language`, else in English ("" when neither is given).
  std::string in(std::string_view language) const;
  bool has(std::string_view language) const { return by_language.count(language) > 0; }
  bool empty() const { return by_language.empty(); }
  bool operator==(const LocalText&) const = default;
};

struct LessonStep {
  LocalText text;       // a few short sentences
  std::string formula;  // plain UTF-8 maths ("Pₚ₊ₖ = T(k) Pₚ"); "" = none
  AppState state;       // what the step shows: configurations, views, p/k/i, display
  std::optional<Highlight> highlight;
  LocalText try_text;  // a "try this" prompt for students on their own; empty = none
  // Played on the slide when the step opens, exported beside its PNG as a video:
  //   "animate": {"parameter": "k", "from": 0, "to": 32, "seconds": 4, "fps": 30, "loop": false}
  // (fps and loop optional), checked against the step's state with --animate's rules.
  std::optional<StepAnimation> animation;
};

struct Lesson {
  std::string id;  // the file name without .json: "03_sinusoid"
  LocalText title;
  std::vector<LessonStep> steps;
  // True when every text of the lesson is given in `language` (else the UI says English stands in).
  bool written_in(std::string_view language) const;
};

struct LessonLoad {
  std::optional<Lesson> lesson;       // set when the file was accepted
  std::vector<std::string> problems;  // "NAME: step 4: text_en: missing", every one found
};

// "animated: k 0 → 32 over 4 s" in the UI's language, for the handout (a page cannot play it); "" when
// the step has no animation.
std::string step_animation_caption(const LessonStep& step);

// A step's animation playing on screen. The frame clock drives it: the first frame after the step
// opened starts it; each frame sets the parameter through the normal state (every view follows),
// only when its value changed, so a video export or the user may move it meanwhile.
struct StepPlayback {
  std::optional<double> started;  // frame-clock time of its first frame
  std::optional<double> shown;    // the value last set
  bool stopped = false;           // a value was refused: nothing more is set
  bool moving = false;            // the last frame's value was not the final one: keep drawing
};
// Sets the parameter of `step`'s animation in `state` for frame-clock time `now` (seconds). Returns
// `playback.moving`.
bool play_step_animation(const LessonStep& step, StepPlayback& playback, AppState& state, double now,
                         const std::filesystem::path& models_dir);

// What the app shows when a step opens over `current`: the step's state, with the user's font,
// theme and language and the sidebar's width and visibility kept (the sidebar hidden while
// presenting).
AppState step_state_shown(const AppState& step, const AppState& current, bool presenting);

// The control ids a "control" highlight may name (the sidebar controls presenter mode can mark).
std::span<const std::string_view> lesson_control_ids();

// Parses and validates a lesson. `name` is used in every message and gives the id (its file name
// without the extension). `views` are the view registry's ids: a step naming another view is
// refused with the list of known ones. Table paths are kept as written.
LessonLoad lesson_from_text(std::string_view text, std::string_view name, ViewIds views);

// Same on a file (at most 1 MiB). Relative table paths are resolved against the lesson file's
// directory (as sessions are), and a table file that does not exist is refused.
LessonLoad load_lesson_file(const std::filesystem::path& path, ViewIds views);

// The lesson as a file that lesson_from_text reads back to an equal lesson (what the app's lesson
// editor saves): each step holds its whole state, so no lesson-wide "session" is written, and no
// "ui" (a lesson never changes the lecturer's font, theme or language).
std::string lesson_to_text(const Lesson& lesson);
// Writes lesson_to_text to `path` (a temporary file renamed over it) after reading the text back
// with the loader's rules: returns the loader's problems and writes nothing when there are any
// (a step without English text, a highlight on a view the step does not show, a table file that
// does not exist, ...). Tables are written with absolute paths (a relative one would be looked for
// beside the lesson). Throws pelab::Error when the file cannot be written.
std::vector<std::string> save_lesson_file(const std::filesystem::path& path, const Lesson& lesson,
                                          ViewIds views);

// One line of a lesson list. Only the title and the step count are read (no validation of the
// steps); a file that does not even give those has `problem` set and empty titles.
struct LessonInfo {
  std::string id;  // file name without .json
  std::filesystem::path path;
  LocalText title;
  std::size_t steps = 0;
  std::string problem;   // "" when the title and steps were read
  std::string all_text;  // every string value in the file, for the font atlas's glyphs
};
// Every *.json file in `dir` (not recursive), sorted by id. Empty when the directory is missing.
std::vector<LessonInfo> list_lessons(const std::filesystem::path& dir);

// The lesson file `name` refers to: an existing file path; else in `dir`, the id ("03_sinusoid"),
// the id without its number ("sinusoid"), or the number ("3" or "03"). nullopt when nothing or
// more than one lesson matches.
std::optional<std::filesystem::path> find_lesson(const std::filesystem::path& dir, std::string_view name);

}  // namespace pelab::app
