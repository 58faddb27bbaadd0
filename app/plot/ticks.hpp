// pelab plot layer, pure part: axis ranges, data <-> pixel maps, tick choice and tick labels.
// No ImGui here, so all of it is unit-tested (tests/app/test_plot_ticks.cpp).
//
// Tick rules (documented here because the tests pin them down):
// - Linear axes use "nice" steps s = m * 10^e with m in {1, 2, 5}. nice_step() returns the smallest such
//   step for which [lo, hi] holds at most `max_ticks` multiples of s. Ticks are the multiples k * s inside
//   [lo, hi] (a relative tolerance of 1e-9 steps keeps the end points), e.g. [0, 1] with 6 ticks ->
//   0, 0.2, ..., 1; with 3..5 ticks -> 0, 0.5, 1; [0, 2000] with 5..10 ticks -> 0, 500, ..., 2000.
// - Log axes: when the range holds at least 2 powers of ten, every power 10^k in range is a tick; the
// labelled
//   ones are those with k a multiple of the smallest stride (1, 2, 3, 5, 10, 20, 30, 50, ...) that keeps the
//   label count <= max_labels (others stay as unlabelled grid ticks); with stride 1 the 2x and 5x multiples
//   are added as unlabelled minor ticks. When the range spans fewer than 3 decades and the 1-2-5 sequence
//   gives between 2 and max_labels values, those are labelled instead (3, 4, 6, 7, 8, 9 multiples become
//   minor ticks). Anything narrower falls back to the linear rule. Example: [6.28, 62831] -> 10, 100, 1000,
//   10000.
// - Labels are compact: "0", "0.5", "1", "2000", "1e5", "1.5e5", "1e-15". A whole axis switches to scientific
//   notation when its largest |tick| is >= 1e5 or < 1e-3; trailing zeros are dropped and "-0" never appears.
// - fit_ticks() picks the densest tick set whose labels, measured by a caller-supplied function (ImGui text
//   width or line height in the GUI), keep a minimum gap and stay inside the given pixel bounds. Labels that
//   would leave the bounds are slid inward, and a final pass drops any label that would still overlap, so
//   labels never overlap whatever the measure says.
// - Integer ticks (index axes: positions, dimensions, pairs): the step is at least 1, so ticks and labels are
//   whole numbers ([-0.5, 3.5] -> 0, 1, 2, 3). A range holding no integer gets no ticks. Log axes ignore it.
#pragma once

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace pelab::plot {

enum class Scale { linear, log10 };

struct Tick {
  double value = 0;
  bool major = true;  // major ticks get a label (when it fits) and the stronger grid line
  std::string label;  // empty for minor ticks
};

// Smallest {1,2,5} x 10^n step such that [lo, hi] contains at most max_ticks (>= 2) multiples of it.
// Returns 0 for an empty / non-finite range. With `integer` the step is at least 1.
double nice_step(double lo, double hi, int max_ticks, bool integer = false);

std::vector<Tick> linear_ticks(double lo, double hi, int max_ticks, bool integer = false);
std::vector<Tick> log_ticks(double lo, double hi, int max_labels);
// `integer` applies to linear axes only (see the rules above).
std::vector<Tick> make_ticks(double lo, double hi, Scale scale, int max_labels, bool integer = false);

// Compact number with at most `max_significant` significant digits ("0.841471", "1e-15", "1.5e5").
std::string format_number(double v, int max_significant = 6);
// How many non-finite values format_number (so every tick, readout and view number) was given since
// the program started. A NaN or inf reaching the screen must be words ("undefined"), not "nan";
// `pelab --screenshot --geometry` reports this count so the extreme-value sweep can assert it is 0.
int nonfinite_numbers_formatted();
// A tick label for a value that is a multiple of `step` (a {1,2,5} x 10^n step).
std::string format_tick(double v, double step, bool scientific);
// A hover readout: as many decimals as `resolution` (data units per pixel) makes meaningful.
std::string format_readout(double v, double resolution);

// Makes [lo, hi] usable for `scale`: non-finite -> default range, swapped ends reordered, non-positive ends
// of a log axis replaced, an empty range widened (+-10% of |value|, or +-0.5 around 0; half a decade on log
// axes), and a range narrower than 1e-10 relative to its centre widened to that. Returns true if it changed.
bool sanitize_range(double& lo, double& hi, Scale scale);

// Maps data values of one axis to pixels: `lo` lands on `pix_lo`, `hi` on `pix_hi` (pix_hi < pix_lo for an
// upward y axis; swap them to invert). Log axes map log10(v) linearly; v <= 0 maps to NaN.
class AxisMap {
 public:
  AxisMap() : AxisMap(0.0, 1.0, Scale::linear, 0.0, 1.0) {}
  AxisMap(double lo, double hi, Scale scale, double pix_lo, double pix_hi);

  double lo() const { return lo_; }
  double hi() const { return hi_; }
  Scale scale() const { return scale_; }
  double pix_lo() const { return pix_lo_; }
  double pix_hi() const { return pix_hi_; }

  // The "transformed" coordinate in which the map is affine: v (linear) or log10(v) (log; NaN if v <= 0).
  double forward(double v) const {
    if (scale_ == Scale::log10) return v > 0 ? std::log10(v) : std::numeric_limits<double>::quiet_NaN();
    return v;
  }
  double inverse(double t) const;
  double to_pixel(double v) const { return pix_lo_ + (forward(v) - t_lo_) * k_; }
  double to_data(double pixel) const { return inverse(t_lo_ + (pixel - pix_lo_) / k_); }
  // Data units covered by one pixel at value v (used to choose readout precision).
  double resolution(double v) const;
  // Data value accepted by this axis (finite, and > 0 on a log axis)?
  bool accepts(double v) const;

 private:
  double lo_, hi_;
  Scale scale_;
  double pix_lo_, pix_hi_;
  double t_lo_, k_;  // k_: pixels per transformed unit (signed)
};

struct PlacedTick {
  Tick tick;
  double pixel = 0;                   // where the tick sits along the axis
  double label_lo = 0, label_hi = 0;  // label extent along the axis, after sliding inside the bounds
  bool show_label = false;            // false for minor ticks and for labels dropped to avoid overlap
};

struct TickFitOptions {
  double min_gap = 4;                          // pixels between neighbouring labels
  double bound_lo = -1e300, bound_hi = 1e300;  // labels must stay inside [bound_lo, bound_hi] (pixels)
  int max_labels = 30;
  bool integer = false;  // whole-number ticks only (index axes); linear axes only
};

// Densest non-overlapping tick set for `map`. `extent(label)` is the label's size along the axis (its width
// on a horizontal axis, its height on a vertical one).
std::vector<PlacedTick> fit_ticks(const AxisMap& map, const std::function<double(const std::string&)>& extent,
                                  const TickFitOptions& options = {});

}  // namespace pelab::plot
