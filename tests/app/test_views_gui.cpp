// The views in the real program under Xvfb (each alone at both sizes is test_gui.cpp's): every view
// of the registry renders a non-blank screenshot in compare mode; the rope, bias, attention, norms
// and pca views with settings from a session (model-like scalings, T5, a larger batch, 3-D PCA,
// Korean: each setting and the language read back from the text the view drew, against the views'
// defaults in English); and a scaling core refuses is shown, not fatal.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "gui_support.hpp"
#include "ui/view_registry.hpp"

namespace fs = std::filesystem;

namespace {

using namespace pelab::test;

// Renders and checks the PNG: exit 0, the asked size, not blank. Returns the image.
Image screenshot(const std::string& name, const std::string& arguments, const std::string& size) {
  const fs::path png = temp_dir() / (name + ".png");
  fs::remove(png);
  const Run result = run_xvfb(arguments + " --screenshot " + png.string() + " --size " + size);
  INFO(name << " " << size << ": " << result.output);
  REQUIRE(result.status == 0);
  const Image image = load_png(png);
  CHECK(image.width == std::stoi(size));
  CHECK(pixel_variance(image) > 100.0);
  return image;
}

// A screenshot with its `--geometry` file: the picture, the text drawn in the last frame (one line
// per text item) and where the status bar starts (it shows measured times, which differ per run).
struct Drawn {
  Image image;
  std::string text;
  int status_bar_top = 0;
};

Drawn drawn(const std::string& name, const std::string& arguments, const std::string& size) {
  const fs::path geometry = temp_dir() / (name + ".json");
  fs::remove(geometry);
  Drawn out;
  out.image = screenshot(name, arguments + " --geometry " + geometry.string(), size);
  const nlohmann::json frame = load_json(geometry);
  out.text = frame.at("text").get<std::string>();
  out.status_bar_top = static_cast<int>(frame.at("status_bar_top").get<double>());
  return out;
}

// True when the two pictures differ above the status bar.
bool views_differ(const Drawn& a, const Drawn& b) {
  REQUIRE(a.image.width == b.image.width);
  const int rows = std::min({a.status_bar_top, b.status_bar_top, a.image.height, b.image.height});
  REQUIRE(rows > 0);
  const auto bytes = static_cast<std::ptrdiff_t>(rows) * a.image.width * 3;
  return !std::equal(a.image.rgb.begin(), a.image.rgb.begin() + bytes, b.image.rgb.begin());
}

}  // namespace

TEST_CASE("every view in compare mode: two and four configurations", "[gui][views]") {
  for (std::string_view id : pelab::app::ui::view_ids()) {
    const std::string view(id);
    screenshot("views_compare2_" + view, "sinusoidal learned --view " + view, "1920x1080");
    screenshot("views_compare4_" + view, "sinusoidal integer binary:dims=16 fourier --view " + view,
               "1280x800");
  }
}

TEST_CASE("view settings from a session: scalings, T5, a larger batch, 3-D PCA, Korean", "[gui][views]") {
  const fs::path dir = temp_dir();
  const std::string views = R"("views": {
      "rope": {"model": "llama-3.1-8b", "dims": 128, "base": 500000, "context": 8192, "position": 65536,
               "a": {"type": "llama3", "factor": 8, "low_freq_factor": 1, "high_freq_factor": 4},
               "b": {"type": "dynamic", "factor": 8, "seq_len": 32768}, "compare": true},
      "bias": {"method": "t5", "heads": 6, "positions": 24, "causal": true},
      "attention": {"order": [2, 1, 0, 3, 4, 5]},
      "norms": {"lengths": [3, 2, 1, 4], "count_padding": false},
      "pca": {"components": 3, "yaw": 0.3, "pitch": 0.8}})";
  const std::string configs = R"("pelab_session": 2, "configs": [{"kind": "sinusoidal", "dims": 32}])";
  // The session, and the same configuration with the views' defaults in English.
  const fs::path session = dir / "views_settings.json";
  write_text(session, "{" + configs + R"(, "ui": {"language": "ko"}, )" + views + "}");
  const fs::path defaults = dir / "views_defaults.json";
  write_text(defaults, "{" + configs + R"(, "ui": {"language": "en"}})");

  // What each view draws with the session's settings (none of it drawn with the defaults), and a
  // text of the view in Korean with its English counterpart.
  struct Expected {
    const char* view;
    std::vector<std::string> settings;
    const char* korean;
    const char* english;
  };
  const std::vector<Expected> expected = {
      {"rope",
       {"{ llama-3.1-8b } { 128 } D { base 500000 } { 8192 } L { 65536 } p [x]",
        "A { llama3 } { ×8 } { low 1 } { high 4 }", "B { dynamic } { ×8 } { 32768 }"},
       "RoPE 주파수 스케일링",
       "RoPE frequency scaling"},
      {"bias",
       {"( ) ALiBi (x) T5 ( ) Shaw { 6 } ", " { 24 } ", "[x] 인과"},
       "헤드별 상대 편향",
       "Relative biases per head"},
      {"attention",
       {"[ sat ] [ cat ] [ the ] [ on ] [ the ] [ mat ]"},
       "위치가 있을 때와 없을 때의 어텐션",
       "Attention with and without positions"},
      {"norms",
       {"{ A: 3 } { B: 2 } { C: 1 } { D: 4 }", "[ ] BatchNorm에 패딩 포함"},
       "배치 길이:",
       "batch lengths:"},
      {"pca", {"(x) 3차원"}, "P의 주성분", "Principal components of P"},
  };
  Drawn turned;  // the PCA view with the session's settings
  for (const Expected& e : expected) {
    const std::string view = e.view;
    const Drawn set =
        drawn("views_session_" + view, "--session " + session.string() + " --view " + view, "1920x1080");
    const Drawn plain =
        drawn("views_defaults_" + view, "--session " + defaults.string() + " --view " + view, "1920x1080");
    INFO(view << " with the session's settings:\n" << set.text << "\nwith the defaults:\n" << plain.text);
    for (const std::string& line : e.settings) {
      INFO(line);
      CHECK(set.text.find(line) != std::string::npos);
      CHECK(plain.text.find(line) == std::string::npos);
    }
    CHECK(set.text.find(e.korean) != std::string::npos);
    CHECK(set.text.find(e.english) == std::string::npos);
    CHECK(plain.text.find(e.english) != std::string::npos);
    CHECK(views_differ(set, plain));
    if (view == "pca") turned = set;
  }

  // The PCA view's angles (nothing of them is text): the same session without them looks different.
  const fs::path unturned = dir / "views_unturned.json";
  write_text(unturned, "{" + configs + R"(, "ui": {"language": "ko"}, "views": {"pca": {"components": 3}}})");
  const Drawn straight =
      drawn("views_session_pca_straight", "--session " + unturned.string() + " --view pca", "1920x1080");
  CHECK(turned.text.find("(x) 3차원") != std::string::npos);
  CHECK(straight.text.find("(x) 3차원") != std::string::npos);
  CHECK(views_differ(turned, straight));
}

TEST_CASE("a scaling core refuses is explained in the view, not fatal", "[gui][views]") {
  const fs::path dir = temp_dir();
  const fs::path session = dir / "views_refused.json";
  write_text(
      session,
      R"({"pelab_session": 2, "views": {"rope": {"a": {"type": "longrope"}, "b": {"type": "yarn"}}}})");
  screenshot("views_refused_rope", "--session " + session.string() + " --view rope", "1280x800");
  // Alone and compared, the same settings give different pictures (B is drawn only when compared).
  const fs::path single = dir / "views_single.json";
  write_text(single, R"({"pelab_session": 2, "views": {"rope": {"compare": false}}})");
  const Image one =
      screenshot("views_rope_single", "--session " + single.string() + " --view rope", "1280x800");
  const Image two = screenshot("views_rope_compare", "--view rope", "1280x800");
  CHECK(one.rgb != two.rgb);
}

TEST_CASE("pelab --help lists every view of the registry", "[gui][views]") {
  const Run result = run(std::string(PELAB_GUI_PATH) + " --help");
  CHECK(result.status == 0);
  for (std::string_view id : pelab::app::ui::view_ids()) {
    INFO(id);
    CHECK(result.output.find("  " + std::string(id) + " ") != std::string::npos);
  }
}
