// pelab-cli check (requirement scores as table and JSON), render (PNG figures), help and version.
#include <stb_image.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "pelab/blas.hpp"
#include "state/view_types.hpp"

using namespace cli_test;

namespace {

nlohmann::json check_json(const std::vector<std::string>& encoding) {
  std::vector<std::string> args = {"check"};
  args.insert(args.end(), encoding.begin(), encoding.end());
  args.push_back("--json");
  const RunResult r = run_cli(args);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  REQUIRE(r.err.empty());
  return nlohmann::json::parse(r.out);
}

std::map<std::string, bool> passes(const nlohmann::json& j) {
  std::map<std::string, bool> result;
  for (const auto& r : j.at("requirements"))
    result[r.at("name").get<std::string>()] = r.at("pass").get<bool>();
  return result;
}

struct Image {
  int width = 0, height = 0, channels = 0;
  std::vector<unsigned char> rgb;
};

Image load_png(const std::string& path) {
  const std::string bytes = read_bytes(path);
  Image image;
  unsigned char* pixels =
      stbi_load_from_memory(reinterpret_cast<const unsigned char*>(bytes.data()),
                            static_cast<int>(bytes.size()), &image.width, &image.height, &image.channels, 3);
  REQUIRE(pixels != nullptr);
  image.rgb.assign(pixels, pixels + static_cast<std::size_t>(image.width) * image.height * 3);
  stbi_image_free(pixels);
  return image;
}

std::size_t distinct_colours(const Image& image) {
  std::set<std::uint32_t> colours;
  for (std::size_t i = 0; i + 2 < image.rgb.size(); i += 3) {
    colours.insert(static_cast<std::uint32_t>(image.rgb[i]) << 16 |
                   static_cast<std::uint32_t>(image.rgb[i + 1]) << 8 | image.rgb[i + 2]);
  }
  return colours.size();
}

}  // namespace

TEST_CASE("check --json: five requirements / sinusoidal passes all / integer is unbounded") {
  const nlohmann::json sin = check_json({"sinusoidal", "--positions", "64", "--dims", "16"});
  REQUIRE(sin.at("requirements").size() == 5);
  int number = 1;
  for (const auto& r : sin.at("requirements")) {
    CHECK(r.at("number").get<int>() == number++);
    CHECK(r.at("value").is_number());
    CHECK(r.at("threshold").is_number());
    CHECK(r.at("description").is_string());
    CHECK(r.at("pass").get<bool>());
  }
  CHECK(sin.at("passed").get<int>() == 5);
  CHECK(sin.at("total").get<int>() == 5);
  CHECK(sin.at("encoding").at("kind") == "sinusoidal");
  CHECK(sin.at("encoding").at("positions") == 64);
  CHECK(sin.at("encoding").at("base") == 10000.0);

  const nlohmann::json integer = check_json({"integer", "--positions", "64", "--dims", "16"});
  auto p = passes(integer);
  CHECK_FALSE(p.at("bounded"));
  CHECK(p.at("length-independent"));
  CHECK(p.at("distinct"));
  // max |P| of positions 0..63 is 63.
  CHECK(integer.at("requirements").at(1).at("value").get<double>() == 63.0);

  // normalized changes with N (requirement 1 fails), binary neighbours differ by varying steps (4 fails).
  CHECK_FALSE(
      passes(check_json({"normalized", "--positions", "32", "--dims", "4"})).at("length-independent"));
  CHECK_FALSE(passes(check_json({"binary", "--positions", "32", "--dims", "6"})).at("distance-like"));
}

TEST_CASE("check: readable table on stdout and the same text in --out") {
  TempDir dir;
  const RunResult r = run_cli({"check", "sinusoidal", "--positions", "32", "--dims", "8"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("5 of 5 requirements pass") != std::string::npos);
  CHECK(r.out.find("length-independent") != std::string::npos);
  const RunResult f =
      run_cli({"check", "sinusoidal", "--positions", "32", "--dims", "8", "--out", dir.file("c.txt")});
  REQUIRE(f.exit_code == 0);
  CHECK(f.out.empty());
  CHECK(read_bytes(dir.file("c.txt")) == r.out);
  const RunResult j =
      run_cli({"check", "integer", "--positions", "8", "--dims", "2", "--json", "--out", dir.file("c.json")});
  REQUIRE(j.exit_code == 0);
  CHECK(nlohmann::json::parse(read_bytes(dir.file("c.json"))).at("passed").get<int>() < 5);
}

TEST_CASE("check: a measure that needs more positions than N is not measurable, neither pass nor fail") {
  // integer at N = 1: the only row is 0 (length-independent 0, bounded max |P| = 0: both pass); the
  // slope (3) and the pairs (5) need 2 rows, the step variation (4) needs 3.
  const nlohmann::json one = check_json({"integer", "--positions", "1", "--dims", "4"});
  const std::vector<std::string> verdicts{"pass", "pass", "not measurable", "not measurable",
                                          "not measurable"};
  const std::vector<int> needs{1, 1, 2, 3, 2};
  for (std::size_t i = 0; i < 5; ++i) {
    const auto& r = one.at("requirements").at(i);
    INFO("requirement " << i + 1);
    CHECK(r.at("verdict") == verdicts[i]);
    CHECK(r.at("needs_positions").get<int>() == needs[i]);
    CHECK(r.at("measurable").get<bool>() == (verdicts[i] != "not measurable"));
    if (verdicts[i] == "not measurable") {
      CHECK_FALSE(r.at("pass").get<bool>());
      CHECK(r.at("value").is_null());
    }
  }
  CHECK(one.at("passed").get<int>() == 2);
  CHECK(one.at("not_measurable").get<int>() == 3);
  const RunResult text = run_cli({"check", "integer", "--positions", "1", "--dims", "4"});
  REQUIRE(text.exit_code == 0);
  CHECK(text.out.find("2 of 5 requirements pass, 3 not measurable at N = 1") != std::string::npos);
  CHECK(text.out.find("not measurable (needs N >= 3)") != std::string::npos);
  CHECK(text.out.find("5 of 5") == std::string::npos);
  // N = 2: rows 0 and 1 (all ones): slope of max |P| is 1 (fails), the pair is 2 apart (passes), the
  // step variation still needs a third row.
  const nlohmann::json two = check_json({"integer", "--positions", "2", "--dims", "4"});
  CHECK(two.at("requirements").at(2).at("value").get<double>() == 1.0);
  CHECK(two.at("requirements").at(2).at("verdict") == "fail");
  CHECK(two.at("requirements").at(4).at("value").get<double>() == 2.0);
  CHECK(two.at("requirements").at(3).at("verdict") == "not measurable");
  CHECK(two.at("passed").get<int>() == 3);
}

TEST_CASE("render: a PNG figure that stb loads and that has content", "[render]") {
  TempDir dir;
  const RunResult heat =
      run_cli({"render", "sinusoidal", "--positions", "64", "--dims", "32", "--out", dir.file("heat.png")});
  INFO(heat.err);
  REQUIRE(heat.exit_code == 0);
  const Image h = load_png(dir.file("heat.png"));
  CHECK(h.width == 1200);
  CHECK(h.height == 800);
  CHECK(distinct_colours(h) > 100);  // a heatmap, not a blank page

  const RunResult sim =
      run_cli({"render", "learned", "--positions", "50", "--dims", "16", "--view", "similarity", "--metric",
               "cosine", "--colormap", "magma", "--out", dir.file("sim.png")});
  INFO(sim.err);
  REQUIRE(sim.exit_code == 0);
  const Image s = load_png(dir.file("sim.png"));
  CHECK(s.width == 1000);  // a square N x N matrix and its colour bar
  CHECK(s.height == 800);
  CHECK(distinct_colours(s) > 100);
  CHECK(h.rgb != s.rgb);
}

TEST_CASE("help and version print to stdout and exit 0") {
  const RunResult help = run_cli({"--help"});
  CHECK(help.exit_code == 0);
  for (const char* command :
       {"encode", "similarity", "rotation", "t5-bucket", "shaw", "alibi", "rope", "check", "render"})
    CHECK(help.out.find(command) != std::string::npos);
  const RunResult encode_help = run_cli({"encode", "--help"});
  CHECK(encode_help.exit_code == 0);
  CHECK(encode_help.out.find("--positions") != std::string::npos);
  CHECK(encode_help.err.empty());
  const RunResult version = run_cli({"--version"});
  CHECK(version.exit_code == 0);
  CHECK(version.out.rfind("pelab-cli ", 0) == 0);
  CHECK(version.out.find("\ndense products: ") != std::string::npos);
}

TEST_CASE("pelab-cli restarts with OpenBLAS kernels that fit the processor when OpenBLAS does not know it") {
  // This test process loaded OpenBLAS with the same environment the CLI gets, so it sees the same
  // choice. Where OpenBLAS picked a specific kernel there is nothing to restart for.
  const std::optional<std::string> better = pelab::better_openblas_coretype();
  const bool user_chose = std::getenv("OPENBLAS_CORETYPE") != nullptr;
  const RunResult version = run_cli({"--version"});
  REQUIRE(version.exit_code == 0);
  if (!better || user_chose) {
    CHECK(version.out.find("kernel ") != std::string::npos);
    return;
  }
  INFO(version.out);
  std::string lower = version.out;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  std::string wanted = "kernel " + *better;
  std::transform(wanted.begin(), wanted.end(), wanted.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  CHECK(lower.find(wanted) != std::string::npos);
  CHECK(lower.find("kernel prescott") == std::string::npos);
  // PELAB_KEEP_BLAS_KERNEL keeps what OpenBLAS chose.
  setenv("PELAB_KEEP_BLAS_KERNEL", "1", 1);
  const RunResult kept = run_cli({"--version"});
  unsetenv("PELAB_KEEP_BLAS_KERNEL");
  std::string kept_lower = kept.out;
  std::transform(kept_lower.begin(), kept_lower.end(), kept_lower.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  CHECK(kept_lower.find("kernel prescott") != std::string::npos);
}

namespace {

// The app's views, as `pelab --help` lists them under "Views (--view):" (render draws any of them).
std::vector<std::string> render_views() {
  const RunResult help = run_program(PELAB_GUI_PATH, {"--help"});
  REQUIRE(help.exit_code == 0);
  const std::size_t from = help.out.find("Views (--view):\n");
  REQUIRE(from != std::string::npos);
  std::vector<std::string> views;
  std::istringstream lines(help.out.substr(from + 16));
  for (std::string line; std::getline(lines, line) && line.rfind("  ", 0) == 0;)
    views.push_back(line.substr(2, line.find(' ', 2) - 2));
  return views;
}

std::vector<std::string> render_args(const std::vector<std::string>& extra, const std::string& out) {
  std::vector<std::string> args = {"render", "sinusoidal", "--positions", "32", "--dims", "16"};
  args.insert(args.end(), extra.begin(), extra.end());
  args.insert(args.end(), {"--out", out});
  return args;
}

}  // namespace

TEST_CASE("render: every view of the app at --size, without a display", "[render]") {
  // pelab-cli draws the app's own views off screen (EGL); DISPLAY is irrelevant to it.
  TempDir dir;
  const std::vector<std::string> views = render_views();
  // render lists the app's views, in the registry's order (and the parsing above found the list).
  CHECK(views ==
        std::vector<std::string>(pelab::app::view_type_ids.begin(), pelab::app::view_type_ids.end()));
  for (const std::string& view : views) {
    const std::string out = dir.file("view_" + view + ".png");
    const RunResult r = run_cli(render_args({"--view", view, "--size", "640x480"}, out));
    INFO(view << ": " << r.err);
    if (view == "difference") {  // two configurations subtracted: render has one, so it refuses
      CHECK(r.exit_code == 2);
      CHECK(r.err.find("--view difference compares 2 configurations and render draws one") !=
            std::string::npos);
      CHECK_FALSE(std::filesystem::exists(out));
      continue;
    }
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.empty());
    const Image image = load_png(out);
    CHECK(image.width == 640);
    CHECK(image.height == 480);
    CHECK(distinct_colours(image) > 20);  // a drawn view (text is anti-aliased), not a blank page
  }
  const RunResult wide = run_cli(render_args({"--size", "1920x1080"}, dir.file("wide.png")));
  REQUIRE(wide.exit_code == 0);
  CHECK(load_png(dir.file("wide.png")).width == 1920);
}

TEST_CASE("render --title replaces the title row and nothing else, by default the view and the encoding",
          "[render]") {
  TempDir dir;
  const auto render = [&](const std::vector<std::string>& extra, const std::string& name) {
    const RunResult r = run_cli(render_args(extra, dir.file(name)));
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    return load_png(dir.file(name));
  };
  const Image first = render({"--title", "first title", "--size", "800x600"}, "first.png");
  const Image second = render({"--title", "a second, longer title", "--size", "800x600"}, "second.png");
  const Image fallback = render({"--size", "800x600"}, "default.png");
  const Image spelled = render(
      {"--title", "Heatmap of P: sinusoidal, N=32, D=16, base=10000", "--size", "800x600"}, "spelled.png");
  const std::size_t row = 800 * 3, title_rows = 40;
  REQUIRE(first.rgb.size() == second.rgb.size());
  CHECK(std::vector<unsigned char>(first.rgb.begin(), first.rgb.begin() + title_rows * row) !=
        std::vector<unsigned char>(second.rgb.begin(), second.rgb.begin() + title_rows * row));
  CHECK(std::vector<unsigned char>(first.rgb.begin() + title_rows * row, first.rgb.end()) ==
        std::vector<unsigned char>(second.rgb.begin() + title_rows * row, second.rgb.end()));
  CHECK(fallback.rgb == spelled.rgb);
}

TEST_CASE("render: --size, --lang and --metric are checked before anything is drawn", "[render]") {
  TempDir dir;
  const std::string out = dir.file("never.png");
  for (const std::vector<std::string>& extra :
       std::vector<std::vector<std::string>>{{"--size", "640"},
                                             {"--size", "640x"},
                                             {"--size", "319x480"},
                                             {"--size", "640x239"},
                                             {"--size", "640x480x3"},
                                             {"--size", "99999x480"},
                                             {"--lang", "xx"},
                                             {"--view", "curves", "--metric", "cosine"}}) {
    const RunResult r = run_cli(render_args(extra, out));
    INFO(extra[0] << " " << extra[1] << ": " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(is_one_error_line(r.err));
    CHECK_FALSE(std::filesystem::exists(out));
  }
  // The app's limits: a figure does not silently show a clamped table.
  const RunResult large =
      run_cli({"render", "sinusoidal", "--positions", "20000", "--dims", "4", "--out", out});
  CHECK(large.exit_code == 2);
  CHECK(large.err.find("N <= 16384") != std::string::npos);
  // --metric with a view that shows the similarity.
  const RunResult cosine = run_cli(
      render_args({"--view", "similarity", "--metric", "cosine", "--size", "640x480"}, dir.file("c.png")));
  INFO(cosine.err);
  CHECK(cosine.exit_code == 0);
}
