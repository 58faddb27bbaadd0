#pragma once
// The whole window for one frame: notice banner, sidebar of controls, the views (a grid, or one
// maximised; each per-configuration view side by side for every configuration), status bar.
// Everything the UI reads or edits is in AppContext; a view gets the slice it needs as a
// ViewContext (one configuration) or an AcrossContext (all of them).
#include <array>
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <imgui.h>

#include "context/app_context.hpp"
#include "state/difference.hpp"

namespace pelab::app::ui {

// The app's parts live outside ui/ (context/app_context.hpp); the UI names them as before.
using app::AppChrome;
using app::AppContext;
using app::AppGpu;
using app::AppModel;
using app::AppRuntimes;
using app::ConfigGpu;
using app::FrameRequests;
using app::HeatmapPlacement;
using app::LessonPlayer;
using app::LoadedSource;
using app::Notice;
using app::PathDialog;
using app::ViewDrawObserver;
using app::ViewPngExport;

// What a per-configuration view draws from: this slice, never the whole app.
struct ViewContext {
  ViewSettings& settings;       // the views' settings, shared by every configuration (controls edit them)
  const LessonPlayer& lessons;  // the step being taught may point at a row or column
  bool capture_mode;            // screenshots and benchmarks: no tooltips
  ViewDrawObserver* observer;   // run/'s instrumentation, or nullptr
  std::size_t index;            // slot index
  Slot& slot;                   // the configuration and its selection (edits go here)
  Selection selection;          // slot.selection kept inside the table: what the view marks
  const ViewData& data;
  ConfigGpu& gpu;
  const DisplaySettings& display;
  std::optional<ValueRange> shared_table_range;       // compare mode with a shared colour scale
  std::optional<ValueRange> shared_similarity_range;  // ditto for S
  const HoverState& hovered;  // what the mouse pointed at in the previous frame (any view, any configuration)
  HoverState& hover;          // what it points at now (filled by the hovered view)
  std::vector<HeatmapPlacement>& placements;
  const gfx::HeatmapRenderer& renderer;
  gfx::ColormapTextures& colormaps;
};

// What a view across configurations draws from (difference, scorecard, rope, bias): the
// configurations with their newest data, the across worker's newest numbers and where heatmaps go;
// never the whole app.
struct AcrossContext {
  std::span<const Slot> slots;  // the configurations, read only (names, how many)
  DisplaySettings& display;     // the heatmaps' colours; the difference view picks its A and B here
  ViewSettings& settings;       // the views' settings (the rope and bias views' controls edit them)
  HoverState& hover;            // what the mouse points at now (the difference maps fill it)
  std::vector<std::shared_ptr<const ViewData>> data;  // each slot's newest data (nullptr before its first)
  std::shared_ptr<const AcrossData> across;           // the across worker's newest (nullptr before its first)
  const LessonPlayer& lessons;                        // presenter mode draws larger and hides the controls
  bool capture_mode;                                  // screenshots and benchmarks: no tooltips
  ViewDrawObserver* observer;                         // run/'s instrumentation, or nullptr
  const gfx::HeatmapRenderer& renderer;
  gfx::ColormapTextures& colormaps;
  std::vector<HeatmapPlacement>& placements;
  std::array<gfx::HeatmapImage, 2>& difference_images;  // table and similarity differences
  bool& difference_on_window;  // the difference view's offer to compare unequal shapes on their common window
  const std::vector<ModelPreset>& model_presets;  // the rope view's menu

  std::shared_ptr<const ViewData> data_of(std::size_t slot) const {
    return slot < data.size() ? data[slot] : nullptr;
  }
};

inline void note_not_applicable(const AcrossContext& view) {
  if (view.observer) view.observer->not_applicable();
}

// Beside a view's sentence saying why it does not apply, instead of its data.
inline void note_not_applicable(const ViewContext& view) {
  if (view.observer) view.observer->not_applicable();
}

void draw_app(AppContext& app);

// The slice a view across configurations draws from, for this frame.
AcrossContext across_context(AppContext& app);

// Loads the UI strings (assets/i18n), picks the language (the settings' or session's, else the
// system locale's) and gives the font atlas every glyph they use. Problems become notices. Also reads
// the rest of the app's data the menus offer: the lessons and the rope view's model presets.
void load_ui_strings(AppContext& app);
// The same with the strings load_strings has loaded already (main reads them before the app starts,
// to check --lang): `load_problems` are its problems when it failed, shown as notices.
void use_loaded_ui_strings(AppContext& app, std::span<const std::string> load_problems);

// The sidebar's lesson menu read again from the data directory's lessons/ (between frames: at start,
// from use_loaded_ui_strings, and when the menu opens).
void refresh_lesson_list(AppContext& app);

// The runtime of every slot (creating and dropping workers), the learned tables they name, and the
// request each worker should compute for the views now visible.
void sync_runtimes(AppContext& app);
// The newest data of slot `index` (nullptr before its first result).
std::shared_ptr<const ViewData> latest_data(const AppContext& app, std::size_t index);
// What the across worker is to compute for the visible views across configurations now.
AcrossRequest current_across_request(const AppContext& app);
// The same for the across items in `needs`, visible or not (an export checks its numbers against it).
AcrossRequest across_request_for(const AppContext& app, Needs needs);
// True when every slot's worker has finished its newest request, and the across worker the
// request the state gives now.
bool all_settled(const AppContext& app);

// Loads (or finds loaded) the table a configuration names; records it as recent on success.
const LoadedSource& table_source(AppContext& app, const std::string& path, const std::string& tensor);
// Notices for a table larger than the app reads (more than max_positions rows or max_dims columns:
// only the first ones were read).
void notice_table_cut(AppContext& app, const LoadedSource& source);
// Opens `path` as the learned table of the active configuration (kind learned, N and D from the
// file). On failure shows a notice and changes nothing.
bool open_table(AppContext& app, const std::string& path, const std::string& tensor);

// Lessons (lesson_panel.cpp). start_lesson loads lesson NAME (a path, or an id or its number in
// lesson_dirs()) and shows its first step; false with a notice when it cannot be loaded.
bool start_lesson(AppContext& app, const std::string& name);
void show_lesson_step(AppContext& app, std::size_t step);
// Shows a step's state: configurations, views, p / k / i and display; the user's font, theme,
// language and sidebar stay (hidden while presenting).
void show_step_state(AppContext& app, const AppState& state);
void set_presenting(AppContext& app, bool presenting);
// Where lessons are found: the shipped ones (assets/lessons), then the user's (made in the app,
// config folder's lessons/; left out when there is no config folder).
std::vector<std::filesystem::path> lesson_dirs();
// Every lesson of lesson_dirs(), the shipped ones first, each directory sorted by id.
std::vector<LessonInfo> list_all_lessons();
// The model presets (Hugging Face config.json files) of the rope view: assets/models.
std::filesystem::path models_dir();
// The minimum font size in presenter mode: a projector at the back of a lecture hall.
inline constexpr float presenter_font_size = 28.0f;

// Loads a session into `app`; on any problem shows a notice (and prints it) and keeps the state.
// Returns false when the file was refused.
bool open_session(AppContext& app, const std::filesystem::path& path);
void save_session(AppContext& app, const std::filesystem::path& path);
void add_notice(AppContext& app, std::string text, bool is_error);
// The sidebar's Copy link: the link to the state (state/state_link.hpp) on the clipboard and in a
// notice, with a notice for what it could not carry (a table path holding ','). Returns the link.
std::string copy_state_link(AppContext& app);

}  // namespace pelab::app::ui
