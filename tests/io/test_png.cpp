// PNG export: pixels read back with stb_image (an independent decoder), heatmap colours from
// known colormap facts, and the annotated figure's structure.
#include <stb_image.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <memory>

#include "pelab/io/atomic_file.hpp"
#include "pelab/io/png.hpp"
#include "temp_dir.hpp"

using Catch::Matchers::Contains;
using pelab::Rgb8;

namespace {

// A decoded RGB image.
struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;
  Rgb8 at(int x, int y) const {
    const std::size_t i = (std::size_t(y) * std::size_t(width) + std::size_t(x)) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
};

Image load_png(const std::filesystem::path& path) {
  const std::string bytes = pelab::read_file_bytes(path);
  Image image;
  int channels = 0;
  std::unique_ptr<stbi_uc, void (*)(void*)> pixels(
      stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(bytes.data()), static_cast<int>(bytes.size()),
                            &image.width, &image.height, &channels, 3),
      stbi_image_free);
  REQUIRE(pixels != nullptr);
  CHECK(channels == 3);
  image.rgb.assign(pixels.get(), pixels.get() + std::size_t(image.width) * std::size_t(image.height) * 3);
  return image;
}

}  // namespace

TEST_CASE("png: RGB pixels survive a write and an independent decode", "[io][png]") {
  pelab::test::TempDir dir;
  std::vector<std::uint8_t> rgb(5 * 3 * 3);
  for (std::size_t i = 0; i < rgb.size(); ++i) rgb[i] = static_cast<std::uint8_t>(i * 37 + 11);
  pelab::write_png_rgb(dir.path / "small.png", 5, 3, rgb);
  const Image image = load_png(dir.path / "small.png");
  CHECK(image.width == 5);
  CHECK(image.height == 3);
  CHECK(image.rgb == rgb);
  CHECK(dir.entries() == std::set<std::string>{"small.png"});
}

TEST_CASE("png: bad sizes are refused", "[io][png]") {
  const std::vector<std::uint8_t> rgb(12);
  CHECK_THROWS_AS(pelab::png_encode_rgb(0, 4, rgb), pelab::Error);
  CHECK_THROWS_WITH(pelab::png_encode_rgb(2, 3, rgb), Contains("12 bytes"));
  CHECK_THROWS_WITH(pelab::png_encode_rgb(100000, 100000, rgb), Contains("too large"));
  CHECK(pelab::png_encode_rgb(2, 2, rgb).substr(1, 3) == "PNG");
}

TEST_CASE("png: heatmap pixels put row 0 at the top and use the colormap colour of each value", "[io][png]") {
  pelab::Matrix matrix(2, 3);
  matrix << 0.0, 2.5, 5.0,  //
      7.5, 10.0, std::nan("");
  const pelab::ValueRange range{0.0, 10.0};
  // gray: LUT entry i is (i, i, i) and value v picks entry min(255, floor(256 v / 10)).
  const std::vector<std::uint8_t> gray = pelab::heatmap_pixels(matrix, pelab::Colormap::gray, range);
  const std::vector<std::uint8_t> expected{0,   0,   0,   64,  64,  64,  128, 128, 128,
                                           192, 192, 192, 255, 255, 255, 255, 0,   255};
  CHECK(gray == expected);

  const std::vector<std::uint8_t> viridis = pelab::heatmap_pixels(matrix, pelab::Colormap::viridis, range);
  CHECK(std::vector<std::uint8_t>(viridis.begin(), viridis.begin() + 3) ==
        std::vector<std::uint8_t>{0x44, 0x01, 0x54});
  CHECK(std::vector<std::uint8_t>(viridis.begin() + 12, viridis.begin() + 15) ==
        std::vector<std::uint8_t>{0xfd, 0xe7, 0x25});

  pelab::test::TempDir dir;
  pelab::write_heatmap_png(dir.path / "heat.png", matrix, pelab::Colormap::gray, range);
  const Image image = load_png(dir.path / "heat.png");
  CHECK(image.width == 3);
  CHECK(image.height == 2);
  CHECK(image.rgb == expected);
  CHECK(image.at(0, 1) == Rgb8{192, 192, 192});
  CHECK_THROWS_WITH(
      pelab::write_heatmap_png(dir.path / "e.png", pelab::Matrix(0, 4), pelab::Colormap::gray, range),
      Contains("empty"));
}

TEST_CASE("png: values outside the range are clamped to the colormap ends", "[io][png]") {
  pelab::Matrix matrix(1, 2);
  matrix << -100.0, 100.0;
  const auto pixels = pelab::heatmap_pixels(matrix, pelab::Colormap::gray, {0.0, 1.0});
  CHECK(pixels == std::vector<std::uint8_t>{0, 0, 0, 255, 255, 255});
}

TEST_CASE("png figure: a 2x2 matrix fills four quadrants with its colours, with text around it",
          "[io][png][figure]") {
  pelab::test::TempDir dir;
  pelab::Matrix matrix(2, 2);
  matrix << 0.0, 1.0, 2.0, 3.0;
  pelab::FigureOptions options;
  options.colormap = pelab::Colormap::gray;
  options.range_mode = pelab::RangeMode::fixed;
  options.fixed_range = {0.0, 4.0};
  options.title = "Sinusoidal encoding";
  options.width = 600;
  options.height = 400;
  pelab::write_heatmap_figure_png(dir.path / "figure.png", matrix, options);
  const Image image = load_png(dir.path / "figure.png");
  REQUIRE(image.width == 600);
  REQUIRE(image.height == 400);
  CHECK(image.at(0, 0) == Rgb8{255, 255, 255});
  CHECK(image.at(599, 399) == Rgb8{255, 255, 255});

  // Value v maps to gray level floor(256 v / 4): 0, 64, 128, 192. Find each colour's pixels.
  const std::uint8_t levels[4] = {0, 64, 128, 192};
  double mean_x[4] = {}, mean_y[4] = {};
  long count[4] = {};
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const Rgb8 c = image.at(x, y);
      for (int k = 0; k < 4; ++k) {
        if (c == Rgb8{levels[k], levels[k], levels[k]}) {
          mean_x[k] += x;
          mean_y[k] += y;
          ++count[k];
        }
      }
    }
  }
  for (int k = 0; k < 4; ++k) {
    INFO("value " << k);
    CHECK(count[k] > 600 * 400 / 20);
    mean_x[k] /= double(count[k]);
    mean_y[k] /= double(count[k]);
  }
  // Row 0 (values 0, 1) above row 1 (values 2, 3); column 0 left of column 1.
  CHECK(mean_y[0] < mean_y[2]);
  CHECK(mean_y[1] < mean_y[3]);
  CHECK(mean_x[0] < mean_x[1]);
  CHECK(mean_x[2] < mean_x[3]);

  // The title puts dark pixels in the top band, which is otherwise white.
  long dark_in_title_band = 0;
  for (int y = 0; y < 40; ++y)
    for (int x = 0; x < image.width; ++x) dark_in_title_band += image.at(x, y).r < 100;
  CHECK(dark_in_title_band > 100);
}

TEST_CASE("png figure: equal aspect draws a square matrix as a square", "[io][png][figure]") {
  pelab::test::TempDir dir;
  const pelab::Matrix matrix = pelab::Matrix::Constant(30, 30, 2.0);  // one gray level, 128
  pelab::FigureOptions options;
  options.colormap = pelab::Colormap::gray;
  options.range_mode = pelab::RangeMode::fixed;
  options.fixed_range = {0.0, 4.0};
  options.equal_aspect = true;
  options.width = 1200;  // a wide figure: without equal aspect the plot would be about 2:1
  options.height = 500;
  pelab::write_heatmap_figure_png(dir.path / "square.png", matrix, options);
  const Image image = load_png(dir.path / "square.png");
  int x_lo = image.width, x_hi = -1, y_lo = image.height, y_hi = -1;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      if (image.at(x, y) != Rgb8{128, 128, 128}) continue;
      x_lo = std::min(x_lo, x);
      x_hi = std::max(x_hi, x);
      y_lo = std::min(y_lo, y);
      y_hi = std::max(y_hi, y);
    }
  }
  REQUIRE(x_hi > x_lo);
  // Square to within the frame's line width (the frame is drawn over the outer pixels).
  CHECK(std::abs((x_hi - x_lo) - (y_hi - y_lo)) <= 5);
  CHECK(y_hi - y_lo > 300);  // and it still uses the height
}

TEST_CASE("png figure: large matrices are averaged down and sizes are validated", "[io][png][figure]") {
  // Alternating +1/-1 columns average to about 0 when 2000 columns share ~1000 pixels.
  pelab::Matrix matrix(3, 2000);
  for (Eigen::Index c = 0; c < matrix.cols(); ++c) matrix.col(c).setConstant(c % 2 == 0 ? 1.0 : -1.0);
  pelab::FigureOptions options;
  options.colormap = pelab::Colormap::gray;
  options.range_mode = pelab::RangeMode::symmetric;
  options.title = "alternating columns";
  const std::vector<std::uint8_t> rgb = pelab::render_heatmap_figure(matrix, options);
  REQUIRE(rgb.size() == 1200u * 800u * 3u);
  long middle_gray = 0;
  for (std::size_t i = 0; i < rgb.size(); i += 3) {
    middle_gray += rgb[i] == 128 && rgb[i + 1] == 128;
  }
  CHECK(middle_gray > 1200 * 800 / 3);

  // The title is projector-sized: its ink spans at least 20 rows at 1200 x 800.
  int first_ink_row = -1, last_ink_row = -1;
  for (int y = 0; y < 60; ++y) {
    for (int x = 0; x < 1200; ++x) {
      if (rgb[(std::size_t(y) * 1200 + std::size_t(x)) * 3] < 100) {
        if (first_ink_row < 0) first_ink_row = y;
        last_ink_row = y;
      }
    }
  }
  CHECK(first_ink_row >= 0);
  CHECK(last_ink_row - first_ink_row + 1 >= 20);

  options.width = 100;
  CHECK_THROWS_WITH(pelab::render_heatmap_figure(matrix, options), Contains("out of range"));
  options.width = 1200;
  options.x_step = 0.0;
  CHECK_THROWS_WITH(pelab::render_heatmap_figure(matrix, options), Contains("zero"));
  options.x_step = 1e308;
  CHECK_THROWS_WITH(pelab::render_heatmap_figure(matrix, options), Contains("overflow"));
  options.x_step = 1.0;
  CHECK_THROWS_WITH(pelab::render_heatmap_figure(pelab::Matrix(0, 0), options), Contains("empty"));
}

TEST_CASE("png figure: a missing font is a clear error", "[io][png][figure]") {
  pelab::FigureOptions options;
  options.font_path = "/nonexistent/DejaVuSans.ttf";
  CHECK_THROWS_WITH(pelab::render_heatmap_figure(pelab::Matrix::Zero(2, 2), options),
                    Contains("/nonexistent/DejaVuSans.ttf") && Contains("fonts-dejavu-core"));
  pelab::test::TempDir dir;
  pelab::write_file_atomic(dir.path / "fake.ttf", "this is not a font at all");
  options.font_path = dir.path / "fake.ttf";
  CHECK_THROWS_WITH(pelab::render_heatmap_figure(pelab::Matrix::Zero(2, 2), options),
                    Contains("not a TrueType font"));
}
