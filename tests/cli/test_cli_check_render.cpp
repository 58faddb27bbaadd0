// pelab-cli check (requirement scores as table and JSON), render (PNG figures), help and version.
#include <stb_image.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <set>

#include "cli_runner.hpp"

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

TEST_CASE("render: a PNG figure that stb loads and that has content") {
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
}
