// A line's envelope per pixel column (envelope.hpp).
#include "envelope.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pelab::plot {

namespace {

constexpr double nan_value = std::numeric_limits<double>::quiet_NaN();

// The line's value at x, between samples i and i + 1 (both finite, xs[i] <= x <= xs[i + 1]).
double interpolate(const double* xs, const double* ys, int i, double x) {
  const double span = xs[i + 1] - xs[i];
  if (!(span > 0.0)) return ys[i];
  return ys[i] + (ys[i + 1] - ys[i]) * ((x - xs[i]) / span);
}

}  // namespace

LineEnvelope line_envelope(const double* xs, const double* ys, int count, double x_lo, double x_hi,
                           int columns, double window) {
  LineEnvelope envelope;
  const int n_columns = std::max(columns, 0);
  envelope.x_lo = x_lo;
  envelope.column_width = n_columns > 0 ? (x_hi - x_lo) / n_columns : 0.0;
  envelope.lo.assign(static_cast<std::size_t>(n_columns), nan_value);
  envelope.hi.assign(static_cast<std::size_t>(n_columns), nan_value);
  if (count <= 0 || !(envelope.column_width > 0.0)) return envelope;
  for (int i = 1; i < count; ++i)
    if (!(xs[i] >= xs[i - 1])) return envelope;
  const double half = 0.5 * std::max(window, envelope.column_width);
  for (int k = 0; k < n_columns; ++k) {
    const double centre = envelope.column_centre(k), a = centre - half, b = centre + half;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    const auto take = [&](double y) {
      if (!std::isfinite(y)) return;
      lo = std::min(lo, y);
      hi = std::max(hi, y);
    };
    // First sample at or after a; the segment before it may cross a.
    int i = static_cast<int>(std::lower_bound(xs, xs + count, a) - xs);
    if (i > 0 && i < count && std::isfinite(ys[i - 1]) && std::isfinite(ys[i]))
      take(interpolate(xs, ys, i - 1, a));
    for (; i < count && xs[i] <= b; ++i) take(ys[i]);
    // Sample i is the first after b: the segment from i - 1 crosses b (the same segment as a's when the
    // interval lies inside it).
    if (i > 0 && i < count && std::isfinite(ys[i - 1]) && std::isfinite(ys[i]))
      take(interpolate(xs, ys, i - 1, b));
    if (lo <= hi) {
      envelope.lo[static_cast<std::size_t>(k)] = lo;
      envelope.hi[static_cast<std::size_t>(k)] = hi;
    }
  }
  return envelope;
}

}  // namespace pelab::plot
