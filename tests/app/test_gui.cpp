// The real program under Xvfb: every view renders a non-blank screenshot, a known heatmap cell has
// the colormap colour of its known value, a malformed session is refused (its reasons, exit 2, no picture),
// and a missing display or a broken shader gives one clear message and a non-zero exit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "gui_support.hpp"
#include "ui/view_registry.hpp"

namespace fs = std::filesystem;

using namespace pelab::test;

TEST_CASE("every view renders a non-blank screenshot at both sizes", "[gui]") {
  const fs::path dir = temp_dir();
  // The grid, then each view of the registry alone: a new view is rendered without a line here.
  std::vector<std::string> views = {"all"};
  for (std::string_view id : pelab::app::ui::view_ids()) views.emplace_back(id);
  for (const std::string& view : views) {
    for (const char* size : {"1280x800", "1920x1080"}) {
      const fs::path png = dir / ("view_" + view + "_" + size + ".png");
      fs::remove(png);
      const Run result = run_xvfb("--screenshot " + png.string() + " --view " + view + " --size " + size);
      INFO(view << " " << size << ": " << result.output);
      REQUIRE(result.status == 0);
      const Image image = load_png(png);
      CHECK(image.width == std::stoi(size));
      CHECK(pixel_variance(image) > 100.0);
    }
  }
}

TEST_CASE("a known heatmap cell has the colormap colour of its known value", "[gui]") {
  // Seed 000's example: sinusoidal, D = 4, base 100, so P[1, 0] = sin(1) = 0.841, P[2, 3] = cos(0.2) ...
  const fs::path dir = temp_dir();
  const fs::path session = dir / "known_cell.json";
  write_text(session, known_cell_session);
  for (const char* view : {"heatmap", "all"}) {
    const fs::path png = dir / (std::string("known_cell_") + view + ".png");
    const fs::path geometry = dir / (std::string("known_cell_") + view + ".json");
    const Run result = run_xvfb("--screenshot " + png.string() + " --geometry " + geometry.string() +
                                " --session " + session.string() + " --view " + view + " --size 1280x800");
    INFO(result.output);
    REQUIRE(result.status == 0);
    check_known_cells(load_png(png), placement_named(load_json(geometry), "heatmap"), view);
  }
}

TEST_CASE("a malformed session is refused: the reason, exit status 2 and no picture", "[gui]") {
  const fs::path dir = temp_dir();
  const fs::path session = dir / "malformed.json";
  write_text(session, R"({"pelab_session": 1, "encodings": [{"dims": "many"}]})");
  const fs::path png = dir / "malformed.png", geometry = dir / "malformed.json.geometry";
  fs::remove(png);
  const Run result = run_xvfb("--screenshot " + png.string() + " --geometry " + geometry.string() +
                              " --session " + session.string() + " --view heatmap");
  INFO(result.output);
  CHECK(result.status == 2);
  CHECK(result.output.find("session refused, the current settings are kept") != std::string::npos);
  CHECK(result.output.find("encodings[0].dims: must be an integer") != std::string::npos);
  CHECK_FALSE(fs::exists(png));  // refused input gives nothing (a picture of defaults would pass for it)
  CHECK_FALSE(fs::exists(geometry));
}

TEST_CASE("no display: one clear message and a non-zero exit", "[gui]") {
  temp_dir();
  const Run result = run(std::string("env -u DISPLAY -u WAYLAND_DISPLAY ") +
                         PELAB_GUI_PATH);  // the window (screenshots need none)
  INFO(result.output);
  CHECK(result.status == 1);
  CHECK(result.output.find("pelab: cannot open a window: no display (DISPLAY unset). Run under xvfb-run") !=
        std::string::npos);
}

TEST_CASE("a broken shader is reported with its file and line, not a crash", "[gui]") {
  const fs::path dir = temp_dir() / "broken_shaders";
  fs::create_directories(dir);
  fs::copy_file(
      fs::path(PELAB_GUI_PATH).parent_path().parent_path() / "share" / "pelab" / "shaders" / "heatmap.vert",
      dir / "heatmap.vert", fs::copy_options::overwrite_existing);
  write_text(dir / "heatmap.frag",
             "#version 330 core\nout vec4 color;\nvoid main() {\n  color = undefined_thing;\n}\n");
  const Run broken = run_xvfb("--screenshot " + (dir / "x.png").string(), "PELAB_SHADER_DIR=" + dir.string());
  INFO(broken.output);
  CHECK(broken.status == 1);
  CHECK(broken.output.find("heatmap.frag:4:") != std::string::npos);
}

TEST_CASE("the largest table renders at a stated stride, for every kind", "[gui]") {
  const fs::path dir = temp_dir();
  for (const char* kind : {"sinusoidal", "learned", "fourier", "binary"}) {
    const fs::path session = dir / (std::string("largest_") + kind + ".json");
    write_text(
        session,
        std::string(R"({"pelab_session": 1, "encodings": [{"kind": ")") + kind +
            R"(", "positions": 16384, "dims": 4096, "position": 9000, "offset": 3, "dimension": 4095}]})");
    const fs::path png = dir / (std::string("largest_") + kind + ".png");
    const fs::path geometry = dir / (std::string("largest_") + kind + ".geometry.json");
    const Run result = run_xvfb("--screenshot " + png.string() + " --geometry " + geometry.string() +
                                " --session " + session.string());
    INFO(kind << ": " << result.output);
    REQUIRE(result.status == 0);
    const nlohmann::json frame = load_json(geometry);
    for (const nlohmann::json& heatmap : frame["heatmaps"]) {
      CHECK(heatmap["rows"].get<int>() <= 2048);
      CHECK(heatmap["cols"].get<int>() <= 2048);
    }
    CHECK(pixel_variance(load_png(png)) > 100.0);
  }
}

TEST_CASE("the smallest table (N = 1, D = 1) renders", "[gui]") {
  const fs::path dir = temp_dir();
  const fs::path session = dir / "smallest.json";
  write_text(session, R"({"pelab_session": 1, "encodings": [{"positions": 1, "dims": 1}]})");
  const Run result =
      run_xvfb("--screenshot " + (dir / "smallest.png").string() + " --session " + session.string());
  INFO(result.output);
  CHECK(result.status == 0);
}

TEST_CASE("configurations from the command line open side by side", "[gui][compare]") {
  const fs::path dir = temp_dir();
  for (const char* size : {"1280x800", "1920x1080"}) {
    const fs::path png = dir / (std::string("compare2_") + size + ".png");
    const fs::path geometry = dir / (std::string("compare2_") + size + ".json");
    const Run two = run_xvfb("sinusoidal:base=10000 sinusoidal:base=100 --view heatmap --screenshot " +
                             png.string() + " --geometry " + geometry.string() + " --size " + size);
    INFO(two.output);
    REQUIRE(two.status == 0);
    const nlohmann::json frame = load_json(geometry);
    std::set<int> configs;
    for (const nlohmann::json& h : frame["heatmaps"]) configs.insert(h["config"].get<int>());
    CHECK(configs == std::set<int>{0, 1});
  }
  const fs::path geometry = dir / "compare4.json";
  const Run four =
      run_xvfb(std::string("learned:table=") + PELAB_GPT2_TABLE +
               " sinusoidal:dims=768 fourier:dims=768 binary:dims=768,positions=64 --view heatmap"
               " --screenshot " +
               (dir / "compare4.png").string() + " --geometry " + geometry.string());
  INFO(four.output);
  REQUIRE(four.status == 0);
  const nlohmann::json frame = load_json(geometry);
  REQUIRE(frame["heatmaps"].size() == 4);
  for (const nlohmann::json& h : frame["heatmaps"]) {
    CHECK(h["rows"] == 64);  // N and D of the GPT-2 table, taken from the file
    CHECK(h["cols"] == 768);
  }
}

TEST_CASE("the difference of identical configurations is drawn as zero", "[gui][compare]") {
  const fs::path dir = temp_dir();
  const fs::path geometry = dir / "difference.json";
  const Run result = run_xvfb("fourier:dims=16 fourier:dims=16 --view difference --screenshot " +
                              (dir / "difference.png").string() + " --geometry " + geometry.string());
  INFO(result.output);
  REQUIRE(result.status == 0);
  const nlohmann::json frame = load_json(geometry);
  bool found = false;
  for (const nlohmann::json& h : frame["heatmaps"]) {
    if (h["name"] != "difference-table") continue;
    found = true;
    CHECK(h["colormap"] == "red-blue");
    CHECK(h["range"][0].get<double>() == -h["range"][1].get<double>());  // centred on 0
  }
  CHECK(found);
}

TEST_CASE("a bad CONFIG exits 2 with one line naming it", "[gui][compare]") {
  for (const char* config : {"wavelet", "sinusoidal:bsae=3", "integer:base=100", "sinusoidal:dims=0",
                             "learned:table=/nonexistent/table.npy", "sinusoidal:dims=99999"}) {
    const Run result = run(std::string(PELAB_GUI_PATH) + " " + config + " --screenshot never.png 2>&1");
    INFO(config << ": " << result.output);
    CHECK(result.status == 2);
    CHECK(result.output.find(std::string("pelab: bad CONFIG '") + config + "'") != std::string::npos);
    CHECK(std::count(result.output.begin(), result.output.end(), '\n') == 1);
  }
}

TEST_CASE("an idle window sleeps: under 5% of a core over 10 s", "[gui][idle]") {
  const fs::path dir = temp_dir();
  const Run result =
      run("XDG_CONFIG_HOME=" + (dir / "config").string() + " " + PELAB_XVFB_RUN +
          " -a -s '-screen 0 1280x800x24' sh " + PELAB_IDLE_SCRIPT + " " + PELAB_GUI_PATH + " 3");
  INFO(result.output);
  REQUIRE(result.status == 0);
  const auto at = result.output.find("idle cpu percent: ");
  REQUIRE(at != std::string::npos);
  const double percent = std::stod(result.output.substr(at + 18));
  CHECK(percent < 5.0);
}
