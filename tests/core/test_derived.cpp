// Requirement scores, attention, normalisation and PCA (docs/encodings.md §3, §2, §11, §12).
#include <catch2/catch.hpp>
#include <cmath>
#include <numeric>
#include <vector>

#include "pelab/attention.hpp"
#include "pelab/encodings.hpp"
#include "pelab/pca.hpp"
#include "pelab/requirements.hpp"

using namespace pelab;
using Catch::Matchers::WithinAbs;

namespace {
std::vector<bool> passes(EncodingKind kind, std::int64_t n, std::int64_t d, double base = 10000.0) {
  EncodingParams p;
  p.kind = kind;
  p.positions = n;
  p.dims = d;
  p.base = base;
  std::vector<bool> out;
  for (const auto& s : requirement_scores(p)) out.push_back(s.pass);
  return out;
}

// A deterministic, non-trivial matrix for the attention demos.
Matrix wave(std::int64_t rows, std::int64_t cols, double phase) {
  Matrix m(rows, cols);
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t c = 0; c < cols; ++c)
      m(r, c) = std::sin(0.37 * static_cast<double>(r * (c + 1)) + phase) + 0.1 * static_cast<double>(c);
  return m;
}
}  // namespace

TEST_CASE("requirement scores tell the encodings apart as the posts argue") {
  using V = std::vector<bool>;
  // integer: bounded and slow growth fail; same vector at any length, equal steps, distinct.
  CHECK(passes(EncodingKind::integer, 64, 16) == V{true, false, false, true, true});
  // normalized: depends on N (fails 1), otherwise fine.
  CHECK(passes(EncodingKind::normalized, 64, 16) == V{false, true, true, true, true});
  // sinusoidal: all five.
  CHECK(passes(EncodingKind::sinusoidal, 64, 16) == V{true, true, true, true, true});
  // binary: bounded but discrete: neighbour steps vary.
  CHECK(passes(EncodingKind::binary, 64, 16)[3] == false);
  // sigmoid saturates: far positions become identical in double precision.
  CHECK(passes(EncodingKind::sigmoid, 2000, 4, 10.0)[4] == false);
  // Zero-padding columns does not change the growth verdict (binary: D = 8 and D = 256 are the same bits).
  CHECK(passes(EncodingKind::binary, 64, 8)[2] == passes(EncodingKind::binary, 64, 256)[2]);
}

TEST_CASE("requirement scores near the exact-position limit and for non-finite tables") {
  EncodingParams p;
  p.positions = 4;
  p.dims = 4;
  p.start = (std::int64_t{1} << 52) - 8;  // twice N would pass 2^52
  CHECK(requirement_scores(p).size() == 5);
  p.start = 0;
  p.kind = EncodingKind::learned;
  Matrix table = Matrix::Zero(4, 4);
  table(2, 1) = std::nan("");
  for (const auto& s : requirement_scores(p, &table)) CHECK_FALSE(s.pass);
}

TEST_CASE("requirement 5 on a wide table compares a sample of rows, and says how many") {
  // D = 4096: s^2 D <= 2^34 gives s = 2048 rows compared pairwise (plus every neighbour pair).
  EncodingParams p;
  p.kind = EncodingKind::integer;  // rows p, p+1 differ by sqrt(D) = 64: the minimum, found exactly
  p.positions = 2049;
  p.dims = 4096;
  const std::vector<RequirementScore> wide = requirement_scores(p);
  REQUIRE(wide.size() == 5);
  CHECK(wide[4].value == 64.0);
  CHECK(wide[4].description_text.id == TextId::requirement_measure_5_sampled);
  CHECK(wide[4].description_text.args == std::vector<std::string>{"2048"});
  CHECK(wide[4].description.find("an even sample of 2048 rows (N > 2048)") != std::string::npos);
  p.positions = 2048;  // all rows fit: exact, no argument
  const std::vector<RequirementScore> exact = requirement_scores(p);
  CHECK(exact[4].value == 64.0);
  CHECK(exact[4].description_text.id == TextId::requirement_measure_5);
}

TEST_CASE("requirement values by hand") {
  EncodingParams p;
  p.kind = EncodingKind::integer;
  p.positions = 5;
  p.dims = 4;
  const auto s = requirement_scores(p);
  REQUIRE(s.size() == 5);
  CHECK(s[1].value == 4.0);                       // max |P| = N - 1
  CHECK_THAT(s[2].value, WithinAbs(1.0, 1e-15));  // largest value is p: slope 1 per step
  CHECK(s[3].value == 0.0);                       // every step has length sqrt(D)
  CHECK_THAT(s[4].value, WithinAbs(2.0, 1e-15));  // closest rows: distance sqrt(D) = 2
  p.kind = EncodingKind::normalized;
  // Largest change at the last shared row p = 4: 4/4 at N=5 against 4/9 at N=10.
  CHECK_THAT(requirement_scores(p)[0].value, WithinAbs(1.0 - 4.0 / 9.0, 1e-15));
}

TEST_CASE("requirements that need more positions than N are not measurable, neither pass nor fail") {
  EncodingParams p;
  p.kind = EncodingKind::sinusoidal;
  p.dims = 4;
  p.positions = 2;  // two rows: a slope and a pair, but a single neighbour step (requirement 4 needs two)
  const auto two = requirement_scores(p);
  CHECK(two[2].measurable);
  CHECK(two[4].measurable);
  CHECK_FALSE(two[3].measurable);
  CHECK(two[3].needs_positions == 3);
  CHECK_FALSE(two[3].pass);
  CHECK(std::isnan(two[3].value));
  CHECK(requirement_verdict(two[3]) == "not measurable: needs N ≥ 3 positions");
  // |P_1 - P_0| for D = 4, base 10000: w = (1, 0.01): sqrt((sin 1)^2 + (cos 1 - 1)^2 + (sin .01)^2 +
  // (cos .01 - 1)^2) = sqrt(2 - 2 cos 1 + 2 - 2 cos 0.01).
  CHECK_THAT(two[4].value, WithinAbs(std::sqrt(4.0 - 2.0 * std::cos(1.0) - 2.0 * std::cos(0.01)), 1e-12));
  p.positions = 1;
  const auto one = requirement_scores(p);
  CHECK(one[0].measurable);
  CHECK(one[1].measurable);
  CHECK(one[1].pass);  // the single row (0, 1, 0, 1) is bounded by 1
  for (int i : {2, 3, 4}) {
    CHECK_FALSE(one[static_cast<std::size_t>(i)].measurable);
    CHECK_FALSE(one[static_cast<std::size_t>(i)].pass);
  }
}

TEST_CASE("attention is permutation-equivariant until positions are added") {
  const Matrix words = wave(6, 4, 0.3), wq = wave(4, 3, 1.0), wk = wave(4, 3, 2.0), wv = wave(4, 4, 3.0);
  const std::vector<std::int64_t> perm = {2, 0, 5, 1, 4, 3};
  const Matrix zero = Matrix::Zero(6, 4);
  CHECK(permutation_equivariance_error(words, zero, wq, wk, wv, perm) < 1e-12);
  const Matrix pos = wave(6, 4, 5.0);
  CHECK(permutation_equivariance_error(words, pos, wq, wk, wv, perm) > 1e-3);
  // four terms add up to the logits of w + p
  const AttentionTerms t = attention_terms(words, pos, wq, wk);
  CHECK((t.total - attention_logits(words + pos, wq, wk)).cwiseAbs().maxCoeff() < 1e-12);
  // hand case: one feature, W = [1]: a_ij = x_i x_j / sqrt(1)
  Matrix x(2, 1), one(1, 1);
  x << 1, 2;
  one << 1;
  const Matrix a = attention_logits(x, one, one);
  CHECK(a(0, 1) == 2.0);
  CHECK(a(1, 1) == 4.0);
  const Matrix soft = softmax_rows(a);
  CHECK_THAT(soft(0, 0), WithinAbs(1.0 / (1.0 + std::exp(1.0)), 1e-15));
  CHECK_THROWS_AS(permute_rows(words, std::vector<std::int64_t>{0, 0, 1, 2, 3, 4}), Error);
}

TEST_CASE("LayerNorm normalises tokens, BatchNorm features; batch of one collapses") {
  Matrix x(2, 4);
  x << 1, 2, 3, 4, 10, 10, 10, 50;
  const Matrix ln = layer_norm(x, 0.0);
  CHECK_THAT(ln.row(0).mean(), WithinAbs(0.0, 1e-15));
  CHECK_THAT(ln.row(0).squaredNorm() / 4.0, WithinAbs(1.0, 1e-14));
  // row 0: mu 2.5, var 1.25 -> (1 - 2.5)/sqrt(1.25)
  CHECK_THAT(ln(0, 0), WithinAbs(-1.5 / std::sqrt(1.25), 1e-15));
  const Matrix bn = batch_norm(x, 0.0);
  CHECK_THAT(bn(0, 0), WithinAbs(-1.0, 1e-15));  // column 0: 1, 10 -> -1, +1
  CHECK_THAT(bn(1, 3), WithinAbs(1.0, 1e-15));
  const Matrix single = batch_norm(x.topRows(1), 1e-5, 2.0, 0.25);
  CHECK((single.array() == 0.25).all());  // var = 0: every value becomes beta
}

TEST_CASE("PCA of a circle and of a line") {
  // Sinusoid with D = 2 over full periods: points on the unit circle, two equal components.
  Matrix circle(8, 2);
  for (int p = 0; p < 8; ++p) circle.row(p) << std::sin(p * M_PI / 4), std::cos(p * M_PI / 4);
  const Projection c = pca_project(circle, 2);
  CHECK_THAT(c.explained_variance[0], WithinAbs(0.5, 1e-12));
  CHECK_THAT(c.explained_variance[1], WithinAbs(0.5, 1e-12));
  for (int p = 0; p < 8; ++p) CHECK_THAT(c.points.row(p).norm(), WithinAbs(1.0, 1e-12));
  // Points on a line in 5-D: one component explains everything; coordinates are signed distances.
  Matrix line(4, 5);
  for (int p = 0; p < 4; ++p) line.row(p) = Eigen::RowVectorXd::Constant(5, double(p));
  const Projection l = pca_project(line, 3);
  CHECK_THAT(l.explained_variance[0], WithinAbs(1.0, 1e-12));
  CHECK_THAT(std::abs(l.points(3, 0) - l.points(0, 0)), WithinAbs(3.0 * std::sqrt(5.0), 1e-12));
  CHECK_THROWS_AS(pca_project(line, 4), Error);
}

TEST_CASE("requirement scores arrive one by one, each as the whole computation scores it", "[requirements]") {
  EncodingParams p;
  p.kind = EncodingKind::sinusoidal;
  p.positions = 40;
  p.dims = 12;
  const std::vector<RequirementScore> whole = requirement_scores(p);
  REQUIRE(whole.size() == 5);
  std::vector<std::size_t> sizes;
  const std::vector<RequirementScore> reported =
      requirement_scores(p, nullptr, [&](const std::vector<RequirementScore>& scored) {
        sizes.push_back(scored.size());
        const RequirementScore& last = scored.back();
        CHECK(last.number == static_cast<int>(scored.size()));
        // NaN-safe equality: the same measure on the same table gives the same bits.
        const RequirementScore& same = whole[scored.size() - 1];
        CHECK((last.value == same.value || (std::isnan(last.value) && std::isnan(same.value))));
        CHECK(last.pass == same.pass);
      });
  CHECK(sizes == std::vector<std::size_t>{1, 2, 3, 4, 5});
  REQUIRE(reported.size() == 5);
  for (std::size_t r = 0; r < 5; ++r) CHECK(reported[r].pass == whole[r].pass);
}

TEST_CASE("a stop asked for while scoring ends the scores at the next step, telling no one",
          "[requirements]") {
  EncodingParams p;
  p.kind = EncodingKind::sinusoidal;
  p.positions = 40;
  p.dims = 12;
  StopSource stop;
  std::vector<std::size_t> sizes;
  const auto stop_after_two = [&](const std::vector<RequirementScore>& scored) {
    sizes.push_back(scored.size());
    if (scored.size() == 2) stop.request_stop();
  };
  CHECK_THROWS_AS(requirement_scores(p, nullptr, stop_after_two, stop.get_token()), Stopped);
  CHECK(sizes == std::vector<std::size_t>{1, 2});  // the third score was measured but not reported
  // A stop asked for before the start: nothing measured, nothing reported.
  sizes.clear();
  CHECK_THROWS_AS(requirement_scores(p, nullptr, stop_after_two, stop.get_token()), Stopped);
  CHECK(sizes.empty());
  // Without a stop (a default token): all five, as before.
  CHECK(requirement_scores(p, nullptr, {}, StopToken{}).size() == 5);
}
