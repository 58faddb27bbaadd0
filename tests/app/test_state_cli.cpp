// The program's state on the command line: `--print-link` prints the link of the state pelab would
// open and `--save-session FILE` writes it as a session (both without a window or GL), a link and the
// session saved from it give the same link and the same picture, and refused input gives nothing: a
// refused session or link, or a session whose table file is missing, writes no picture, link or
// file and exits non-zero, naming the reason.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "gui_support.hpp"
#include "state/session.hpp"
#include "ui/view_registry.hpp"

using namespace pelab;
using namespace pelab::app;
using namespace pelab::test;
namespace fs = std::filesystem;

namespace {

// The lines of the output that are links (stdout; notices go to stderr, also in `output`).
std::vector<std::string> links_in(const std::string& output) {
  std::vector<std::string> links;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);)
    if (line.starts_with("pelab:?")) links.push_back(line);
  return links;
}

std::string quoted(const std::string& text) { return "'" + text + "'"; }

}  // namespace

TEST_CASE("print-link: the state pelab would open, as a link, and nothing else", "[state_cli]") {
  // Lesson 4's step 4 with p moved from 20 to 23: the link keeps the move (it used to lose it).
  const std::string lesson = "pelab:?p=23&lang=ko&lesson=04_offset_rotation&step=4";
  Run result = run_headless(quoted(lesson) + " --print-link");
  INFO(result.output);
  CHECK(result.status == 0);
  CHECK(links_in(result.output) == std::vector<std::string>{lesson});
  // And the picture of that link is at p = 23 (the sidebar's p control, "p  (↑ ↓) { 23 }"; the step's
  // own p is 20).
  const fs::path dir = temp_dir();
  const fs::path png = dir / "lesson4.png", geometry = dir / "lesson4.json";
  for (const std::string& link : {lesson, std::string("pelab:?lang=ko&lesson=04_offset_rotation&step=4")}) {
    result = run_headless(quoted(link) + " --size 1024x768 --screenshot " + png.string() + " --geometry " +
                          geometry.string());
    REQUIRE(result.status == 0);
    const std::string text = load_json(geometry)["text"].get<std::string>();
    const bool moved = link == lesson;
    CHECK((text.find("{ 23 }") != std::string::npos) == moved);
    CHECK((text.find("{ 20 }") != std::string::npos) == !moved);
  }

  // CONFIGs and --set and --view: the defaults are left out; a metric, colormap and range are in.
  result =
      run_headless("sinusoidal:base=100 fourier --view rotation --set rotation.residual=true --print-link");
  INFO(result.output);
  CHECK(result.status == 0);
  CHECK(links_in(result.output) ==
        std::vector<std::string>{
            "pelab:?c=sinusoidal:base=100&c=fourier&view=rotation&set=rotation.residual=true"});
  const std::string display =
      "pelab:?display.colormap=magma&display.metric=cosine&display.range_max=3&"
      "display.range_min=-2&display.range_mode=fixed";
  result = run_headless(quoted(display) + " --print-link");
  INFO(result.output);
  CHECK(links_in(result.output) == std::vector<std::string>{display});
}

TEST_CASE("save-session: the same state as the link, and the same picture", "[state_cli]") {
  const fs::path dir = temp_dir();
  const std::string link =
      "pelab:?c=sinusoidal:positions=48,dims=32,base=500&c=binary:positions=48,dims=32&view=similarity&p=7,"
      "30&"
      "display.metric=cosine&display.colormap=magma&layout.views=similarity,rotation";
  const fs::path session = dir / "from_link.json";
  fs::remove(session);
  Run result = run_headless(quoted(link) + " --save-session " + session.string());
  INFO(result.output);
  REQUIRE(result.status == 0);
  const SessionLoad load = load_session_file(session, ui::view_ids());
  REQUIRE(load.state);
  REQUIRE(load.state->slots.size() == 2);
  CHECK(load.state->slots[0].config.encoding.base == 500.0);
  CHECK(load.state->slots[0].selection.position == 7);
  CHECK(load.state->slots[1].selection.position == 30);
  CHECK(load.state->display.metric == SimilarityMetric::cosine);
  CHECK(load.state->display.colormap == Colormap::magma);
  CHECK(load.state->layout.views == std::vector<std::string>{"similarity", "rotation"});
  CHECK(load.state->layout.maximized == "similarity");

  // The session opens as the link does: the same link, and the same picture.
  result = run_headless(quoted(link) + " --print-link");
  const std::vector<std::string> from_link = links_in(result.output);
  REQUIRE(from_link.size() == 1);
  CHECK(from_link.front().find("&p=7,30&") != std::string::npos);
  result = run_headless("--session " + session.string() + " --print-link");
  INFO(result.output);
  CHECK(links_in(result.output) == from_link);
  const fs::path a = dir / "link.png", b = dir / "session.png", geometry = dir / "link.geometry.json";
  result = run_headless(quoted(link) + " --size 800x600 --screenshot " + a.string() + " --geometry " +
                        geometry.string());
  REQUIRE(result.status == 0);
  result = run_headless("--session " + session.string() + " --size 800x600 --screenshot " + b.string());
  REQUIRE(result.status == 0);
  CHECK(differing_pixels(a, b, geometry) == 0);
}

TEST_CASE("a sample of states: the link's picture is the session's, pixel for pixel", "[state_cli]") {
  const fs::path dir = temp_dir();
  // Each view with settings of its own, the display's controls, several configurations with their own
  // selections and links, and a rope model preset.
  const std::vector<std::string> links = {
      "pelab:?c=sinusoidal:base=100&c=fourier&view=rotation&p=30,12&k=5&display.convention=row&"
      "display.show_both_conventions=true&set=rotation.residual=true",
      "pelab:?c=integer:positions=32&view=heatmap&display.colormap=magma&display.range_mode=fixed&"
      "display.range_min=-2&display.range_max=40",
      "pelab:?view=curves&i=9&display.neighbour_curves=3&set=curves.pick=true&set=curves.columns=[1,5,-1]",
      "pelab:?c=sinusoidal&c=learned:seed=3&view=similarity&display.metric=distance&links.positions=false&"
      "active=1",
      "pelab:?view=rope&set=rope.model=llama-3.1-8b&set=rope.position=20000",
      "pelab:?view=bias&set=bias.method=t5&set=bias.heads=4&set=bias.causal=true",
      "pelab:?view=grid&layout.views=pca,norms,attention&set=pca.components=3&set=norms.lengths=[2,4]&"
      "set=attention.order=[1,0,2,3,4,5]",
  };
  for (std::size_t n = 0; n < links.size(); ++n) {
    const std::string& link = links[n];
    INFO(link);
    const fs::path session = dir / ("sample_" + std::to_string(n) + ".json");
    const fs::path a = dir / ("sample_" + std::to_string(n) + "_link.png");
    const fs::path b = dir / ("sample_" + std::to_string(n) + "_session.png");
    const fs::path geometry = dir / ("sample_" + std::to_string(n) + ".geometry.json");
    Run result = run_headless(quoted(link) + " --save-session " + session.string());
    INFO(result.output);
    REQUIRE(result.status == 0);
    result = run_headless(quoted(link) + " --size 800x600 --screenshot " + a.string() + " --geometry " +
                          geometry.string());
    REQUIRE(result.status == 0);
    result = run_headless("--session " + session.string() + " --size 800x600 --screenshot " + b.string());
    REQUIRE(result.status == 0);
    CHECK(differing_pixels(a, b, geometry) == 0);
    // And the session's link is the link's.
    const Run from_link = run_headless(quoted(link) + " --print-link");
    const Run from_session = run_headless("--session " + session.string() + " --print-link");
    CHECK(links_in(from_link.output).size() == 1);
    CHECK(links_in(from_session.output) == links_in(from_link.output));
  }
}

TEST_CASE("refused input gives no picture, link or file, and a non-zero exit", "[state_cli]") {
  const fs::path dir = temp_dir();
  const fs::path png = dir / "refused.png", saved = dir / "refused_session.json";
  const auto nothing_written = [&] {
    CHECK_FALSE(fs::exists(png));
    CHECK_FALSE(fs::exists(saved));
  };
  fs::remove(png);
  fs::remove(saved);

  // A link with a refused parameter (the window would open it with a notice).
  Run result = run_headless("'pelab:?c=fourier&display.metric=angle' --screenshot " + png.string());
  INFO(result.output);
  CHECK(result.status == 2);
  CHECK(result.output.find("display.metric=angle") != std::string::npos);
  result = run_headless("'pelab:?c=fourier&k=x' --print-link --save-session " + saved.string());
  CHECK(result.status == 2);
  CHECK(links_in(result.output).empty());
  nothing_written();

  // A session whose table file is missing: named, no picture.
  const fs::path session = dir / "missing_table.json";
  const fs::path table = dir / "no_such_table.npy";
  write_text(session, R"({"pelab_session": 2, "configs": [{"kind": "learned", "positions": 8, "dims": 4,
                          "table": ")" +
                          table.string() + R"("}]})");
  result = run_headless("--session " + session.string() + " --screenshot " + png.string());
  INFO(result.output);
  CHECK(result.status == 2);
  CHECK(result.output.find(table.string()) != std::string::npos);
  result = run_headless("--session " + session.string() + " --save-session " + saved.string());
  CHECK(result.status == 2);
  nothing_written();

  // A refused session file.
  write_text(session, R"({"pelab_session": 2, "display": {"metric": "angle"}})");
  result = run_headless("--session " + session.string() + " --print-link");
  INFO(result.output);
  CHECK(result.status == 2);
  CHECK(links_in(result.output).empty());
  CHECK(result.output.find("display.metric") != std::string::npos);
}
