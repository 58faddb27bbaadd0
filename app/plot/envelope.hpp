// A line's envelope per pixel column, and when a periodic curve needs it (pure, no ImGui).
//
// A wave whose period spans a few pixels drawn as a polyline is a zigzag between its extremes in every
// pixel column: a solid block in which neither the wave nor its period can be seen. Drawn instead as
// the band it sweeps (its lowest and highest value around each pixel column, from its samples), it reads
// as "a fast wave between these values", and the caller says so and offers the zoom that shows it.
#pragma once

#include <vector>

namespace pelab::plot {

// Below this many pixels per period a wave is drawn as its band. The rising and the falling stroke of one
// period are half a period apart: under 4 px, with anti-aliased strokes and a sample every pixel or less,
// they merge into a block with moiré beats (N = 2000, i = 6 at 1920 x 1080: 4.2 px a period); from 8 px
// on every period is a spike of its own that can be counted (N = 1000: 8.5 px).
inline constexpr double min_pixels_per_period = 8.0;
constexpr bool wave_as_band(double pixels_per_period) { return pixels_per_period < min_pixels_per_period; }

// Column k of `columns` equal columns over [x_lo, x_hi] covers [x_lo + k w, x_lo + (k + 1) w], w the
// column width, widened about its centre to `window` when narrower (a wave's period: a column then
// holds a whole period of it, and a sinusoid's band is its full swing rather than a ragged slice of it).
// lo[k] and hi[k] are the least and greatest value the line takes on that interval: the samples inside
// it and, where the interval ends between two finite samples, the line's linear interpolation there.
// NaN where the line does not reach the column; non-finite samples break the line, as in PlotLine.
struct LineEnvelope {
  double x_lo = 0.0, column_width = 1.0;
  std::vector<double> lo, hi;
  double column_centre(int k) const { return x_lo + (k + 0.5) * column_width; }
};
// xs ascending (the curves' positions); for unsorted xs every column is NaN.
LineEnvelope line_envelope(const double* xs, const double* ys, int count, double x_lo, double x_hi,
                           int columns, double window = 0.0);

}  // namespace pelab::plot
