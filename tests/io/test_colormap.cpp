// Colormaps: published anchor colours, diverging/linear structure, LUT indexing, value ranges.
#include <catch2/catch.hpp>
#include <cfloat>
#include <cmath>
#include <limits>

#include "pelab/io/colormap.hpp"

using Catch::Matchers::Contains;
using pelab::Colormap;
using pelab::Rgb8;

namespace {

Rgb8 hex(std::uint32_t value) {
  return {std::uint8_t(value >> 16), std::uint8_t((value >> 8) & 0xff), std::uint8_t(value & 0xff)};
}

int channel_distance(Rgb8 a, Rgb8 b) {
  return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
}

// Relative luminance of an sRGB colour (WCAG definition).
double luminance(Rgb8 c) {
  const auto linear = [](int v) {
    const double s = v / 255.0;
    return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

}  // namespace

TEST_CASE("colormap: names round trip and 'grey' is accepted", "[io][colormap]") {
  for (Colormap colormap : pelab::all_colormaps())
    CHECK(pelab::parse_colormap(pelab::to_string(colormap)) == colormap);
  CHECK(pelab::to_string(Colormap::red_blue) == "red-blue");
  CHECK(pelab::parse_colormap("grey") == Colormap::gray);
  CHECK_FALSE(pelab::parse_colormap("jet").has_value());
  CHECK_FALSE(pelab::parse_colormap("").has_value());
  CHECK(pelab::all_colormaps().size() == 4);
  CHECK(pelab::parse_range_mode("auto") == pelab::RangeMode::automatic);
  CHECK(pelab::parse_range_mode("automatic") == pelab::RangeMode::automatic);
  for (auto mode : {pelab::RangeMode::automatic, pelab::RangeMode::symmetric, pelab::RangeMode::fixed}) {
    CHECK(pelab::parse_range_mode(pelab::to_string(mode)) == mode);
  }
  CHECK_FALSE(pelab::parse_range_mode("minmax").has_value());
}

TEST_CASE("colormap: viridis and magma match their published colours", "[io][colormap]") {
  CHECK(pelab::colormap_color(Colormap::viridis, 0.0) == hex(0x440154));
  CHECK(pelab::colormap_color(Colormap::viridis, 1.0) == hex(0xfde725));
  CHECK(channel_distance(pelab::colormap_color(Colormap::viridis, 0.5), hex(0x21918c)) <= 3);
  CHECK(channel_distance(pelab::colormap_color(Colormap::viridis, 0.25), hex(0x3b528b)) <= 3);
  CHECK(channel_distance(pelab::colormap_color(Colormap::viridis, 0.75), hex(0x5ec962)) <= 3);
  CHECK(pelab::colormap_color(Colormap::magma, 0.0) == hex(0x000004));
  CHECK(pelab::colormap_color(Colormap::magma, 1.0) == hex(0xfcfdbf));
  CHECK(channel_distance(pelab::colormap_color(Colormap::magma, 0.5), hex(0xb73779)) <= 3);
}

TEST_CASE("colormap: viridis and magma get lighter all the way along", "[io][colormap]") {
  for (Colormap colormap : {Colormap::viridis, Colormap::magma, Colormap::gray}) {
    const auto lut = pelab::colormap_lut(colormap);
    for (std::size_t i = 1; i < lut.size(); ++i) {
      INFO(pelab::to_string(colormap) << " entry " << i);
      CHECK(luminance(lut[i]) >= luminance(lut[i - 1]) - 0.002);
    }
    CHECK(luminance(lut[255]) > luminance(lut[0]) + 0.5);
  }
}

TEST_CASE("colormap: red-blue is blue below, white in the middle, red above", "[io][colormap]") {
  CHECK(pelab::colormap_color(Colormap::red_blue, 0.5) == Rgb8{255, 255, 255});
  const Rgb8 low = pelab::colormap_color(Colormap::red_blue, 0.0);
  const Rgb8 high = pelab::colormap_color(Colormap::red_blue, 1.0);
  CHECK(low.b > low.r + 50);
  CHECK(high.r > high.b + 50);
  const Rgb8 quarter = pelab::colormap_color(Colormap::red_blue, 0.25);
  const Rgb8 three_quarters = pelab::colormap_color(Colormap::red_blue, 0.75);
  CHECK(quarter.b > quarter.r);
  CHECK(three_quarters.r > three_quarters.b);
  // Symmetric lightness: equal distances from the middle are about equally light.
  for (double d : {0.1, 0.2, 0.3, 0.4, 0.5}) {
    CHECK(std::abs(luminance(pelab::colormap_color(Colormap::red_blue, 0.5 - d)) -
                   luminance(pelab::colormap_color(Colormap::red_blue, 0.5 + d))) < 0.08);
  }
}

TEST_CASE("colormap: gray is linear", "[io][colormap]") {
  const auto lut = pelab::colormap_lut(Colormap::gray);
  for (int i = 0; i < 256; ++i)
    CHECK(lut[std::size_t(i)] == Rgb8{std::uint8_t(i), std::uint8_t(i), std::uint8_t(i)});
  CHECK(pelab::colormap_color(Colormap::gray, 0.5) == Rgb8{128, 128, 128});
}

TEST_CASE("colormap: t is clamped and NaN gives the marker colour", "[io][colormap]") {
  for (Colormap colormap : pelab::all_colormaps()) {
    CHECK(pelab::colormap_color(colormap, -3.0) == pelab::colormap_color(colormap, 0.0));
    CHECK(pelab::colormap_color(colormap, 7.0) == pelab::colormap_color(colormap, 1.0));
    CHECK(pelab::colormap_color(colormap, -std::numeric_limits<double>::infinity()) ==
          pelab::colormap_color(colormap, 0.0));
    CHECK(pelab::colormap_color(colormap, std::nan("")) == pelab::nan_color);
    const auto lut = pelab::colormap_lut(colormap);
    CHECK(lut[0] == pelab::colormap_color(colormap, 0.0));
    CHECK(lut[255] == pelab::colormap_color(colormap, 1.0));
    for (const Rgb8& c : lut) CHECK_FALSE(c == pelab::nan_color);
  }
  CHECK(pelab::nan_color == Rgb8{255, 0, 255});
}

TEST_CASE("colormap: LUT index follows nearest sampling of a 256-texel texture", "[io][colormap]") {
  CHECK(pelab::colormap_lut_index(0.0) == 0);
  CHECK(pelab::colormap_lut_index(-1.0) == 0);
  CHECK(pelab::colormap_lut_index(1.0 / 256.0 - 1e-12) == 0);
  CHECK(pelab::colormap_lut_index(1.0 / 256.0) == 1);
  CHECK(pelab::colormap_lut_index(0.5) == 128);
  CHECK(pelab::colormap_lut_index(255.0 / 256.0 - 1e-12) == 254);
  CHECK(pelab::colormap_lut_index(255.0 / 256.0) == 255);
  CHECK(pelab::colormap_lut_index(1.0) == 255);
  CHECK(pelab::colormap_lut_index(1e300) == 255);
  const auto lut = pelab::colormap_lut(Colormap::gray);
  CHECK(pelab::lut_color(lut, 0.75) == Rgb8{192, 192, 192});
  CHECK(pelab::lut_color(lut, std::nan("")) == pelab::nan_color);
}

TEST_CASE("value_range: automatic, symmetric and fixed modes", "[io][colormap]") {
  pelab::Matrix matrix(2, 3);
  matrix << 1.0, -3.0, std::nan(""), 7.0, std::numeric_limits<double>::infinity(), 0.5;
  CHECK(pelab::value_range(matrix, pelab::RangeMode::automatic) == pelab::ValueRange{-3.0, 7.0});
  CHECK(pelab::value_range(matrix, pelab::RangeMode::symmetric) == pelab::ValueRange{-7.0, 7.0});
  CHECK(pelab::value_range(matrix, pelab::RangeMode::fixed, -1.0, 2.0) == pelab::ValueRange{-1.0, 2.0});
  CHECK_THROWS_WITH(pelab::value_range(matrix, pelab::RangeMode::fixed, 2.0, -1.0), Contains("reversed"));
  CHECK_THROWS_WITH(pelab::value_range(matrix, pelab::RangeMode::fixed, 0.0, std::nan("")),
                    Contains("finite"));
}

TEST_CASE("value_range: degenerate and empty inputs still give hi > lo", "[io][colormap]") {
  const pelab::Matrix constant = pelab::Matrix::Constant(3, 3, 4.0);
  const auto around_four = pelab::value_range(constant, pelab::RangeMode::automatic);
  CHECK(around_four.lo < 4.0);
  CHECK(around_four.hi > 4.0);
  CHECK(pelab::normalize(4.0, around_four) == Approx(0.5));
  const pelab::Matrix zeros = pelab::Matrix::Zero(2, 2);
  CHECK(pelab::value_range(zeros, pelab::RangeMode::symmetric) == pelab::ValueRange{-1.0, 1.0});
  const auto zero_auto = pelab::value_range(zeros, pelab::RangeMode::automatic);
  CHECK(zero_auto.lo < 0.0);
  CHECK(zero_auto.hi > 0.0);
  const pelab::Matrix nans = pelab::Matrix::Constant(2, 2, std::nan(""));
  CHECK(pelab::value_range(nans, pelab::RangeMode::automatic) == pelab::ValueRange{0.0, 1.0});
  CHECK(pelab::value_range(nans, pelab::RangeMode::symmetric) == pelab::ValueRange{-1.0, 1.0});
  CHECK(pelab::value_range(pelab::Matrix(0, 0), pelab::RangeMode::automatic) == pelab::ValueRange{0.0, 1.0});
  const auto fixed_point = pelab::value_range(zeros, pelab::RangeMode::fixed, 2.0, 2.0);
  CHECK(fixed_point.lo < 2.0);
  CHECK(fixed_point.hi > 2.0);
  const pelab::Matrix huge = pelab::Matrix::Constant(1, 1, DBL_MAX);
  const auto huge_range = pelab::value_range(huge, pelab::RangeMode::automatic);
  CHECK(std::isfinite(huge_range.lo));
  CHECK(std::isfinite(huge_range.hi));
  CHECK(huge_range.hi > huge_range.lo);
}

TEST_CASE("normalize maps the range to 0..1 without overflow", "[io][colormap]") {
  const pelab::ValueRange range{-2.0, 6.0};
  CHECK(pelab::normalize(-2.0, range) == 0.0);
  CHECK(pelab::normalize(6.0, range) == 1.0);
  CHECK(pelab::normalize(2.0, range) == 0.5);
  CHECK(pelab::normalize(10.0, range) == 1.5);
  CHECK(std::isnan(pelab::normalize(std::nan(""), range)));
  CHECK(pelab::normalize(0.0, pelab::ValueRange{-DBL_MAX, DBL_MAX}) == 0.5);
  CHECK(pelab::normalize(DBL_MAX, pelab::ValueRange{-DBL_MAX, DBL_MAX}) == 1.0);
}
