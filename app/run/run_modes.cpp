#include "run/run_modes.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numeric>
#include <regex>
#include <sstream>
#include <thread>
#include <vector>

#include "gfx/fonts.hpp"
#include "gfx/frame_stats.hpp"
#include "gfx/screenshot.hpp"
#include "pelab/io/atomic_file.hpp"
#include "pelab/io/png.hpp"
#include "pelab/kinds.hpp"
#include "pelab/platform.hpp"
#include "plot/ticks.hpp"
#include "run/text_census.hpp"
#include "run/video_export.hpp"
#include "run/view_census.hpp"
#include "run/view_export.hpp"
#include "state/i18n.hpp"
#include "ui/app_ui.hpp"
#include "ui/panels.hpp"
#include "ui/theme.hpp"
#include "ui/view_data_export.hpp"
#include "ui/view_registry.hpp"

namespace pelab::app::run {
namespace {

using Clock = std::chrono::steady_clock;

// `window` is nullptr off screen: no fullscreen, no window to close.
void apply_requests(gfx::Window* window, float content_scale, ui::AppContext& app) {
  ui::FrameRequests& requests = app.requests;
  if (requests.rebuild_fonts) {
    const float pixels = app.state.ui.font_size * content_scale;
    std::string notice;
    gfx::rebuild_fonts(app.font_glyphs, pixels, language_font_files(), notice);
    if (!notice.empty()) ui::add_notice(app, notice, true);
    ui::apply_theme(app.state.ui.theme, pixels);
    requests.rebuild_fonts = false;
  }
  if (requests.refresh_lessons) {
    ui::refresh_lesson_list(app);
    requests.refresh_lessons = false;
  }
  if (requests.toggle_fullscreen) {
    if (window) window->set_fullscreen(!window->is_fullscreen());
    requests.toggle_fullscreen = false;
  }
  if (requests.quit && window) window->request_close();
  if (!requests.view_pngs.empty()) process_png_exports(app, content_scale);
  if (requests.view_video || requests.cancel_video || app.video_job) process_video_export(app);
}

// The text ImGui drew inside the main window in the last frame, collected only for
// `--screenshot --geometry` (the extreme-value sweep looks for "nan" and "inf" in it). ImGui's log
// records every text item; a log ends at the End() of the first top-level window (the main window)
// and hands its buffer to the clipboard function, which is swapped for the frame.
struct TextCapture {
  bool enabled = false;
  std::string text;
};
TextCapture text_capture;

void capture_log(void* user_data, const char* text) { static_cast<TextCapture*>(user_data)->text = text; }

double median(std::vector<double> values) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

double milliseconds_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

nlohmann::json text_runs_json() {
  nlohmann::json runs = nlohmann::json::array();
  if (const ImDrawData* draw_data = ImGui::GetDrawData(); draw_data && draw_data->Valid) {
    for (const TextRun& run : text_census(*draw_data)) {
      runs.push_back({{"text", run.text},
                      {"px", std::round(run.pixels * 100.0f) / 100.0f},
                      {"box", {run.box.Min.x, run.box.Min.y, run.box.Max.x, run.box.Max.y}},
                      {"script", run.script}});
    }
  }
  return runs;
}

nlohmann::json heatmaps_json(const ui::AppContext& app) {
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
  return heatmaps;
}

double settle_timeout_seconds() {
  constexpr double default_seconds = 120.0;
  const char* value = std::getenv("PELAB_SETTLE_SECONDS");
  if (value == nullptr || *value == '\0') return default_seconds;
  char* end = nullptr;
  const double seconds = std::strtod(value, &end);
  return end != value && *end == '\0' && seconds > 0.0 && seconds < 1e6 ? seconds : default_seconds;
}

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

namespace {

void write_geometry(const std::filesystem::path& path, const ui::AppContext& app, const ViewCensus& census,
                    gfx::FramebufferSize size) {
  const nlohmann::json heatmaps = heatmaps_json(app);
  nlohmann::json notices = nlohmann::json::array();
  for (const ui::Notice& notice : app.notices) notices.push_back(notice.text);
  // Lines of the last frame's text with "nan" or "inf" as a word: a number that is not one.
  nlohmann::json nonfinite_text = nlohmann::json::array();
  const std::regex nonfinite_word(R"((^|[^A-Za-z])[-+]?(nan|inf|infinity)([^A-Za-z]|$))", std::regex::icase);
  std::istringstream lines(text_capture.text);
  for (std::string line; std::getline(lines, line);)
    if (std::regex_search(line, nonfinite_word)) nonfinite_text.push_back(line);
  // What each view (each configuration's panel of a per-configuration view) drew: its data, or the
  // sentence saying why it does not apply (run/view_census.hpp).
  nlohmann::json views = nlohmann::json::array();
  for (const ViewDrawn& drawn : census.drawn) {
    const ImRect& r = drawn.data_rect;
    views.push_back({{"view", drawn.view},
                     {"config", drawn.config},
                     {"data_vertices", drawn.data_vertices},
                     {"heatmaps", drawn.heatmaps},
                     {"images", drawn.images},
                     {"not_applicable", drawn.not_applicable},
                     {"data_rect", drawn.drew_data() ? nlohmann::json{r.Min.x, r.Min.y, r.Max.x, r.Max.y}
                                                     : nlohmann::json(nullptr)}});
  }
  const nlohmann::json geometry{
      {"width", size.width},
      {"height", size.height},
      {"heatmaps", heatmaps},
      {"notices", notices},
      // The status bar shows measured computation times, so it differs from run to run.
      {"status_bar_top", app.status_bar_top},
      // Non-finite values given to plot::format_number since the start (labels, readouts, view
      // numbers), and the drawn text lines showing nan / inf; both must stay empty.
      {"nonfinite_numbers", plot::nonfinite_numbers_formatted()},
      {"nonfinite_text", nonfinite_text},
      {"text_lines", std::count(text_capture.text.begin(), text_capture.text.end(), '\n')},
      // The last frame's text, one line per drawn text item (tests look for a string).
      {"text", text_capture.text},
      {"views", views},
      {"text_runs", text_runs_json()}};
  write_file_atomic(path, geometry.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

struct PhaseResult {
  double median_ms = 0.0;
  int refreshes = 0;  // results the worker delivered during the phase
  // Medians over the phase's frames of gfx::frame_stats, and CPU milliseconds per frame: the
  // rendering thread's own, and the whole process's (llvmpipe's threads and the worker included).
  gfx::FrameStats stats;
  double thread_cpu_ms = 0.0, process_cpu_ms = 0.0;
};

void print_phase_stats(const PhaseResult& phase) {
  const gfx::FrameStats& s = phase.stats;
  std::printf(
      "      ImGui %.2f ms, GL submit %.2f ms, raster (glFinish) %.2f ms; CPU %.2f ms render thread, "
      "%.2f ms process; %d vertices, %d indices, %d draw commands; in the phase %d texture uploads\n",
      s.imgui_ms, s.submit_ms, s.raster_ms, phase.thread_cpu_ms, phase.process_cpu_ms, s.vertices, s.indices,
      s.draw_commands, s.texture_uploads);
}

int delivered(const ui::AppContext& app) {
  int total = 0;
  for (const auto& [id, worker] : app.workers) total += worker ? worker->results_delivered() : 0;
  return total;
}

// `times`, when given, also gets each frame's time (phases measured in rounds take one median).
template <typename Change>
PhaseResult time_frames(FrameTarget& target, ui::AppContext& app, int frames, Change&& change,
                        std::vector<double>* all_times = nullptr) {
  std::vector<double> times;
  std::vector<std::vector<double>> stats(9);
  const int delivered_before = delivered(app);
  for (int frame = 0; frame < frames; ++frame) {
    change(frame);
    const double thread_cpu = thread_cpu_milliseconds(), process_cpu = process_cpu_milliseconds();
    const Clock::time_point start = Clock::now();
    render_frame(target, app);
    target.present();
    times.push_back(milliseconds_since(start));
    const gfx::FrameStats& s = gfx::frame_stats;
    const double values[9] = {s.imgui_ms,
                              s.submit_ms,
                              s.raster_ms,
                              thread_cpu_milliseconds() - thread_cpu,
                              process_cpu_milliseconds() - process_cpu,
                              static_cast<double>(s.vertices),
                              static_cast<double>(s.indices),
                              static_cast<double>(s.draw_commands),
                              static_cast<double>(s.texture_uploads)};
    for (int k = 0; k < 9; ++k) stats[static_cast<std::size_t>(k)].push_back(values[k]);
  }
  if (all_times) all_times->insert(all_times->end(), times.begin(), times.end());
  PhaseResult result;
  result.median_ms = median(times);
  result.refreshes = delivered(app) - delivered_before;
  gfx::FrameStats& s = result.stats;
  s.imgui_ms = median(stats[0]);
  s.submit_ms = median(stats[1]);
  s.raster_ms = median(stats[2]);
  result.thread_cpu_ms = median(stats[3]);
  result.process_cpu_ms = median(stats[4]);
  s.vertices = static_cast<int>(median(stats[5]));
  s.indices = static_cast<int>(median(stats[6]));
  s.draw_commands = static_cast<int>(median(stats[7]));
  // Uploads: the phase's total (a static phase must have none at all).
  s.texture_uploads = static_cast<int>(std::accumulate(stats[8].begin(), stats[8].end(), 0.0));
  return result;
}

void open_dropped(gfx::Window& window, ui::AppContext& app) {
  for (const std::string& path : window.take_dropped_paths()) open_file(app, path);
}

}  // namespace

void open_file(ui::AppContext& app, const std::filesystem::path& file) {
  std::string extension = file.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (extension == ".json") {
    ui::open_session(app, file);
  } else {
    ui::open_table(app, file.string(), "");
  }
}

void render_frame(gfx::Window& window, ui::AppContext& app) {
  window.poll_events();
  render_frame_after_events(window, app);
}

void render_frame_after_events(gfx::Window& window, ui::AppContext& app) {
  open_dropped(window, app);
  apply_requests(&window, window.content_scale(), app);
  window.begin_frame();
  ui::draw_app(app);
  window.end_frame(app.frame_textures());
}

void render_frame(FrameTarget& target, ui::AppContext& app) {
  gfx::Window* window = target.window();
  if (window) {
    window->poll_events();
    open_dropped(*window, app);
  }
  apply_requests(window, target.content_scale(), app);
  target.begin_frame();
  if (!text_capture.enabled) {
    ui::draw_app(app);
  } else {
    ImGuiIO& io = ImGui::GetIO();
    const auto set_clipboard = io.SetClipboardTextFn;
    void* const clipboard_data = io.ClipboardUserData;
    io.SetClipboardTextFn = capture_log;
    io.ClipboardUserData = &text_capture;
    text_capture.text.clear();
    ImGui::LogToClipboard(0);  // depth 0: logging opens no tree node, the frame looks the same
    ui::draw_app(app);
    ImGui::LogFinish();  // no-op when the main window's End() already finished it
    io.SetClipboardTextFn = set_clipboard;
    io.ClipboardUserData = clipboard_data;
  }
  target.end_frame(app.frame_textures());
}

gfx::RgbImage WindowTarget::read_pixels() {
  const gfx::FramebufferSize size = window_.framebuffer_size();
  return gfx::read_back_buffer(size.width, size.height);
}

void OffscreenTarget::present() { frame_.finish(); }

int run_screenshot(FrameTarget& target, ui::AppContext& app, const ScreenshotOptions& options) {
  text_capture.enabled = !options.geometry.empty();
  ViewCensus census;
  ui::ViewDrawObserver* const previous_observer = app.draw_observer;
  if (!options.geometry.empty()) app.draw_observer = &census;
  struct RestoreObserver {
    ui::AppContext& app;
    ui::ViewDrawObserver* previous;
    ~RestoreObserver() { app.draw_observer = previous; }
  } restore{app, previous_observer};
  if (!render_until_settled(target, app, 3, settle_timeout_seconds())) {
    std::fprintf(stderr, "pelab: the views did not finish computing within %g s; no screenshot written\n",
                 settle_timeout_seconds());
    return 1;
  }
  const gfx::FramebufferSize size = target.framebuffer_size();
  const gfx::RgbImage image = target.read_pixels();
  try {
    write_png_rgb(options.output, image.width, image.height, image.pixels);
    if (!options.geometry.empty()) write_geometry(options.geometry, app, census, size);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "pelab: %s\n", error.what());
    return 1;
  }
  target.present();
  std::printf("pelab: wrote %s (%dx%d)\n", options.output.string().c_str(), size.width, size.height);
  return 0;
}

int run_export_data(FrameTarget& target, ui::AppContext& app, std::span<const ui::ViewType* const> views,
                    const std::filesystem::path& dir) {
  if (!render_until_settled(target, app, 3, settle_timeout_seconds())) {
    std::fprintf(stderr, "pelab: the views did not finish computing within %g s; no data written\n",
                 settle_timeout_seconds());
    return 1;
  }
  for (const ui::ViewType* view : views) {
    if (static_cast<std::size_t>(view->min_configs) > app.state.slots.size()) {
      std::fprintf(stderr, "pelab: the %s view compares %d configurations (give that many CONFIGs)%s\n",
                   std::string(view->id).c_str(), view->min_configs, views.size() > 1 ? "; skipped" : "");
      if (views.size() == 1) return 2;
      continue;
    }
    if (!view->export_data) {
      std::fprintf(stderr, "pelab: the %s view has no numbers to export (a picture only)\n",
                   std::string(view->id).c_str());
      return 2;
    }
    const ui::DataExport done =
        ui::export_view_data(app, *view, ui::DataFormat::npy, dir, ui::ExportDetail::shown);
    if (!done.error.empty()) {
      std::fprintf(stderr, "pelab: %s: %s\n", std::string(view->id).c_str(), done.error.c_str());
      return done.refused ? 2 : 1;
    }
    for (const std::filesystem::path& path : done.written) std::printf("%s\n", path.string().c_str());
  }
  return 0;
}

int run_bench(FrameTarget& target, ui::AppContext& app, int frames) {
  // A glFinish after each frame's submission separates GL submission from rasterisation (and
  // slightly lengthens frames, since CPU and rasteriser no longer overlap): opt in.
  const char* split = std::getenv("PELAB_SPLIT_FRAME_TIMING");
  gfx::split_frame_timing = split && std::string(split) == "1";
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
  gfx::print_draw_lists = std::getenv("PELAB_PRINT_DRAW_LISTS") != nullptr;
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
  std::printf("  medians per phase (static, base, p)%s:\n",
              gfx::split_frame_timing ? "" : "; raster 0 unless PELAB_SPLIT_FRAME_TIMING=1");
  for (const PhaseResult* phase : {&still, &moving_base, &moving_position}) print_phase_stats(*phase);
  const std::shared_ptr<const ViewData> data = ui::latest_data(app, 0);
  if (data && data->table && data->similarity) {
    std::printf(
        "  last recompute: table %.1f ms, similarity %.1f ms (worker thread at nice 10, sharing the "
        "cores with rendering)\n",
        data->table->compute_ms, data->similarity->compute_ms);
  }
  return 0;
}

namespace {

// The process's peak resident memory in KiB: VmHWM from /proc (0 when unreadable, as on Windows),
// and the platform's own count (ru_maxrss).
std::pair<long, long> peak_memory_kib() {
  long hwm = 0;
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) hwm = std::atol(line.c_str() + 6);
  return {hwm, peak_resident_kib()};
}

}  // namespace

namespace {

// The latency and drag benchmarks' configuration: the one given (CONFIG or session); without one, the
// reference size 2000 x 1600 (docs/encodings.md §15).
void use_reference_size_unless_given(ui::AppContext& app) {
  if (app.state.slots.size() == 1 && app.state.slots.front() == Slot{}) {
    app.state.slots.front().config.encoding.positions = 2000;
    app.state.slots.front().config.encoding.dims = 1600;
  }
}

// Draws until every worker has settled on the starting state; false (with the message) after 600 s.
bool first_computation_settled(FrameTarget& target, ui::AppContext& app) {
  if (render_until_settled(target, app, 10, 600.0)) return true;
  std::fprintf(stderr, "pelab: the benchmark's first computation did not finish within 600 s\n");
  return false;
}

}  // namespace

int run_bench_latency(FrameTarget& target, ui::AppContext& app, int changes, bool every_view) {
  use_reference_size_unless_given(app);
  const std::optional<std::string> maximized = app.state.layout.maximized;
  // --view all: every view of the registry in the grid (the peak-memory case); without --view, the
  // layout as it is (the default five, or a session's).
  if (!maximized && every_view) {
    app.state.layout.views.clear();
    for (std::string_view id : ui::view_ids()) app.state.layout.views.emplace_back(id);
  }
  // The difference view subtracts two configurations: B is A at base 100 (base is not linked).
  if (maximized == "difference" && app.state.slots.size() == 1) {
    Slot second = app.state.slots.front();
    second.config.id = app.state.next_config_id();
    second.config.encoding.base = 100.0;
    app.state.slots.push_back(second);
    app.state.links[LinkedParam::base] = false;
  }
  app.state.active = 0;
  EncodingParams& encoding = app.state.slots.front().config.encoding;
  const bool reads_base = !unused_parameter_reason(encoding.kind, KindParameter::base);
  if (!first_computation_settled(target, app)) return 1;
  std::vector<double> static_ms;
  for (int frame = 0; frame < 20; ++frame) {
    const Clock::time_point start = Clock::now();
    render_frame(target, app);
    target.present();
    static_ms.push_back(milliseconds_since(start));
  }
  // Each change: base (or start, for kinds without base) takes a value not seen before, so no cache
  // holds it. Frames are drawn back to back, as the interactive loop does while a worker is busy.
  // The change is shown once a frame is drawn after every worker has published the whole new result
  // (all_settled before the frame; the first frame is the one that asks for it). The latency runs
  // from the change to the end of that frame (glFinish off screen, the swap in a window).
  std::vector<double> latencies, frame_counts;
  const double base0 = encoding.base;
  const std::int64_t start0 = encoding.start;
  for (int change = 1; change <= changes; ++change) {
    if (reads_base) {
      encoding.base = std::clamp(base0 * (1.0 + 0.01 * change), min_base, max_base);
    } else {
      encoding.start = std::min<std::int64_t>(start0 + change, max_start);
    }
    const EncodingParams wanted = encoding;
    const Clock::time_point changed = Clock::now();
    for (int frames = 0;;) {
      const std::shared_ptr<const ViewData> data = ui::latest_data(app, 0);
      const bool shown = frames > 0 && ui::all_settled(app) && data && data->request.table.encoding == wanted;
      const std::uint64_t published = app.results->published();
      render_frame(target, app);
      target.present();
      ++frames;
      if (shown) {
        latencies.push_back(milliseconds_since(changed));
        frame_counts.push_back(frames);
        break;
      }
      // As the interactive loop: while only workers are busy, the next frame waits for a result.
      if (!ui::all_settled(app)) app.results->wait_for_next(published, frame_interval_while_computing);
      if (milliseconds_since(changed) > 600'000.0) {
        std::fprintf(stderr, "pelab: a change was not shown within 600 s\n");
        return 1;
      }
    }
  }
  const auto [hwm_kib, maxrss_kib] = peak_memory_kib();
  const gfx::FramebufferSize size = target.framebuffer_size();
  const std::string view = maximized.value_or(every_view ? "all" : "layout");
  std::printf(
      "pelab latency benchmark: %s N = %lld, D = %lld, view %s, %s %dx%d, %d changes of %s, vsync off\n",
      std::string(to_string(encoding.kind)).c_str(), static_cast<long long>(encoding.positions),
      static_cast<long long>(encoding.dims), view.c_str(), target.window() ? "window" : "off-screen frame",
      size.width, size.height, changes, reads_base ? "base" : "start");
  std::printf("  change -> every visible view shows it: median %8.1f ms  max %8.1f ms\n", median(latencies),
              *std::max_element(latencies.begin(), latencies.end()));
  std::printf("  frames drawn meanwhile:                 median %8.1f     max %8.0f\n", median(frame_counts),
              *std::max_element(frame_counts.begin(), frame_counts.end()));
  std::printf("  static frame:                           median %8.2f ms\n", median(static_ms));
  std::printf("  peak memory: VmHWM %ld KiB, ru_maxrss %ld KiB\n", hwm_kib, maxrss_kib);
  // One line for scripts (bench/app_bench.sh, tests/app/test_sweep.cpp): key=value pairs.
  std::printf(
      "latency view=%s kind=%s n=%lld d=%lld changes=%d latency_median_ms=%.3f latency_max_ms=%.3f "
      "frames_median=%.1f frames_max=%.0f static_frame_ms=%.3f vmhwm_kib=%ld maxrss_kib=%ld\n",
      view.c_str(), std::string(to_string(encoding.kind)).c_str(), static_cast<long long>(encoding.positions),
      static_cast<long long>(encoding.dims), changes, median(latencies),
      *std::max_element(latencies.begin(), latencies.end()), median(frame_counts),
      *std::max_element(frame_counts.begin(), frame_counts.end()), median(static_ms), hwm_kib, maxrss_kib);
  return 0;
}

int run_bench_drag(FrameTarget& target, ui::AppContext& app, int frames) {
  const char* split = std::getenv("PELAB_SPLIT_FRAME_TIMING");
  gfx::split_frame_timing = split && std::string(split) == "1";
  use_reference_size_unless_given(app);
  app.state.active = 0;
  EncodingParams& encoding = app.state.slots.front().config.encoding;
  const bool reads_base = !unused_parameter_reason(encoding.kind, KindParameter::base);
  if (!first_computation_settled(target, app)) return 1;
  // Rounds of static then moving frames: on a shared machine the load changes within seconds, and
  // alternating puts both phases under the same load. Each static round starts once every worker
  // settled, so it draws no new data; each moving frame gives base a value not seen before.
  constexpr int rounds = 4;
  const int per_round = std::max(1, frames / rounds);
  std::vector<double> static_ms, moving_ms;
  std::vector<PhaseResult> still, moving;
  const double base0 = encoding.base;
  const std::int64_t start0 = encoding.start;
  int moved = 0;
  for (int round = 0; round < rounds; ++round) {
    if (!render_until_settled(target, app, 3, 600.0)) {
      std::fprintf(stderr, "pelab: the views did not settle within 600 s between rounds\n");
      return 1;
    }
    still.push_back(time_frames(
        target, app, per_round, [](int) {}, &static_ms));
    moving.push_back(time_frames(
        target, app, per_round,
        [&](int) {
          ++moved;
          if (reads_base) {
            encoding.base = std::clamp(base0 * std::pow(1.0005, moved), min_base, max_base);
          } else {
            encoding.start = std::min<std::int64_t>(start0 + moved, max_start);
          }
        },
        &moving_ms));
  }
  // What a frame looks like while base moves (the last moving frame), for looking at, not timed.
  if (const char* png = std::getenv("PELAB_DRAG_PNG"); png && *png) {
    const gfx::RgbImage image = target.read_pixels();
    try {
      write_png_rgb(png, image.width, image.height, image.pixels);
    } catch (const std::exception& error) {
      std::fprintf(stderr, "pelab: %s\n", error.what());
      return 1;
    }
  }
  const double static_median = median(static_ms), moving_median = median(moving_ms);
  const double ratio = static_median > 0.0 ? moving_median / static_median : 0.0;
  int refreshes = 0, uploads = 0;
  for (const PhaseResult& phase : moving) {
    refreshes += phase.refreshes;
    uploads += phase.stats.texture_uploads;
  }
  const gfx::FramebufferSize size = target.framebuffer_size();
  const std::string view = app.state.layout.maximized.value_or("default");
  std::printf(
      "pelab drag benchmark: %s N = %lld, D = %lld, views %s, %s %dx%d, %d rounds of %d static and %d "
      "moving frames (%s changes every moving frame), vsync off\n",
      std::string(to_string(encoding.kind)).c_str(), static_cast<long long>(encoding.positions),
      static_cast<long long>(encoding.dims), view.c_str(), target.window() ? "window" : "off-screen frame",
      size.width, size.height, rounds, per_round, per_round, reads_base ? "base" : "start");
  std::printf("  static frame:                  median %7.2f ms\n", static_median);
  std::printf("  base moves every frame:        median %7.2f ms  ratio %.2f (target <= 1.5)\n", moving_median,
              ratio);
  std::printf("  while moving: %d results published, %d texture uploads\n", refreshes, uploads);
  std::printf("  per round, static then moving%s:\n",
              gfx::split_frame_timing ? "" : "; raster 0 unless PELAB_SPLIT_FRAME_TIMING=1");
  for (std::size_t round = 0; round < still.size(); ++round) {
    std::printf("    round %zu: %.2f ms, %.2f ms\n", round + 1, still[round].median_ms,
                moving[round].median_ms);
    print_phase_stats(still[round]);
    print_phase_stats(moving[round]);
  }
  // One line for scripts (bench/app_bench.sh): key=value pairs.
  std::printf(
      "drag view=%s kind=%s n=%lld d=%lld width=%d height=%d frames=%d static_frame_ms=%.3f "
      "moving_frame_ms=%.3f ratio=%.3f refreshes=%d uploads=%d\n",
      view.c_str(), std::string(to_string(encoding.kind)).c_str(), static_cast<long long>(encoding.positions),
      static_cast<long long>(encoding.dims), size.width, size.height, rounds * per_round, static_median,
      moving_median, ratio, refreshes, uploads);
  return 0;
}

}  // namespace pelab::app::run
