#pragma once
// Colour maps and value ranges shared by PNG export and the GUI: the GUI uploads colormap_lut as
// a 256x1 texture, so a heatmap looks the same on screen and in an exported file.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "pelab/types.hpp"

namespace pelab {

// viridis and magma: perceptually uniform (matplotlib's maps, reconstructed from 18 anchor colours);
// red_blue: diverging, blue for low, white in the middle, red for high; gray: black to white.
enum class Colormap { viridis, magma, red_blue, gray };

// "viridis", "magma", "red-blue", "gray".
std::string_view to_string(Colormap colormap);
// Inverse of to_string; also accepts "grey". nullopt for anything else.
std::optional<Colormap> parse_colormap(std::string_view name);
// Every colormap, in menu order.
std::span<const Colormap> all_colormaps();

struct Rgb8 {
  std::uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Rgb8&) const = default;
};

// The colour of NaN cells in every map: magenta, which none of the maps contains.
inline constexpr Rgb8 nan_color{255, 0, 255};

// The colour at t in [0, 1] (t is clamped; NaN gives nan_color). Continuous in t.
Rgb8 colormap_color(Colormap colormap, double t);

// 256 samples: entry i is colormap_color(colormap, i / 255.0).
std::array<Rgb8, 256> colormap_lut(Colormap colormap);

// The LUT entry used for t: min(255, floor(256 t)) after clamping t to [0, 1]. This is what a GPU
// returns when sampling the 256x1 LUT texture at u = t with GL_NEAREST and clamp-to-edge, so
// CPU and GPU pick the same entry. t must not be NaN (NaN returns 0; check for it first).
int colormap_lut_index(double t);

// lut[colormap_lut_index(t)], or nan_color when t is NaN: how every heatmap cell is coloured.
Rgb8 lut_color(const std::array<Rgb8, 256>& lut, double t);

// How the value range of a heatmap is chosen.
enum class RangeMode {
  automatic,  // min..max of the finite values
  symmetric,  // -max|v|..+max|v|, so 0 sits in the middle of a diverging map
  fixed       // given by the user
};

// "auto", "symmetric", "fixed".
std::string_view to_string(RangeMode mode);
// Inverse of to_string; also accepts "automatic". nullopt for anything else.
std::optional<RangeMode> parse_range_mode(std::string_view name);

// The values mapped to the two ends of a colormap. Always finite with hi > lo when produced by
// value_range.
struct ValueRange {
  double lo = 0.0;
  double hi = 1.0;
  bool operator==(const ValueRange&) const = default;
};

// The range for `matrix` under `mode`, ignoring NaN and infinities. A degenerate range (constant
// matrix, all zeros, lo == hi) is widened so hi > lo; with no finite values at all it is 0..1
// (automatic) or -1..1 (symmetric). For `fixed`, throws pelab::Error if a bound is not finite or
// fixed_lo > fixed_hi.
ValueRange value_range(const Matrix& matrix, RangeMode mode, double fixed_lo = 0.0, double fixed_hi = 1.0);

// (v - lo) / (hi - lo), not clamped (colormap_color clamps), without overflow even for ranges
// as wide as the doubles. NaN stays NaN.
double normalize(double v, ValueRange range);

}  // namespace pelab
