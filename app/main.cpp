// pelab: the desktop lab for Transformer position encodings (Dear ImGui + GLFW + OpenGL 3.3).
//   pelab [CONFIG ...]                      interactive window, the configurations side by side
//   pelab [CONFIG ...] --screenshot out.png [--session s.json] [--view NAME|all] [--size WxH]
//   pelab --bench-frames [M]                frame times, static vs a moving slider
//   pelab [CONFIG ...] --animate k=0:32 --seconds 4 --fps 30 --export-video out.mp4   an animation
//   pelab [CONFIG] --bench-latency [C] [--view NAME|all]   change -> every view shows it, peak memory
//                                                          (without --view: the layout's views)
//   pelab [CONFIG] --bench-drag [M] [--view NAME]   frames while base moves every frame vs static
// Screenshots draw off screen (EGL, no display server needed); see --gl.
#include <imgui.h>
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string_view>
#include <vector>

#include "cli.hpp"
#include "gfx/offscreen_context.hpp"
#include "gfx/window.hpp"
#include "pelab/blas.hpp"
#include "pelab/config_spec.hpp"
#include "pelab/io/data_dir.hpp"
#include "pelab/io/hf_cache.hpp"
#include "pelab/kinds.hpp"
#include "pelab/model_config.hpp"
#include "pelab/number_text.hpp"
#include "pelab/version.hpp"
#include "render_views.hpp"
#include "run/run_modes.hpp"
#include "run/slides.hpp"
#include "run/video_export.hpp"
#include "run/video_writer.hpp"
#include "state/config_paths.hpp"
#include "state/i18n.hpp"
#include "state/session.hpp"
#include "state/state_link.hpp"
#include "state/view_options.hpp"
#include "ui/panels.hpp"
#include "ui/view_registry.hpp"

using namespace pelab::app;
namespace gfx = pelab::gfx;

namespace {

struct CommandLine {
  std::string screenshot, geometry, session, view = "all", size = "1600x1000", lang;
  std::string link;          // pelab:?... or a .link file, given where CONFIGs go
  std::string save_session;  // --save-session FILE: the state opened, as a session file
  bool print_link = false;   // --print-link: the state opened, as a link
  std::vector<std::string> configs;
  std::vector<std::string> view_options;  // --set VIEW.KEY=VALUE
  int bench_frames = 0;
  int bench_latency = 0;
  int bench_drag = 0;
  std::string gl = "auto";
  std::string lesson, export_slides, export_data;
  std::string animate, export_video;  // --animate NAME=FROM:TO, its video file
  double seconds = 4.0;
  int fps = 30;
  double animation_at = 0.0;  // --animation-at SECONDS: a lesson step's animation in a picture
  bool list_lessons = false;
  bool no_video = false;  // --export-slides without the animations' videos
  bool present = false, presenter_console = false;
  bool version = false;
};

// Interactive runs keep ImGui's window state and the font size / theme in the config directory;
// screenshots and benchmarks read and write nothing there, so they are reproducible.
// ImGui keeps a pointer to `ini_path`: it must outlive ImGui's context.
void use_config_dir(ui::AppContext& app, std::string& ini_path) {
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
    ui::add_notice(app, trf("notice.settings_ignored", {settings_path().string(), problems.front()}), true);
  }
}

void save_settings(const ui::AppContext& app) {
  if (app.capture_mode || settings_path().empty()) return;
  std::ofstream(settings_path()) << settings_to_text(app.state.ui);
}

// One parsed CONFIG as a slot, checked: a learned table is loaded, N and D taken from it where not
// given. Throws with the reason (not naming the CONFIG) when it is refused.
Slot slot_from_spec(ui::AppContext& app, const pelab::ConfigSpec& spec) {
  Slot slot;
  slot.config.encoding = spec.encoding;
  slot.config.label = spec.label;
  slot.config.table_path = spec.table;
  slot.config.tensor = spec.tensor;
  if (!spec.table.empty()) {
    const ui::LoadedSource& source = ui::table_source(app, spec.table, spec.tensor);
    if (!source.values) throw pelab::Error(source.error);
    ui::notice_table_cut(app, source);
    if (!spec.positions_given)
      slot.config.encoding.positions =
          pelab::view_positions_range.clamp(source.values->rows() - spec.encoding.start);
    if (!spec.dims_given) slot.config.encoding.dims = source.values->cols();
  }
  const pelab::EncodingParams& e = slot.config.encoding;
  // The CONFIG grammar checked every value against core's ranges; the views draw smaller tables.
  if (!pelab::view_positions_range.contains(e.positions) || !pelab::view_dims_range.contains(e.dims) ||
      !pelab::view_start_range.contains(e.start)) {
    throw pelab::Error("N, D or start outside what the app's views draw (N ≤ " +
                       std::to_string(pelab::view_positions_range.highest) + ", D ≤ " +
                       std::to_string(pelab::view_dims_range.highest) + ", start ≤ " +
                       std::to_string(pelab::view_start_range.highest) + ")");
  }
  pelab::validate(e);
  if (e.kind == pelab::EncodingKind::learned && !spec.table.empty()) {
    // The table must cover the rows asked for: encode one row to find out now, not in a view.
    const ui::LoadedSource& source = ui::table_source(app, spec.table, spec.tensor);
    const std::vector<std::int64_t> last{e.start + e.positions - 1}, first_dim{std::int64_t{0}};
    pelab::encode_grid(e, last, first_dim, source.values.get());
  }
  slot.selection = clamped(slot.selection, slot.config.encoding);
  return slot;
}

// One CONFIG as a slot. The grammar's messages name the CONFIG ("CONFIG 'x': unknown key ..."), so
// what fails after parsing is named the same way here: every refusal names it once.
Slot slot_from_config(ui::AppContext& app, const std::string& text) {
  const pelab::ConfigSpec spec = pelab::parse_config_spec(text);
  try {
    return slot_from_spec(app, spec);
  } catch (const std::exception& error) {
    throw pelab::Error(pelab::config_message(text, error.what()));
  }
}

// CONFIGs naming models of the local Hugging Face cache that have no position table open a view in
// their place: ALiBi (BLOOM, MPT, ...) the bias view at the model's head count, RoPE the rope view
// set to the model's config.json (the last such CONFIG wins). A model that cannot be classified
// stays a CONFIG and is refused with its reason; a RoPE config.json that does not read is refused
// here (false, the message printed).
bool hf_models_to_views(CommandLine& cli, std::optional<RopeViewSettings>& rope) {
  for (auto it = cli.configs.begin(); it != cli.configs.end();) {
    std::optional<pelab::HfPositions> kind;
    std::optional<std::int64_t> heads;
    if (pelab::names_hf_model(*it)) {
      try {
        const pelab::HfSnapshot snapshot = pelab::hf_find_snapshot(*it, pelab::hf_environment());
        kind = pelab::hf_model_positions(snapshot);
        if (*kind == pelab::HfPositions::alibi) heads = pelab::hf_alibi_heads(snapshot);
      } catch (const pelab::Error&) {
        kind.reset();
      }
    }
    if (kind == pelab::HfPositions::alibi && heads) {
      cli.view_options.push_back("bias.method=alibi");
      cli.view_options.push_back("bias.heads=" + std::to_string(*heads));
      if (cli.view == "all") cli.view = "bias";  // the default: an explicit --view stays
    } else if (kind == pelab::HfPositions::rotary) {
      try {
        rope = rope_settings_for_model(pelab::load_model_config(*it), *it);
      } catch (const std::exception& error) {
        std::fprintf(stderr, "pelab: bad %s\n", pelab::config_message(*it, error.what()).c_str());
        return false;
      }
      if (cli.view == "all") cli.view = "rope";
    } else {
      ++it;
      continue;
    }
    it = cli.configs.erase(it);
  }
  return true;
}

// The configurations opened side by side: link what they share, leave apart what differs.
void use_slots(ui::AppContext& app, std::vector<Slot> slots) {
  for (std::size_t n = 0; n < slots.size(); ++n) slots[n].config.id = static_cast<int>(n) + 1;
  app.state.slots = std::move(slots);
  app.state.active = 0;
  app.state.links = links_for_slots(app.state.slots);
}

// The CONFIG arguments as slots, each checked. Returns false after printing one line naming the bad
// CONFIG.
bool configs_from_arguments(ui::AppContext& app, const std::vector<std::string>& texts) {
  if (texts.empty()) return true;
  if (texts.size() > max_configs) {
    std::fprintf(stderr, "pelab: at most %zu CONFIGs (got %zu)\n", max_configs, texts.size());
    return false;
  }
  std::vector<Slot> slots;
  for (const std::string& text : texts) {
    try {
      slots.push_back(slot_from_config(app, text));
    } catch (const std::exception& error) {
      std::fprintf(stderr, "pelab: bad %s\n", error.what());  // "bad CONFIG 'x': why"
      return false;
    }
  }
  use_slots(app, std::move(slots));
  return true;
}

// A link's configurations: one that cannot be opened (its table is missing, ...) is a problem naming
// it, and the others open.
void configs_from_link(ui::AppContext& app, const std::vector<std::string>& texts,
                       std::vector<std::string>& problems) {
  std::vector<Slot> slots;
  for (const std::string& text : texts) {
    try {
      // The link's reader parsed every CONFIG already (state_link.cpp): what fails here is its table.
      slots.push_back(slot_from_spec(app, pelab::parse_config_spec(text)));
    } catch (const std::exception& error) {
      problems.push_back("c=" + text + ": " + error.what());
    }
  }
  if (!slots.empty()) use_slots(app, std::move(slots));
}

}  // namespace

int main(int argc, char** argv) {
  pelab::restart_with_fitting_blas_kernel(argv);  // before any work: OpenBLAS reads its kernel once
  // pelab-cli's commands with render's drawing: what `pelab-cli render` hands over to (app/cli/main.cpp).
  if (argc >= 2 && std::string_view(argv[1]) == "--cli") {
    // The languages --lang may name (render's view texts), when the data directory is there.
    StringCatalog strings;
    set_string_catalog(&strings);
    if (const std::optional<std::filesystem::path> data = pelab::find_data_dir()) {
      std::vector<std::string> string_problems;
      load_strings(*data / "i18n", string_problems);
    }
    std::vector<const char*> cli_argv{"pelab-cli"};
    for (int i = 2; i < argc; ++i) cli_argv.push_back(argv[i]);
    return pelab::cli::run(static_cast<int>(cli_argv.size()), cli_argv.data(), std::cout, std::cerr,
                           pelab::cli::render_views);
  }
  CommandLine cli;
  CLI::App parser{
      "pelab: explore and compare Transformer position encodings\n\n"
      "CONFIG opens configurations side by side (at most 4):\n" +
      std::string(pelab::config_spec_help()) + "\nViews (--view):\n" + ui::view_help()};
  parser.add_option("CONFIG", cli.configs,
                    "Configurations to open side by side: KIND[:key=value,...], a .npy or .safetensors "
                    "table or hf:ORG/NAME from the local Hugging Face cache (learned; an ALiBi model opens "
                    "the bias view, a RoPE model the rope view), one session file (.json), or one link "
                    "('pelab:?c=...&view=...' or "
                    "a .link file holding it)");
  parser.add_option("--screenshot", cli.screenshot, "Render one settled frame to this PNG and exit");
  parser.add_option("--geometry", cli.geometry,
                    "With --screenshot: write where each heatmap and text run was drawn (JSON); with "
                    "--export-slides: a directory for one such file per slide, step_NN.json");
  parser.add_option("--session", cli.session, "Load this session file (JSON) at start");
  parser.add_option("--view", cli.view, "View to show maximised: " + ui::view_id_list() + ", or all");
  parser.add_option(
      "--set", cli.view_options,
      "A view's setting, VIEW.KEY=VALUE (repeatable), e.g. rope.model=llama-3.1-8b, bias.method=t5, "
      "'rope.b={\"type\": \"yarn\", \"factor\": 8}'; keys as in a session's \"views\"");
  parser.add_option("--size", cli.size, "Window size WxH")->capture_default_str();
  parser.add_option(
      "--lang", cli.lang,
      "Language of the UI: a directory of the data's i18n/, e.g. en or ko (default: the system locale)");
  parser.add_option("--lesson", cli.lesson,
                    "Start this lesson (an id such as 03_sinusoid, its number, or a file)");
  parser.add_flag("--present", cli.present, "With --lesson: start in presenter mode (as F5)");
  parser.add_flag("--presenter-console", cli.presenter_console,
                  "Open the presenter console too: a second window with the step's notes, the next step's "
                  "picture, the step counter and a timer (as " +
                      ui::lesson_key_names(ui::LessonKeyAction::open_console) + ")");
  parser.add_flag("--list-lessons", cli.list_lessons, "List the lessons with their step counts and exit");
  parser.add_option("--export-slides", cli.export_slides,
                    "With --lesson: render every step as DIR/step_NN.png (presenter view) and a PDF handout");
  parser.add_flag("--no-video", cli.no_video,
                  "With --export-slides: no videos of the steps' animations (the slides and handout alone)");
  parser.add_option(
      "--export-data", cli.export_data,
      "Write the numbers of --view (or of every view with --view all) to DIR as .npy files with "
      ".json sidecars, exactly as the view's Export menu does, and exit");
  parser.add_option(
      "--export-video", cli.export_video,
      "With --animate: write the animation as a video (.mp4 H.264, .webm VP9, .gif) of --size and exit");
  parser.add_option(
      "--animate", cli.animate,
      "NAME=FROM:TO, the parameter the video moves: p, k, i, a CONFIG key (positions, base, start, "
      "...) or a --set key with a number (e.g. rope.b.factor=1:8)");
  parser.add_option("--seconds", cli.seconds, "With --export-video: the video's length")
      ->capture_default_str();
  parser.add_option("--fps", cli.fps, "With --export-video: frames per second (1 to 120)")
      ->capture_default_str();
  parser.add_option("--animation-at", cli.animation_at,
                    "With --lesson and --screenshot: draw the step's animation this many seconds after the "
                    "step opened (default: its end, as on the exported slides)");
  parser.add_option("--bench-frames", cli.bench_frames, "Benchmark: M frames per phase (default 200)")
      ->expected(0, 1)
      ->default_str("200");
  parser
      .add_option("--bench-latency", cli.bench_latency,
                  "Benchmark: C changes of base, each timed until every visible view shows it (default 5)")
      ->expected(0, 1)
      ->default_str("5");
  parser
      .add_option("--bench-drag", cli.bench_drag,
                  "Benchmark: M frames with base moving every frame against M static frames, alternated in "
                  "rounds, and their ratio (default 200)")
      ->expected(0, 1)
      ->default_str("200");
  parser
      .add_option("--gl", cli.gl,
                  "Where pictures (--screenshot, ...) and --bench-frames draw: offscreen (EGL, no display "
                  "needed), window, or auto (pictures off screen; the benchmark in a window when there is a "
                  "display)")
      ->check(CLI::IsMember({"auto", "window", "offscreen"}))
      ->capture_default_str();
  parser.add_flag("--print-link", cli.print_link,
                  "Print the link of the state pelab would open (CONFIGs, session, link, lesson, --set, "
                  "--view) and exit");
  parser.add_option("--save-session", cli.save_session,
                    "Write the state pelab would open as a session file (JSON) and exit");
  parser.add_flag("--version", cli.version,
                  "Print the version, the BLAS in use and the data directory, and exit");
  parser.get_formatter()->column_width(28);
  CLI11_PARSE(parser, argc, argv);
  // A session file given where CONFIGs go (the desktop's "Open with pelab" passes one) opens as
  // --session does. It replaces every configuration, so it comes alone.
  if (const auto session_file =
          std::find_if(cli.configs.begin(), cli.configs.end(),
                       [](const std::string& text) { return names_session_file(text); });
      session_file != cli.configs.end()) {
    if (cli.configs.size() > 1 || !cli.session.empty()) {
      std::fprintf(stderr, "pelab: the session file '%s' opens alone, without other CONFIGs or --session\n",
                   session_file->c_str());
      return 2;
    }
    cli.session = *session_file;
    cli.configs.clear();
  }
  // So does a link (docs/cli.md, Links), in place of the CONFIGs it holds.
  if (const auto link = std::find_if(
          cli.configs.begin(), cli.configs.end(),
          [](const std::string& text) { return names_state_link(text) || names_link_file(text); });
      link != cli.configs.end()) {
    if (cli.configs.size() > 1 || !cli.session.empty()) {
      std::fprintf(stderr, "pelab: the link '%s' opens alone, without other CONFIGs or --session\n",
                   link->c_str());
      return 2;
    }
    try {
      cli.link = names_state_link(*link) ? *link : read_link_file(*link);
    } catch (const std::exception& error) {
      std::fprintf(stderr, "pelab: %s\n", error.what());
      return 2;
    }
    cli.configs.clear();
  }
  if (cli.version) {
    const std::optional<std::filesystem::path> data = pelab::find_data_dir();
    std::printf("pelab %s\ndense products: %s\ndata: %s\n", pelab::version().c_str(),
                pelab::blas_description().c_str(), data ? data->string().c_str() : "not found");
    return data ? 0 : 2;
  }
  // Everything else needs pelab's data (translations, lessons, shaders): say so now if it is missing.
  std::filesystem::path data_dir;
  try {
    data_dir = pelab::data_dir();
  } catch (const pelab::Error& error) {
    std::fprintf(stderr, "pelab: %s\n", error.what());
    return 2;
  }
  const bool bench_latency = parser.count("--bench-latency") > 0;
  const bool bench_drag = parser.count("--bench-drag") > 0;
  const bool bench = parser.count("--bench-frames") > 0 || bench_latency || bench_drag;
  if (bench && cli.bench_frames <= 0) cli.bench_frames = 200;
  if (bench_latency && cli.bench_latency <= 0) cli.bench_latency = 5;
  if (bench_drag && cli.bench_drag <= 0) cli.bench_drag = 200;

  // The strings, read once: --lang may name any language of the data; the app shows the problems.
  // Made before the app, so the app's workers stop before the strings they format with go.
  StringCatalog strings;
  set_string_catalog(&strings);
  std::vector<std::string> string_problems;
  if (load_strings(data_dir / "i18n", string_problems)) string_problems.clear();
  // A link's parameters fill in what the command line leaves unset (--view, --lang, --lesson win; its
  // set= come before --set's). A refused one becomes a notice and the rest applies.
  StateLinkRead link;
  if (!cli.link.empty()) {
    link = read_state_link(cli.link, ui::view_ids(), ui::models_dir());
    if (link.link.language && cli.lang.empty()) cli.lang = *link.link.language;
    if (!link.link.lesson.empty() && cli.lesson.empty()) cli.lesson = link.link.lesson;
  }
  if (!cli.lang.empty() && !parse_language(cli.lang)) {
    std::fprintf(stderr, "pelab: unknown --lang '%s' (%s)\n", cli.lang.c_str(), language_list().c_str());
    return 2;
  }
  if (cli.list_lessons) {
    const Language language = cli.lang.empty() ? system_language() : *parse_language(cli.lang);
    for (const LessonInfo& info : ui::list_all_lessons()) {
      if (!info.problem.empty()) {
        std::printf("%-22s  (unreadable: %s)\n", info.id.c_str(), info.problem.c_str());
      } else {
        std::printf("%-22s  %2zu steps  %s\n", info.id.c_str(), info.steps, info.title.in(language).c_str());
      }
    }
    return 0;
  }
  if (cli.export_video.empty() != cli.animate.empty()) {
    std::fprintf(stderr,
                 "pelab: --export-video and --animate go together (e.g. --animate k=0:32 --export-video "
                 "out.mp4)\n");
    return 2;
  }
  if (cli.export_video.empty() && (parser.count("--seconds") > 0 || parser.count("--fps") > 0)) {
    std::fprintf(stderr, "pelab: --seconds and --fps need --export-video\n");
    return 2;
  }
  run::VideoExport video;
  video.seconds = cli.seconds;
  video.fps = cli.fps;
  video.output = cli.export_video;
  if (!cli.export_video.empty()) {
    std::string problem = run::video_format_problem(cli.export_video);
    if (problem.empty()) run::video_frame_count(video, problem);
    if (!problem.empty()) {
      std::fprintf(stderr, "pelab: --export-video: %s\n", problem.c_str());
      return 2;
    }
  }
  if (cli.present && cli.lesson.empty()) {
    std::fprintf(stderr, "pelab: --present needs --lesson NAME (see --list-lessons)\n");
    return 2;
  }
  const bool animation_at = parser.count("--animation-at") > 0;
  if (animation_at && (cli.lesson.empty() || cli.screenshot.empty() || !std::isfinite(cli.animation_at) ||
                       cli.animation_at < 0.0)) {
    std::fprintf(stderr, "pelab: --animation-at needs --lesson and --screenshot, and 0 or more seconds\n");
    return 2;
  }
  if (!cli.export_slides.empty() && cli.lesson.empty()) {
    std::fprintf(stderr, "pelab: --export-slides needs --lesson NAME (see --list-lessons)\n");
    return 2;
  }
  std::optional<RopeViewSettings> hf_rope;
  if (!hf_models_to_views(cli, hf_rope)) return 2;
  gfx::WindowOptions window_options;
  const ui::ViewType* view = ui::find_view(cli.view);
  try {
    const pelab::PixelSize size = pelab::parse_pixel_size("--size", cli.size);
    window_options.width = size.width;
    window_options.height = size.height;
  } catch (const pelab::Error& error) {
    std::fprintf(stderr, "pelab: %s\n", error.what());
    return 2;
  }
  if (cli.view != "all" && !view) {
    std::fprintf(stderr, "pelab: unknown --view '%s' (one of %s, all)\n", cli.view.c_str(),
                 ui::view_id_list().c_str());
    return 2;
  }

  // Made before the window (its GL resources are created lazily, in frames) and released before the
  // window closes, so no GL object outlives its context.
  auto context = std::make_unique<ui::AppContext>();
  ui::AppContext& app = *context;
  // --print-link and --save-session make the state alone: no window, no GL.
  const bool state_only = cli.print_link || !cli.save_session.empty();
  const bool capture = !cli.screenshot.empty() || bench || !cli.export_slides.empty() ||
                       !cli.export_data.empty() || !cli.export_video.empty() || state_only;
  app.capture_mode = capture;
  app.videos_available = run::videos_available();
  // CONFIGs are checked before a window opens: a typo fails fast, with or without a display.
  if (!configs_from_arguments(app, cli.configs)) return 2;
  {
    ViewSettings scratch;
    const std::vector<std::string> problems = apply_view_options(scratch, cli.view_options, ui::models_dir());
    for (const std::string& problem : problems) std::fprintf(stderr, "pelab: %s\n", problem.c_str());
    if (!problems.empty()) return 2;
  }

  if (!capture && cli.gl == "offscreen") {
    std::fprintf(stderr,
                 "pelab: --gl offscreen needs --screenshot, --export-data, --export-slides or --bench-frames "
                 "(no window off screen)\n");
    return 2;
  }
  window_options.vsync = !bench;
  window_options.accept_mouse = !capture;
  std::string error;
  // imgui.ini's path: ImGui reads it through a pointer until its context goes with the window or the
  // frame below, so it is made before them.
  std::string imgui_ini_file;
  // Off screen: an EGL context and a framebuffer of --size pixels. Screenshots always draw there (the
  // same pixels as a window under Xvfb, and no window flashes up on a desktop); when EGL fails and a
  // display exists, a window is the fallback. The benchmark keeps the window where there is a display
  // (it measures the interactive frame, swap included).
  std::unique_ptr<gfx::OffscreenContext> offscreen_context;
  std::unique_ptr<gfx::OffscreenFrame> offscreen_frame;
  const bool offscreen_first =
      capture && (cli.gl == "offscreen" || (cli.gl == "auto" && (!bench || !gfx::display_available())));
  if (offscreen_first && !state_only) {
    offscreen_context = gfx::OffscreenContext::create(error);
    if (offscreen_context)
      offscreen_frame = gfx::OffscreenFrame::create(window_options.width, window_options.height, error);
    if (!offscreen_frame) {
      offscreen_context.reset();
      if (cli.gl == "offscreen" || !gfx::display_available()) {
        std::fprintf(stderr, "pelab: %s\n", error.c_str());
        return 1;
      }
      std::fprintf(stderr, "pelab: %s; drawing in a window instead\n", error.c_str());
      error.clear();
    }
  }
  std::unique_ptr<gfx::Window> window;
  if (!offscreen_frame && !state_only) {
    window = gfx::Window::open(window_options, error);
    if (!window) {
      std::fprintf(stderr, "pelab: %s\n", error.c_str());
      return 1;
    }
  }
  std::unique_ptr<gfx::HeatmapRenderer> renderer;
  if (!state_only) {
    renderer = gfx::HeatmapRenderer::create(error);
    if (!renderer) {
      std::fprintf(stderr, "pelab: %s\n", error.c_str());
      return 1;
    }
  }
  app.renderer = renderer.get();
  if (window) app.wake = [] { gfx::Window::wake(); };
  // The strings first, in --lang's or the system's language, so that a refused settings file is
  // reported in it; then the language the settings name, unless --lang overrides it.
  if (!cli.lang.empty()) app.state.ui.language = parse_language(cli.lang);
  ui::use_loaded_ui_strings(app, string_problems);
  if (!state_only) use_config_dir(app, imgui_ini_file);  // (no ImGui context without a frame)
  if (!cli.lang.empty()) app.state.ui.language = parse_language(cli.lang);
  set_language(app.state.ui.language.value_or(system_language()));
  const bool session_accepted = cli.session.empty() || ui::open_session(app, cli.session);
  apply_view_options(app.state.views, cli.view_options, ui::models_dir());  // checked above
  if (hf_rope) app.state.views.rope = *hf_rope;
  std::vector<const ui::ViewType*> export_views;
  if (!cli.export_data.empty()) {
    if (view) {
      export_views.push_back(view);
    } else {  // --view all: every view, all of them visible so that all their items are computed
      for (const ui::ViewType& entry : ui::view_registry()) {
        export_views.push_back(&entry);
        auto& views = app.state.layout.views;
        if (std::find(views.begin(), views.end(), entry.id) == views.end()) views.emplace_back(entry.id);
      }
    }
  }
  const auto show_views = [&] {
    auto& views = app.state.layout.views;
    for (const ui::ViewType* shown : export_views)
      if (std::find(views.begin(), views.end(), shown->id) == views.end()) views.emplace_back(shown->id);
    if (!view) return;
    app.state.layout.maximized = std::string(view->id);
    if (std::find(views.begin(), views.end(), view->id) == views.end()) views.emplace_back(view->id);
  };
  show_views();
  app.requests.rebuild_fonts = true;
  if (animation_at) app.lessons.capture_seconds = cli.animation_at;
  if (!cli.lesson.empty()) {
    // A link's lesson that does not load is a notice in the window, as its other parameters are.
    if (!ui::start_lesson(app, cli.lesson)) {
      if (capture && link.link.lesson != cli.lesson) return 2;
      // A link's lesson that does not open refuses a picture, an export or a file (below).
      if (link.link.lesson == cli.lesson) link.problems.push_back("lesson=" + cli.lesson + ": not opened");
    } else if (link.link.step && cli.lesson == link.link.lesson) {
      const std::size_t steps = app.lessons.lesson->steps.size();
      if (static_cast<std::uint64_t>(*link.link.step) > steps) {
        link.problems.push_back("step=" + std::to_string(*link.link.step) + ": the lesson has " +
                                std::to_string(steps) + " steps");
      } else {
        ui::show_lesson_step(app, static_cast<std::size_t>(*link.link.step - 1));
      }
    }
  }

  // The link's state, over its lesson's step when it names one (what was changed since the step
  // opened: the step's animation stays where the link puts it); --set and --view are the command
  // line's, over the link.
  if (!cli.link.empty()) {
    configs_from_link(app, link.link.configs, link.problems);
    const std::vector<std::string> problems =
        apply_state_link(app.state, link.link, ui::view_ids(), ui::models_dir());
    link.problems.insert(link.problems.end(), problems.begin(), problems.end());
    if (app.lessons.lesson && link_sets_state(link.link)) app.lessons.playback.stopped = true;
    apply_view_options(app.state.views, cli.view_options, ui::models_dir());  // checked above
    show_views();
  }
  for (const std::string& problem : link.problems)
    ui::add_notice(app, trf("notice.link_problem", {problem}), true);
  if (capture) {
    // Refused input gives no picture, export or file: the notices above said why.
    if (!session_accepted || !link.problems.empty()) {
      context.reset();
      return 2;
    }
    for (const Slot& slot : app.state.slots) {
      if (slot.config.table_path.empty()) continue;
      const ui::LoadedSource& source = ui::table_source(app, slot.config.table_path, slot.config.tensor);
      if (source.values) continue;
      const std::string& why = source.error;
      std::fprintf(
          stderr, "pelab: the table of %s cannot be read: %s%s\n", display_label(slot.config).c_str(),
          why.find(slot.config.table_path) == std::string::npos ? (slot.config.table_path + ": ").c_str()
                                                                : "",
          why.c_str());
      context.reset();
      return 2;
    }
  }
  if (state_only) {
    if (cli.print_link) {
      std::vector<std::string> left_out;
      const std::string text = write_state_link(state_link_of(static_cast<const AppModel&>(app), left_out));
      for (const std::string& line : left_out)
        std::fprintf(stderr, "pelab: not in the link: %s\n", line.c_str());
      if (!left_out.empty()) return 2;
      std::printf("%s\n", text.c_str());
    }
    if (!cli.save_session.empty()) {
      try {
        save_session_file(cli.save_session, app.state);
      } catch (const std::exception& error) {
        std::fprintf(stderr, "pelab: %s\n", error.what());
        return 2;
      }
    }
    return 0;
  }

  // A screenshot with --present is the slide (capture mode makes nothing full screen); the console
  // is a window, so only an interactive run opens it.
  if (cli.present && app.lessons.lesson) ui::set_presenting(app, true);
  if (!capture && cli.presenter_console) app.requests.open_presenter_console = true;

  if (!cli.animate.empty()) {
    // Checked against the state as loaded (CONFIGs, session, link, --set): both ends must be accepted.
    std::string problem;
    const std::optional<Animation> animation =
        parse_animation(cli.animate, app.state, ui::models_dir(), problem);
    if (!animation) {
      std::fprintf(stderr, "pelab: %s\n", problem.c_str());
      context.reset();  // as at the end: the app's GL objects go while their context is current
      return 2;
    }
    video.animation = *animation;
  }

  std::unique_ptr<run::FrameTarget> target;
  if (offscreen_frame) {
    target = std::make_unique<run::OffscreenTarget>(*offscreen_frame);
  } else {
    target = std::make_unique<run::WindowTarget>(*window);
  }
  int status = 0;
  if (!cli.export_slides.empty()) {
    status = run::run_export_slides(*target, app, cli.export_slides, cli.geometry, !cli.no_video);
  } else if (!cli.export_video.empty()) {
    status = run::run_export_video(*target, app, video);
  } else if (!cli.export_data.empty()) {
    status = run::run_export_data(*target, app, export_views, cli.export_data);
  } else if (!cli.screenshot.empty()) {
    status = run::run_screenshot(*target, app, {cli.screenshot, cli.geometry});
  } else if (bench_latency) {
    status = run::run_bench_latency(*target, app, cli.bench_latency, parser.count("--view") > 0 && !view);
  } else if (bench_drag) {
    status = run::run_bench_drag(*target, app, cli.bench_drag);
  } else if (bench) {
    status = run::run_bench(*target, app, cli.bench_frames);
  } else {
    status = run::run_interactive(*window, app);
    save_settings(app);
  }
  context.reset();  // workers stop and GL objects go before the window (wake-ups and GL need it)
  // A refused session in the window: the notice says why, and the exit status too.
  return status == 0 && !session_accepted ? 2 : status;
}
