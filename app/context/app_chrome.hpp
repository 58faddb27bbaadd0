#pragma once
// The chrome of the app: what lives only while the window is drawn (notices, the path dialog,
// requests to carry out between frames, where heatmaps landed, the hover of the previous frame)
// and the hook through which a run mode observes the views. Never saved.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <imgui.h>

#include "pelab/io/colormap.hpp"
#include "state/lesson.hpp"
#include "state/params.hpp"

namespace pelab::app {

struct AppContext;

struct Notice {
  std::string text;
  bool is_error = true;    // errors are red and stay; information (e.g. "session saved") fades out
  int id = 0;              // unique: names the notice's window
  double shown_at = -1.0;  // ImGui time of its first frame (-1: not shown yet)
};

// Where a heatmap image (or a matrix grid's cells, ui/matrix_grid.hpp) landed on screen this frame: the
// outer edges of cell (0, 0) .. (rows-1, cols-1) in window pixels. `--screenshot --geometry` and the
// slides' `--geometry` write these, so tests can find a known cell's pixel and measure each matrix.
struct HeatmapPlacement {
  std::string name;  // "heatmap", "similarity", "rotation-column", "rotation-row", "difference-table", ...
  int config = 0;    // the configuration's slot index (0 for views across configurations)
  ImVec2 top_left, bottom_right;
  int rows = 0, cols = 0;
  Colormap colormap = Colormap::viridis;
  ValueRange range;
};

// A view's PNG asked for by its Export menu (ui/view_data_export.cpp), rendered between frames.
struct ViewPngExport {
  std::string view_id;
  ImVec2 cell_size;  // the view's cell, ImGui units (the picture at scale 1)
  int scale = 1;     // 1, 2 or 4
  std::filesystem::path path;
};

// A view's animation asked for by its Export menu's "Animate…" dialog: made into a video between
// frames, one video frame per app frame (run/video_export.hpp), so the window keeps drawing.
struct ViewVideoExport {
  std::string view_id;
  std::string animate;  // NAME=FROM:TO (state/animation.hpp)
  double seconds = 4.0;
  int fps = 30;
  int width = 1280, height = 720;
  std::filesystem::path path;
};

// The "Animate…" dialog's fields (kept between openings) and why its last request was refused.
struct VideoDialog {
  bool open_requested = false;
  std::string view_id;
  std::string animate = "k=0:32";
  float seconds = 4.0f;
  int fps = 30;
  int size[2] = {1280, 720};
  std::string file = "animation.mp4";
  std::string problem;
  bool used = false;  // a video was asked for: the lesson editor's "Add this as a step" captures it
};

// A video being made between frames: run/ owns what it is, ui/ shows how far it got.
class VideoJob {
 public:
  virtual ~VideoJob() = default;
  virtual int frames_done() const = 0;
  virtual int frames_total() const = 0;
};

// Work that must happen between frames, not inside one (rebuilding the font atlas, window mode).
struct FrameRequests {
  bool rebuild_fonts = false;
  bool toggle_fullscreen = false;
  bool quit = false;
  bool refresh_lessons = false;         // read the lesson directory again (the sidebar's menu was opened)
  bool open_presenter_console = false;  // open the presenter console's window (run/presenter_console.hpp)
  std::vector<ViewPngExport> view_pngs;
  std::optional<ViewVideoExport> view_video;
  bool cancel_video = false;
};

// The sidebar's lesson menu: the lessons found in the data directory when the app started, read again
// when the menu opens (ui/app_ui.hpp: refresh_lesson_list), never inside a frame.
struct LessonMenu {
  std::vector<LessonInfo> lessons;
  std::size_t chosen = 0;
};

// The lesson step whose pointed-at sidebar control was last scrolled into view: the sidebar scrolls
// to it once when the step is shown, then leaves the scrolling to the user.
struct ControlScroll {
  const void* lesson = nullptr;
  std::size_t step = 0;
};

struct PathDialog {
  bool open_requested = false;
  bool save_requested = false;
  bool table_requested = false;
  std::string path;  // the text field
  std::string tensor;
};

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

struct AppChrome {
  std::vector<Notice> notices;
  int notices_added = 0;
  PathDialog dialog;
  FrameRequests requests;
  LessonMenu lesson_menu;
  ControlScroll control_scroll;
  std::vector<HeatmapPlacement> placements;  // refilled every frame
  float status_bar_top = 0.0f;               // framebuffer y where the status bar (with its timings) starts
  HoverState previous_hover;
  bool capture_mode = false;                  // screenshots and benchmarks: no tooltips, no saved settings
  ViewDrawObserver* draw_observer = nullptr;  // run/ installs one while it needs it
  bool presenter_console_open = false;        // the presenter console's window is shown (run/ sets it)
  bool drawer_open = false;                   // the narrow layout's sidebar drawer (ui/narrow_layout.cpp)
  VideoDialog video_dialog;
  std::unique_ptr<VideoJob> video_job;  // while a video is being made
  // This build writes videos (run/video_writer.hpp says; main sets it): the Export menu offers
  // "Animate…" only then, since the web and Windows builds have no encoder to offer it with.
  bool videos_available = false;
};

}  // namespace pelab::app
