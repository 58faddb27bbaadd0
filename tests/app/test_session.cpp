// Session files and settings: round trip, and refusal (with reasons) of anything malformed.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "state/config_paths.hpp"
#include "state/session.hpp"

using namespace pelab;
using namespace pelab::app;

namespace {

bool mentions(const std::vector<std::string>& problems, const std::string& text) {
  for (const std::string& problem : problems) {
    if (problem.find(text) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("a session round-trips every parameter and the layout", "[session]") {
  AppState state;
  ViewParams& p = state.encodings.front();
  p.encoding = EncodingParams{EncodingKind::binary, 300, 12, 123.5, 7, true, 0.5, 42};
  p.position = 100;
  p.offset = 9;
  p.dimension = 11;
  p.neighbour_curves = 3;
  p.colormap = Colormap::gray;
  p.range_mode = RangeMode::fixed;
  p.range_min = -2.5;
  p.range_max = 4.0;
  p.metric = SimilarityMetric::distance;
  p.convention = RotationConvention::row;
  p.show_both_conventions = true;
  state.layout.maximized = ViewId::rotation;
  state.layout.sidebar_width = 21.0f;
  state.layout.show_sidebar = false;
  state.ui = UiSettings{30.0f, Theme::light};

  const SessionLoad load = session_from_text(session_to_text(state));
  INFO(session_to_text(state));
  REQUIRE(load.problems.empty());
  REQUIRE(load.state.has_value());
  CHECK(*load.state == state);
}

TEST_CASE("missing keys keep their defaults", "[session]") {
  const SessionLoad load = session_from_text(R"({"pelab_session": 1, "encodings": [{"dims": 8}]})");
  REQUIRE(load.state.has_value());
  ViewParams expected;
  expected.encoding.dims = 8;
  CHECK(load.state->encodings.front() == expected);
  CHECK(load.state->layout == LayoutState{});
}

TEST_CASE("a malformed session is refused as a whole, with every reason", "[session]") {
  SECTION("not JSON") {
    const SessionLoad load = session_from_text("{\"pelab_session\": 1, \"encodings\": [");
    CHECK_FALSE(load.state.has_value());
    CHECK(mentions(load.problems, "not valid JSON"));
  }
  SECTION("not a pelab session") {
    const SessionLoad load = session_from_text("[1, 2, 3]");
    CHECK_FALSE(load.state.has_value());
    CHECK(mentions(load.problems, "must be a JSON object"));
  }
  SECTION("missing or unsupported version") {
    CHECK(mentions(session_from_text("{}").problems, "not a pelab session file"));
    CHECK(mentions(session_from_text(R"({"pelab_session": 99})").problems, "unsupported format version"));
  }
  SECTION("values out of range, wrong types, unknown names and keys: all listed") {
    const SessionLoad load = session_from_text(R"({"pelab_session": 1,
        "encodings": [{"dims": 0, "base": "big", "kind": "wavelet", "colour": "red", "range_min": 2, "range_max": 1}],
        "layout": {"maximized": "nowhere"}, "ui": {"font_size": 500}})");
    CHECK_FALSE(load.state.has_value());
    CHECK(mentions(load.problems, "encodings[0].dims: must be in 1..4096"));
    CHECK(mentions(load.problems, "encodings[0].base: must be a number"));
    CHECK(mentions(load.problems, "encodings[0].kind: unknown value \"wavelet\""));
    CHECK(mentions(load.problems, "encodings[0].colour: unknown key"));
    CHECK(mentions(load.problems, "encodings[0].range_max: must be larger than range_min"));
    CHECK(mentions(load.problems, "layout.maximized"));
    CHECK(mentions(load.problems, "ui.font_size: must be in 12..48"));
    CHECK(load.problems.size() == 7);
  }
  SECTION("negative integers") {
    CHECK(mentions(session_from_text(R"({"pelab_session": 1, "encodings": [{"start": -4}]})").problems,
                   "encodings[0].start: must be in 0..1000000000"));
  }
}

TEST_CASE("session files: problems name the file, saving is atomic and readable back", "[session]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "pelab_test_session";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const SessionLoad missing = load_session_file(dir / "absent.json");
  CHECK_FALSE(missing.state.has_value());
  REQUIRE_FALSE(missing.problems.empty());
  CHECK(missing.problems.front().find("absent.json") != std::string::npos);

  std::ofstream(dir / "bad.json") << "{ nope";
  const SessionLoad bad = load_session_file(dir / "bad.json");
  REQUIRE_FALSE(bad.problems.empty());
  CHECK(bad.problems.front().rfind((dir / "bad.json").string() + ": not valid JSON", 0) == 0);

  AppState state;
  state.encodings.front().encoding.positions = 777;
  clamp_to_table(state.encodings.front());
  save_session_file(dir / "good.json", state);
  const SessionLoad good = load_session_file(dir / "good.json");
  REQUIRE(good.state.has_value());
  CHECK(*good.state == state);
  std::filesystem::remove_all(dir);
}

TEST_CASE("settings round trip and refusal", "[session]") {
  std::vector<std::string> problems;
  const UiSettings settings{26.0f, Theme::light};
  CHECK(settings_from_text(settings_to_text(settings), problems) == settings);
  CHECK(problems.empty());
  CHECK_FALSE(settings_from_text(R"({"font_size": 2})", problems).has_value());
  CHECK(mentions(problems, "settings.font_size"));
}

TEST_CASE("parameters are clamped into the table", "[params]") {
  ViewParams p;
  p.encoding.positions = 10;
  p.encoding.dims = 6;
  p.encoding.start = 100;
  p.position = 5;
  p.offset = 50;
  p.dimension = 9;
  clamp_to_table(p);
  CHECK(p.position == 100);
  CHECK(p.offset == 9);
  CHECK(p.dimension == 5);
  p.position = 1000;
  clamp_to_table(p);
  CHECK(p.position == 109);
}

TEST_CASE("config files live under XDG_CONFIG_HOME/pelab, else ~/.config/pelab", "[config]") {
  const char* saved_xdg = std::getenv("XDG_CONFIG_HOME");
  const std::string saved = saved_xdg ? saved_xdg : "";
  const std::string saved_home = std::getenv("HOME") ? std::getenv("HOME") : "";
  setenv("XDG_CONFIG_HOME", "/tmp/xdg-test", 1);
  CHECK(config_dir() == std::filesystem::path("/tmp/xdg-test/pelab"));
  CHECK(imgui_ini_path() == std::filesystem::path("/tmp/xdg-test/pelab/imgui.ini"));
  setenv("XDG_CONFIG_HOME", "relative/ignored", 1);
  setenv("HOME", "/home/someone", 1);
  CHECK(config_dir() == std::filesystem::path("/home/someone/.config/pelab"));
  unsetenv("XDG_CONFIG_HOME");
  CHECK(settings_path() == std::filesystem::path("/home/someone/.config/pelab/settings.json"));
  if (saved_xdg) setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
  setenv("HOME", saved_home.c_str(), 1);
}

TEST_CASE("view names parse back", "[params]") {
  for (ViewId view : all_views) CHECK(parse_view_id(to_string(view)) == view);
  CHECK_FALSE(parse_view_id("all").has_value());
}
