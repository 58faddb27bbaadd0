// Colormaps from a few anchor colours. viridis and magma pass through the published colours of
// matplotlib's maps at t = k/17 (k = 0..17, i.e. every 15th of its 256 entries) and are joined by
// a natural cubic spline per RGB channel, which follows the original curves to within 2/255.
// red_blue uses ColorBrewer's RdBu anchors (reversed, with a pure white centre), joined linearly.
#include "pelab/io/colormap.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>

namespace pelab {
namespace {

constexpr std::size_t spline_anchor_count = 18;
using AnchorTable = std::array<std::array<double, 3>, spline_anchor_count>;

// Anchor colours as 0xRRGGBB, evenly spaced in t from 0 to 1.
constexpr AnchorTable anchors_from_hex(const std::array<std::uint32_t, spline_anchor_count>& hex) {
  AnchorTable table{};
  for (std::size_t i = 0; i < spline_anchor_count; ++i) {
    table[i] = {double((hex[i] >> 16) & 0xff), double((hex[i] >> 8) & 0xff), double(hex[i] & 0xff)};
  }
  return table;
}

constexpr AnchorTable viridis_anchors = anchors_from_hex({
    0x440154,
    0x481769,
    0x472a7a,
    0x433d84,
    0x3d4e8a,
    0x355e8d,
    0x2e6d8e,
    0x297b8e,
    0x23898e,
    0x1f978b,
    0x21a585,
    0x2eb37c,
    0x46c06f,
    0x65cb5e,
    0x89d548,
    0xb0dd2f,
    0xd8e219,
    0xfde725,
});

constexpr AnchorTable magma_anchors = anchors_from_hex({
    0x000004,
    0x090720,
    0x1a1042,
    0x311165,
    0x4a1079,
    0x621980,
    0x792282,
    0x912b81,
    0xaa337d,
    0xc23b75,
    0xd9466b,
    0xec5860,
    0xf7725c,
    0xfc8e64,
    0xfeaa74,
    0xfec68a,
    0xfde2a3,
    0xfcfdbf,
});

// Second derivatives of the natural cubic spline through the anchors (unit spacing between
// anchors, zero curvature at both ends), solved with the tridiagonal (Thomas) algorithm:
// M[i-1] + 4 M[i] + M[i+1] = 6 (y[i+1] - 2 y[i] + y[i-1]).
constexpr AnchorTable natural_spline_curvatures(const AnchorTable& y) {
  AnchorTable m{};
  for (std::size_t channel = 0; channel < 3; ++channel) {
    std::array<double, spline_anchor_count> diagonal{}, right{};
    for (std::size_t i = 1; i + 1 < spline_anchor_count; ++i) {
      diagonal[i] = 4.0;
      right[i] = 6.0 * (y[i + 1][channel] - 2.0 * y[i][channel] + y[i - 1][channel]);
      if (i > 1) {  // eliminate the sub-diagonal 1 using the previous row
        const double factor = 1.0 / diagonal[i - 1];
        diagonal[i] -= factor;
        right[i] -= factor * right[i - 1];
      }
    }
    for (std::size_t i = spline_anchor_count - 2; i >= 1; --i) {
      m[i][channel] = (right[i] - m[i + 1][channel]) / diagonal[i];
    }
  }
  return m;
}

constexpr AnchorTable viridis_curvatures = natural_spline_curvatures(viridis_anchors);
constexpr AnchorTable magma_curvatures = natural_spline_curvatures(magma_anchors);

// ColorBrewer RdBu (11 classes) from its blue end to its red end; centre #f7f7f7 made pure white.
constexpr std::array<std::uint32_t, 11> red_blue_anchors = {
    0x053061, 0x2166ac, 0x4393c3, 0x92c5de, 0xd1e5f0, 0xffffff,
    0xfddbc7, 0xf4a582, 0xd6604d, 0xb2182b, 0x67001f,
};

std::uint8_t to_channel(double value) {
  return static_cast<std::uint8_t>(std::lround(std::clamp(value, 0.0, 255.0)));
}

Rgb8 spline_color(const AnchorTable& y, const AnchorTable& m, double t) {
  const double x = t * double(spline_anchor_count - 1);
  const std::size_t i = std::min(static_cast<std::size_t>(x), spline_anchor_count - 2);
  const double u = x - double(i), v = 1.0 - u;
  double channel[3];
  for (std::size_t c = 0; c < 3; ++c) {
    channel[c] =
        v * y[i][c] + u * y[i + 1][c] + ((v * v * v - v) * m[i][c] + (u * u * u - u) * m[i + 1][c]) / 6.0;
  }
  return {to_channel(channel[0]), to_channel(channel[1]), to_channel(channel[2])};
}

Rgb8 red_blue_color(double t) {
  const double x = t * double(red_blue_anchors.size() - 1);
  const std::size_t i = std::min(static_cast<std::size_t>(x), red_blue_anchors.size() - 2);
  const double u = x - double(i);
  const auto mix = [&](int shift) {
    const double a = double((red_blue_anchors[i] >> shift) & 0xff);
    const double b = double((red_blue_anchors[i + 1] >> shift) & 0xff);
    return to_channel(a + u * (b - a));
  };
  return {mix(16), mix(8), mix(0)};
}

}  // namespace

std::string_view to_string(Colormap colormap) {
  switch (colormap) {
    case Colormap::viridis:
      return "viridis";
    case Colormap::magma:
      return "magma";
    case Colormap::red_blue:
      return "red-blue";
    case Colormap::gray:
      return "gray";
  }
  return "viridis";
}

std::optional<Colormap> parse_colormap(std::string_view name) {
  for (Colormap colormap : all_colormaps()) {
    if (name == to_string(colormap)) return colormap;
  }
  if (name == "grey") return Colormap::gray;
  return std::nullopt;
}

std::span<const Colormap> all_colormaps() {
  static constexpr Colormap all[] = {Colormap::viridis, Colormap::magma, Colormap::red_blue, Colormap::gray};
  return all;
}

Rgb8 colormap_color(Colormap colormap, double t) {
  if (std::isnan(t)) return nan_color;
  t = std::clamp(t, 0.0, 1.0);
  switch (colormap) {
    case Colormap::viridis:
      return spline_color(viridis_anchors, viridis_curvatures, t);
    case Colormap::magma:
      return spline_color(magma_anchors, magma_curvatures, t);
    case Colormap::red_blue:
      return red_blue_color(t);
    case Colormap::gray: {
      const std::uint8_t level = to_channel(255.0 * t);
      return {level, level, level};
    }
  }
  return nan_color;
}

std::array<Rgb8, 256> colormap_lut(Colormap colormap) {
  std::array<Rgb8, 256> lut{};
  for (std::size_t i = 0; i < lut.size(); ++i) lut[i] = colormap_color(colormap, double(i) / 255.0);
  return lut;
}

int colormap_lut_index(double t) {
  if (!(t > 0.0)) return 0;  // also NaN
  if (t >= 1.0) return 255;
  return std::min(255, static_cast<int>(t * 256.0));
}

Rgb8 lut_color(const std::array<Rgb8, 256>& lut, double t) {
  if (std::isnan(t)) return nan_color;
  return lut[static_cast<std::size_t>(colormap_lut_index(t))];
}

std::string_view to_string(RangeMode mode) {
  switch (mode) {
    case RangeMode::automatic:
      return "auto";
    case RangeMode::symmetric:
      return "symmetric";
    case RangeMode::fixed:
      return "fixed";
  }
  return "auto";
}

std::optional<RangeMode> parse_range_mode(std::string_view name) {
  if (name == "auto" || name == "automatic") return RangeMode::automatic;
  if (name == "symmetric") return RangeMode::symmetric;
  if (name == "fixed") return RangeMode::fixed;
  return std::nullopt;
}

ValueRange value_range(const Matrix& matrix, RangeMode mode, double fixed_lo, double fixed_hi) {
  // Widens lo == hi to a range around that value that stays finite.
  const auto widen = [](double centre) {
    const double half = std::max(0.5, std::abs(centre) * 0.5);
    ValueRange range{centre - half, centre + half};
    if (!std::isfinite(range.lo)) range.lo = centre;
    if (!std::isfinite(range.hi)) range.hi = centre;
    return range;
  };
  if (mode == RangeMode::fixed) {
    if (!std::isfinite(fixed_lo) || !std::isfinite(fixed_hi)) {
      throw Error(Text{TextId::colormap_fixed_not_finite, {number_text(fixed_lo), number_text(fixed_hi)}});
    }
    if (fixed_lo > fixed_hi) {
      throw Error(Text{TextId::colormap_fixed_reversed, {number_text(fixed_lo), number_text(fixed_hi)}});
    }
    return fixed_lo == fixed_hi ? widen(fixed_lo) : ValueRange{fixed_lo, fixed_hi};
  }

  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  double largest_magnitude = 0.0;
  bool any_finite = false;
  for (Eigen::Index i = 0; i < matrix.size(); ++i) {
    const double v = matrix.data()[i];
    if (!std::isfinite(v)) continue;
    any_finite = true;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    largest_magnitude = std::max(largest_magnitude, std::abs(v));
  }
  if (mode == RangeMode::symmetric) {
    if (largest_magnitude == 0.0) return {-1.0, 1.0};
    return {-largest_magnitude, largest_magnitude};
  }
  if (!any_finite) return {0.0, 1.0};
  return lo == hi ? widen(lo) : ValueRange{lo, hi};
}

double normalize(double v, ValueRange range) {
  // Halving first keeps hi - lo finite even for lo = -DBL_MAX, hi = DBL_MAX.
  return (0.5 * v - 0.5 * range.lo) / (0.5 * range.hi - 0.5 * range.lo);
}

}  // namespace pelab
