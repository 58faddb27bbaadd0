// Links to a state (state/state_link.hpp): hand-written links read to the values they spell, the
// writer's links read back to the same state for every view and kind, bad parameters are named
// while the rest applies, and the query's percent-encoding.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "pelab/config_spec.hpp"
#include "pelab/kinds.hpp"
#include "pelab/model_config.hpp"
#include "pelab/types.hpp"
#include "problems_support.hpp"
#include "state/i18n.hpp"
#include "state/session.hpp"
#include "state/state_link.hpp"
#include "state/view_options.hpp"
#include "ui/view_registry.hpp"

using namespace pelab;
using namespace pelab::app;
namespace fs = std::filesystem;

using pelab::test::mentions;

namespace {

fs::path models_dir() { return fs::path(PELAB_SOURCE_DIR) / "assets" / "models"; }

void load_languages() {
  std::vector<std::string> problems;
  REQUIRE(load_strings(fs::path(PELAB_SOURCE_DIR) / "assets" / "i18n", problems));
}

StateLinkRead read(std::string_view text) { return read_state_link(text, ui::view_ids(), models_dir()); }

// What pelab does with a link's parameters on a fresh state (main.cpp, without learned table files).
AppState applied(const StateLink& link) {
  std::vector<std::string> problems;
  AppState state = open_state_link(AppState{}, link, ui::view_ids(), models_dir(), problems);
  INFO(problems.size());
  REQUIRE(problems.empty());
  return state;
}

}  // namespace

TEST_CASE("a hand-written link reads to the values it spells", "[link]") {
  load_languages();
  const StateLinkRead r = read("pelab:?c=sinusoidal:base=100&c=fourier&view=rotation&p=20&k=4&i=9&lang=ko");
  INFO(r.problems.size());
  CHECK(r.problems.empty());
  REQUIRE(r.link.configs.size() == 2);
  CHECK(parse_config_spec(r.link.configs[0]).encoding.base == 100.0);
  CHECK(parse_config_spec(r.link.configs[1]).encoding.kind == EncodingKind::fourier);
  CHECK(r.link.view == "rotation");
  CHECK(r.link.position == std::vector<std::int64_t>{20});
  CHECK(r.link.offset == std::vector<std::int64_t>{4});
  CHECK(r.link.dimension == std::vector<std::int64_t>{9});
  CHECK(r.link.language == "ko");
  CHECK(r.link.lesson.empty());

  const StateLinkRead lesson = read("https://example.org/pelab/?lesson=04_offset_rotation&step=3#top");
  CHECK(lesson.problems.empty());
  CHECK(lesson.link.lesson == "04_offset_rotation");
  CHECK(lesson.link.step == 3);

  // Percent-encoded and '+' for space, as a browser's form would send them; set= as --set takes it.
  const StateLinkRead encoded = read(
      "pelab:?c=sinusoidal%3Abase%3D500%2Clabel%3DGPT+wpe&set=bias.method%3Dt5&set=rope.b=%7B%22type%22%3A+%"
      "22"
      "dynamic%22%2C+%22factor%22%3A+2%7D");
  INFO(encoded.problems.size());
  CHECK(encoded.problems.empty());
  REQUIRE(encoded.link.configs.size() == 1);
  const ConfigSpec spec = parse_config_spec(encoded.link.configs[0]);
  CHECK(spec.encoding.base == 500.0);
  CHECK(spec.label == "GPT wpe");
  const AppState state = applied(encoded.link);
  CHECK(state.views.bias.method == BiasMethod::t5);
  CHECK(state.views.rope.scaling_b.type == RopeScalingType::dynamic);
  CHECK(state.views.rope.scaling_b.factor == 2.0);
}

TEST_CASE("percent-encoding of a link's query", "[link]") {
  CHECK(percent_decode("a+b%20c%3a%3A%zz%4") == "a b c::%zz%4");
  CHECK(percent_decode("%ED%95%9C") == "한");
  CHECK(percent_encode("sinusoidal:base=100,label=a b&c+d#e%f") ==
        "sinusoidal:base=100,label=a%20b%26c%2Bd%23e%25f");
  CHECK(percent_encode("한") == "%ED%95%9C");
  CHECK(percent_encode("{\"x\": 1}") == "%7B%22x%22:%201%7D");
}

TEST_CASE("the writer's link reads back to the same state, for every view and kind", "[link]") {
  load_languages();
  for (std::string_view view : ui::view_ids()) {
    for (const KindInfo& kind : kind_table()) {
      AppState state;
      Slot slot;
      slot.config.encoding.kind = kind.kind;
      slot.config.encoding.positions = 48;
      slot.config.encoding.dims = 32;
      slot.config.encoding.start = 3;
      slot.config.encoding.base = 500.0;
      slot.config.label = "위치 " + std::string(kind.name);  // bytes outside ASCII and a space
      slot.selection = Selection{7, 3, 5};
      Slot second;
      second.config.encoding.kind = EncodingKind::integer;
      state.slots = {slot, second};
      state.layout.maximized = std::string(view);
      state.ui.language = "ko";
      state.views.bias.method = BiasMethod::shaw;
      state.views.bias.shaw_clip = 7;
      state.views.norms.lengths = {4, 1, 2};
      state.views.pca.yaw = 0.1234567890123;
      state.views.rope.scaling_a = scaling_with_factor(RopeScalingType::yarn, 8.0);

      std::vector<std::string> left_out;
      const StateLink link = state_link_of(state, left_out);
      CHECK(left_out.empty());
      const std::string text = write_state_link(link);
      INFO(text);
      CHECK(text.starts_with("pelab:?c="));
      const StateLinkRead back = read(text);
      CHECK(back.problems.empty());
      CHECK(back.link == link);

      const AppState opened = applied(back.link);
      REQUIRE(opened.slots.size() == 2);
      const EncodingParams& e = opened.slots.front().config.encoding;
      CHECK(e.kind == kind.kind);
      CHECK(e.positions == 48);
      CHECK(e.dims == 32);
      CHECK(e.start == 3);
      if (reads(kind.kind, KindParameter::base)) CHECK(e.base == 500.0);
      CHECK(opened.slots.front().config.label == slot.config.label);
      CHECK(opened.slots.back().config.encoding.kind == EncodingKind::integer);
      CHECK(opened.slots.front().selection == slot.selection);
      CHECK(opened.layout.maximized == std::string(view));
      CHECK(opened.ui.language == "ko");
      CHECK(opened.views == state.views);
    }
  }
}

TEST_CASE("a rope model preset in a link: the preset, then every rope setting", "[link]") {
  load_languages();
  AppState state;
  state.views.rope =
      rope_settings_for_model(load_model_config(models_dir() / "llama-3.1-8b.json"), "llama-3.1-8b");
  state.views.rope.position = 12345;
  std::vector<std::string> left_out;
  const StateLink link = state_link_of(state, left_out);
  REQUIRE_FALSE(link.view_options.empty());
  CHECK(link.view_options.front() == "rope.model=llama-3.1-8b");
  const StateLinkRead back = read(write_state_link(link));
  CHECK(back.problems.empty());
  CHECK(applied(back.link).views == state.views);
}

TEST_CASE("a learned table's path, N and D are in the link", "[link]") {
  load_languages();
  AppState state;
  Config& config = state.slots.front().config;
  config.encoding.kind = EncodingKind::learned;
  config.encoding.positions = 50;
  config.encoding.dims = 768;
  config.table_path = "/data/GPT 2/wpe.safetensors";
  config.tensor = "wpe.weight";
  std::vector<std::string> left_out;
  const StateLink link = state_link_of(state, left_out);
  const std::string text = write_state_link(link);
  CHECK(text.starts_with(
      "pelab:?c=learned:positions=50,dims=768,table=/data/GPT%202/wpe.safetensors,tensor=wpe.weight&"));
  const StateLinkRead back = read(text);
  REQUIRE(back.link.configs.size() == 1);
  const ConfigSpec spec = parse_config_spec(back.link.configs.front());
  CHECK(spec.table == config.table_path);
  CHECK(spec.tensor == "wpe.weight");
  CHECK(spec.encoding.positions == 50);
  CHECK(spec.encoding.dims == 768);
}

TEST_CASE("a lesson being taught links to its step", "[link]") {
  AppModel model;
  model.lessons.lesson = Lesson{};
  model.lessons.lesson->id = "04_offset_rotation";
  model.lessons.step = 2;
  std::vector<std::string> left_out;
  CHECK(write_state_link(state_link_of(model, left_out)) == "pelab:?lesson=04_offset_rotation&step=3");
}

TEST_CASE("bad link parameters are named and the rest applies", "[link]") {
  load_languages();
  const StateLinkRead r = read(
      "pelab:?c=bogus&c=integer:positions=32&view=nope&p=x&k=5&zz=1&lang=xx&set=rope.dims=0&set=bias.heads=4"
      "&step=3&i=-1&view=heatmap&view=pca&c=binary:base=3");
  CHECK(r.link.configs == std::vector<std::string>{"integer:positions=32"});
  CHECK(r.link.view == "heatmap");  // the bad one is not counted; the second good one is
  CHECK(r.link.position.empty());
  CHECK(r.link.offset == std::vector<std::int64_t>{5});
  CHECK(r.link.dimension.empty());
  CHECK_FALSE(r.link.language);
  CHECK(r.link.view_options == std::vector<std::string>{"bias.heads=4"});
  CHECK_FALSE(r.link.step);
  CHECK(r.problems.size() == 10);
  CHECK(mentions(r.problems, "c: CONFIG 'bogus'"));
  CHECK(mentions(r.problems, "unknown kind 'bogus'"));
  CHECK(mentions(r.problems, "view=nope: no such view"));
  CHECK(mentions(r.problems, "p=x: expected a whole number"));
  CHECK(mentions(r.problems, "unknown parameter 'zz'"));
  CHECK(mentions(r.problems, "lang=xx: no such language (en, ko)"));
  CHECK(mentions(r.problems, "set=rope.dims=0: "));
  CHECK_FALSE(mentions(r.problems, "--set"));  // named once, as the link spells it
  CHECK(mentions(r.problems, "step=3: needs lesson=ID"));
  CHECK(mentions(r.problems, "i=-1: expected a whole number"));
  CHECK(mentions(r.problems, "view=pca: given twice"));
  CHECK(mentions(r.problems, "c: CONFIG 'binary:base=3'"));

  std::string five = "pelab:?";
  for (int n = 0; n < 5; ++n) five += "c=fourier&";
  const StateLinkRead many = read(five);
  CHECK(many.link.configs.size() == max_configs);
  REQUIRE(many.problems.size() == 1);
  CHECK(many.problems.front() == "c=fourier: at most 4 configurations");
}

TEST_CASE("links on the command line and in .link files", "[link]") {
  CHECK(names_state_link("pelab:?c=fourier"));
  CHECK(names_state_link("https://example.org/pelab/?view=pca"));
  CHECK_FALSE(names_state_link("sinusoidal:base=100"));
  CHECK_FALSE(names_state_link("pelab:"));
  CHECK(names_link_file("lecture3.LINK"));
  CHECK_FALSE(names_link_file("gpt2.npy"));

  const fs::path dir = fs::temp_directory_path() / "pelab_test_state_link";
  fs::create_directories(dir);
  std::ofstream(dir / "good.link") << "  pelab:?c=fourier&view=pca\r\n\n";
  CHECK(read_link_file(dir / "good.link") == "pelab:?c=fourier&view=pca");
  std::ofstream(dir / "two.link") << "pelab:?c=fourier\npelab:?c=integer\n";
  CHECK_THROWS_WITH(read_link_file(dir / "two.link"), Catch::Contains("two.link: not a link"));
  std::ofstream(dir / "junk.link") << "sinusoidal";
  CHECK_THROWS_WITH(read_link_file(dir / "junk.link"), Catch::Contains("junk.link: not a link"));
  CHECK_THROWS_WITH(read_link_file(dir / "missing.link"), Catch::Contains("missing.link: cannot be read"));
  fs::remove_all(dir);
}

TEST_CASE("a label that is not UTF-8 is written, not thrown on", "[link]") {
  // A link's percent-escapes can carry any byte (pelab:?c=sinusoidal:label=%FF); the session and the
  // link writers go through JSON, whose writer refuses invalid UTF-8 unless told to replace it.
  load_languages();
  AppState state;
  state.slots.front().config.label =
      "a\xff"
      "b";
  std::string session;
  REQUIRE_NOTHROW(session = session_to_text(state));
  CHECK(session.find("a\xEF\xBF\xBD"
                     "b") != std::string::npos);  // U+FFFD in place of the bad byte
  std::vector<std::string> left_out;
  std::string link;
  REQUIRE_NOTHROW(link = write_state_link(state_link_of(state, left_out)));
  CHECK(link.starts_with("pelab:?c="));
}

TEST_CASE("a link's rope model is a name from the models folder, never a path", "[link]") {
  load_languages();
  for (const char* bad : {"../../etc/passwd", "/etc/hostname", ".hidden", "sub/model", "C:model"}) {
    const StateLinkRead r = read(std::string("pelab:?c=sinusoidal&set=rope.model=") + bad);
    INFO(bad);
    CHECK(mentions(r.problems, "not a path"));
    CHECK(r.link.configs.size() == 1);  // the rest of the link still applies
  }
  CHECK(read("pelab:?c=sinusoidal&set=rope.model=llama-3.1-8b").problems.empty());
}

TEST_CASE("a configuration no CONFIG can write is left out, and the rest is of the others", "[link]") {
  load_languages();
  AppState state;
  state.slots.front().config.encoding.base = 100.0;
  state.slots.front().selection.position = 33;
  Slot odd;  // a ',' in a path: the CONFIG grammar cannot hold it
  odd.config.encoding.kind = EncodingKind::learned;
  odd.config.table_path = "tables/a,b.npy";
  odd.selection.position = 5;
  state.slots.insert(state.slots.begin(), odd);
  state.active = 1;
  std::vector<std::string> left_out;
  const std::string text = write_state_link(state_link_of(state, left_out));
  REQUIRE(left_out.size() == 1);
  CHECK(mentions(left_out, "a,b.npy"));
  // One configuration, its p alone (not 5,33), the first one active.
  CHECK(text == "pelab:?c=sinusoidal:base=100&p=33&links.base=false");
  const StateLinkRead back = read(text);
  CHECK(back.problems.empty());
  const AppState opened = applied(back.link);
  REQUIRE(opened.slots.size() == 1);
  CHECK(opened.slots.front().selection.position == 33);
}
