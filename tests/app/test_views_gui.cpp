// The views in the real program under Xvfb (each alone at both sizes is test_gui.cpp's): every view
// of the registry renders a non-blank screenshot in compare mode; the rope, bias, attention, norms
// and pca views with settings from a session (model-like scalings, T5, a larger batch, 3-D PCA,
// Korean); and a scaling core refuses is shown, not fatal.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <string_view>

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
  const fs::path session = dir / "views_settings.json";
  write_text(session, R"({"pelab_session": 2, "configs": [{"kind": "sinusoidal", "dims": 32}],
    "ui": {"language": "ko"},
    "views": {"rope": {"model": "llama-3.1-8b", "dims": 128, "base": 500000, "context": 8192, "position": 65536,
                       "a": {"type": "llama3", "factor": 8, "low_freq_factor": 1, "high_freq_factor": 4},
                       "b": {"type": "dynamic", "factor": 8, "seq_len": 32768}, "compare": true},
              "bias": {"method": "t5", "heads": 6, "positions": 24, "causal": true},
              "attention": {"order": [4, 1, 2, 3, 0, 5]},
              "norms": {"lengths": [3, 2, 1, 4], "count_padding": false},
              "pca": {"components": 3, "yaw": 0.3, "pitch": 0.8}}})");
  for (const char* view : {"rope", "bias", "attention", "norms", "pca"})
    screenshot(std::string("views_session_") + view, "--session " + session.string() + " --view " + view,
               "1920x1080");
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
