// Pure axis math of the plot layer (app/plot/ticks.hpp): nice ticks, log ticks, labels, transforms, fitting;
// and its pure label code (app/plot/labels.hpp): sub/superscript markup, label placement.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "plot/labels.hpp"
#include "plot/ticks.hpp"

using namespace pelab::plot;

namespace {

std::vector<double> values(const std::vector<Tick>& ticks, bool major_only = true) {
  std::vector<double> out;
  for (const Tick& t : ticks)
    if (t.major || !major_only) out.push_back(t.value);
  return out;
}

std::vector<std::string> labels(const std::vector<Tick>& ticks) {
  std::vector<std::string> out;
  for (const Tick& t : ticks)
    if (t.major) out.push_back(t.label);
  return out;
}

void require_values(const std::vector<double>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < want.size(); ++i) CHECK(got[i] == Approx(want[i]).margin(1e-12));
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

TEST_CASE("nice_step follows the 1-2-5 rule", "[plot][ticks]") {
  CHECK(nice_step(0, 1, 6) == Approx(0.2));
  CHECK(nice_step(0, 1, 11) == Approx(0.1));
  CHECK(nice_step(0, 1, 5) == Approx(0.5));
  CHECK(nice_step(0, 1, 3) == Approx(0.5));
  CHECK(nice_step(0, 1, 2) == Approx(1));
  for (int n = 5; n <= 10; ++n) CHECK(nice_step(0, 2000, n) == Approx(500));
  CHECK(nice_step(0, 2000, 11) == Approx(200));
  CHECK(nice_step(-1, 1, 5) == Approx(0.5));
  CHECK(nice_step(1, 1, 5) == 0);
  CHECK(nice_step(kNaN, 1, 5) == 0);
  CHECK(nice_step(0, kInf, 5) == 0);
}

TEST_CASE("linear ticks on [0, 1] and [0, 2000]", "[plot][ticks]") {
  auto t = linear_ticks(0, 1, 6);
  require_values(values(t), {0, 0.2, 0.4, 0.6, 0.8, 1});
  CHECK(labels(t) == std::vector<std::string>{"0", "0.2", "0.4", "0.6", "0.8", "1"});

  t = linear_ticks(0, 2000, 6);
  require_values(values(t), {0, 500, 1000, 1500, 2000});
  CHECK(labels(t) == std::vector<std::string>{"0", "500", "1000", "1500", "2000"});

  t = linear_ticks(-1.1, 1.1, 5);
  require_values(values(t), {-1, -0.5, 0, 0.5, 1});
  CHECK(labels(t) == std::vector<std::string>{"-1", "-0.5", "0", "0.5", "1"});
}

TEST_CASE("linear ticks never exceed the requested count and stay inside the range", "[plot][ticks]") {
  const double ranges[][2] = {{0, 1}, {-3.7, 12.2}, {1e-9, 3e-9}, {1e6, 1e6 + 7}, {-1e12, 5e13}, {0.3, 0.31}};
  for (const auto& r : ranges) {
    for (int n = 2; n <= 25; ++n) {
      const auto t = linear_ticks(r[0], r[1], n);
      CHECK(static_cast<int>(t.size()) <= n);
      CHECK(!t.empty());
      const double tol = (r[1] - r[0]) * 1e-6;
      for (const Tick& k : t) {
        CHECK(k.value >= r[0] - tol);
        CHECK(k.value <= r[1] + tol);
        CHECK(!k.label.empty());
      }
    }
  }
}

TEST_CASE("tick labels are compact", "[plot][ticks]") {
  CHECK(labels(linear_ticks(0, 2e5, 5)) == std::vector<std::string>{"0", "5e4", "1e5", "1.5e5", "2e5"});
  CHECK(labels(linear_ticks(0, 0.0002, 5)) ==
        std::vector<std::string>{"0", "5e-5", "1e-4", "1.5e-4", "2e-4"});
  CHECK(labels(linear_ticks(0, 0.002, 5)) ==
        std::vector<std::string>{"0", "0.0005", "0.001", "0.0015", "0.002"});
  CHECK(labels(linear_ticks(-0.02, 0.02, 5)) ==
        std::vector<std::string>{"-0.02", "-0.01", "0", "0.01", "0.02"});
  CHECK(format_number(0) == "0");
  CHECK(format_number(0.5) == "0.5");
  CHECK(format_number(1e-15) == "1e-15");
  CHECK(format_number(std::sin(1.0)) == "0.841471");
  CHECK(format_number(123456) == "1.23456e5");
  CHECK(format_number(-0.0) == "0");
  CHECK(format_number(kNaN) == "nan");
  CHECK(format_tick(-1e-17, 0.1, false) == "0");
  CHECK(format_tick(2, 0.5, false) == "2");
  CHECK(format_tick(2.5, 0.5, false) == "2.5");
}

TEST_CASE("readouts show digits down to the pixel", "[plot][ticks]") {
  CHECK(format_readout(1234.567, 0.7) == "1234.6");
  CHECK(format_readout(0.8414709, 0.001) == "0.841");
  CHECK(format_readout(0.8414709, 0.5) == "0.84");  // at least two significant digits
  CHECK(format_readout(0, 0.01) == "0");
  CHECK(format_readout(3.0, kNaN) == "3");
}

TEST_CASE("log ticks: decades, minor 2 and 5, strides", "[plot][ticks]") {
  auto t = log_ticks(6.28, 62831, 10);
  require_values(values(t), {10, 100, 1000, 10000});
  CHECK(labels(t) == std::vector<std::string>{"10", "100", "1000", "10000"});
  // Minor ticks 2x and 5x, unlabelled.
  const auto all = values(t, false);
  CHECK(std::find(all.begin(), all.end(), 20.0) != all.end());
  CHECK(std::find(all.begin(), all.end(), 50000.0) != all.end());
  for (const Tick& k : t)
    if (!k.major) CHECK(k.label.empty());

  // 21 decades with at most 5 labels: every 5th decade is labelled, the rest stay as grid ticks.
  t = log_ticks(1e-15, 1e5, 5);
  require_values(values(t), {1e-15, 1e-10, 1e-5, 1, 1e5});
  CHECK(labels(t) == std::vector<std::string>{"1e-15", "1e-10", "1e-5", "1", "1e5"});
  CHECK(values(t, false).size() == 21);

  // Less than a decade: the 1-2-5 sequence is labelled.
  t = log_ticks(1.5, 12, 10);
  require_values(values(t), {2, 5, 10});
  // Narrower than any 1-2-5 pair: falls back to linear ticks.
  t = log_ticks(3, 4.5, 6);
  CHECK(values(t).size() >= 2);
  // Non-positive or empty ranges give nothing rather than crashing.
  CHECK(log_ticks(-1, 10, 5).empty());
  CHECK(log_ticks(0, 10, 5).empty());
  CHECK(log_ticks(10, 10, 5).empty());
  CHECK(log_ticks(kNaN, 10, 5).empty());
}

TEST_CASE("axis maps invert each other, linear and log, upright and inverted", "[plot][ticks]") {
  const AxisMap maps[] = {AxisMap(-2, 3, Scale::linear, 100, 900), AxisMap(-2, 3, Scale::linear, 700, 50),
                          AxisMap(6.28, 62831, Scale::log10, 100, 900),
                          AxisMap(1e-15, 1, Scale::log10, 800, 20)};
  for (const AxisMap& m : maps) {
    CHECK(m.to_pixel(m.lo()) == Approx(m.pix_lo()));
    CHECK(m.to_pixel(m.hi()) == Approx(m.pix_hi()));
    for (double px = 0; px <= 1000; px += 37.5) CHECK(m.to_pixel(m.to_data(px)) == Approx(px).margin(1e-6));
    const double v = m.scale() == Scale::log10 ? std::sqrt(m.lo() * m.hi()) : (m.lo() + m.hi()) / 2;
    CHECK(m.to_data(m.to_pixel(v)) == Approx(v));
    CHECK(m.to_pixel(v) == Approx((m.pix_lo() + m.pix_hi()) / 2));
    CHECK(m.resolution(v) > 0);
  }
  const AxisMap log_map(1, 1000, Scale::log10, 0, 300);
  CHECK(log_map.to_pixel(10) == Approx(100));
  CHECK(std::isnan(log_map.to_pixel(0)));
  CHECK(std::isnan(log_map.to_pixel(-5)));
  CHECK(!log_map.accepts(0));
  CHECK(log_map.accepts(1e-300));
}

TEST_CASE("degenerate ranges are repaired, never crash", "[plot][ticks]") {
  double lo = 5, hi = 5;
  CHECK(sanitize_range(lo, hi, Scale::linear));
  CHECK(lo < 5);
  CHECK(hi > 5);
  lo = 0, hi = 0;
  sanitize_range(lo, hi, Scale::linear);
  CHECK(lo == Approx(-0.5));
  CHECK(hi == Approx(0.5));
  lo = kNaN, hi = kNaN;
  sanitize_range(lo, hi, Scale::linear);
  CHECK(lo == 0);
  CHECK(hi == 1);
  lo = 3, hi = -1;
  sanitize_range(lo, hi, Scale::linear);
  CHECK(lo == -1);
  CHECK(hi == 3);
  lo = 0, hi = 1;
  CHECK(!sanitize_range(lo, hi, Scale::linear));
  lo = -kInf, hi = kInf;
  sanitize_range(lo, hi, Scale::linear);
  CHECK(std::isfinite(lo));
  CHECK(std::isfinite(hi));
  CHECK(lo < hi);

  lo = 0, hi = 100;
  sanitize_range(lo, hi, Scale::log10);
  CHECK(lo > 0);
  CHECK(hi == 100);
  lo = -3, hi = -1;
  sanitize_range(lo, hi, Scale::log10);
  CHECK(lo == Approx(1));
  CHECK(hi == Approx(10));
  lo = 7, hi = 7;
  sanitize_range(lo, hi, Scale::log10);
  CHECK(lo < 7);
  CHECK(hi > 7);
  lo = 6.28, hi = 62831;
  CHECK(!sanitize_range(lo, hi, Scale::log10));

  // Maps built on broken ranges still work.
  const AxisMap m(kNaN, kNaN, Scale::linear, 0, 100);
  CHECK(std::isfinite(m.to_pixel(0.5)));
  const AxisMap z(1, 1, Scale::linear, 0, 0);  // zero pixel span
  CHECK(std::isfinite(z.to_pixel(1)));
  CHECK(linear_ticks(2, 2, 5).empty());
  CHECK(linear_ticks(kNaN, kNaN, 5).empty());
  CHECK(fit_ticks(z, [](const std::string&) { return 10.0; }).empty());
}

TEST_CASE("fit_ticks keeps labels apart and inside the bounds", "[plot][ticks]") {
  auto width = [](const std::string& s) { return 11.0 * static_cast<double>(s.size()); };
  for (double pixels : {60.0, 150.0, 400.0, 1200.0}) {
    for (auto range : {std::pair{0.0, 2000.0}, std::pair{-1.0, 1.0}, std::pair{0.0, 123456.0}}) {
      const AxisMap m(range.first, range.second, Scale::linear, 50, 50 + pixels);
      TickFitOptions opt;
      opt.min_gap = 8;
      opt.bound_lo = 20;
      opt.bound_hi = 70 + pixels;
      const auto placed = fit_ticks(m, width, opt);
      const PlacedTick* prev = nullptr;
      int shown = 0;
      for (const PlacedTick& p : placed) {
        if (!p.show_label) continue;
        ++shown;
        CHECK(p.label_lo >= opt.bound_lo - 1e-9);
        CHECK(p.label_hi <= opt.bound_hi + 1e-9);
        CHECK(p.label_hi - p.label_lo == Approx(width(p.tick.label)));
        if (prev) CHECK(p.label_lo >= prev->label_hi + opt.min_gap - 1e-9);
        prev = &p;
      }
      CHECK(shown >= 1);
      if (pixels >= 400) CHECK(shown >= 3);
    }
  }
  // A vertical axis (pixels decrease as values grow) with a fixed label height.
  const AxisMap y(6.28, 62831, Scale::log10, 600, 20);
  const auto placed = fit_ticks(y, [](const std::string&) { return 22.0; }, {});
  int shown = 0;
  for (const PlacedTick& p : placed) shown += p.show_label ? 1 : 0;
  CHECK(shown == 4);
}

TEST_CASE("integer ticks for index axes", "[plot][ticks]") {
  // N = 4 positions: without the flag the axis reads -0.4, -0.2, 0, 0.2, ...
  auto t = linear_ticks(-0.5, 3.5, 11);
  CHECK(t.size() > 4);
  t = linear_ticks(-0.5, 3.5, 11, true);
  require_values(values(t), {0, 1, 2, 3});
  CHECK(labels(t) == std::vector<std::string>{"0", "1", "2", "3"});
  CHECK(nice_step(-0.5, 3.5, 11, true) == 1);
  CHECK(nice_step(-0.5, 3.5, 3, true) == Approx(2));
  // Wide ranges are unchanged.
  for (int n = 2; n <= 12; ++n) {
    CHECK(nice_step(0, 2000, n, true) == nice_step(0, 2000, n));
    CHECK(labels(linear_ticks(0, 2000, n, true)) == labels(linear_ticks(0, 2000, n)));
  }
  t = make_ticks(0, 2000, Scale::linear, 6, true);
  require_values(values(t), {0, 500, 1000, 1500, 2000});
  // A range holding no integer has no ticks; an empty range none either.
  CHECK(linear_ticks(0.2, 0.8, 6, true).empty());
  CHECK(nice_step(1, 1, 5, true) == 0);

  // fit_ticks honours the option: every placed tick is a whole number.
  const AxisMap m(-0.5, 3.5, Scale::linear, 0, 1000);
  TickFitOptions opt;
  opt.integer = true;
  const auto placed = fit_ticks(
      m, [](const std::string& s) { return 8.0 * static_cast<double>(s.size()); }, opt);
  std::vector<std::string> shown;
  for (const PlacedTick& p : placed) {
    CHECK(p.tick.value == std::round(p.tick.value));
    if (p.show_label) shown.push_back(p.tick.label);
  }
  CHECK(shown == std::vector<std::string>{"0", "1", "2", "3"});
}

// ---------------------------------------------------------------------------------------- rich text markup

namespace {

std::vector<std::pair<std::string, int>> runs(std::string_view text) {
  std::vector<std::pair<std::string, int>> out;
  for (const RichRun& r : parse_rich_text(text)) out.emplace_back(r.text, r.level);
  return out;
}

using Runs = std::vector<std::pair<std::string, int>>;

}  // namespace

TEST_CASE("rich text: braces, single characters, and identifiers that stay literal") {
  CHECK(runs("P_{p+k}") == Runs{{"P", 0}, {"p+k", -1}});
  CHECK(runs("T(k) P_p") == Runs{{"T(k) P", 0}, {"p", -1}});
  CHECK(runs("P_p · P_q") == Runs{{"P", 0}, {"p", -1}, {" · P", 0}, {"q", -1}});
  CHECK(runs("base^{-2k/D} = 2^k") == Runs{{"base", 0}, {"-2k/D", 1}, {" = 2", 0}, {"k", 1}});
  CHECK(runs("w_{k}^{2}") == Runs{{"w", 0}, {"k", -1}, {"2", 1}});
  CHECK(runs("a_{b{c}d}") == Runs{{"a", 0}, {"b{c}d", -1}});  // nested braces belong to the script
  // Identifiers and loose signs are not maths.
  CHECK(runs("max_distance") == Runs{{"max_distance", 0}});
  CHECK(runs("L / high_freq") == Runs{{"L / high_freq", 0}});
  CHECK(runs("base_100") == Runs{{"base_100", 0}});
  CHECK(runs("x ^ 2") == Runs{{"x ^ 2", 0}});
  CHECK(runs("_p") == Runs{{"_p", 0}});
  CHECK(runs("P_{p+k") == Runs{{"P_{p+k", 0}});  // unmatched: literal
  CHECK(runs("a_") == Runs{{"a_", 0}});
  CHECK(runs("Pₚ₊ₖ") == Runs{{"Pₚ₊ₖ", 0}});  // Unicode scripts pass through
  CHECK(runs("").empty());
  CHECK(has_rich_markup("S_A − S_B"));
  CHECK_FALSE(has_rich_markup("−max_distance"));
  CHECK(strip_rich_markup("P_{p+k} = T(k) P_p") == "Pp+k = T(k) Pp");
}

// ---------------------------------------------------------------------------------------- label placement

namespace {

const LabelBox kArea{0, 0, 400, 300};

LabelRequest around(float x, float y, float w = 60, float h = 16, int rings = 4) {
  LabelRequest r;
  r.width = w;
  r.height = h;
  r.candidates = candidates_around({x, y}, w, h, 8, 14, rings);
  return r;
}

bool inside(const LabelBox& outer, const LabelBox& b) { return outer.contains(b); }

}  // namespace

TEST_CASE("placement: a label that fits at its preferred place is not moved") {
  const auto placed = place_labels(kArea, {}, {}, {around(100, 150)});
  REQUIRE(placed.size() == 1);
  CHECK(placed[0].candidate == 0);
  CHECK(placed[0].free);
  const LabelPoint want = candidates_around({100, 150}, 60, 16, 8, 14, 1)[0];
  CHECK(placed[0].box.x0 == want.x);
  CHECK(placed[0].box.y0 == want.y);
  CHECK(placed[0].box.width() == 60);
  CHECK(placed[0].box.height() == 16);
  // Right-above of the anchor: the first candidate.
  CHECK(placed[0].box.x0 > 100);
  CHECK(placed[0].box.y1 < 150);
}

TEST_CASE("placement: two labels at the same anchor do not overlap") {
  // "T(k) P_p" and "P_{p+k}" on the same point (k = 0), and a third for good measure.
  const auto placed =
      place_labels(kArea, {}, {}, {around(200, 150), around(200, 150, 50), around(200, 150, 70)});
  REQUIRE(placed.size() == 3);
  for (size_t i = 0; i < placed.size(); ++i) {
    CHECK(placed[i].free);
    CHECK(inside(kArea, placed[i].box));
    for (size_t j = i + 1; j < placed.size(); ++j) CHECK_FALSE(placed[i].box.overlaps(placed[j].box));
  }
  CHECK(placed[0].candidate == 0);  // the first keeps its preferred place
  CHECK(placed[1].candidate > 0);
}

TEST_CASE("placement: a label at the right edge stays inside the plot") {
  // Anchor 5 px from the right edge: right-above would stick out, so it goes left.
  const auto placed = place_labels(kArea, {}, {}, {around(395, 150)});
  REQUIRE(placed.size() == 1);
  CHECK(placed[0].free);
  CHECK(inside(kArea, placed[0].box));
  CHECK(placed[0].box.x1 <= 395);  // to the left of the anchor
  // In a corner too (top-right): left-below is the first that fits.
  const auto corner = place_labels(kArea, {}, {}, {around(398, 2)});
  CHECK(corner[0].free);
  CHECK(inside(kArea, corner[0].box));
  CHECK(corner[0].candidate == 3);
}

TEST_CASE("placement: the legend rectangle is avoided") {
  // A legend at the top-right corner of the area covers the label's preferred (right-above) place.
  const LabelBox legend{300, 0, 400, 80};
  const auto placed = place_labels(kArea, {legend}, {}, {around(290, 70)});
  REQUIRE(placed.size() == 1);
  CHECK(placed[0].free);
  CHECK(placed[0].candidate > 0);
  CHECK_FALSE(placed[0].box.overlaps(legend));
  CHECK(inside(kArea, placed[0].box));
}

TEST_CASE("placement: among free places the one covering fewer data points wins, earlier on a tie") {
  // Data points fill the right-above place: right-above is free of labels but covers them.
  std::vector<LabelPoint> points;
  const LabelPoint first = candidates_around({100, 150}, 60, 16, 8, 14, 1)[0];
  for (float x = first.x; x <= first.x + 60; x += 5) points.push_back({x, first.y + 8});
  const auto placed = place_labels(kArea, {}, points, {around(100, 150)});
  CHECK(placed[0].candidate == 1);  // left-above: free and covers nothing
  // Points everywhere around: the first free candidate is kept (no jumping to a far ring for them).
  std::vector<LabelPoint> dense;
  for (float x = 0; x <= 400; x += 4)
    for (float y = 0; y <= 300; y += 4) dense.push_back({x, y});
  CHECK(place_labels(kArea, {}, dense, {around(100, 150)})[0].candidate == 0);
}

TEST_CASE("placement: without a free place the least overlapping one, inside; results are deterministic") {
  LabelRequest big;
  big.width = 380;
  big.height = 280;
  big.candidates = {{50, 50}, {0, 0}};
  const auto placed = place_labels(kArea, {LabelBox{0, 0, 40, 40}}, {}, {big});
  CHECK_FALSE(placed[0].free);
  CHECK(inside(kArea, placed[0].box));
  const std::vector<LabelRequest> many = {around(200, 150), around(200, 150), around(205, 152),
                                          around(30, 10)};
  const auto a = place_labels(kArea, {}, {}, many), b = place_labels(kArea, {}, {}, many);
  for (size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].candidate == b[i].candidate);
    CHECK(a[i].box.x0 == b[i].box.x0);
    CHECK(a[i].box.y0 == b[i].box.y0);
  }
  // An empty request gets no place and takes no room.
  CHECK(place_labels(kArea, {}, {}, {LabelRequest{}})[0].candidate == -1);
}
