#pragma once
// The model of the app: what the user works on and what a session saves or a lesson sets (the
// configurations, views, display and UI settings), the learned tables loaded from files, the
// lesson being taught and where files go. No GPU and no ImGui: the model is tested without a
// window. AppContext (app/context/app_context.hpp) joins it with the runtimes, GPU images and
// chrome.
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pelab/io/table_file.hpp"
#include "state/lesson.hpp"
#include "state/params.hpp"
#include "state/view_settings.hpp"

namespace pelab::app {

// A learned table loaded from a file, shared by every configuration that names it.
struct LoadedSource {
  std::shared_ptr<const Matrix> values;  // nullptr when loading failed
  std::string error;
  LoadedTable info;  // description and the file's 2-D tensors
};

// A lesson being taught: its steps, where we are, and presenter mode (full screen, no sidebar,
// large fonts, the step in a caption band, keyboard / clicker navigation, no tooltips).
struct LessonPlayer {
  std::optional<Lesson> lesson;
  std::size_t step = 0;
  bool presenting = false;
  bool blank = false;  // B: a black screen while the lecturer talks
  // When presenting last started (or the presenter console's timer was reset): the console's timer.
  std::chrono::steady_clock::time_point presenting_since{};
  UiSettings before_presenting;  // font size restored when presenter mode ends
  bool sidebar_before = true;
  StepPlayback playback;  // the step's animation, restarted whenever a step opens
  // Screenshots and slides draw the animation this many seconds after the step opened, whatever the
  // clock says (pelab --animation-at), so a picture is the same on every run; unset: at its end, what
  // the class sees once it has played (a slide's picture in the handout).
  std::optional<double> capture_seconds;
};

// A lesson being made in the app (ui/lesson_editor_panel.cpp): steps captured from the app's state,
// texts typed in place, saved into the user's lesson folder under lesson.id + ".json".
struct LessonDraft {
  bool open = false;  // the editor window is shown
  Lesson lesson;
  std::string source_id;              // the lesson it was copied from ("" when started empty)
  std::size_t selected = 0;           // the step being edited
  std::string language = "en";        // whose texts the fields edit
  std::vector<std::string> problems;  // why the last save was refused
  // The selected step's animation as typed (NAME=FROM:TO), why it was refused, and the step it was
  // filled from (another step selected: filled again from that step).
  std::string animation_text;
  std::string animation_problem;
  std::optional<std::size_t> animation_text_step;
};

struct AppModel {
  AppState state;
  std::map<std::pair<std::string, std::string>, LoadedSource> sources;  // by (path, tensor)
  std::vector<std::string> recent_tables;                               // newest first
  std::vector<ModelPreset> model_presets;  // the rope view's menu, read with the app's data (app_ui.hpp)
  bool difference_on_window = false;       // the user asked for the common window of unequal shapes
  std::filesystem::path session_path;      // where Ctrl+S saves
  std::string export_dir = "exports";      // where a view's Export menu writes (relative: to the cwd)
  LessonPlayer lessons;
  LessonDraft lesson_draft;
};

}  // namespace pelab::app
