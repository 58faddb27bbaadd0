// pelab-cli encode and similarity, checked against hand values and closed forms (docs/encodings.md §4, §6).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <random>
#include <sstream>

#include "cli_runner.hpp"
#include "pelab/io/npy.hpp"

using namespace cli_test;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

void require_shape(const pelab::NpyArray& a, std::vector<std::int64_t> shape, pelab::NpyDtype dtype) {
  REQUIRE(a.shape == shape);
  REQUIRE(a.dtype == dtype);
}

}  // namespace

TEST_CASE("encode sinusoidal: source post 000's d=4 base=100 table") {
  TempDir dir;
  const auto a = run_npy({"encode", "sinusoidal", "--positions", "4", "--dims", "4", "--base", "100"}, dir);
  require_shape(a, {4, 4}, pelab::NpyDtype::float64);
  // w_0 = 1, w_1 = 100^(-1/2) = 0.1: columns sin p, cos p, sin p/10, cos p/10 (printed by a calculator).
  const double expected[4][4] = {
      {0.0, 1.0, 0.0, 1.0},
      {0.8414709848078965, 0.5403023058681398, 0.09983341664682815, 0.9950041652780258},
      {0.9092974268256817, -0.4161468365471424, 0.19866933079506122, 0.9800665778412416},
      {0.1411200080598672, -0.9899924966004454, 0.29552020666133955, 0.955336489125606}};
  for (int p = 0; p < 4; ++p)
    for (int i = 0; i < 4; ++i) CHECK_THAT(at(a, p, i), WithinAbs(expected[p][i], 1e-15));
}

TEST_CASE("encode normalized: p=1 is 0.5 at N=3 and 1/7 at N=8") {
  TempDir dir;
  const auto n3 = run_npy({"encode", "normalized", "--positions", "3", "--dims", "2"}, dir, "n3.npy");
  const auto n8 = run_npy({"encode", "normalized", "--positions", "8", "--dims", "2"}, dir, "n8.npy");
  require_shape(n3, {3, 2}, pelab::NpyDtype::float64);
  require_shape(n8, {8, 2}, pelab::NpyDtype::float64);
  CHECK(at(n3, 1, 0) == 0.5);
  CHECK(at(n3, 1, 1) == 0.5);
  CHECK_THAT(at(n8, 1, 0), WithinAbs(0.14285714285714285, 1e-16));
  CHECK(at(n8, 7, 1) == 1.0);
  const auto n1 = run_npy({"encode", "normalized", "--positions", "1", "--dims", "1"}, dir, "n1.npy");
  CHECK(n1.data == std::vector<double>{0.0});
}

TEST_CASE("encode binary: bits least significant first / --signed maps to -1/+1") {
  TempDir dir;
  const auto b = run_npy({"encode", "binary", "--positions", "4", "--dims", "2"}, dir, "b.npy");
  require_shape(b, {4, 2}, pelab::NpyDtype::float64);
  CHECK(b.data == std::vector<double>{0, 0, 1, 0, 0, 1, 1, 1});
  const auto s = run_npy({"encode", "binary", "--positions", "4", "--dims", "2", "--signed"}, dir, "s.npy");
  CHECK(s.data == std::vector<double>{-1, -1, 1, -1, -1, 1, 1, 1});
  // Position 5 = 101b with 4 columns.
  const auto f =
      run_npy({"encode", "binary", "--positions", "1", "--dims", "4", "--start", "5"}, dir, "f.npy");
  CHECK(f.data == std::vector<double>{1, 0, 1, 0});
}

TEST_CASE("encode --start: row r is position start + r") {
  TempDir dir;
  const auto integer =
      run_npy({"encode", "integer", "--positions", "3", "--dims", "2", "--start", "10"}, dir, "i.npy");
  CHECK(integer.data == std::vector<double>{10, 10, 11, 11, 12, 12});
  const auto whole = run_npy({"encode", "sinusoidal", "--positions", "12", "--dims", "6"}, dir, "w.npy");
  const auto tail =
      run_npy({"encode", "sinusoidal", "--positions", "4", "--dims", "6", "--start", "8"}, dir, "t.npy");
  require_shape(tail, {4, 6}, pelab::NpyDtype::float64);
  for (int r = 0; r < 4; ++r)
    for (int i = 0; i < 6; ++i) CHECK_THAT(at(tail, r, i), WithinAbs(at(whole, 8 + r, i), 1e-14));
  // Odd D: the last column is a sine of w_2 = 10000^(-4/5).
  const double w2 = std::pow(10000.0, -4.0 / 5.0);
  const auto odd =
      run_npy({"encode", "sinusoidal", "--positions", "3", "--dims", "5", "--start", "100"}, dir, "o.npy");
  CHECK_THAT(at(odd, 2, 4), WithinAbs(std::sin(102.0 * w2), 1e-14));
}

TEST_CASE("encode sigmoid / sinusoidal-concat / fourier against their formulas") {
  TempDir dir;
  // sigmoid: t_i = base^(i/(D-1)) -> t = 1, 10, 100 for base 100, D = 3.
  const auto sg =
      run_npy({"encode", "sigmoid", "--positions", "5", "--dims", "3", "--base", "100"}, dir, "sg.npy");
  const double t[3] = {1.0, 10.0, 100.0};
  for (int p = 0; p < 5; ++p)
    for (int i = 0; i < 3; ++i) CHECK_THAT(at(sg, p, i), WithinAbs(1.0 / (1.0 + std::exp(-p / t[i])), 1e-15));
  // concat, D = 6: K = 3 timescales 1, 10, 100 for base 100; sines then cosines.
  const auto cc = run_npy({"encode", "sinusoidal-concat", "--positions", "4", "--dims", "6", "--base", "100"},
                          dir, "cc.npy");
  for (int p = 0; p < 4; ++p) {
    for (int k = 0; k < 3; ++k) {
      CHECK_THAT(at(cc, p, k), WithinAbs(std::sin(p / t[k]), 1e-14));
      CHECK_THAT(at(cc, p, 3 + k), WithinAbs(std::cos(p / t[k]), 1e-14));
    }
  }
  // fourier, N = 5: x = p/4, columns sin(pi x), cos(pi x), sin(2 pi x), cos(2 pi x).
  const auto fo = run_npy({"encode", "fourier", "--positions", "5", "--dims", "4"}, dir, "fo.npy");
  const double pi = std::acos(-1.0);
  for (int p = 0; p < 5; ++p) {
    const double x = p / 4.0;
    CHECK_THAT(at(fo, p, 0), WithinAbs(std::sin(pi * x), 1e-14));
    CHECK_THAT(at(fo, p, 1), WithinAbs(std::cos(pi * x), 1e-14));
    CHECK_THAT(at(fo, p, 2), WithinAbs(std::sin(2 * pi * x), 1e-14));
    CHECK_THAT(at(fo, p, 3), WithinAbs(std::cos(2 * pi * x), 1e-14));
  }
}

TEST_CASE("encode learned: --seed is reproducible and --sigma scales") {
  TempDir dir;
  const std::vector<std::string> base = {"encode", "learned", "--positions", "100", "--dims", "50"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  run_npy(with({"--seed", "7"}), dir, "a.npy");
  run_npy(with({"--seed", "7"}), dir, "b.npy");
  run_npy(with({"--seed", "8"}), dir, "c.npy");
  CHECK(read_bytes(dir.file("a.npy")) == read_bytes(dir.file("b.npy")));
  CHECK(read_bytes(dir.file("a.npy")) != read_bytes(dir.file("c.npy")));

  // sigma 0.5 vs 0.25 (powers of two): exactly twice the values; the sample std is close to sigma.
  const auto half = run_npy(with({"--seed", "3", "--sigma", "0.5"}), dir, "h.npy");
  const auto quarter = run_npy(with({"--seed", "3", "--sigma", "0.25"}), dir, "q.npy");
  REQUIRE(half.data.size() == 5000);
  double sum = 0.0, sum2 = 0.0;
  for (std::size_t i = 0; i < half.data.size(); ++i) {
    CHECK(half.data[i] == 2.0 * quarter.data[i]);
    sum += half.data[i];
    sum2 += half.data[i] * half.data[i];
  }
  const double mean = sum / 5000.0;
  const double sd = std::sqrt(sum2 / 5000.0 - mean * mean);
  CHECK(std::abs(mean) < 0.05);  // 4 standard errors of the mean
  CHECK_THAT(sd, WithinAbs(0.5, 0.025));

  // Default sigma 0.02; a position's row does not depend on N or on where the table starts.
  const auto d = run_npy({"encode", "learned", "--positions", "10", "--dims", "4"}, dir, "d.npy");
  const auto s =
      run_npy({"encode", "learned", "--positions", "3", "--dims", "4", "--start", "5"}, dir, "s.npy");
  for (int r = 0; r < 3; ++r)
    for (int i = 0; i < 4; ++i) CHECK(at(s, r, i) == at(d, 5 + r, i));
  double largest = 0.0;
  for (double v : d.data) largest = std::max(largest, std::abs(v));
  CHECK(largest < 0.02 * 6);
  CHECK(largest > 0.0);
}

TEST_CASE("encode learned --table: round trip / defaults from the file / undefined past the end") {
  TempDir dir;
  // A 6 x 3 table with arbitrary values, saved as float32 to check the dtype conversion too.
  std::mt19937_64 rng(42);
  std::normal_distribution<float> normal;
  std::vector<float> values(18);
  for (float& v : values) v = normal(rng);
  const std::int64_t shape[2] = {6, 3};
  write_bytes(dir.file("table.npy"), pelab::npy_encode(std::span<const float>(values), shape));

  const auto all = run_npy({"encode", "learned", "--table", dir.file("table.npy")}, dir, "all.npy");
  require_shape(all, {6, 3}, pelab::NpyDtype::float64);
  for (std::size_t i = 0; i < 18; ++i) CHECK(all.data[i] == static_cast<double>(values[i]));

  // --start 2 without --positions: rows 2..5; with --positions 2 --dims 3: rows 2..3.
  const auto rest =
      run_npy({"encode", "learned", "--table", dir.file("table.npy"), "--start", "2"}, dir, "rest.npy");
  require_shape(rest, {4, 3}, pelab::NpyDtype::float64);
  for (std::size_t i = 0; i < 12; ++i) CHECK(rest.data[i] == static_cast<double>(values[6 + i]));
  const auto two = run_npy({"encode", "learned", "--table", dir.file("table.npy"), "--start", "2",
                            "--positions", "2", "--dims", "3"},
                           dir, "two.npy");
  require_shape(two, {2, 3}, pelab::NpyDtype::float64);

  // Past the last row, or a different width: exit 1, one line, no output.
  for (const std::vector<std::string>& bad : std::vector<std::vector<std::string>>{
           {"--start", "4", "--positions", "3"}, {"--positions", "7"}, {"--start", "6"}, {"--dims", "4"}}) {
    std::vector<std::string> args = {"encode", "learned",          "--table", dir.file("table.npy"),
                                     "--out",  dir.file("bad.npy")};
    args.insert(args.end(), bad.begin(), bad.end());
    const RunResult r = run_cli(args);
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK(is_one_error_line(r.err));
    CHECK_FALSE(std::filesystem::exists(dir.file("bad.npy")));
  }
  const RunResult past = run_cli({"encode", "learned", "--table", dir.file("table.npy"), "--positions", "7",
                                  "--out", dir.file("bad.npy")});
  CHECK(past.err.find("undefined past its last row") != std::string::npos);
}

TEST_CASE("encode to .csv holds the same numbers as .npy") {
  TempDir dir;
  const auto npy =
      run_npy({"encode", "sinusoidal", "--positions", "7", "--dims", "5", "--base", "33"}, dir, "p.npy");
  const RunResult r = run_cli({"encode", "sinusoidal", "--positions", "7", "--dims", "5", "--base", "33",
                               "--out", dir.file("p.csv")});
  REQUIRE(r.exit_code == 0);
  std::istringstream lines(read_bytes(dir.file("p.csv")));
  std::string line;
  std::vector<double> csv;
  int rows = 0;
  while (std::getline(lines, line)) {
    ++rows;
    std::istringstream cells(line);
    std::string cell;
    int cols = 0;
    while (std::getline(cells, cell, ',')) {
      csv.push_back(std::strtod(cell.c_str(), nullptr));
      ++cols;
    }
    CHECK(cols == 5);
  }
  CHECK(rows == 7);
  CHECK(csv == npy.data);  // %.17g reads back exactly
}

TEST_CASE("similarity sinusoidal: Toeplitz and equal to sum_k cos(w_k (p - q))") {
  TempDir dir;
  const int n = 20, d = 8;
  const auto s =
      run_npy({"similarity", "sinusoidal", "--positions", "20", "--dims", "8", "--base", "100"}, dir);
  require_shape(s, {n, n}, pelab::NpyDtype::float64);
  for (int p = 0; p < n; ++p) {
    for (int q = 0; q < n; ++q) {
      double expected = 0.0;
      for (int k = 0; k < d / 2; ++k) expected += std::cos(std::pow(100.0, -2.0 * k / d) * (p - q));
      CHECK_THAT(at(s, p, q), WithinAbs(expected, 1e-12));
      if (p + 1 < n && q + 1 < n) CHECK_THAT(at(s, p + 1, q + 1), WithinAbs(at(s, p, q), 1e-12));
    }
  }
  // Shifting every position leaves the matrix unchanged (only p - q matters).
  const auto shifted = run_npy(
      {"similarity", "sinusoidal", "--positions", "20", "--dims", "8", "--base", "100", "--start", "1000"},
      dir, "x.npy");
  for (std::size_t i = 0; i < s.data.size(); ++i) CHECK_THAT(shifted.data[i], WithinAbs(s.data[i], 1e-9));
  // Cosine: S / (D/2), so the diagonal is 1.
  const auto c = run_npy(
      {"similarity", "sinusoidal", "--positions", "20", "--dims", "8", "--base", "100", "--metric", "cosine"},
      dir, "c.npy");
  for (int p = 0; p < n; ++p) CHECK_THAT(at(c, p, p), WithinAbs(1.0, 1e-14));
}

TEST_CASE("similarity of other kinds: dot / cosine / distance from the table") {
  TempDir dir;
  // integer rows (p, p): dot = 2 p q, distance = sqrt(2) |p - q|.
  const auto dot = run_npy({"similarity", "integer", "--positions", "4", "--dims", "2"}, dir, "dot.npy");
  const auto dist = run_npy(
      {"similarity", "integer", "--positions", "4", "--dims", "2", "--metric", "distance"}, dir, "dist.npy");
  for (int p = 0; p < 4; ++p) {
    for (int q = 0; q < 4; ++q) {
      CHECK(at(dot, p, q) == 2.0 * p * q);
      CHECK_THAT(at(dist, p, q), WithinAbs(std::sqrt(2.0) * std::abs(p - q), 1e-14));
    }
  }
  // Cosine of sigmoid rows (all positive): diagonal 1, symmetric, in (0, 1].
  const auto cs = run_npy({"similarity", "sigmoid", "--positions", "9", "--dims", "5", "--metric", "cosine"},
                          dir, "cs.npy");
  for (int p = 0; p < 9; ++p) {
    CHECK_THAT(at(cs, p, p), WithinAbs(1.0, 1e-14));
    for (int q = 0; q < 9; ++q) {
      CHECK_THAT(at(cs, p, q), WithinAbs(at(cs, q, p), 1e-15));
      CHECK(at(cs, p, q) > 0.0);
    }
  }
}
