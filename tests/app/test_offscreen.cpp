// Pictures without a display server: `pelab --screenshot` with DISPLAY and WAYLAND_DISPLAY unset
// draws off screen (EGL) for every view, a known heatmap cell has the colormap colour of its value,
// the pictures are the same pixels as a window's under Xvfb, the frame benchmark runs, and
// run::export_view_png renders one view at 1x, 2x and 4x (re-rendered, not upscaled) without
// disturbing the frame on screen.
#include <imgui_internal.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

#include "gfx/texture.hpp"
#include "gui_support.hpp"
#include "pelab/io/png.hpp"
#include "plot/plot.hpp"
#include "run/run_modes.hpp"
#include "run/view_export.hpp"
#include "ui/panels.hpp"
#include "ui/view_registry.hpp"

namespace fs = std::filesystem;

namespace {

using namespace pelab::test;

// The view ids `pelab --help` lists (the registry's), so a new view is tested without editing this file.
std::vector<std::string> views_from_help() {
  const Run help = run(std::string(PELAB_GUI_PATH) + " --help");
  REQUIRE(help.status == 0);
  std::istringstream lines(help.output);
  std::string line;
  std::vector<std::string> views;
  bool in_views = false;
  while (std::getline(lines, line)) {
    if (line.rfind("Views (--view):", 0) == 0) {
      in_views = true;
      continue;
    }
    if (!in_views) continue;
    if (line.size() < 3 || line[0] != ' ' || line[2] == ' ') break;
    views.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  return views;
}

}  // namespace

TEST_CASE("no display: every view renders a non-blank screenshot off screen", "[offscreen]") {
  const fs::path dir = temp_dir();
  std::vector<std::string> views = views_from_help();
  // --help lists the registry, in its order (and the parsing above found the list).
  CHECK(views ==
        std::vector<std::string>(pelab::app::ui::view_ids().begin(), pelab::app::ui::view_ids().end()));
  views.emplace_back("all");
  for (const std::string& view : views) {
    for (const char* size : {"1280x800", "1920x1080"}) {
      const fs::path png = dir / ("headless_" + view + "_" + size + ".png");
      fs::remove(png);
      const Run result = run_headless("--screenshot " + png.string() + " --view " + view + " --size " + size);
      INFO(view << " " << size << " (" << result.seconds << " s): " << result.output);
      REQUIRE(result.status == 0);
      const Image image = load_png(png);
      CHECK(image.width == std::stoi(size));
      CHECK(image.height == std::stoi(std::string(size).substr(5)));
      CHECK(pixel_variance(image.rgb) > 100.0);
    }
  }
}

TEST_CASE("no display: a known heatmap cell has the colormap colour of its value", "[offscreen]") {
  const fs::path dir = temp_dir();
  const fs::path session = dir / "headless_known_cell.json";
  write_text(session, known_cell_session);
  for (const char* view : {"heatmap", "all"}) {
    const fs::path png = dir / (std::string("headless_known_cell_") + view + ".png");
    const fs::path geometry = dir / (std::string("headless_known_cell_") + view + ".json");
    const Run result =
        run_headless("--screenshot " + png.string() + " --geometry " + geometry.string() + " --session " +
                     session.string() + " --view " + view + " --size 1280x800");
    INFO(result.output);
    REQUIRE(result.status == 0);
    check_known_cells(load_png(png), placement_named(load_json(geometry), "heatmap"), view);
  }
}

TEST_CASE("off screen and a window under Xvfb give the same pixels", "[offscreen][xvfb]") {
  const fs::path dir = temp_dir();
  for (const char* view : {"all", "heatmap", "similarity", "scorecard"}) {
    const std::string common = std::string(" --view ") + view + " --size 1280x800";
    const fs::path offscreen = dir / (std::string("same_offscreen_") + view + ".png");
    const fs::path window = dir / (std::string("same_window_") + view + ".png");
    const fs::path geometry = dir / (std::string("same_geometry_") + view + ".json");
    const Run a =
        run_headless("--screenshot " + offscreen.string() + " --geometry " + geometry.string() + common);
    const Run b = run_xvfb("--gl window --screenshot " + window.string() + common);
    INFO(view << ": " << a.output << b.output);
    REQUIRE(a.status == 0);
    REQUIRE(b.status == 0);
    // Everything above the status bar: the bar prints how long each computation took, which
    // differs between any two runs (and by a lot under ASan).
    CHECK(differing_pixels(offscreen, window, geometry) == 0);
  }
}

TEST_CASE("no display: --gl window says why, --gl offscreen needs a picture to make", "[offscreen]") {
  temp_dir();
  const Run window = run_headless("--gl window --screenshot never.png");
  INFO(window.output);
  CHECK(window.status == 1);
  CHECK(window.output.find("cannot open a window: no display (DISPLAY unset)") != std::string::npos);
  const Run interactive = run_headless("--gl offscreen");
  INFO(interactive.output);
  CHECK(interactive.status == 2);
  CHECK(interactive.output.find(
            "--gl offscreen needs --screenshot, --export-data, --export-slides or --bench-frames") !=
        std::string::npos);
}

TEST_CASE("no display: the frame benchmark runs off screen", "[offscreen]") {
  temp_dir();
  const Run result = run_headless("--bench-frames 3 --size 1280x800");
  INFO(result.output);
  REQUIRE(result.status == 0);
  CHECK(result.output.find("off-screen frame 1280x800") != std::string::npos);
  CHECK(result.output.find("static (nothing changes)") != std::string::npos);
}

// The export function in process: an off-screen "screen" frame stands in for the window.
TEST_CASE("export_view_png: one view at 1x, 2x, 4x, re-rendered, the screen frame untouched", "[offscreen]") {
  using namespace pelab::app;
  namespace gfx = pelab::gfx;
  const fs::path dir = temp_dir();
  std::string error;
  OffscreenApp off;
  ui::AppContext& app = off.app;
  app.capture_mode = false;  // as the interactive app: the export must switch it on and back off
  const fs::path session = dir / "export_known_cell.json";
  write_text(session, known_cell_session);
  REQUIRE(ui::open_session(app, session));
  off.prepare();
  ImGuiContext* const screen_context = ImGui::GetCurrentContext();
  ImFont* const screen_font = ImGui::GetIO().Fonts->Fonts[0];
  const ImTextureID screen_atlas = ImGui::GetIO().Fonts->TexID;
  const float screen_padding = ImGui::GetStyle().WindowPadding.x;

  const auto screen_frame = [&] {
    off.settle(60);
    off.frame();
    return off.screen->read_pixels();
  };
  const gfx::RgbImage before = screen_frame();
  const LayoutState layout_before = app.state.layout;

  std::array<nlohmann::json, 3> heatmap_at{};
  const std::array<int, 3> scales = {1, 2, 4};
  for (std::size_t k = 0; k < scales.size(); ++k) {
    const int scale = scales[k];
    run::ViewFigure figure;
    figure.view_id = "heatmap";
    figure.logical_size = ImVec2(640, 400);
    figure.scale = scale;
    const std::optional<run::ViewImage> image = run::render_view_image(app, figure, error);
    INFO("scale " << scale << ": " << error);
    REQUIRE(image);
    CHECK(image->image.width == 640 * scale);
    CHECK(image->image.height == 400 * scale);
    CHECK(pixel_variance(image->image.pixels) > 100.0);
    // Back on the screen's ImGui context, with its fonts and style, and the app's state as it was.
    CHECK(ImGui::GetCurrentContext() == screen_context);
    CHECK(ImGui::GetIO().Fonts->Fonts[0] == screen_font);
    CHECK(ImGui::GetIO().Fonts->TexID == screen_atlas);
    CHECK(ImGui::GetStyle().WindowPadding.x == screen_padding);
    CHECK(app.state.layout == layout_before);
    CHECK_FALSE(app.capture_mode);
    for (const ui::HeatmapPlacement& p : image->placements) {
      if (p.name != "heatmap") continue;
      heatmap_at[k] = {{"rows", p.rows},        {"cols", p.cols},     {"colormap", "gray"},
                       {"x0", p.top_left.x},    {"y0", p.top_left.y}, {"x1", p.bottom_right.x},
                       {"y1", p.bottom_right.y}};
    }
    REQUIRE(heatmap_at[k].is_object());
    check_known_cells(from_rgb(image->image), heatmap_at[k], "scale " + std::to_string(scale));
    if (scale > 1) {
      // Re-rendered, not upscaled: a pixel-doubled picture has every aligned scale x scale block of one
      // colour; text and lines drawn at this resolution do not.
      std::size_t mixed = 0, blocks = 0;
      const Image picture = from_rgb(image->image);
      for (int y = 0; y + scale <= picture.height; y += scale) {
        for (int x = 0; x + scale <= picture.width; x += scale, ++blocks) {
          bool uniform = true;
          for (int dy = 0; dy < scale && uniform; ++dy)
            for (int dx = 0; dx < scale && uniform; ++dx)
              uniform = picture.pixel(x + dx, y + dy) == picture.pixel(x, y);
          mixed += !uniform;
        }
      }
      CHECK(static_cast<double>(mixed) / static_cast<double>(blocks) > 0.01);
      // Laid out the same: the heatmap lands where the 1x one did, times the scale (to a pixel or two
      // per edge: paddings are rounded at each size).
      for (const char* edge : {"x0", "y0", "x1", "y1"}) {
        INFO(edge);
        CHECK(std::abs(heatmap_at[k][edge].get<double>() - scale * heatmap_at[0][edge].get<double>()) <=
              3.0 * scale);
      }
    }
  }

  // The PNG, atomically; a path that cannot be written is an error and leaves nothing behind.
  const fs::path png = dir / "export_heatmap_2x.png";
  fs::remove(png);
  REQUIRE(run::export_view_png(app, "similarity", ImVec2(500, 400), 2, png, error));
  const Image written = load_png(png);
  CHECK(written.width == 1000);
  CHECK(written.height == 800);
  CHECK_FALSE(run::export_view_png(app, "heatmap", ImVec2(640, 400), 3, dir / "never.png", error));
  CHECK(error.find("1, 2 or 4") != std::string::npos);
  CHECK_FALSE(run::export_view_png(app, "nonsense", ImVec2(640, 400), 1, dir / "never.png", error));
  CHECK(error.find("unknown view 'nonsense'") != std::string::npos);
  CHECK_FALSE(
      run::export_view_png(app, "heatmap", ImVec2(640, 400), 1, dir / "no_such_dir" / "x.png", error));
  CHECK_FALSE(fs::exists(dir / "no_such_dir"));
  CHECK_FALSE(fs::exists(dir / "never.png"));

  // Every view exports (the registry's list, including views added later), with two configurations
  // so that the difference view has something to subtract.
  Slot second = app.state.slots.front();
  second.config.id = 2;
  second.config.encoding.base = 10.0;
  REQUIRE(add_slot(app.state, second));
  for (const ui::ViewType& view : ui::view_registry()) {
    const fs::path out = dir / ("export_" + std::string(view.id) + ".png");
    INFO(view.id << ": " << error);
    CHECK(run::export_view_png(app, view.id, ImVec2(800, 500), 1, out, error));
    CHECK(pixel_variance(load_png(out).rgb) > 100.0);
  }

  REQUIRE(remove_slot(app.state, 1));
  app.state.active = 0;
  // The screen's next frame is the same picture as before the exports.
  const gfx::RgbImage after = screen_frame();
  CHECK(after.pixels == before.pixels);
}

TEST_CASE("compare mode: a linked edit reaches the other configuration's worker in the same frame",
          "[offscreen][links]") {
  using namespace pelab::app;
  OffscreenApp off;
  ui::AppContext& app = off.app;
  app.capture_mode = true;
  REQUIRE(add_slot(app.state, app.state.slots[0]));
  app.state.active = 0;  // the keys move A; B follows through the link
  REQUIRE(app.state.links[LinkedParam::position]);
  off.prepare();
  off.settle();
  const std::int64_t p = app.state.slots[0].selection.position;
  REQUIRE(app.state.slots[1].selection.position == p);

  // One frame with the Down key pressed (p + 1 in A); the GLFW key code
  // where no backend has mapped the key, as ImGui 1.86's GLFW backend does.
  ImGuiIO& io = ImGui::GetIO();
  if (io.KeyMap[ImGuiKey_DownArrow] < 0) io.KeyMap[ImGuiKey_DownArrow] = 264;
  const int down = io.KeyMap[ImGuiKey_DownArrow];
  io.KeysDown[down] = true;
  off.frame();
  io.KeysDown[down] = false;
  CHECK(app.state.slots[0].selection.position == p + 1);
  CHECK(app.state.slots[1].selection.position == p + 1);
  // B's worker was asked for p + 1 inside that frame: with no frame after it, its newest result is
  // already for p + 1 (before, B was asked for p and moved one frame later).
  const auto& worker = app.workers.at(app.state.slots[1].config.id);
  for (int i = 0; i < 1000 && !worker->settled(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  REQUIRE(worker->settled());
  const std::shared_ptr<const ViewData> data = ui::latest_data(app, 1);
  REQUIRE(data);
  CHECK(data->request.selection.position == p + 1);
}

TEST_CASE("view options (--set): applied to the picture, a bad one refused before any drawing",
          "[offscreen]") {
  const fs::path dir = temp_dir();
  const fs::path png = dir / "set_rope.png";
  const fs::path bad = dir / "set_bad.png";
  fs::remove(png);
  const Run good = run_headless("--view rope --size 800x600 --set rope.model=llama-3.1-8b --set " +
                                std::string("'rope.b={\"type\": \"linear\", \"factor\": 2}' --screenshot ") +
                                png.string());
  INFO(good.output);
  CHECK(good.status == 0);
  CHECK(fs::exists(png));
  for (const char* option : {"bias.heads=1000", "rope.model=no-such-model", "nope.x=1", "pca"}) {
    const Run refused =
        run_headless(std::string("--view bias --set ") + option + " --screenshot " + bad.string());
    INFO(option << ": " << refused.output);
    CHECK(refused.status == 2);
    CHECK(refused.output.find("pelab: --set ") != std::string::npos);
    CHECK_FALSE(fs::exists(bad));
  }
}

// The lesson editor (ui/lesson_editor_panel.cpp) opened on a shipped lesson, in Korean: its window
// is drawn on screen with a copy of the lesson, and the shipped lesson is not changed by editing.
TEST_CASE("the lesson editor opens on a copy of the lesson being shown", "[offscreen][lesson]") {
  using namespace pelab::app;
  const fs::path dir = temp_dir();
  OffscreenApp off;
  ui::AppContext& app = off.app;
  app.state.ui.language = "ko";
  off.prepare();
  REQUIRE(ui::start_lesson(app, "04"));
  ui::show_lesson_step(app, 2);
  ui::open_lesson_editor(app, true);
  REQUIRE(app.lesson_draft.open);
  CHECK(app.lesson_draft.lesson.steps.size() == app.lessons.lesson->steps.size());
  CHECK(app.lesson_draft.selected == 2);
  CHECK(app.lesson_draft.language == "ko");
  off.settle(60);
  off.frame();
  ImGuiWindow* editor = ImGui::FindWindowByName(tr("lesson_editor.title"));
  REQUIRE(editor != nullptr);
  CHECK(editor->Active);
  CHECK(editor->Pos.x >= 0.0f);
  CHECK(editor->Pos.y >= 0.0f);
  CHECK(editor->Pos.x + editor->Size.x <= 1280.0f);
  CHECK(editor->Pos.y + editor->Size.y <= 800.0f);
  const pelab::gfx::RgbImage picture = off.screen->read_pixels();
  pelab::write_png_rgb(dir / "lesson_editor_ko.png", picture.width, picture.height, picture.pixels);

  // A shipped lesson's copy has a name of its own, so --lesson 04_offset_rotation stays the shipped one.
  CHECK(app.lesson_draft.lesson.id == "04_offset_rotation_mine");

  app.lesson_draft.lesson.steps[0].text.by_language["ko"] = "바꾼 글";
  CHECK(app.lessons.lesson->steps[0].text.in("ko") != "바꾼 글");
  // Closed and opened again on the same lesson: the edit is still there.
  app.lesson_draft.open = false;
  ui::open_lesson_editor(app, true);
  CHECK(app.lesson_draft.lesson.steps[0].text.in("ko") == "바꾼 글");
}

namespace {

// The presenter console's frame drawn off screen at `width` x `height` in the language `app` shows,
// with a 64 x 48 pure magenta stand-in for the next step's picture; returns the pixels and the text
// drawn (every run's text, one a line).
struct ConsoleShot {
  pelab::gfx::RgbImage pixels;
  std::string text;
};
ConsoleShot draw_console_off_screen(pelab::app::ui::AppContext& app, int width, int height) {
  using namespace pelab;
  std::string error;
  plot::detail::Context* const plot_before = plot::GetCurrentContext();
  plot::detail::Context* const console_plot = plot::CreateContext();
  plot::SetCurrentContext(console_plot);
  ConsoleShot shot;
  {
    const std::unique_ptr<gfx::OffscreenFrame> frame = gfx::OffscreenFrame::create(width, height, error);
    REQUIRE(frame);
    std::string notice;
    gfx::rebuild_fonts(app.font_glyphs, 22.0f, app::language_font_files(), notice);
    app::ui::apply_theme(app.state.ui.theme, 22.0f);
    std::vector<std::uint8_t> magenta(64 * 48 * 4);
    for (std::size_t i = 0; i < magenta.size(); i += 4) {
      magenta[i] = 255;
      magenta[i + 2] = 255;
      magenta[i + 3] = 255;
    }
    gfx::Texture2D picture;
    picture.upload(gfx::TexelFormat::rgba8, 64, 48, magenta.data());
    const app::ui::ConsolePicture next{picture.imgui_id(), ImVec2(64.0f, 48.0f), false};
    for (int n = 0; n < 3; ++n) {  // ImGui lays windows out over a frame or two
      frame->begin_frame();
      app::ui::draw_presenter_console(app, next);
      frame->end_frame();
    }
    for (const auto& run : app::run::text_runs_json()) shot.text += run["text"].get<std::string>() + "\n";
    shot.pixels = frame->read_pixels();
  }
  plot::SetCurrentContext(plot_before);
  plot::DestroyContext(console_plot);
  return shot;
}

bool console_has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The bounding box of the pure magenta pixels: {x0, y0, x1, y1} (exclusive), and how many there are.
std::array<int, 5> magenta_box(const pelab::gfx::RgbImage& image) {
  std::array<int, 5> box{image.width, image.height, 0, 0, 0};
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const std::size_t at = (static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) +
                              static_cast<std::size_t>(x)) *
                             3u;
      if (image.pixels[at] == 255 && image.pixels[at + 1] == 0 && image.pixels[at + 2] == 255) {
        box = {std::min(box[0], x), std::min(box[1], y), std::max(box[2], x + 1), std::max(box[3], y + 1),
               box[4] + 1};
      }
    }
  }
  return box;
}

}  // namespace

TEST_CASE("the presenter console shows the counter, the timer, the notes and the next slide",
          "[offscreen][console]") {
  using namespace pelab::app;
  const fs::path dir = temp_dir();
  const std::string language = GENERATE(std::string("en"), std::string("ko"));
  const int width = GENERATE(1024, 1280);  // a projector's and a laptop's screen
  const int height = width == 1024 ? 768 : 800;
  OffscreenApp off;
  ui::AppContext& app = off.app;
  app.state.ui.language = language;
  off.prepare();
  REQUIRE(ui::start_lesson(app, "04"));
  ui::show_lesson_step(app, 2);
  app.lessons.presenting = true;  // not set_presenting: no window to make full screen here
  app.lessons.presenting_since = std::chrono::steady_clock::now() - std::chrono::seconds(12 * 60 + 34);
  const ConsoleShot shot = draw_console_off_screen(app, width, height);
  const std::string name = "console_" + language + "_" + std::to_string(width) + ".png";
  pelab::write_png_rgb(dir / name, shot.pixels.width, shot.pixels.height, shot.pixels.pixels);
  INFO(dir / name);
  INFO(shot.text);
  CHECK(console_has(shot.text, "3 / 7"));
  // 12:34 or, when drawing took past the next second, 12:35.
  CHECK((console_has(shot.text, "12:34") || console_has(shot.text, "12:35")));
  CHECK(console_has(shot.text, app.lessons.lesson->title.in(language)));
  CHECK(console_has(shot.text, trf("console.next", {"4"})));
  CHECK(console_has(shot.text, tr("console.status.presenting")));
  // The step's text begins the notes (its first line as drawn: up to the first wrap).
  const std::string text = app.lessons.lesson->steps[2].text.in(language);
  CHECK(console_has(shot.text, text.substr(0, text.find(' '))));
  // The picture keeps its proportions (64 x 48: 4:3) and takes most of its column's width.
  const std::array<int, 5> box = magenta_box(shot.pixels);
  REQUIRE(box[4] > 0);
  const double w = box[2] - box[0], h = box[3] - box[1];
  CHECK(box[4] == Approx(w * h).epsilon(0.001));  // a filled rectangle
  CHECK(w / h == Approx(4.0 / 3.0).epsilon(0.02));
  CHECK(w > 0.45 * width);

  SECTION("at the last step there is no next slide") {
    ui::show_lesson_step(app, 6);
    const ConsoleShot last = draw_console_off_screen(app, width, height);
    INFO(last.text);
    CHECK(console_has(last.text, "7 / 7"));
    CHECK(console_has(last.text, tr("console.last_step")));
    CHECK(magenta_box(last.pixels)[4] == 0);
  }
}

// "Add this as a step" takes the animation last asked of the Animate… dialog, checked against the
// state it captures; without one (or one the state refuses) the step has none.
TEST_CASE("the lesson editor's new step takes the Animate dialog's animation", "[lesson][animation]") {
  using namespace pelab::app;
  ui::AppContext app;
  app.state.slots[0].config.encoding = pelab::encoding_params(pelab::EncodingKind::sinusoidal, 64, 16);
  CHECK_FALSE(ui::capture_lesson_step(app).animation);  // the dialog's default was never used
  app.video_dialog.used = true;
  app.video_dialog.animate = "k=0:12";
  app.video_dialog.seconds = 2.5f;
  app.video_dialog.fps = 24;
  const LessonStep step = ui::capture_lesson_step(app);
  CHECK(session_to_text(step.state) == session_to_text(app.state));
  REQUIRE(step.animation);
  CHECK(animation_text(step.animation->animation) == "k=0:12");
  CHECK(step.animation->seconds == 2.5);
  CHECK(step.animation->fps == 24);
  CHECK_FALSE(step.animation->loop);
  app.video_dialog.animate = "k=0:99";  // outside 0..63: not a step this state can play
  CHECK_FALSE(ui::capture_lesson_step(app).animation);
}
