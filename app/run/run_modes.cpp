#include "run/run_modes.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "gfx/fonts.hpp"
#include "gfx/screenshot.hpp"
#include "pelab/io/atomic_file.hpp"
#include "pelab/io/png.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"

namespace pelab::app::run {
namespace {

using Clock = std::chrono::steady_clock;

// `window` is nullptr off screen: no fullscreen, no window to close.
void apply_requests(gfx::Window* window, float content_scale, ui::AppContext& app) {
  ui::FrameRequests& requests = app.requests;
  if (requests.rebuild_fonts) {
    const float pixels = app.state.ui.font_size * content_scale;
    std::string notice;
    gfx::rebuild_fonts(pixels, notice);
    if (!notice.empty()) ui::add_notice(app, notice, true);
    ui::apply_theme(app.state.ui.theme, pixels);
    requests.rebuild_fonts = false;
  }
  if (requests.toggle_fullscreen) {
    if (window) window->set_fullscreen(!window->is_fullscreen());
    requests.toggle_fullscreen = false;
  }
  if (requests.quit && window) window->request_close();
}

double median(std::vector<double> values) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

double milliseconds_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Renders frames until every worker has delivered the current parameters for `frames` frames in a row.
bool render_until_settled(FrameTarget& target, ui::AppContext& app, int frames, double timeout_seconds) {
  const Clock::time_point start = Clock::now();
  int settled_frames = 0;
  while (settled_frames < frames) {
    const bool was_settled = ui::all_settled(app);
    render_frame(target, app);
    settled_frames = was_settled && ui::all_settled(app) ? settled_frames + 1 : 0;
    if (settled_frames < frames) target.present();
    if (milliseconds_since(start) > 1000.0 * timeout_seconds) return false;
    if (!was_settled) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

void write_geometry(const std::filesystem::path& path, const ui::AppContext& app, gfx::FramebufferSize size) {
  nlohmann::json heatmaps = nlohmann::json::array();
  for (const ui::HeatmapPlacement& placement : app.placements) {
    heatmaps.push_back({{"name", placement.name},
                        {"config", placement.config},
                        {"x0", placement.top_left.x},
                        {"y0", placement.top_left.y},
                        {"x1", placement.bottom_right.x},
                        {"y1", placement.bottom_right.y},
                        {"rows", placement.rows},
                        {"cols", placement.cols},
                        {"colormap", to_string(placement.colormap)},
                        {"range", {placement.range.lo, placement.range.hi}}});
  }
  nlohmann::json notices = nlohmann::json::array();
  for (const ui::Notice& notice : app.notices) notices.push_back(notice.text);
  const nlohmann::json geometry{
      {"width", size.width},   {"height", size.height},
      {"heatmaps", heatmaps}, {"notices", notices},
      // The status bar shows measured computation times, so it differs from run to run.
      {"status_bar_top", app.status_bar_top}};
  write_file_atomic(path, geometry.dump(2) + "\n");
}

struct PhaseResult {
  double median_ms = 0.0;
  int refreshes = 0;  // results the worker delivered during the phase
};

int delivered(const ui::AppContext& app) {
  int total = 0;
  for (const auto& [id, runtime] : app.runtimes)
    total += runtime.worker ? runtime.worker->results_delivered() : 0;
  return total;
}

template <typename Change>
PhaseResult time_frames(FrameTarget& target, ui::AppContext& app, int frames, Change&& change) {
  std::vector<double> times;
  const int delivered_before = delivered(app);
  for (int frame = 0; frame < frames; ++frame) {
    change(frame);
    const Clock::time_point start = Clock::now();
    render_frame(target, app);
    target.present();
    times.push_back(milliseconds_since(start));
  }
  return PhaseResult{median(times), delivered(app) - delivered_before};
}

// Files dropped on the window: tables open in the selected configuration, JSON files as sessions.
void open_dropped(gfx::Window& window, ui::AppContext& app) {
  for (const std::string& path : window.take_dropped_paths()) {
    const std::filesystem::path file(path);
    std::string extension = file.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (extension == ".json") {
      ui::open_session(app, file);
    } else {
      ui::open_table(app, path, "");
    }
  }
}

}  // namespace

void render_frame(gfx::Window& window, ui::AppContext& app) {
  window.poll_events();
  render_frame_after_events(window, app);
}

void render_frame_after_events(gfx::Window& window, ui::AppContext& app) {
  open_dropped(window, app);
  apply_requests(&window, window.content_scale(), app);
  window.begin_frame();
  ui::draw_app(app);
  window.end_frame();
}

void render_frame(FrameTarget& target, ui::AppContext& app) {
  gfx::Window* window = target.window();
  if (window) {
    window->poll_events();
    open_dropped(*window, app);
  }
  apply_requests(window, target.content_scale(), app);
  target.begin_frame();
  ui::draw_app(app);
  target.end_frame();
}

gfx::RgbImage WindowTarget::read_pixels() {
  const gfx::FramebufferSize size = window_.framebuffer_size();
  return gfx::read_back_buffer(size.width, size.height);
}

void OffscreenTarget::present() { frame_.finish(); }

int run_interactive(gfx::Window& window, ui::AppContext& app) {
  // Draw while something changes; otherwise sleep until an event arrives (input, a worker's result,
  // a dropped file). ImGui needs a few frames after an input to settle (hover, popups, layout), and a
  // text field's cursor blinks, so a short countdown keeps frames coming after each event.
  constexpr int frames_after_event = 3;
  int busy_frames = frames_after_event;
  while (!window.should_close()) {
    const bool animating =
        !ui::all_settled(app) || ImGui::GetIO().WantTextInput || ui::notices_animating(app);
    if (busy_frames > 0 || animating) {
      window.poll_events();
      --busy_frames;
    } else {
      // A long timeout only as a safety net; waking because it ran out is no event: one frame.
      constexpr double timeout_seconds = 30.0;
      const Clock::time_point waited_from = Clock::now();
      window.wait_events(timeout_seconds);
      busy_frames = milliseconds_since(waited_from) < 1000.0 * timeout_seconds - 1.0 ? frames_after_event : 0;
    }
    if (animating) busy_frames = frames_after_event;
    render_frame_after_events(window, app);
    window.swap_buffers();
  }
  return 0;
}

int run_screenshot(FrameTarget& target, ui::AppContext& app, const ScreenshotOptions& options) {
  if (!render_until_settled(target, app, 3, 120.0)) {
    std::fprintf(stderr, "pelab: the views did not finish computing within 120 s; no screenshot written\n");
    return 1;
  }
  const gfx::FramebufferSize size = target.framebuffer_size();
  const gfx::RgbImage image = target.read_pixels();
  try {
    write_png_rgb(options.output, image.width, image.height, image.pixels);
    if (!options.geometry.empty()) write_geometry(options.geometry, app, size);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "pelab: %s\n", error.what());
    return 1;
  }
  target.present();
  std::printf("pelab: wrote %s (%dx%d)\n", options.output.string().c_str(), size.width, size.height);
  return 0;
}

int run_bench(FrameTarget& target, ui::AppContext& app, int frames) {
  app.state.slots.resize(1);
  app.state.active = 0;
  Slot& slot = app.state.slots.front();
  EncodingParams& encoding = slot.config.encoding;
  encoding = EncodingParams{};
  encoding.positions = 2000;
  encoding.dims = 1600;
  slot.selection = Selection{100, 10, 20};
  if (!render_until_settled(target, app, 10, 120.0)) {
    std::fprintf(stderr, "pelab: the benchmark's first computation did not finish within 120 s\n");
    return 1;
  }
  const PhaseResult still = time_frames(target, app, frames, [](int) {});
  const PhaseResult moving_base = time_frames(
      target, app, frames, [&](int frame) { encoding.base = 10000.0 * std::pow(1.002, frame % 200); });
  render_until_settled(target, app, 3, 120.0);
  const PhaseResult moving_position =
      time_frames(target, app, frames, [&](int frame) { slot.selection.position = 100 + frame % 1800; });
  render_until_settled(target, app, 3, 120.0);
  const gfx::FramebufferSize size = target.framebuffer_size();
  std::printf(
      "pelab frame benchmark: sinusoidal N = 2000, D = 1600, %s %dx%d, %d frames per phase, "
      "vsync off\n",
      target.window() ? "window" : "off-screen frame", size.width, size.height, frames);
  std::printf("  static (nothing changes):            median %7.2f ms\n", still.median_ms);
  std::printf("  base moves every frame (all views):  median %7.2f ms  ratio %.2f  (%d view refreshes)\n",
              moving_base.median_ms, moving_base.median_ms / still.median_ms, moving_base.refreshes);
  std::printf("  p moves every frame (selection):     median %7.2f ms  ratio %.2f  (%d view refreshes)\n",
              moving_position.median_ms, moving_position.median_ms / still.median_ms,
              moving_position.refreshes);
  const std::shared_ptr<const ViewData> data = ui::latest_data(app, 0);
  if (data && data->table && data->similarity) {
    std::printf(
        "  last recompute: table %.1f ms, similarity %.1f ms (worker thread at nice 10, sharing the "
        "cores with rendering)\n",
        data->table->compute_ms, data->similarity->compute_ms);
  }
  return 0;
}

}  // namespace pelab::app::run
