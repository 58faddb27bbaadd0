#pragma once
// The whole window for one frame: notice banner, sidebar of controls, the views (a grid, or one
// maximised; each per-configuration view side by side for every configuration), status bar.
// Everything the UI reads or edits is in AppContext; a view gets the slice it needs as a
// ViewContext (one configuration) or a CompareContext (all of them).
#include <array>
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <imgui.h>

#include "gfx/colormap_textures.hpp"
#include "gfx/heatmap_renderer.hpp"
#include "pelab/io/table_file.hpp"
#include "state/compute_worker.hpp"
#include "state/difference.hpp"
#include "state/lesson.hpp"
#include "state/params.hpp"

namespace pelab::app::ui {

struct Notice {
  std::string text;
  bool is_error = true;    // errors are red and stay; information (e.g. "session saved") fades out
  int id = 0;              // unique: names the notice's window
  double shown_at = -1.0;  // ImGui time of its first frame (-1: not shown yet)
};

// Where a heatmap image landed on screen this frame: the outer edges of cell (0, 0) .. (rows-1, cols-1)
// in window pixels. `--screenshot --geometry` writes these so tests can find a known cell's pixel.
struct HeatmapPlacement {
  std::string name;  // "heatmap", "similarity", "rotation-column", "rotation-row", "difference-table", ...
  int config = 0;    // the configuration's slot index (0 for views across configurations)
  ImVec2 top_left, bottom_right;
  int rows = 0, cols = 0;
  Colormap colormap = Colormap::viridis;
  ValueRange range;
};

// The GPU copies of the heatmaps of one configuration.
struct ConfigGpu {
  gfx::HeatmapImage table;
  gfx::HeatmapImage similarity;
  std::array<gfx::HeatmapImage, 2> rotation;  // column, row convention
};

// A view's PNG asked for by its Export menu (view_data_export.cpp), rendered between frames.
struct ViewPngExport {
  std::string view_id;
  ImVec2 cell_size;  // the view's cell, ImGui units (the picture at scale 1)
  int scale = 1;     // 1, 2 or 4
  std::filesystem::path path;
};

// Work that must happen between frames, not inside one (rebuilding the font atlas, window mode).
struct FrameRequests {
  bool rebuild_fonts = false;
  bool toggle_fullscreen = false;
  bool quit = false;
  std::vector<ViewPngExport> view_pngs;
};

struct PathDialog {
  bool open_requested = false;
  bool save_requested = false;
  bool table_requested = false;
  std::string path;  // the text field
  std::string tensor;
};

// A learned table loaded from a file, shared by every configuration that names it.
struct LoadedSource {
  std::shared_ptr<const Matrix> values;  // nullptr when loading failed
  std::string error;
  LoadedTable info;  // description and the file's 2-D tensors
};

// One configuration's computing side: its worker (and cache) and its GPU images.
struct ConfigRuntime {
  std::unique_ptr<ComputeWorker> worker;
  ConfigGpu gpu;
};

// A lesson being taught: its steps, where we are, and presenter mode (full screen, no sidebar,
// large fonts, the step in a caption band, keyboard / clicker navigation, no tooltips).
struct LessonPlayer {
  std::optional<Lesson> lesson;
  std::size_t step = 0;
  bool presenting = false;
  bool blank = false;            // B: a black screen while the lecturer talks
  UiSettings before_presenting;  // font size restored when presenter mode ends
  bool sidebar_before = true;
};

struct AppContext;

// Instrumentation a run mode may install: run/view_census.hpp counts what each view drew for
// `--screenshot --geometry`. ui/ only calls it (layout.cpp around each view's draw call, a view
// beside its "does not apply" sentence), so ui/ does not depend on run/.
class ViewDrawObserver {
 public:
  virtual ~ViewDrawObserver() = default;
  virtual void view_begin(const AppContext& app, std::string_view view, int config) = 0;  // config -1: across
  virtual void view_end(const AppContext& app) = 0;
  virtual void not_applicable() = 0;
};

struct AppContext {
  AppState state;
  std::map<int, ConfigRuntime> runtimes;  // by Config::id; made and dropped with the slots
  std::unique_ptr<AcrossWorker> across;   // the views across configurations' numbers (made by sync_runtimes)
  std::map<std::pair<std::string, std::string>, LoadedSource> sources;  // by (path, tensor)
  std::vector<std::string> recent_tables;                               // newest first
  gfx::HeatmapRenderer* renderer = nullptr;
  gfx::ColormapTextures colormaps;
  std::array<gfx::HeatmapImage, 2> difference_gpu;  // table and similarity differences
  bool difference_on_window = false;                // the user asked for the common window of unequal shapes
  std::vector<Notice> notices;
  int notices_added = 0;
  std::filesystem::path session_path;  // where Ctrl+S saves
  PathDialog dialog;
  FrameRequests requests;
  std::vector<HeatmapPlacement> placements;  // refilled every frame
  float status_bar_top = 0.0f;               // framebuffer y where the status bar (with its timings) starts
  HoverState previous_hover;
  std::function<void()> wake;          // wakes the event loop (from a worker thread)
  bool capture_mode = false;           // screenshots and benchmarks: no tooltips, no saved settings
  std::string export_dir = "exports";  // where a view's Export menu writes (relative: to the cwd)
  LessonPlayer lessons;
  ViewDrawObserver* draw_observer = nullptr;  // run/ installs one while it needs it
};

// Beside a view's sentence saying why it does not apply, instead of its data.
inline void note_not_applicable(const AppContext& app) {
  if (app.draw_observer) app.draw_observer->not_applicable();
}

// What a per-configuration view draws from.
struct ViewContext {
  AppContext& app;
  std::size_t index;    // slot index
  Slot& slot;           // the configuration and its selection (edits go here)
  Selection selection;  // slot.selection kept inside the table: what the view marks
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

void draw_app(AppContext& app);

// Loads the UI strings (assets/i18n), picks the language (the settings' or session's, else the
// system locale's) and gives the font atlas every glyph they use. Problems become notices.
void load_ui_strings(AppContext& app);

// The runtime of every slot (creating and dropping workers), the learned tables they name, and the
// request each worker should compute for the views now visible.
void sync_runtimes(AppContext& app);
// The newest data of slot `index` (nullptr before its first result).
std::shared_ptr<const ViewData> latest_data(const AppContext& app, std::size_t index);
// What the across worker is to compute for the visible views across configurations now.
AcrossRequest current_across_request(const AppContext& app);
// True when every slot's worker has finished its newest request, and the across worker the
// request the state gives now.
bool all_settled(const AppContext& app);

// Loads (or finds loaded) the table a configuration names; records it as recent on success.
const LoadedSource& table_source(AppContext& app, const std::string& path, const std::string& tensor);
// Opens `path` as the learned table of the active configuration (kind learned, N and D from the
// file). On failure shows a notice and changes nothing.
bool open_table(AppContext& app, const std::string& path, const std::string& tensor);

// Lessons (lesson_panel.cpp). start_lesson loads assets/lessons/NAME (an id, its number, or a
// path) and shows its first step; false with a notice when it cannot be loaded.
bool start_lesson(AppContext& app, const std::string& name);
void show_lesson_step(AppContext& app, std::size_t step);
void set_presenting(AppContext& app, bool presenting);
std::filesystem::path lessons_dir();
// The model presets (Hugging Face config.json files) of the rope view: assets/models.
std::filesystem::path models_dir();
// The minimum font size in presenter mode: a projector at the back of a lecture hall.
inline constexpr float presenter_font_size = 28.0f;

// Loads a session into `app`; on any problem shows a notice (and prints it) and keeps the state.
// Returns false when the file was refused.
bool open_session(AppContext& app, const std::filesystem::path& path);
void save_session(AppContext& app, const std::filesystem::path& path);
void add_notice(AppContext& app, std::string text, bool is_error);

}  // namespace pelab::app::ui
