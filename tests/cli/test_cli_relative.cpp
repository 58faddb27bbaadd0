// pelab-cli rotation, t5-bucket, shaw, alibi and rope, checked against independent derivations.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <random>

#include "cli_runner.hpp"
#include "pelab/io/npy.hpp"

using namespace cli_test;
using Catch::Matchers::WithinAbs;

namespace {

// (T x) for a D x D matrix T stored row-major and a vector x.
std::vector<double> multiply(const pelab::NpyArray& t, const std::vector<double>& x) {
  const auto d = static_cast<std::size_t>(t.shape.at(0));
  std::vector<double> y(d, 0.0);
  for (std::size_t i = 0; i < d; ++i)
    for (std::size_t j = 0; j < d; ++j) y[i] += t.data[i * d + j] * x[j];
  return y;
}

std::vector<double> row(const pelab::NpyArray& a, std::int64_t r) {
  const auto cols = a.shape.at(1);
  return std::vector<double>(a.data.begin() + r * cols, a.data.begin() + (r + 1) * cols);
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

void write_matrix_npy(const std::string& path, const std::vector<double>& values, std::int64_t rows,
                      std::int64_t cols) {
  const std::int64_t shape[2] = {rows, cols};
  write_bytes(path, pelab::npy_encode(std::span<const double>(values), shape));
}

}  // namespace

TEST_CASE("rotation: T(k) P_p = P_(p+k) on the CLI's own encoding / row = transpose of column") {
  TempDir dir;
  const auto p =
      run_npy({"encode", "sinusoidal", "--positions", "40", "--dims", "8", "--base", "100"}, dir, "p.npy");
  const auto t = run_npy({"rotation", "--dims", "8", "--base", "100", "--shift", "3"}, dir, "t.npy");
  REQUIRE(t.shape == std::vector<std::int64_t>{8, 8});
  REQUIRE(t.dtype == pelab::NpyDtype::float64);
  for (std::int64_t pos = 0; pos + 3 < 40; ++pos) {
    const std::vector<double> moved = multiply(t, row(p, pos));
    const std::vector<double> target = row(p, pos + 3);
    for (std::size_t i = 0; i < 8; ++i) CHECK_THAT(moved[i], WithinAbs(target[i], 1e-12));
  }
  const auto r = run_npy({"rotation", "--dims", "8", "--base", "100", "--shift", "3", "--convention", "row"},
                         dir, "r.npy");
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) CHECK(at(r, i, j) == at(t, j, i));
  // A real shift: T(2.5) T(0.5) = T(3).
  const auto a = run_npy({"rotation", "--dims", "8", "--base", "100", "--shift", "2.5"}, dir, "a.npy");
  const auto b = run_npy({"rotation", "--dims", "8", "--base", "100", "--shift", "0.5"}, dir, "b.npy");
  for (int i = 0; i < 8; ++i) {
    for (int j = 0; j < 8; ++j) {
      double ab = 0.0;
      for (int k = 0; k < 8; ++k) ab += at(a, i, k) * at(b, k, j);
      CHECK_THAT(ab, WithinAbs(at(t, i, j), 1e-14));
    }
  }
}

TEST_CASE("t5-bucket: HF transformers buckets for r = -128..300") {
  TempDir dir;
  const auto b = run_npy({"t5-bucket", "--from", "-128", "--to", "300"}, dir);
  REQUIRE(b.dtype == pelab::NpyDtype::int64);
  REQUIRE(b.shape == std::vector<std::int64_t>{429});
  auto bucket = [&](int r) { return b.data.at(static_cast<std::size_t>(r + 128)); };
  // 32 buckets, 16 per direction, exact below 8, log-spaced up to 128, then the last bucket.
  CHECK(bucket(0) == 0);
  CHECK(bucket(-1) == 1);
  CHECK(bucket(-7) == 7);
  CHECK(bucket(1) == 17);
  CHECK(bucket(-128) == 15);
  CHECK(bucket(300) == 31);
  // r = -8: log(8/8) = 0 -> 8; r = -16: 8 + floor(log 2 / log 16 * 8) = 8 + 2 = 10.
  CHECK(bucket(-8) == 8);
  CHECK(bucket(-16) == 10);
  CHECK(bucket(16) == 26);
  // Causal, 32 buckets: keys after the query all share bucket 0; exact below 16.
  const auto c = run_npy({"t5-bucket", "--from", "-3", "--to", "3", "--causal"}, dir, "c.npy");
  CHECK(c.data == std::vector<double>{3, 2, 1, 0, 0, 0, 0});
}

TEST_CASE("shaw: the clipped relative index by hand") {
  TempDir dir;
  const auto s = run_npy({"shaw", "--queries", "4", "--keys", "4", "--clip", "2"}, dir);
  REQUIRE(s.dtype == pelab::NpyDtype::int64);
  REQUIRE(s.shape == std::vector<std::int64_t>{4, 4});
  // j - i:  0  1  2  3 / -1 0 1 2 / -2 -1 0 1 / -3 -2 -1 0, clipped to [-2, 2], plus 2.
  CHECK(s.data == std::vector<double>{2, 3, 4, 4, 1, 2, 3, 4, 0, 1, 2, 3, 0, 0, 1, 2});
  // Two queries at key positions 2 and 3 of 4, C = 1.
  const auto t = run_npy({"shaw", "--queries", "2", "--keys", "4", "--clip", "1"}, dir, "t.npy");
  REQUIRE(t.shape == std::vector<std::int64_t>{2, 4});
  CHECK(t.data == std::vector<double>{0, 0, 1, 2, 0, 0, 0, 1});
}

TEST_CASE("alibi: slopes for 8 and 12 heads as the ALiBi paper's code") {
  TempDir dir;
  const auto s8 = run_npy({"alibi", "--heads", "8"}, dir, "s8.npy");
  REQUIRE(s8.shape == std::vector<std::int64_t>{8});
  REQUIRE(s8.dtype == pelab::NpyDtype::float64);
  for (int h = 0; h < 8; ++h) CHECK(s8.data[static_cast<std::size_t>(h)] == std::ldexp(1.0, -(h + 1)));
  // get_slopes(12) = get_slopes(8) + get_slopes(16)[0::2][:4], get_slopes(16)[i] = 2^(-(i+1)/2).
  const auto s12 = run_npy({"alibi", "--heads", "12"}, dir, "s12.npy");
  REQUIRE(s12.shape == std::vector<std::int64_t>{12});
  const double tail[4] = {std::pow(2.0, -0.5), std::pow(2.0, -1.5), std::pow(2.0, -2.5), std::pow(2.0, -3.5)};
  for (int h = 0; h < 8; ++h) CHECK(s12.data[static_cast<std::size_t>(h)] == std::ldexp(1.0, -(h + 1)));
  for (int h = 0; h < 4; ++h)
    CHECK_THAT(s12.data[static_cast<std::size_t>(8 + h)], WithinAbs(tail[h], 1e-15));
}

TEST_CASE("alibi: H x N x N biases / causal has -inf above the diagonal") {
  TempDir dir;
  const auto b = run_npy({"alibi", "--heads", "2", "--positions", "4"}, dir, "b.npy");
  REQUIRE(b.shape == std::vector<std::int64_t>{2, 4, 4});
  const double slope[2] = {1.0 / 16.0, 1.0 / 256.0};  // 2 heads: 2^(-8/2 * (h+1))
  auto value = [](const pelab::NpyArray& a, int h, int i, int j) {
    return a.data.at(static_cast<std::size_t>((h * 4 + i) * 4 + j));
  };
  for (int h = 0; h < 2; ++h)
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) CHECK(value(b, h, i, j) == -slope[h] * std::abs(i - j));
  const auto c = run_npy({"alibi", "--heads", "2", "--positions", "4", "--causal"}, dir, "c.npy");
  REQUIRE(c.shape == std::vector<std::int64_t>{2, 4, 4});
  for (int h = 0; h < 2; ++h) {
    for (int i = 0; i < 4; ++i) {
      for (int j = 0; j < 4; ++j) {
        if (j > i) {
          CHECK(value(c, h, i, j) == -std::numeric_limits<double>::infinity());
        } else {
          CHECK(value(c, h, i, j) == -slope[h] * (i - j));
        }
      }
    }
  }
  // CSV: H*N lines of N values, "-inf" above the diagonal.
  const RunResult r =
      run_cli({"alibi", "--heads", "2", "--positions", "4", "--causal", "--out", dir.file("c.csv")});
  REQUIRE(r.exit_code == 0);
  const std::string csv = read_bytes(dir.file("c.csv"));
  CHECK(std::count(csv.begin(), csv.end(), '\n') == 8);
  CHECK(csv.rfind("0,-inf,-inf,-inf\n-0.0625,0,-inf,-inf\n", 0) == 0);
}

TEST_CASE("rope: rotations keep norms and q_m . k_n depends only on m - n") {
  TempDir dir;
  std::mt19937_64 rng(5);
  std::normal_distribution<double> normal;
  std::vector<double> x(3 * 8);
  for (double& v : x) v = normal(rng);
  std::copy(x.begin() + 8, x.begin() + 16, x.begin() + 16);  // rows: q, k, k
  write_matrix_npy(dir.file("x.npy"), x, 3, 8);
  for (const char* pairing : {"adjacent", "half"}) {
    INFO(pairing);
    const auto y =
        run_npy({"rope", "--in", dir.file("x.npy"), "--pairing", pairing, "--start", "17"}, dir, "y.npy");
    REQUIRE(y.shape == std::vector<std::int64_t>{3, 8});
    for (int r = 0; r < 3; ++r) {
      const std::vector<double> xr(x.begin() + r * 8, x.begin() + (r + 1) * 8);
      CHECK_THAT(std::sqrt(dot(row(y, r), row(y, r))), WithinAbs(std::sqrt(dot(xr, xr)), 1e-12));
    }
    // q at row 0 and k at rows 1 and 2: with --start 0 the positions are 0, 1, 2, with --start 40 they
    // are 40, 41, 42. Equal offsets give equal scores; the offsets -1 and -2 give different ones.
    const auto a = run_npy({"rope", "--in", dir.file("x.npy"), "--pairing", pairing}, dir, "a.npy");
    const auto b =
        run_npy({"rope", "--in", dir.file("x.npy"), "--pairing", pairing, "--start", "40"}, dir, "b.npy");
    CHECK_THAT(dot(row(a, 0), row(a, 1)), WithinAbs(dot(row(b, 0), row(b, 1)), 1e-12));
    CHECK_THAT(dot(row(a, 0), row(a, 2)), WithinAbs(dot(row(b, 0), row(b, 2)), 1e-12));
    CHECK(std::abs(dot(row(a, 0), row(a, 1)) - dot(row(a, 0), row(a, 2))) > 1e-6);
    // Row 0 at start 0 is position 0: no rotation at all.
    for (int i = 0; i < 8; ++i) CHECK(at(a, 0, i) == x[static_cast<std::size_t>(i)]);
  }
  // A unit vector e_0 at position p = 5, D = 4, base 100 (w_0 = 1): adjacent turns (e_0, e_1) to
  // (cos 5, sin 5); half turns (e_0, e_2).
  write_matrix_npy(dir.file("e.npy"), {1, 0, 0, 0}, 1, 4);
  const auto adj =
      run_npy({"rope", "--in", dir.file("e.npy"), "--base", "100", "--pairing", "adjacent", "--start", "5"},
              dir, "adj.npy");
  CHECK_THAT(at(adj, 0, 0), WithinAbs(std::cos(5.0), 1e-15));
  CHECK_THAT(at(adj, 0, 1), WithinAbs(std::sin(5.0), 1e-15));
  CHECK(at(adj, 0, 2) == 0.0);
  const auto half =
      run_npy({"rope", "--in", dir.file("e.npy"), "--base", "100", "--pairing", "half", "--start", "5"}, dir,
              "half.npy");
  CHECK_THAT(at(half, 0, 0), WithinAbs(std::cos(5.0), 1e-15));
  CHECK(at(half, 0, 1) == 0.0);
  CHECK_THAT(at(half, 0, 2), WithinAbs(std::sin(5.0), 1e-15));
}
