// pelab plot layer, pure part. See ticks.hpp for the rules.
#include "ticks.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <limits>

namespace pelab::plot {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kTol = 1e-9;  // relative tolerance, in steps, for "is this multiple inside the range"
constexpr double kMaxAbs = 1e300;
constexpr double kMinLog = 1e-300;
// Atomic: a worker thread may format a label while the UI thread draws.
std::atomic<int> nonfinite_formatted{0};

// Number of multiples of `step` inside [lo, hi] (as a double so huge counts cannot overflow).
double multiples_in(double lo, double hi, double step) {
  const double k0 = std::ceil(lo / step - kTol);
  const double k1 = std::floor(hi / step + kTol);
  return k1 - k0 + 1;
}

// Drops trailing zeros of the fractional part ("1.500" -> "1.5", "2.000" -> "2"), and "-0" -> "0".
std::string trim_fraction(std::string s) {
  if (s.find('.') != std::string::npos) {
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

std::string fixed(double v, int decimals) {
  char buf[400];
  std::snprintf(buf, sizeof buf, "%.*f", std::clamp(decimals, 0, 20), v);
  return trim_fraction(buf);
}

// "%.{decimals}e" rewritten compactly: 1.50e+05 -> 1.5e5, 1.00e-15 -> 1e-15.
std::string scientific(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", std::clamp(decimals, 0, 16), v);
  std::string s = buf;
  const auto e = s.find('e');
  if (e == std::string::npos) return s;
  std::string mantissa = trim_fraction(s.substr(0, e));
  const int exponent = std::atoi(s.c_str() + e + 1);
  if (mantissa == "0") return "0";
  return mantissa + "e" + std::to_string(exponent);
}

bool use_scientific(double max_abs) { return max_abs >= 1e5 || (max_abs > 0 && max_abs < 1e-3); }

int floor_log10(double v) { return static_cast<int>(std::floor(std::log10(v) + 1e-12)); }

std::string format_at_resolution(double v, int exponent, bool sci) {
  if (v == 0) return "0";
  if (sci) return scientific(v, floor_log10(std::fabs(v)) - exponent);
  return fixed(v, -exponent);
}

double nice_step_125(double lo, double hi, int max_ticks) {
  if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo)) return 0;
  max_ticks = std::max(max_ticks, 2);
  const double span = hi - lo;
  const double raw = span / (max_ticks - 1);
  if (!(raw > 0) || !std::isfinite(raw)) return 0;
  const int e0 = floor_log10(raw) - 1;
  static constexpr double kMantissa[] = {1, 2, 5};
  for (int e = e0; e < e0 + 4; ++e) {
    for (double m : kMantissa) {
      const double step = m * std::pow(10.0, e);
      if (step > 0 && std::isfinite(step) && multiples_in(lo, hi, step) <= max_ticks) return step;
    }
  }
  return std::pow(10.0, e0 + 4);
}

}  // namespace

double nice_step(double lo, double hi, int max_ticks, bool integer) {
  const double step = nice_step_125(lo, hi, max_ticks);
  return integer && step > 0 ? std::max(step, 1.0) : step;
}

std::vector<Tick> linear_ticks(double lo, double hi, int max_ticks, bool integer) {
  std::vector<Tick> ticks;
  const double step = nice_step(lo, hi, max_ticks, integer);
  if (!(step > 0)) return ticks;
  const double k0 = std::ceil(lo / step - kTol);
  const double k1 = std::floor(hi / step + kTol);
  if (!(k1 - k0 < 1000)) return ticks;
  const double max_abs = std::max(std::fabs(k0 * step), std::fabs(k1 * step));
  const bool sci = use_scientific(max_abs);
  for (double k = k0; k <= k1; k += 1) {
    double v = k * step;
    if (std::fabs(v) < step * kTol) v = 0;
    ticks.push_back({v, true, format_tick(v, step, sci)});
  }
  return ticks;
}

std::vector<Tick> log_ticks(double lo, double hi, int max_labels) {
  std::vector<Tick> ticks;
  if (!(lo > 0) || !(hi > lo) || !std::isfinite(hi)) return ticks;
  max_labels = std::max(max_labels, 1);
  const double a = std::log10(lo), b = std::log10(hi);
  const int kmin = static_cast<int>(std::ceil(a - kTol));
  const int kmax = static_cast<int>(std::floor(b + kTol));
  const int decades = std::max(0, kmax - kmin + 1);
  const double lo_tol = lo * (1 - kTol), hi_tol = hi * (1 + kTol);
  auto in_range = [&](double v) { return v >= lo_tol && v <= hi_tol; };

  if (decades < 3) {
    std::vector<double> labelled;
    for (int k = kmin - 1; k <= kmax; ++k) {
      for (double m : {1.0, 2.0, 5.0}) {
        const double v = m * std::pow(10.0, k);
        if (in_range(v)) labelled.push_back(v);
      }
    }
    const int count = static_cast<int>(labelled.size());
    if (count >= 2 && count <= max_labels) {
      for (double v : labelled) ticks.push_back({v, true, format_number(v)});
      for (int k = kmin - 1; k <= kmax; ++k) {
        for (double m : {3.0, 4.0, 6.0, 7.0, 8.0, 9.0}) {
          const double v = m * std::pow(10.0, k);
          if (in_range(v)) ticks.push_back({v, false, {}});
        }
      }
      std::sort(ticks.begin(), ticks.end(), [](const Tick& x, const Tick& y) { return x.value < y.value; });
      return ticks;
    }
  }
  if (decades < 2) return linear_ticks(lo, hi, max_labels);

  auto labelled_count = [&](int stride) {
    int n = 0;
    for (int k = kmin; k <= kmax; ++k) n += (k % stride == 0) ? 1 : 0;
    return n;
  };
  // Strides 1, 2, 3, 5, 10, 20, 30, 50, ... decades.
  int stride = 1;
  for (int base = 1; base < 1000 && labelled_count(stride) > max_labels;) {
    if (stride == base) {
      stride = 2 * base;
    } else if (stride == 2 * base) {
      stride = 3 * base;
    } else if (stride == 3 * base) {
      stride = 5 * base;
    } else {
      base *= 10;
      stride = base;
    }
  }
  for (int k = kmin; k <= kmax; ++k) {
    const double v = std::pow(10.0, k);
    const bool major = k % stride == 0;
    ticks.push_back({v, major, major ? format_number(v) : std::string{}});
  }
  if (stride == 1) {
    for (int k = kmin - 1; k <= kmax; ++k) {
      for (double m : {2.0, 5.0}) {
        const double v = m * std::pow(10.0, k);
        if (in_range(v)) ticks.push_back({v, false, {}});
      }
    }
    std::sort(ticks.begin(), ticks.end(), [](const Tick& x, const Tick& y) { return x.value < y.value; });
  }
  return ticks;
}

std::vector<Tick> make_ticks(double lo, double hi, Scale scale, int max_labels, bool integer) {
  return scale == Scale::log10 ? log_ticks(lo, hi, max_labels) : linear_ticks(lo, hi, max_labels, integer);
}

int nonfinite_numbers_formatted() { return nonfinite_formatted.load(std::memory_order_relaxed); }

std::string format_number(double v, int max_significant) {
  if (!std::isfinite(v)) nonfinite_formatted.fetch_add(1, std::memory_order_relaxed);
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == 0) return "0";
  max_significant = std::clamp(max_significant, 1, 17);
  const double a = std::fabs(v);
  if (use_scientific(a)) return scientific(v, max_significant - 1);
  return fixed(v, max_significant - 1 - floor_log10(a));
}

std::string format_tick(double v, double step, bool scientific_notation) {
  if (!std::isfinite(v)) return format_number(v);
  if (!(step > 0) || !std::isfinite(step)) return format_number(v);
  return format_at_resolution(v, floor_log10(step), scientific_notation);
}

std::string format_readout(double v, double resolution) {
  if (!std::isfinite(v)) return format_number(v);
  if (!(resolution > 0) || !std::isfinite(resolution)) return format_number(v);
  // Digits down to the pixel size, but at least 2 and at most 10 significant digits.
  int exponent = floor_log10(resolution);
  if (v != 0) {
    const int lead = floor_log10(std::fabs(v));
    exponent = std::clamp(exponent, lead - 9, lead - 1);
  }
  return format_at_resolution(v, exponent, use_scientific(std::fabs(v)));
}

bool sanitize_range(double& lo, double& hi, Scale scale) {
  const double lo0 = lo, hi0 = hi;
  if (scale == Scale::log10) {
    if (!std::isfinite(lo) || !(lo > 0)) lo = kNaN;
    if (!std::isfinite(hi) || !(hi > 0)) hi = kNaN;
    if (std::isnan(lo) && std::isnan(hi)) {
      lo = 1, hi = 10;
    } else if (std::isnan(lo)) {
      hi = std::clamp(hi, kMinLog * 1e3, kMaxAbs);
      lo = hi * 1e-3;
    } else if (std::isnan(hi)) {
      lo = std::clamp(lo, kMinLog, kMaxAbs * 1e-3);
      hi = lo * 1e3;
    }
    if (lo > hi) std::swap(lo, hi);
    lo = std::clamp(lo, kMinLog, kMaxAbs);
    hi = std::clamp(hi, kMinLog, kMaxAbs);
    double a = std::log10(lo), b = std::log10(hi);
    if (b - a == 0) {
      a -= 0.5, b += 0.5;
    } else if (b - a < 1e-10 * std::max(1.0, std::fabs(a + b) / 2)) {
      const double c = (a + b) / 2, h = 0.5e-10 * std::max(1.0, std::fabs(c));
      a = c - h, b = c + h;
    }
    a = std::max(a, -300.0), b = std::min(b, 300.0);
    if (!(b > a)) a = 0, b = 1;
    lo = std::pow(10.0, a), hi = std::pow(10.0, b);
    if (std::fabs(std::log10(lo0) - a) < 1e-14 && std::isfinite(lo0)) lo = lo0;  // keep exact ends
    if (std::fabs(std::log10(hi0) - b) < 1e-14 && std::isfinite(hi0)) hi = hi0;
  } else {
    if (!std::isfinite(lo) && !std::isfinite(hi)) {
      lo = 0, hi = 1;
    } else if (!std::isfinite(lo)) {
      lo = hi - 1;
    } else if (!std::isfinite(hi)) {
      hi = lo + 1;
    }
    if (lo > hi) std::swap(lo, hi);
    lo = std::clamp(lo, -kMaxAbs, kMaxAbs);
    hi = std::clamp(hi, -kMaxAbs, kMaxAbs);
    const double c = lo / 2 + hi / 2;
    const double width = hi - lo;
    if (width == 0) {
      const double h = c != 0 ? std::fabs(c) * 0.1 : 0.5;
      lo = c - h, hi = c + h;
    } else {
      const double min_width = std::max(std::fabs(c) * 1e-10, 1e-290);
      if (width < min_width) lo = c - min_width / 2, hi = c + min_width / 2;
    }
  }
  return !(lo == lo0 && hi == hi0);
}

AxisMap::AxisMap(double lo, double hi, Scale scale, double pix_lo, double pix_hi)
    : lo_(lo), hi_(hi), scale_(scale), pix_lo_(pix_lo), pix_hi_(pix_hi) {
  sanitize_range(lo_, hi_, scale_);
  t_lo_ = forward(lo_);
  const double t_hi = forward(hi_);
  double span_px = pix_hi_ - pix_lo_;
  if (span_px == 0 || !std::isfinite(span_px)) span_px = 1;
  k_ = span_px / (t_hi - t_lo_);
}

double AxisMap::inverse(double t) const { return scale_ == Scale::log10 ? std::pow(10.0, t) : t; }

double AxisMap::resolution(double v) const {
  const double per_pixel = std::fabs(1.0 / k_);
  if (scale_ == Scale::log10) return v > 0 ? v * std::log(10.0) * per_pixel : kNaN;
  return per_pixel;
}

bool AxisMap::accepts(double v) const { return std::isfinite(v) && (scale_ != Scale::log10 || v > 0); }

std::vector<PlacedTick> fit_ticks(const AxisMap& map, const std::function<double(const std::string&)>& extent,
                                  const TickFitOptions& options) {
  const double span = std::fabs(map.pix_hi() - map.pix_lo());
  const double gap = std::max(0.0, options.min_gap);
  const double bound_lo = std::min(options.bound_lo, options.bound_hi);
  const double bound_hi = std::max(options.bound_lo, options.bound_hi);

  auto place = [&](const std::vector<Tick>& ticks) {
    std::vector<PlacedTick> placed;
    placed.reserve(ticks.size());
    for (const Tick& t : ticks) {
      PlacedTick p;
      p.tick = t;
      p.pixel = map.to_pixel(t.value);
      if (!std::isfinite(p.pixel)) continue;
      p.show_label = t.major && !t.label.empty();
      if (p.show_label) {
        const double e = std::max(0.0, extent(t.label));
        p.label_lo = p.pixel - e / 2;
        p.label_hi = p.pixel + e / 2;
        if (p.label_lo < bound_lo) p.label_hi += bound_lo - p.label_lo, p.label_lo = bound_lo;
        if (p.label_hi > bound_hi) p.label_lo -= p.label_hi - bound_hi, p.label_hi = bound_hi;
      }
      placed.push_back(std::move(p));
    }
    std::sort(placed.begin(), placed.end(),
              [](const PlacedTick& x, const PlacedTick& y) { return x.pixel < y.pixel; });
    return placed;
  };
  auto overlaps = [&](const std::vector<PlacedTick>& placed) {
    const PlacedTick* prev = nullptr;
    for (const PlacedTick& p : placed) {
      if (!p.show_label) continue;
      if (prev && p.label_lo < prev->label_hi + gap) return true;
      prev = &p;
    }
    return false;
  };

  if (!(span >= 1)) return {};
  const double unit = std::max(1.0, extent("0") + gap);
  const int start = std::clamp(static_cast<int>(span / unit) + 1, 2, std::max(2, options.max_labels));
  std::vector<PlacedTick> placed;
  for (int n = start; n >= 2; --n) {
    placed = place(make_ticks(map.lo(), map.hi(), map.scale(), n, options.integer));
    if (!overlaps(placed)) return placed;
  }
  // Still too crowded (a tiny plot): keep labels greedily from the low end; never overlap.
  const PlacedTick* prev = nullptr;
  for (PlacedTick& p : placed) {
    if (!p.show_label) continue;
    if (prev && p.label_lo < prev->label_hi + gap) {
      p.show_label = false;
      continue;
    }
    prev = &p;
  }
  return placed;
}

}  // namespace pelab::plot
