#pragma once
// What the GUI tests share (test_gui, test_views_gui, test_offscreen, test_sweep,
// test_view_export_data): a temporary directory away from the user's configuration, pelab launched
// under xvfb-run or with no display server at all, PNG pictures and their pixels, the geometry JSON,
// the known heatmap cells of source post 000's example, and the app drawn off screen in process (EGL).
// Targets including it are set up by pelab_gui_test in tests/app/CMakeLists.txt (PELAB_GUI_PATH,
// PELAB_XVFB_RUN, PELAB_TEST_TMP; pelab_ui, stb, nlohmann_json).
#include <stb/stb_image.h>
#include <catch2/catch.hpp>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "gfx/fonts.hpp"
#include "gfx/heatmap_renderer.hpp"
#include "gfx/offscreen_context.hpp"
#include "gfx/offscreen_frame.hpp"
#include "pelab/io/colormap.hpp"
#include "run_command.hpp"
#include "state/i18n.hpp"
#include "ui/app_ui.hpp"
#include "ui/theme.hpp"

namespace pelab::test {

// The test's scratch directory (PELAB_TEST_TMP), and XDG_CONFIG_HOME below it: the tests stay away
// from the user's real configuration.
inline std::filesystem::path temp_dir() {
  const std::filesystem::path dir = PELAB_TEST_TMP;
  std::filesystem::create_directories(dir);
  setenv("XDG_CONFIG_HOME", (dir / "config").c_str(), 1);
  return dir;
}

// pelab under xvfb-run with a 1920x1080 screen. Fails (never skips) when xvfb-run is missing.
inline Run run_xvfb(const std::string& arguments, const std::string& environment = "") {
  const std::string xvfb = PELAB_XVFB_RUN;
  INFO("xvfb-run is required for the GUI tests (Debian package xvfb)");
  REQUIRE_FALSE(xvfb.empty());
  return run(environment + " " + xvfb + " -a -s \"-screen 0 1920x1080x24\" " + PELAB_GUI_PATH + " " +
             arguments);
}

// pelab with no display server at all (it draws off screen).
inline Run run_headless(const std::string& arguments) {
  return run(std::string("env -u DISPLAY -u WAYLAND_DISPLAY ") + PELAB_GUI_PATH + " " + arguments);
}

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  std::array<int, 3> pixel(int x, int y) const {
    const std::size_t at =
        (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
    return {rgb[at], rgb[at + 1], rgb[at + 2]};
  }
};

inline Image load_png(const std::filesystem::path& path) {
  Image image;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &image.width, &image.height, &channels, 3);
  REQUIRE(data != nullptr);
  image.rgb.assign(data,
                   data + static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 3);
  stbi_image_free(data);
  return image;
}

inline Image from_rgb(const gfx::RgbImage& rgb) { return Image{rgb.width, rgb.height, rgb.pixels}; }

// Mean per-channel variance: ~0 for a blank (single-colour) frame.
inline double pixel_variance(const std::vector<unsigned char>& rgb) {
  double sum = 0.0, sum_sq = 0.0;
  for (unsigned char v : rgb) {
    sum += v;
    sum_sq += static_cast<double>(v) * v;
  }
  const double n = static_cast<double>(rgb.size());
  return sum_sq / n - (sum / n) * (sum / n);
}
inline double pixel_variance(const Image& image) { return pixel_variance(image.rgb); }

inline nlohmann::json load_json(const std::filesystem::path& path) {
  std::ifstream file(path);
  REQUIRE(file);
  return nlohmann::json::parse(file);
}

// The `--geometry` census of an off-screen screenshot of pelab with `arguments` (files NAME.png and
// NAME.json in a fresh temporary directory); requires the run to succeed.
inline nlohmann::json headless_census(const std::string& arguments, const std::string& name) {
  const std::filesystem::path dir = temp_dir();
  const std::filesystem::path png = dir / (name + ".png"), geometry = dir / (name + ".json");
  const Run result =
      run_headless(arguments + " --screenshot " + png.string() + " --geometry " + geometry.string());
  INFO(arguments << "\n" << result.output);
  REQUIRE(result.status == 0);
  return load_json(geometry);
}

inline void write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

// source post 000's example (sinusoidal, N = D = 4, base 100, so P[1, 0] = sin(1) = 0.841, P[2, 3] = cos(0.2)
// ...) in gray over a fixed [-1, 1]: every cell of its heatmap has the colormap colour of its exact value.
inline const char* const known_cell_session = R"({"pelab_session": 1, "encodings": [{"kind": "sinusoidal",
    "positions": 4, "dims": 4, "base": 100, "position": 3, "dimension": 3, "colormap": "gray",
    "range_mode": "fixed", "range_min": -1, "range_max": 1}]})";

// The heatmap placement (`--geometry`'s "heatmaps") named `name`.
inline nlohmann::json placement_named(const nlohmann::json& frame, const std::string& name) {
  for (const nlohmann::json& h : frame["heatmaps"])
    if (h["name"] == name) return h;
  FAIL("no " << name << " placement in the geometry file");
  return nlohmann::json();
}

// Every cell of the known-cell session's heatmap, drawn at `placement`, has its colour in `image`.
inline void check_known_cells(const Image& image, const nlohmann::json& placement, const std::string& what) {
  REQUIRE(placement["rows"] == 4);
  REQUIRE(placement["cols"] == 4);
  REQUIRE(placement["colormap"] == "gray");
  const double x0 = placement["x0"], x1 = placement["x1"], y0 = placement["y0"], y1 = placement["y1"];
  const auto lut = colormap_lut(Colormap::gray);
  for (int row = 0; row < 4; ++row) {
    for (int col = 0; col < 4; ++col) {
      const double w = std::pow(100.0, -2.0 * (col / 2) / 4.0);
      const double value = col % 2 == 0 ? std::sin(w * row) : std::cos(w * row);
      const Rgb8 expected = lut_color(lut, (value + 1.0) / 2.0);
      const int x = static_cast<int>(std::lround(x0 + (col + 0.5) * (x1 - x0) / 4.0));
      const int y = static_cast<int>(std::lround(y0 + (row + 0.5) * (y1 - y0) / 4.0));
      const std::array<int, 3> actual = image.pixel(x, y);
      INFO(what << " cell (" << row << ", " << col << ") = " << value << " at pixel (" << x << ", " << y
                << ")");
      CHECK(std::abs(actual[0] - expected.r) <= 2);
      CHECK(std::abs(actual[1] - expected.g) <= 2);
      CHECK(std::abs(actual[2] - expected.b) <= 2);
    }
  }
}

// The app drawn off screen at 1280x800 (EGL) in this process, as the window draws it: a GL context, a
// frame standing in for the window, the heatmap renderer, and the app using it.
struct OffscreenApp {
  std::string error;
  std::unique_ptr<gfx::OffscreenContext> gl = gfx::OffscreenContext::create(error);
  std::unique_ptr<gfx::OffscreenFrame> screen = gl ? gfx::OffscreenFrame::create(1280, 800, error) : nullptr;
  std::unique_ptr<gfx::HeatmapRenderer> renderer = screen ? gfx::HeatmapRenderer::create(error) : nullptr;
  app::ui::AppContext app;
  OffscreenApp() {
    INFO(error);
    REQUIRE(gl);
    REQUIRE(screen);
    REQUIRE(renderer);
    app.renderer = renderer.get();
  }
  // The app's strings, fonts and theme (after its state is set, e.g. by a session).
  void prepare() {
    app::ui::load_ui_strings(app);
    std::string notice;
    gfx::rebuild_fonts(app.font_glyphs, app.state.ui.font_size, app::language_font_files(), notice);
    app::ui::apply_theme(app.state.ui.theme, app.state.ui.font_size);
  }
  // One frame of the app on the off-screen "screen".
  void frame() {
    screen->begin_frame();
    app::ui::draw_app(app);
    screen->end_frame(app.frame_textures());
  }
  // Frames until every worker has delivered (at least 3 frames, at most `max_frames`).
  void settle(int max_frames = 200) {
    for (int i = 0; i < max_frames && !(i >= 3 && app::ui::all_settled(app)); ++i) {
      frame();
      if (!app::ui::all_settled(app)) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
};

// The pixels above the status bar (which prints how long each computation took, different in every
// run) that differ between two pictures; `geometry` is one picture's --geometry census.
inline std::size_t differing_pixels(const std::filesystem::path& a, const std::filesystem::path& b,
                                    const std::filesystem::path& geometry) {
  const Image x = load_png(a), y = load_png(b);
  REQUIRE(x.width == y.width);
  REQUIRE(x.height == y.height);
  const int status_top = static_cast<int>(load_json(geometry)["status_bar_top"].get<double>());
  REQUIRE(status_top > x.height * 9 / 10);
  REQUIRE(status_top < x.height);
  std::size_t differing = 0;
  for (std::size_t i = 0; i < static_cast<std::size_t>(status_top) * static_cast<std::size_t>(x.width) * 3;
       i += 3)
    differing += x.rgb[i] != y.rgb[i] || x.rgb[i + 1] != y.rgb[i + 1] || x.rgb[i + 2] != y.rgb[i + 2];
  return differing;
}

}  // namespace pelab::test
