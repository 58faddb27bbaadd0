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
