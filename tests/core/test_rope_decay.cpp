// RoPE's long-term decay against direct sums, core's rope_score_by_distance and first negative
// distances computed independently (numpy: the first m with sum_i cos(m base^(-2i/D)) < 0).
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "pelab/relative.hpp"
#include "pelab/rope_decay.hpp"
#include "pelab/rope_scaling.hpp"

using namespace pelab;
using Catch::Matchers::WithinAbs;

TEST_CASE("all-ones score: 2 sum cos(m theta_i), times the attention factor squared", "[rope-decay]") {
  // One pair: 2 cos(m theta), to rounding far out (the recurrence is resynchronised).
  const std::vector<double> one = {0.3};
  const std::vector<double> score = rope_all_ones_score(one, 100000);
  REQUIRE(score.size() == 100001);
  for (std::int64_t m : {0, 1, 2, 255, 256, 257, 9999, 100000})
    CHECK_THAT(score[static_cast<std::size_t>(m)],
               WithinAbs(2.0 * std::cos(0.3 * static_cast<double>(m)), 1e-11));
  // D = 128, base 10000, against the direct sum and against core's rotation of all-ones vectors.
  const std::vector<double> theta = rope_inverse_frequencies(128, 10000.0);
  const std::vector<double> ones = rope_all_ones_score(theta, 5000, 1.5);
  for (std::int64_t m : {0, 1, 7, 100, 1707, 4999}) {
    double direct = 0.0;
    for (double t : theta) direct += 2.0 * std::cos(static_cast<double>(m) * t);
    CHECK_THAT(ones[static_cast<std::size_t>(m)], WithinAbs(2.25 * direct, 1e-9));
  }
  const Vector all = Vector::Ones(128);
  const Vector rotated = rope_score_by_distance(all, all, 10000.0, RopePairing::adjacent, 300);
  for (std::int64_t m = 0; m <= 300; ++m)
    CHECK_THAT(ones[static_cast<std::size_t>(m)] / 2.25, WithinAbs(rotated[300 + m], 1e-10));
  CHECK_THAT(ones[0], WithinAbs(2.25 * 128.0, 1e-12));
}

TEST_CASE("the score first turns negative where an independent scan says", "[rope-decay]") {
  // numpy: m = arange(1, ...); first m with cos(outer(m, base ** (-arange(0, D, 2) / D))).sum(1) < 0.
  CHECK(rope_first_negative(rope_inverse_frequencies(128, 10000.0), 1 << 20) == 1707);
  CHECK(rope_first_negative(rope_inverse_frequencies(128, 500000.0), 1 << 20) == 18438);
  CHECK(rope_first_negative(rope_inverse_frequencies(128, 1e6), 1 << 20) == 27115);
  CHECK(rope_first_negative(rope_inverse_frequencies(64, 10000.0), 1 << 20) == 725);
  CHECK(rope_first_negative(rope_inverse_frequencies(64, 100.0), 1 << 20) == 46);
  // Not within the limit: nullopt. A larger base pushes it further out.
  CHECK_FALSE(rope_first_negative(rope_inverse_frequencies(128, 10000.0), 1706).has_value());
  // Position interpolation divides every theta by S, so the crossing moves out by S (to rounding of m).
  std::vector<double> interpolated = rope_inverse_frequencies(128, 10000.0);
  for (double& t : interpolated) t /= 4.0;
  const std::optional<std::int64_t> scaled = rope_first_negative(interpolated, 1 << 20);
  REQUIRE(scaled.has_value());
  CHECK(*scaled >= 4 * 1706);
  CHECK(*scaled <= 4 * 1707);
  CHECK_THROWS_AS(rope_first_negative(std::vector<double>{}, 10), Error);
  CHECK_THROWS_AS(rope_all_ones_score(interpolated, -1), Error);
}

TEST_CASE("random similar pairs average to the all-ones curve", "[rope-decay]") {
  // E[q . R(m) (q + e)] = sum_i 2 cos(m theta_i) for q, e ~ N(0, I): within a few standard errors.
  const std::vector<double> theta = rope_inverse_frequencies(32, 10000.0);
  const std::vector<double> ones = rope_all_ones_score(theta, 400);
  const std::vector<double> random = rope_random_score(theta, 400, 4096, 11);
  // Per pair the coefficient q_a^2 + q_b^2 + q.e has variance 8, so the sum over 16 pairs of the mean
  // of 4096 draws has standard deviation sqrt(16 * 8 / 4096) ~ 0.18; allow 5 of them.
  for (std::int64_t m : {0, 1, 10, 100, 400})
    CHECK_THAT(random[static_cast<std::size_t>(m)], WithinAbs(ones[static_cast<std::size_t>(m)], 0.9));
  // The attention factor scales both vectors.
  const std::vector<double> scaled = rope_random_score(theta, 10, 64, 11, 2.0);
  const std::vector<double> plain = rope_random_score(theta, 10, 64, 11, 1.0);
  CHECK_THAT(scaled[3], WithinAbs(4.0 * plain[3], 1e-12));
  CHECK_THROWS_AS(rope_random_score(theta, 10, 0, 1), Error);
}
