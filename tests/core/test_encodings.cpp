// Absolute encodings against hand-computed values and closed forms (docs/encodings.md §4).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "pelab/encodings.hpp"
#include "pelab/kinds.hpp"

using namespace pelab;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

TEST_CASE("source post 000: d=4, base 100 sinusoid table") {
  // w_0 = 1, w_1 = 100^(-2/4) = 0.1: columns sin(p), cos(p), sin(p/10), cos(p/10).
  const Matrix p = encode(encoding_params(EncodingKind::sinusoidal, 4, 4, 100.0));
  const double expected[4][4] = {
      {0.0, 1.0, 0.0, 1.0},
      {0.8414709848078965, 0.5403023058681398, 0.09983341664682815, 0.9950041652780258},
      {0.9092974268256817, -0.4161468365471424, 0.19866933079506122, 0.9800665778412416},
      {0.1411200080598672, -0.9899924966004454, 0.29552020666133955, 0.955336489125606},
  };
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) CHECK_THAT(p(r, c), WithinAbs(expected[r][c], 1e-15));
  CHECK(std::round(p(1, 0) * 1000) / 1000 == 0.841);  // the post's "P10 = sin(1/1) = 0.84"
}

TEST_CASE("sinusoid fast table equals direct sin/cos, far positions, odd D") {
  for (std::int64_t d : {1, 2, 7, 64, 129}) {
    for (std::int64_t start : {0, 5, 1000000}) {
      const Matrix p = encode(encoding_params(EncodingKind::sinusoidal, 300, d, 10000.0, start));
      // Allowed error: the argument w * pos itself is rounded (|error| <= ulp(w pos)), whichever way
      // sin is evaluated, so far positions get a proportionally larger tolerance.
      double worst = 0.0;
      for (std::int64_t r = 0; r < 300; ++r) {
        for (std::int64_t c = 0; c < d; ++c) {
          const double w = std::pow(10000.0, -2.0 * static_cast<double>(c / 2) / static_cast<double>(d));
          const double x = w * static_cast<double>(start + r);
          const double tolerance = 1e-13 + 4.0 * std::numeric_limits<double>::epsilon() * x;
          worst = std::max(worst, std::abs(p(r, c) - (c % 2 == 0 ? std::sin(x) : std::cos(x))) / tolerance);
        }
      }
      INFO("d=" << d << " start=" << start);
      CHECK(worst <= 1.0);
    }
  }
}

TEST_CASE("large sinusoid table (the streaming-store path, >= 8 MiB) equals direct sin/cos") {
  const std::int64_t n = 2100, d = 1001;  // 16.8 MB, odd D, rows not 16-byte aligned, a partial last block
  const Matrix p = encode(encoding_params(EncodingKind::sinusoidal, n, d, 10000.0, 3));
  double worst = 0.0;
  for (std::int64_t r = 0; r < n; r += 7) {
    for (std::int64_t c = 0; c < d; c += 3) {
      const double w = std::pow(10000.0, -2.0 * static_cast<double>(c / 2) / static_cast<double>(d));
      const double x = w * static_cast<double>(3 + r);
      worst = std::max(worst, std::abs(p(r, c) - (c % 2 == 0 ? std::sin(x) : std::cos(x))));
    }
  }
  CHECK(worst < 1e-12);
  CHECK(p(n - 1, d - 1) == Approx(std::sin(std::pow(10000.0, -1000.0 / 1001.0) * (n + 2))).margin(1e-12));
}

TEST_CASE("a table filled by two threads equals the same rows filled by one thread bit for bit") {
  // 2100 x 1001 (16.8 MB) is filled by two threads, blocks 0-3 and 4-8 of 256 rows (the second
  // thread from row 1024). A 300-row table (2.4 MB: one thread, plain stores) starting at position
  // 3 + 256 b has its exact anchors where the big table has them, so each of its rows must equal
  // row 256 b + r of the big one exactly, from either thread.
  const std::int64_t n = 2100, d = 1001;
  const Matrix big = encode(encoding_params(EncodingKind::sinusoidal, n, d, 10000.0, 3));
  for (const std::int64_t first : {256, 1024, 1792}) {
    const std::int64_t rows = std::min<std::int64_t>(300, n - first);
    const Matrix part = encode(encoding_params(EncodingKind::sinusoidal, rows, d, 10000.0, 3 + first));
    std::int64_t differing = 0;
    for (std::int64_t r = 0; r < rows; ++r)
      for (std::int64_t c = 0; c < d; ++c) differing += big(first + r, c) != part(r, c) ? 1 : 0;
    INFO("rows from " << first);
    CHECK(differing == 0);
    CHECK(big(first + rows - 1, d - 1) == part(rows - 1, d - 1));
  }
}

TEST_CASE("normalized depends on N: p=1 is 0.5 at N=3, 0.142857 at N=8") {
  CHECK(encode(encoding_params(EncodingKind::normalized, 3, 2))(1, 0) == 0.5);
  CHECK_THAT(encode(encoding_params(EncodingKind::normalized, 8, 2))(1, 1), WithinAbs(1.0 / 7.0, 1e-15));
  CHECK_THAT(encode(encoding_params(EncodingKind::normalized, 8, 2))(1, 1), WithinAbs(0.142857, 5e-7));
  CHECK(encode(encoding_params(EncodingKind::normalized, 1, 3))(0, 2) == 0.0);
  CHECK(encode(encoding_params(EncodingKind::integer, 5, 3, 1.0, 10))(4, 2) == 14.0);
}

TEST_CASE("binary: 0..3 -> (0,0),(1,0),(0,1),(1,1), signed maps to -1/+1") {
  const Matrix b = encode(encoding_params(EncodingKind::binary, 4, 2));
  const double expected[4][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 2; ++c) CHECK(b(r, c) == expected[r][c]);
  auto p = encoding_params(EncodingKind::binary, 4, 3);
  p.binary_signed = true;
  const Matrix s = encode(p);
  CHECK(s(0, 0) == -1.0);
  CHECK(s(3, 1) == 1.0);
  CHECK(s(3, 2) == -1.0);
  CHECK(encode(encoding_params(EncodingKind::binary, 1, 70, 1.0, 5))(0, 69) == 0.0);  // bits past 63 are 0
}

TEST_CASE("sigmoid: timescales geometric from 1 to base") {
  const Matrix s = encode(encoding_params(EncodingKind::sigmoid, 4, 3, 100.0));  // t = 1, 10, 100
  CHECK_THAT(s(0, 0), WithinAbs(0.5, 1e-15));
  CHECK_THAT(s(3, 0), WithinAbs(1.0 / (1.0 + std::exp(-3.0)), 1e-15));
  CHECK_THAT(s(3, 1), WithinAbs(1.0 / (1.0 + std::exp(-0.3)), 1e-15));
  CHECK_THAT(s(3, 2), WithinAbs(1.0 / (1.0 + std::exp(-0.03)), 1e-15));
}

TEST_CASE("sinusoidal-concat: tensor2tensor layout") {
  // D=4, base 1e4: K=2, inverse timescales 1 and 1e-4 (denominator K-1 = 1): [sin p, sin p/1e4, cos p, cos
  // p/1e4].
  const Matrix c = encode(encoding_params(EncodingKind::sinusoidal_concat, 10, 4, 10000.0));
  CHECK_THAT(c(7, 0), WithinAbs(std::sin(7.0), 1e-15));
  CHECK_THAT(c(7, 1), WithinAbs(std::sin(7e-4), 1e-15));
  CHECK_THAT(c(7, 2), WithinAbs(std::cos(7.0), 1e-15));
  CHECK_THAT(c(7, 3), WithinAbs(std::cos(7e-4), 1e-15));
  // D=7: K=3, timescales 1, 100, 1e4 and a zero column last.
  const Matrix o = encode(encoding_params(EncodingKind::sinusoidal_concat, 10, 7, 10000.0));
  CHECK_THAT(o(9, 1), WithinAbs(std::sin(0.09), 1e-15));
  CHECK_THAT(o(9, 5), WithinAbs(std::cos(9e-4), 1e-15));
  CHECK(o(9, 6) == 0.0);
}

TEST_CASE("fourier: NeRF bands, exact even for huge bands") {
  const Matrix f = encode(encoding_params(EncodingKind::fourier, 5, 6));  // x = p/4
  for (int r = 0; r < 5; ++r) {
    const double x = r / 4.0;
    for (int k = 0; k < 3; ++k) {
      CHECK_THAT(f(r, 2 * k), WithinAbs(std::sin(std::ldexp(std::numbers::pi * x, k)), 1e-14));
      CHECK_THAT(f(r, 2 * k + 1), WithinAbs(std::cos(std::ldexp(std::numbers::pi * x, k)), 1e-14));
    }
  }
  // N = 3, p = 1: x = 1/2, band k >= 1 has angle 2^(k-1) pi, a multiple of 2 pi for k >= 2: sin 0, cos 1.
  const Matrix h = encode(encoding_params(EncodingKind::fourier, 3, 4096));
  CHECK_THAT(h(1, 4001), WithinAbs(1.0, 1e-15));
  CHECK_THAT(h(1, 4000), WithinAbs(0.0, 1e-15));
  CHECK_THAT(h(1, 3), WithinAbs(-1.0, 1e-15));  // k=1: cos(pi)
  CHECK(h.allFinite());
}

TEST_CASE("learned: seeded, independent of N and start, N(0, sigma^2)") {
  auto p = encoding_params(EncodingKind::learned, 50, 8);
  p.sigma = 0.5;
  p.seed = 42;
  const Matrix a = encode(p);
  auto q = p;
  q.positions = 20;
  q.start = 30;
  const Matrix b = encode(q);
  CHECK(b == a.bottomRows(20));
  auto other = p;
  other.seed = 43;
  CHECK(encode(other) != a);
  // Moments of 400k draws: mean within 5 standard errors, std within 1%.
  auto big = p;
  big.positions = 1000;
  big.dims = 400;
  const Matrix m = encode(big);
  const double mean = m.mean();
  const double sd = std::sqrt((m.array() - mean).square().mean());
  CHECK(std::abs(mean) < 5 * 0.5 / std::sqrt(400000.0));
  CHECK_THAT(sd, WithinAbs(0.5, 0.005));
}

TEST_CASE("learned from a loaded table: rows by absolute position, undefined past the end") {
  Matrix source(6, 3);
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 3; ++c) source(r, c) = 10 * r + c;
  auto p = encoding_params(EncodingKind::learned, 3, 3, 1.0, 2);
  const Matrix t = encode(p, &source);
  CHECK(t(0, 0) == 20.0);
  CHECK(t(2, 2) == 42.0);
  p.start = 4;
  CHECK_THROWS_WITH(encode(p, &source), Catch::Contains("undefined past its last row"));
  p.start = 0;
  p.dims = 4;
  CHECK_THROWS_WITH(encode(p, &source), Catch::Contains("columns"));
}

TEST_CASE("encode_grid equals the matching entries of the full table for every kind") {
  const std::vector<std::int64_t> positions = {3, 0, 17, 40};
  const std::vector<std::int64_t> dims = {0, 5, 6, 9};
  for (EncodingKind kind : all_encoding_kinds()) {
    const auto p = encoding_params(kind, 41, 10, 50.0);
    const Matrix full = encode(p);
    const Matrix grid = encode_grid(p, positions, dims);
    for (std::size_t r = 0; r < positions.size(); ++r)
      for (std::size_t c = 0; c < dims.size(); ++c) {
        INFO(to_string(kind));
        CHECK_THAT(grid(r, c), WithinAbs(full(positions[r], dims[c]), 1e-13));
      }
  }
}

TEST_CASE("kind names round-trip and invalid parameters are refused") {
  for (EncodingKind kind : all_encoding_kinds()) CHECK(parse_encoding_kind(to_string(kind)) == kind);
  CHECK_FALSE(parse_encoding_kind("sinusoid").has_value());
  auto p = encoding_params(EncodingKind::sinusoidal, 0, 4);
  CHECK_THROWS_WITH(validate(p), Catch::Contains("positions N"));
  p.positions = 4;
  p.dims = -1;
  CHECK_THROWS_WITH(validate(p), Catch::Contains("dims D"));
  p.dims = 4;
  for (double bad : {0.0, -3.0, std::nan(""), HUGE_VAL, 1e-310, 1e-300, 1e308, std::nextafter(1e-292, 0.0),
                     std::nextafter(1e290, HUGE_VAL)}) {
    p.base = bad;
    CHECK_THROWS_AS(validate(p), Error);
  }
  for (double good : {1e-292, 0.5, 1.0, 1e9, 1e290}) {
    p.base = good;
    CHECK_NOTHROW(validate(p));
  }
}

// base_range is what keeps the tables and their wavelengths finite. At base 1e-300 (refused) the
// last pair of a D = 4095 table turns at w = 1e300^(4094/4095) ≈ 8.5e299 rad per position, and at
// p = 1e9 the angle overflows to inf, whose sine is NaN; at the lowest base, 1e-292, the angle at
// the largest position 2^52 - 1 is below 1e292 · 2^52 ≈ 4.5e307, finite. At the highest base the
// longest wavelength, 2π · 1e290^(4094/4096), is about 4.6e290.
TEST_CASE("the ends of base_range keep every entry and wavelength finite") {
  const auto low = encoding_params(EncodingKind::sinusoidal, 2, 4095, 1e-292, (std::int64_t{1} << 52) - 2);
  const Matrix table = encode(low);
  CHECK(table.allFinite());
  CHECK(table.cwiseAbs().maxCoeff() <= 1.0);
  const std::vector<double> longest =
      band_wavelengths(encoding_params(EncodingKind::sinusoidal, 2, 4096, 1e290));
  REQUIRE(longest.size() == 2048);
  for (double lambda : longest) CHECK(std::isfinite(lambda));
  CHECK_THAT(std::log10(longest.back()),
             WithinAbs(std::log10(2 * std::numbers::pi) + 290.0 * 4094 / 4096, 1e-9));
  for (EncodingKind kind : {EncodingKind::sigmoid, EncodingKind::sinusoidal_concat}) {
    CHECK(encode(encoding_params(kind, 2, 4095, 1e-292, (std::int64_t{1} << 52) - 2)).allFinite());
    CHECK(encode(encoding_params(kind, 2, 4096, 1e290, (std::int64_t{1} << 52) - 2)).allFinite());
  }
}

TEST_CASE("column and band wavelengths by hand for every periodic kind") {
  const double two_pi = 2 * std::numbers::pi;
  // sinusoidal D=4, base 100: w = 1, 0.1.
  auto p = encoding_params(EncodingKind::sinusoidal, 10, 4, 100.0);
  CHECK_THAT(*column_wavelength(p, 1), WithinAbs(two_pi, 1e-12));
  CHECK_THAT(*column_wavelength(p, 2), WithinAbs(10 * two_pi, 1e-12));
  CHECK(band_wavelengths(p).size() == 2);
  // concat D=7, base 1e4: K=3, timescales 1, 100, 1e4; column 6 is the zero padding.
  p = encoding_params(EncodingKind::sinusoidal_concat, 10, 7, 10000.0);
  CHECK_THAT(*column_wavelength(p, 4), WithinRel(100 * two_pi, 1e-12));  // cos of timescale 100
  CHECK_FALSE(column_wavelength(p, 6).has_value());
  const std::vector<double> concat = band_wavelengths(p);
  REQUIRE(concat.size() == 3);
  CHECK_THAT(concat[2], WithinRel(1e4 * two_pi, 1e-12));
  // fourier N=5: x = p/4, band k repeats every 8 / 2^k positions.
  p = encoding_params(EncodingKind::fourier, 5, 5);
  CHECK(*column_wavelength(p, 3) == 4.0);
  CHECK(band_wavelengths(p) == std::vector<double>{8.0, 4.0, 2.0});
  // binary: bit i repeats every 2^(i+1) positions.
  p = encoding_params(EncodingKind::binary, 10, 70);
  CHECK(*column_wavelength(p, 2) == 8.0);
  CHECK_FALSE(column_wavelength(p, 62).has_value());
  CHECK(band_wavelengths(p).empty());
  CHECK_FALSE(column_wavelength(encoding_params(EncodingKind::integer, 3, 3), 0).has_value());
  CHECK(sigmoid_timescale(3, 100.0, 1) == Approx(10.0));
  CHECK(sigmoid_timescale(1, 100.0, 0) == 1.0);
}

TEST_CASE("wavelengths run from 2 pi to 2 pi base^((D-2)/D)") {
  const Vector l = wavelengths(8, 10000.0);
  REQUIRE(l.size() == 4);
  CHECK_THAT(l[0], WithinAbs(2 * std::numbers::pi, 1e-12));
  CHECK_THAT(l[3], WithinAbs(2 * std::numbers::pi * std::pow(10000.0, 6.0 / 8.0), 1e-9));
}

TEST_CASE("every row of the kinds table has its functions", "[encodings][kinds]") {
  for (const pelab::KindInfo& row : pelab::kind_table()) {
    INFO(std::string(pelab::to_string(row.kind)));
    CHECK(row.functions != nullptr);
  }
}
