#pragma once
// The ways pelab runs once it has a GL context: interactively (a window), as a screenshot maker
// (slides, tests) and as a frame-time benchmark. The last two draw into a FrameTarget: the window's
// back buffer, or an off-screen framebuffer (gfx::OffscreenFrame, no display needed). Each returns
// the process exit status.
#include <chrono>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>

#include "gfx/offscreen_frame.hpp"
#include "gfx/screenshot.hpp"
#include "gfx/window.hpp"
#include "ui/app_ui.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::run {

// How long a screenshot or a slide waits for the views to finish computing: 120 s, or
// PELAB_SETTLE_SECONDS (tests at the largest sizes under sanitizers on a loaded machine need longer).
double settle_timeout_seconds();

// Every run of text in the frame ImGui rendered last (run/text_census.hpp), as the geometry JSON's
// "text_runs": text, px (the size it was drawn at), box [x0, y0, x1, y1], script (an exponent or index).
nlohmann::json text_runs_json();
// Where the last frame's heatmaps and matrix grids landed (AppChrome::placements), as the geometry
// JSON's "heatmaps": name, config, x0, y0, x1, y1 (the cells' outer edges), rows, cols, colormap, range.
nlohmann::json heatmaps_json(const ui::AppContext& app);

// Where whole frames of the app are drawn.
class FrameTarget {
 public:
  virtual ~FrameTarget() = default;
  // Begins the ImGui frame (render_frame has collected the window's events before).
  virtual void begin_frame() = 0;
  // Renders the ImGui frame; read_pixels may follow, then present.
  virtual void end_frame(const gfx::FrameTextures& textures) = 0;
  virtual void present() = 0;
  virtual gfx::RgbImage read_pixels() = 0;
  virtual gfx::FramebufferSize framebuffer_size() const = 0;
  // Fonts are this many times the configured size (the monitor's DPI scale; 1 off screen).
  virtual float content_scale() const = 0;
  // Window only: fullscreen, quit.
  virtual gfx::Window* window() { return nullptr; }
};

// The window: render_frame polls its events before each frame; present swaps the buffers.
class WindowTarget final : public FrameTarget {
 public:
  explicit WindowTarget(gfx::Window& window) : window_(window) {}
  void begin_frame() override { window_.begin_frame(); }
  void end_frame(const gfx::FrameTextures& textures) override { window_.end_frame(textures); }
  void present() override { window_.swap_buffers(); }
  gfx::RgbImage read_pixels() override;
  gfx::FramebufferSize framebuffer_size() const override { return window_.framebuffer_size(); }
  float content_scale() const override { return window_.content_scale(); }
  gfx::Window* window() override { return &window_; }

 private:
  gfx::Window& window_;
};

// An off-screen frame: no events; present waits for the GPU (glFinish), so frame times include the
// drawing as a swap does.
class OffscreenTarget final : public FrameTarget {
 public:
  explicit OffscreenTarget(gfx::OffscreenFrame& frame) : frame_(frame) {}
  void begin_frame() override { frame_.begin_frame(); }
  void end_frame(const gfx::FrameTextures& textures) override { frame_.end_frame(textures); }
  void present() override;
  gfx::RgbImage read_pixels() override { return frame_.read_pixels(); }
  gfx::FramebufferSize framebuffer_size() const override { return frame_.size(); }
  float content_scale() const override { return 1.0f; }

 private:
  gfx::OffscreenFrame& frame_;
};

// A file dropped on the window or picked in the browser's file picker: a table (.npy, .safetensors)
// opens in the selected configuration, a .json file as a session.
void open_file(ui::AppContext& app, const std::filesystem::path& file);

// Carries out between-frame requests (font atlas, fullscreen), then builds and draws one frame
// into the back buffer. The caller swaps (or first reads the pixels back).
void render_frame(gfx::Window& window, ui::AppContext& app);
// The same after the caller has collected the events (polled or waited for them).
void render_frame_after_events(gfx::Window& window, ui::AppContext& app);
// One frame of the app into any target (a window's events are polled first).
void render_frame(FrameTarget& target, ui::AppContext& app);
// Renders frames until every worker has delivered the current parameters for `frames` frames in a
// row; false after `timeout_seconds`.
bool render_until_settled(FrameTarget& target, ui::AppContext& app, int frames, double timeout_seconds);

// While a worker computes and nothing else moves, a loop draws a frame when a result is published
// or, at the latest, after this long (the panels' spinner and elapsed time), not back to back: on a
// small machine with software GL, frames drawn meanwhile take the cores the worker needs.
inline constexpr std::chrono::milliseconds frame_interval_while_computing{50};

int run_interactive(gfx::Window& window, ui::AppContext& app);

struct ScreenshotOptions {
  std::filesystem::path output;    // PNG
  std::filesystem::path geometry;  // optional JSON: where each heatmap was drawn (for tests)
};
// Renders until the computation has settled and the layout is stable, then writes the PNG.
int run_screenshot(FrameTarget& target, ui::AppContext& app, const ScreenshotOptions& options);

// Renders until the computation has settled, then writes exactly what each view's Export menu writes as
// .npy (its arrays as shown, each with a .json sidecar) into `dir`, prints every file written and exits:
// a view's numbers without a window, for tests and scripts. `views` are registry entries (--view, or
// every view for --view all). Exit 1 when the data did not settle or a write failed (nothing of that
// view is left behind), 2 when a view has no data to export in this state (the message says why).
int run_export_data(FrameTarget& target, ui::AppContext& app, std::span<const ui::ViewType* const> views,
                    const std::filesystem::path& dir);

// Seed 002's size (N = 2000, D = 1600): `frames` frames with nothing changing, then `frames`
// frames where base moves every frame (table, similarity, rotation recomputed and re-uploaded),
// then `frames` where p moves; prints the median frame times and their ratios.
int run_bench(FrameTarget& target, ui::AppContext& app, int frames);

// Latency: `changes` times, base (start for kinds without base) changes and frames are drawn (paced
// as the interactive loop paces them: frame_interval_while_computing) until
// every visible view shows the new data; prints the median and largest time from the change to the
// end of that frame, the frames drawn meanwhile, a static frame and the peak memory (VmHWM,
// ru_maxrss), then one `latency key=value ...` line for scripts. The configuration is the one given
// (CONFIG or --session; default sinusoidal N = 2000, D = 1600); `every_view` (--view all) shows every
// view, otherwise the layout as given (--view NAME maximises one).
int run_bench_latency(FrameTarget& target, ui::AppContext& app, int changes, bool every_view);

// Dragging: `frames` frames with base (start, for kinds without base) taking a new value every frame,
// against `frames` static frames, alternated in rounds (the static ones after the workers settled) so a
// shared machine's load falls on both alike; prints both medians, their ratio (issue 18: at most 1.5)
// and what the frames did (uploads, colouring passes, CPU), then one `drag key=value ...` line. The
// configuration and views are the ones given (default sinusoidal N = 2000, D = 1600, default views).
int run_bench_drag(FrameTarget& target, ui::AppContext& app, int frames);

// Dragging: `frames` frames with base (start, for kinds without base) taking a new value every frame,
// against `frames` static frames, alternated in rounds (the static ones after the workers settled) so a
// shared machine's load falls on both alike; prints both medians, their ratio (issue 18: at most 1.5)
// and what the frames did (uploads, colouring passes, CPU), then one `drag key=value ...` line. The
// configuration and views are the ones given (default sinusoidal N = 2000, D = 1600, default views).
// PELAB_DRAG_PNG=FILE also writes the last moving frame as a PNG.
int run_bench_drag(FrameTarget& target, ui::AppContext& app, int frames);

}  // namespace pelab::app::run
