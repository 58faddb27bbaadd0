// Relative and rotary schemes against the papers' and HF transformers' definitions (docs/encodings.md §8,
// §9).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "pelab/relative.hpp"

using namespace pelab;
using Catch::Matchers::WithinAbs;

TEST_CASE("T5 buckets as HF transformers (32 buckets, max distance 128, bidirectional)") {
  CHECK(t5_relative_bucket(0) == 0);
  CHECK(t5_relative_bucket(-1) == 1);
  CHECK(t5_relative_bucket(1) == 17);
  CHECK(t5_relative_bucket(-7) == 7);   // last exact bucket
  CHECK(t5_relative_bucket(-8) == 8);   // first logarithmic: 8 + floor(log(1)/log(16)*8)
  CHECK(t5_relative_bucket(-12) == 9);  // 8 + floor(log(1.5)/log(16) * 8) = 8 + floor(1.17)
  CHECK(t5_relative_bucket(-128) == 15);
  CHECK(t5_relative_bucket(300) == 31);
  CHECK(t5_relative_bucket(-100000) == 15);
  // Causal: only keys at or before the query; 32 buckets, 16 exact.
  CHECK(t5_relative_bucket(5, true) == 0);
  CHECK(t5_relative_bucket(-5, true) == 5);
  CHECK(t5_relative_bucket(-16, true) == 16);
  CHECK(t5_relative_bucket(-1000, true) == 31);
  CHECK_THROWS_AS(t5_relative_bucket(0, false, 2), Error);
  // HF computes the log ratio in float32: with 18 buckets (9 per side, 4 exact, max distance 128),
  // |r| = 8 gives log(2)/log(32) * 5 = 1.0 in float32 but 0.99999999999999989 in float64.
  CHECK(t5_relative_bucket(-8, false, 18) == 5);
  CHECK(t5_relative_bucket(8, false, 18) == 14);
  // Huge bucket counts: capped at the last bucket, never a wrapped negative number.
  CHECK(t5_relative_bucket(-(std::int64_t{1} << 53), false, std::int64_t{1} << 40,
                           (std::int64_t{1} << 38) + 1) == (std::int64_t{1} << 39) - 1);
  CHECK_THROWS_AS(t5_relative_bucket(std::numeric_limits<std::int64_t>::min()), Error);
}

TEST_CASE("T5 bias matrix looks up the head's bias by bucket(j - i)") {
  Vector bias(32);
  for (int b = 0; b < 32; ++b) bias[b] = 100 + b;
  const Matrix m = t5_bias_matrix(5, bias);
  CHECK(m(2, 2) == 100);
  CHECK(m(2, 3) == 117);  // j - i = +1
  CHECK(m(3, 2) == 101);  // j - i = -1
  CHECK(m(0, 4) == 120);
}

TEST_CASE("ALiBi slopes: 8 heads 1/2..1/256; 12 heads as in the paper's code") {
  const Vector s8 = alibi_slopes(8);
  for (int h = 0; h < 8; ++h) CHECK(s8[h] == std::ldexp(1.0, -(h + 1)));
  // 12: the 8 slopes, then slopes 0, 2, 4, 6 of 16 heads: 2^-0.5, 2^-1.5, 2^-2.5, 2^-3.5.
  const Vector s12 = alibi_slopes(12);
  REQUIRE(s12.size() == 12);
  for (int h = 0; h < 8; ++h) CHECK(s12[h] == s8[h]);
  CHECK_THAT(s12[8], WithinAbs(std::pow(2.0, -0.5), 1e-15));
  CHECK_THAT(s12[9], WithinAbs(std::pow(2.0, -1.5), 1e-15));
  CHECK_THAT(s12[10], WithinAbs(std::pow(2.0, -2.5), 1e-15));
  CHECK_THAT(s12[11], WithinAbs(std::pow(2.0, -3.5), 1e-15));
  CHECK(alibi_slopes(1)[0] == std::ldexp(1.0, -8));
  CHECK_THAT(alibi_slopes(3)[2],
             WithinAbs(std::pow(2.0, -2.0), 1e-15));  // 2 heads: 1/16, 1/256; then 4-head slope 0
  CHECK_THROWS_AS(alibi_slopes(0), Error);
}

TEST_CASE("ALiBi bias matrices, symmetric and causal") {
  const auto bias = alibi_bias(2, 4);
  CHECK(bias.size() == 2);
  CHECK(bias[0](0, 3) == -3.0 / 16.0);  // 2 heads: slopes 2^-4, 2^-8
  CHECK(bias[0](3, 0) == -3.0 / 16.0);
  CHECK(bias[1](1, 2) == -1.0 / 256.0);
  const auto causal = alibi_bias(2, 4, true);
  CHECK(causal[0](3, 1) == -2.0 / 16.0);
  CHECK(causal[0](1, 3) == -std::numeric_limits<double>::infinity());
  CHECK(causal[0](2, 2) == 0.0);
  CHECK_FALSE(std::signbit(bias[0](1, 1)));  // +0 on the diagonal, not -0
}

TEST_CASE("Shaw: queries are the last Q of K positions, index clip(j - i, -C, C) + C") {
  const IndexMatrix idx = shaw_relative_index(2, 5, 2);
  // query rows sit at positions 3 and 4
  const std::int64_t expected[2][5] = {{0, 0, 1, 2, 3}, {0, 0, 0, 1, 2}};
  for (int r = 0; r < 2; ++r)
    for (int j = 0; j < 5; ++j) CHECK(idx(r, j) == expected[r][j]);
  CHECK_THROWS_WITH(shaw_relative_index(6, 5, 2), Catch::Contains("cannot exceed"));
}

TEST_CASE("RoPE scores depend only on p - q, in both pairings") {
  const std::int64_t d = 16;
  Matrix q(1, d), k(1, d);
  for (int i = 0; i < d; ++i) {
    q(0, i) = std::sin(1.3 * i + 0.2);
    k(0, i) = std::cos(0.7 * i - 0.4);
  }
  for (auto pairing : {RopePairing::adjacent, RopePairing::half}) {
    const Vector curve =
        rope_score_by_distance(q.row(0).transpose(), k.row(0).transpose(), 100.0, pairing, 40);
    for (std::int64_t m : {0, 3, 50, 1000}) {
      for (std::int64_t r : {-40, -7, 0, 1, 13, 40}) {
        const std::int64_t n = m + 100;
        const Matrix rq = rope_apply(q, 100.0, pairing, n + r);
        const Matrix rk = rope_apply(k, 100.0, pairing, n);
        CHECK_THAT(rq.row(0).dot(rk.row(0)), WithinAbs(curve[r + 40], 1e-11));
      }
    }
    // At distance 0 the rotation cancels: plain dot product.
    CHECK_THAT(curve[40], WithinAbs(q.row(0).dot(k.row(0)), 1e-12));
  }
}

TEST_CASE("RoPE pairings: half pairing is adjacent pairing on permuted coordinates; norms kept") {
  const std::int64_t d = 8;
  Matrix x(3, d);
  for (int r = 0; r < 3; ++r)
    for (int i = 0; i < d; ++i) x(r, i) = r + 0.1 * i * i - 0.5;
  // interleave: adjacent position 2k <- half position k, 2k+1 <- k + d/2
  Matrix interleaved(3, d);
  for (int k = 0; k < d / 2; ++k) {
    interleaved.col(2 * k) = x.col(k);
    interleaved.col(2 * k + 1) = x.col(k + d / 2);
  }
  const Matrix half = rope_apply(x, 10000.0, RopePairing::half, 5);
  const Matrix adjacent = rope_apply(interleaved, 10000.0, RopePairing::adjacent, 5);
  for (int k = 0; k < d / 2; ++k) {
    CHECK((half.col(k) - adjacent.col(2 * k)).cwiseAbs().maxCoeff() < 1e-15);
    CHECK((half.col(k + d / 2) - adjacent.col(2 * k + 1)).cwiseAbs().maxCoeff() < 1e-15);
  }
  for (int r = 0; r < 3; ++r) CHECK_THAT(half.row(r).norm(), WithinAbs(x.row(r).norm(), 1e-13));
  // Hand case: position 1, first pair (w = 1) rotates (1, 0) to (cos 1, sin 1).
  Matrix unit = Matrix::Zero(1, 2);
  unit(0, 0) = 1.0;
  const Matrix turned = rope_apply(unit, 10000.0, RopePairing::adjacent, 1);
  CHECK_THAT(turned(0, 0), WithinAbs(std::cos(1.0), 1e-15));
  CHECK_THAT(turned(0, 1), WithinAbs(std::sin(1.0), 1e-15));
  CHECK_THROWS_WITH(rope_apply(Matrix::Zero(2, 3), 10000.0, RopePairing::half), Catch::Contains("even"));
  // Pair 1 pins the frequency rule: D = 4, base 100: w_1 = 100^(-2/4) = 0.1; at position 3 the angle is 0.3.
  Matrix e(1, 4);
  e << 0, 0, 1, 0;  // adjacent pairing: pair 1 is coordinates (2, 3)
  const Matrix a = rope_apply(e, 100.0, RopePairing::adjacent, 3);
  CHECK_THAT(a(0, 2), WithinAbs(std::cos(0.3), 1e-15));
  CHECK_THAT(a(0, 3), WithinAbs(std::sin(0.3), 1e-15));
  Matrix h(1, 4);
  h << 0, 1, 0, 0;  // half pairing: pair 1 is coordinates (1, 3)
  const Matrix b = rope_apply(h, 100.0, RopePairing::half, 3);
  CHECK_THAT(b(0, 1), WithinAbs(std::cos(0.3), 1e-15));
  CHECK_THAT(b(0, 3), WithinAbs(std::sin(0.3), 1e-15));
  CHECK(b(0, 0) == 0.0);
  CHECK(b(0, 2) == 0.0);
}
