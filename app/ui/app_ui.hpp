#pragma once
// The whole window for one frame: notice banner, sidebar of controls, the views (a grid, or one
// maximised), status bar. Everything the UI reads or edits is in AppContext; panels get the
// slice they need as a ViewContext.
#include <array>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <imgui.h>

#include "gfx/colormap_textures.hpp"
#include "gfx/heatmap_renderer.hpp"
#include "state/compute_worker.hpp"
#include "state/params.hpp"

namespace pelab::app::ui {

struct Notice {
  std::string text;
  bool is_error = true;  // errors are red; information (e.g. "session saved") is neutral
};

// Where a heatmap image landed on screen this frame: the outer edges of cell (0, 0) .. (rows-1, cols-1)
// in window pixels. `--screenshot --geometry` writes these so tests can find a known cell's pixel.
struct HeatmapPlacement {
  std::string name;  // "heatmap", "similarity", "rotation-column", "rotation-row"
  ImVec2 top_left, bottom_right;
  int rows = 0, cols = 0;
  Colormap colormap = Colormap::viridis;
  ValueRange range;
};

// The GPU copies of the heatmaps of one encoding.
struct ViewGpu {
  gfx::HeatmapImage table;
  gfx::HeatmapImage similarity;
  std::array<gfx::HeatmapImage, 2> rotation;  // column, row convention
};

// Work that must happen between frames, not inside one (rebuilding the font atlas, window mode).
struct FrameRequests {
  bool rebuild_fonts = false;
  bool toggle_fullscreen = false;
  bool quit = false;
};

struct SessionDialog {
  bool open_requested = false;
  bool save_requested = false;
  std::string path;  // the text field
};

struct AppContext {
  AppState state;
  std::unique_ptr<ComputeWorker> worker;  // one per encoding once several are shown
  gfx::HeatmapRenderer* renderer = nullptr;
  gfx::ColormapTextures colormaps;
  ViewGpu gpu;
  std::vector<Notice> notices;
  std::filesystem::path session_path;  // where Ctrl+S saves
  SessionDialog session_dialog;
  FrameRequests requests;
  std::vector<HeatmapPlacement> placements;  // refilled every frame
  HoverState previous_hover;
  bool capture_mode = false;  // screenshots and benchmarks: no tooltips, no saved settings
};

// Slice of AppContext a view panel works with.
struct ViewContext {
  ViewParams& params;    // current parameters (selection markers follow them at once)
  const ViewData& data;  // newest computed data (computed from data.params, may lag a drag briefly)
  ViewGpu& gpu;
  const gfx::HeatmapRenderer& renderer;
  gfx::ColormapTextures& colormaps;
  const HoverState& hovered;  // what the mouse pointed at in the previous frame (any view)
  HoverState& hover;          // what it points at now (filled by the hovered view)
  std::vector<HeatmapPlacement>& placements;
};

void draw_app(AppContext& app);

// Loads a session into `app`; on any problem shows a notice (and prints it) and keeps the state.
// Returns false when the file was refused.
bool open_session(AppContext& app, const std::filesystem::path& path);
void save_session(AppContext& app, const std::filesystem::path& path);
void add_notice(AppContext& app, std::string text, bool is_error);

}  // namespace pelab::app::ui
