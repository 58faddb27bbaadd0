// pelab: the desktop lab for Transformer position encodings (Dear ImGui + GLFW + OpenGL 3.3).
//   pelab                                   interactive window
//   pelab --screenshot out.png [--session s.json] [--view NAME|all] [--size WxH] [--geometry g.json]
//   pelab --bench-frames [M]                frame times, static vs a moving slider
#include <imgui.h>
#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "gfx/window.hpp"
#include "run/run_modes.hpp"
#include "state/config_paths.hpp"
#include "state/session.hpp"

using namespace pelab::app;
namespace gfx = pelab::gfx;

namespace {

struct CommandLine {
  std::string screenshot, geometry, session, view = "all", size = "1600x1000";
  int bench_frames = 0;
};

// Interactive runs keep ImGui's window state and the font size / theme in the config directory;
// screenshots and benchmarks read and write nothing there, so they are reproducible.
void use_config_dir(ui::AppContext& app) {
  static std::string ini_path;  // ImGui keeps the pointer
  ImGui::GetIO().IniFilename = nullptr;
  if (app.capture_mode || !ensure_config_dir()) return;
  ini_path = imgui_ini_path().string();
  ImGui::GetIO().IniFilename = ini_path.c_str();
  std::ifstream file(settings_path());
  if (!file) return;
  std::ostringstream text;
  text << file.rdbuf();
  std::vector<std::string> problems;
  if (const std::optional<UiSettings> settings = settings_from_text(text.str(), problems)) {
    app.state.ui = *settings;
  } else {
    ui::add_notice(app, settings_path().string() + " ignored: " + problems.front(), true);
  }
}

void save_settings(const ui::AppContext& app) {
  if (app.capture_mode || settings_path().empty()) return;
  std::ofstream(settings_path()) << settings_to_text(app.state.ui);
}

}  // namespace

int main(int argc, char** argv) {
  CommandLine cli;
  CLI::App parser{"pelab: explore Transformer position encodings"};
  parser.add_option("--screenshot", cli.screenshot, "Render one settled frame to this PNG and exit");
  parser.add_option("--geometry", cli.geometry,
                    "With --screenshot: write where each heatmap was drawn (JSON)");
  parser.add_option("--session", cli.session, "Load this session file (JSON) at start");
  parser.add_option("--view", cli.view,
                    "View to show maximised: heatmap, curves, similarity, rotation, spectrum, all");
  parser.add_option("--size", cli.size, "Window size WxH")->capture_default_str();
  parser.add_option("--bench-frames", cli.bench_frames, "Benchmark: M frames per phase (default 200)")
      ->expected(0, 1)
      ->default_str("200");
  CLI11_PARSE(parser, argc, argv);
  const bool bench = parser.count("--bench-frames") > 0;
  if (bench && cli.bench_frames <= 0) cli.bench_frames = 200;

  gfx::WindowOptions window_options;
  const std::optional<ViewId> view = parse_view_id(cli.view);
  if (std::sscanf(cli.size.c_str(), "%dx%d", &window_options.width, &window_options.height) != 2 ||
      window_options.width < 320 || window_options.height < 240 || (cli.view != "all" && !view)) {
    std::fprintf(stderr, "pelab: --size must be WxH (at least 320x240) and --view a view name or all\n");
    return 2;
  }
  const bool capture = !cli.screenshot.empty() || bench;
  window_options.vsync = !bench;
  window_options.accept_mouse = !capture;
  std::string error;
  const std::unique_ptr<gfx::Window> window = gfx::Window::open(window_options, error);
  if (!window) {
    std::fprintf(stderr, "pelab: %s\n", error.c_str());
    return 1;
  }
  const std::unique_ptr<gfx::HeatmapRenderer> renderer = gfx::HeatmapRenderer::create(error);
  if (!renderer) {
    std::fprintf(stderr, "pelab: %s\n", error.c_str());
    return 1;
  }

  ui::AppContext app;
  app.renderer = renderer.get();
  app.worker = std::make_unique<ComputeWorker>();
  app.capture_mode = capture;
  use_config_dir(app);
  const bool session_accepted = cli.session.empty() || ui::open_session(app, cli.session);
  if (cli.view != "all") app.state.layout.maximized = view;
  app.requests.rebuild_fonts = true;

  int status = 0;
  if (!cli.screenshot.empty()) {
    status = run::run_screenshot(*window, app, {cli.screenshot, cli.geometry});
  } else if (bench) {
    status = run::run_bench(*window, app, cli.bench_frames);
  } else {
    status = run::run_interactive(*window, app);
    save_settings(app);
  }
  // A refused session still gives a screenshot (with the notice and the defaults), but scripts
  // making slides must notice: exit status 2.
  return status == 0 && !session_accepted ? 2 : status;
}
