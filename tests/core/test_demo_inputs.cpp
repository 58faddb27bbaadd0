// The attention and normalisation demos (seeds 001 and 003) and the PCA fit, against hand-derived
// values and the properties they teach: repeated words have equal rows, attention without
// positions permutes exactly with its input, BatchNorm with one token has variance 0.
#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>
#include <vector>

#include "pelab/demo_inputs.hpp"
#include "pelab/encodings.hpp"
#include "pelab/pca.hpp"

using namespace pelab;
using Catch::Matchers::WithinAbs;

TEST_CASE("token embeddings: a repeated word has one vector, whatever the other words", "[demo]") {
  const std::vector<std::int64_t> sentence = {0, 1, 2, 3, 0, 4};
  const Matrix w = token_embeddings(sentence, 64, 1);
  REQUIRE(w.rows() == 6);
  REQUIRE(w.cols() == 64);
  CHECK(w.row(0) == w.row(4));
  CHECK((w.row(0) - w.row(1)).cwiseAbs().maxCoeff() > 0.1);
  const std::vector<std::int64_t> other = {4, 0};
  const Matrix v = token_embeddings(other, 64, 1);
  CHECK(v.row(0) == w.row(5));
  CHECK(v.row(1) == w.row(0));
  CHECK(token_embeddings(other, 64, 2).row(0) != v.row(0));  // another seed, other vectors
  // N(0, sigma^2) entries: over 64 x 1000 entries the mean is ~0 and the variance ~sigma^2.
  std::vector<std::int64_t> many(1000);
  std::iota(many.begin(), many.end(), 0);
  const Matrix big = token_embeddings(many, 64, 9, 2.0);
  const double mean = big.mean();
  const double variance = (big.array() - mean).square().mean();
  CHECK(std::abs(mean) < 0.05);
  CHECK_THAT(variance, WithinAbs(4.0, 0.15));
  CHECK_THROWS_AS(token_embeddings(std::vector<std::int64_t>{-1}, 4, 0), Error);
}

TEST_CASE("attention weights have entries of variance 1/D", "[demo]") {
  const AttentionWeights w = seeded_attention_weights(256, 16, 3);
  CHECK(w.wq.rows() == 256);
  CHECK(w.wq.cols() == 16);
  CHECK(w.wq != w.wk);
  CHECK(w.wk != w.wv);
  const double variance = w.wq.array().square().mean();
  CHECK_THAT(variance * 256.0, WithinAbs(1.0, 0.1));
}

TEST_CASE("attention demo by hand: identity weights, two tokens, D = 2", "[demo]") {
  // words w0 = (1, 0), w1 = (0, 1); positions p0 = (0, 0), p1 = (1, 1); W = I, d = 2.
  Matrix words(2, 2), positions(2, 2);
  words << 1, 0, 0, 1;
  positions << 0, 0, 1, 1;
  const AttentionWeights weights{Matrix::Identity(2, 2), Matrix::Identity(2, 2), Matrix::Identity(2, 2)};
  const std::vector<std::int64_t> order = {0, 1};
  const AttentionDemo demo = attention_demo(words, positions, weights, order);
  const double s = 1.0 / std::sqrt(2.0);
  // w.w = I / sqrt 2; w.p: w_i . p_j = [[0, 1], [0, 1]]; p.w its transpose; p.p = [[0, 0], [0, 2]].
  CHECK_THAT(demo.terms.word_word(0, 0), WithinAbs(s, 1e-15));
  CHECK_THAT(demo.terms.word_word(0, 1), WithinAbs(0.0, 1e-15));
  CHECK_THAT(demo.terms.word_position(0, 1), WithinAbs(s, 1e-15));
  CHECK_THAT(demo.terms.word_position(1, 0), WithinAbs(0.0, 1e-15));
  CHECK_THAT(demo.terms.position_word(1, 0), WithinAbs(s, 1e-15));
  CHECK_THAT(demo.terms.position_position(1, 1), WithinAbs(2.0 * s, 1e-15));
  // total = (x x^T) / sqrt 2 with x0 = (1, 0), x1 = (1, 2): [[1, 1], [1, 5]] / sqrt 2.
  CHECK_THAT(demo.terms.total(0, 0), WithinAbs(s, 1e-15));
  CHECK_THAT(demo.terms.total(0, 1), WithinAbs(s, 1e-15));
  CHECK_THAT(demo.terms.total(1, 1), WithinAbs(5.0 * s, 1e-14));
  // Softmax of row 0 with positions: equal logits, weights 1/2 each.
  CHECK_THAT(demo.weights_with(0, 0), WithinAbs(0.5, 1e-15));
  // Without positions row 0: softmax(1/sqrt2, 0); z_0 = a w0 + (1 - a) w1.
  const double a = std::exp(s) / (std::exp(s) + 1.0);
  CHECK_THAT(demo.weights_without(0, 0), WithinAbs(a, 1e-15));
  CHECK_THAT(demo.output_without(0, 0), WithinAbs(a, 1e-15));
  CHECK_THAT(demo.output_without(0, 1), WithinAbs(1.0 - a, 1e-15));
}

TEST_CASE("attention without positions permutes exactly with its words; positions break it", "[demo]") {
  const std::vector<std::int64_t> sentence = {0, 1, 2, 3, 0, 4};
  const Matrix words = token_embeddings(sentence, 64, 1);
  EncodingParams e;
  e.positions = 6;
  const Matrix positions = encode(e);
  const AttentionWeights weights = seeded_attention_weights(64, 16, 1);
  const std::vector<std::int64_t> identity = {0, 1, 2, 3, 4, 5};
  const AttentionDemo original = attention_demo(words, positions, weights, identity);
  for (const std::vector<std::int64_t>& order :
       {std::vector<std::int64_t>{1, 0, 2, 3, 4, 5}, std::vector<std::int64_t>{5, 4, 3, 2, 1, 0},
        std::vector<std::int64_t>{2, 5, 0, 4, 1, 3}}) {
    const AttentionDemo moved = attention_demo(words, positions, weights, order);
    const Vector without = permuted_row_differences(moved.output_without, original.output_without, order);
    const Vector with = permuted_row_differences(moved.output_with, original.output_with, order);
    CHECK(without.maxCoeff() < 1e-14);
    CHECK(with.maxCoeff() > 1e-3);
    // The logits without positions are the word-word term, permuted on both sides.
    // P A P^T, with permute_rows(A, order) = P A.
    const Matrix expected =
        permute_rows(permute_rows(original.terms.word_word, order).transpose(), order).transpose();
    CHECK((moved.terms.word_word - expected).cwiseAbs().maxCoeff() < 1e-14);
    // The four terms add up to the logits of w + p.
    CHECK((moved.terms.total - attention_logits(moved.words + positions, weights.wq, weights.wk))
              .cwiseAbs()
              .maxCoeff() < 1e-13);
  }
  // Zero positions: with and without are the same attention.
  const AttentionDemo zero = attention_demo(words, Matrix::Zero(6, 64), weights, identity);
  CHECK((zero.output_with - zero.output_without).cwiseAbs().maxCoeff() == 0.0);
  // The two "the" rows (slots 0 and 4) attend identically without positions.
  CHECK((original.weights_without.row(0) - original.weights_without.row(4)).cwiseAbs().maxCoeff() < 1e-15);
  CHECK_THROWS_AS(attention_demo(words, positions, weights, std::vector<std::int64_t>{0, 0, 1, 2, 3, 4}),
                  Error);
}

TEST_CASE("moments by hand", "[demo]") {
  Matrix x(2, 3);
  x << 1, 2, 3, 4, 6, 8;
  const Moments rows = row_moments(x);
  CHECK_THAT(rows.mean[0], WithinAbs(2.0, 1e-15));
  CHECK_THAT(rows.mean[1], WithinAbs(6.0, 1e-15));
  CHECK_THAT(rows.variance[0], WithinAbs(2.0 / 3.0, 1e-15));
  CHECK_THAT(rows.variance[1], WithinAbs(8.0 / 3.0, 1e-15));
  const Moments cols = column_moments(x);
  CHECK_THAT(cols.mean[0], WithinAbs(2.5, 1e-15));
  CHECK_THAT(cols.mean[2], WithinAbs(5.5, 1e-15));
  CHECK_THAT(cols.variance[0], WithinAbs(2.25, 1e-15));
  CHECK_THAT(cols.variance[1], WithinAbs(4.0, 1e-15));
  CHECK_THAT(cols.variance[2], WithinAbs(6.25, 1e-15));
}

TEST_CASE("source post 003's padded batch: BatchNorm with one real token has variance 0", "[demo]") {
  EncodingParams e;
  e.positions = 8;
  e.dims = 16;
  const Matrix positions = encode(e);
  const std::vector<std::int64_t> lengths = {3, 2};  // A = [A1, A2, A3], B = [B1, B2]
  const PaddedBatch batch = padded_batch(lengths, positions, 3);
  REQUIRE(batch.steps == 3);
  REQUIRE(batch.x.rows() == 6);
  CHECK(batch.real == std::vector<bool>{true, true, true, true, true, false});
  CHECK(batch.x.row(batch.row(1, 2)).isZero(0.0));  // B's padding
  // x = w + p: A's first token minus its position is a word vector, different from B's.
  const Matrix a1 = batch.x.row(batch.row(0, 0)) - positions.row(0);
  const Matrix b1 = batch.x.row(batch.row(1, 0)) - positions.row(0);
  CHECK((a1 - b1).cwiseAbs().maxCoeff() > 0.1);

  const StepNorm real = batch_norm_per_step(batch, false);
  CHECK(real.counted == std::vector<std::int64_t>{2, 2, 1});
  CHECK(real.variance.row(2).isZero(0.0));         // batch size 1 at step 3: variance 0
  CHECK(real.y.row(batch.row(0, 2)).isZero(0.0));  // so A3 becomes beta = 0, whatever it was
  CHECK(real.y.row(batch.row(1, 2)).isZero(0.0));  // padding left out
  // Two tokens: each feature normalises to -1 and +1 (up to eps).
  for (Eigen::Index j = 0; j < 16; ++j) {
    CHECK_THAT(std::abs(real.y(batch.row(0, 0), j)), WithinAbs(1.0, 1e-3));
    CHECK_THAT(real.y(batch.row(0, 0), j) + real.y(batch.row(1, 0), j), WithinAbs(0.0, 1e-12));
  }

  const StepNorm padded = batch_norm_per_step(batch, true);
  CHECK(padded.counted == std::vector<std::int64_t>{2, 2, 2});
  // A3 next to one zero: mean x/2, variance x^2/4, so every feature becomes sign(x) (|y| -> 1).
  for (Eigen::Index j = 0; j < 16; ++j) {
    const double x = batch.x(batch.row(0, 2), j);
    CHECK_THAT(padded.mean(2, j), WithinAbs(x / 2.0, 1e-15));
    CHECK_THAT(padded.variance(2, j), WithinAbs(x * x / 4.0, 1e-15));
    if (std::abs(x) > 0.1) CHECK_THAT(padded.y(batch.row(0, 2), j), WithinAbs(x > 0 ? 1.0 : -1.0, 1e-3));
  }

  // A batch of one sequence: every step has variance 0 (source post 003: Batch = 1).
  const PaddedBatch single = padded_batch(std::vector<std::int64_t>{4}, positions, 3);
  const StepNorm alone = batch_norm_per_step(single, true);
  CHECK(alone.variance.isZero(0.0));
  CHECK(alone.y.isZero(0.0));
  // LayerNorm looks at one token only: every real row has mean 0 and variance ~1.
  const Moments after = row_moments(layer_norm(batch.x.topRows(5)));
  for (Eigen::Index r = 0; r < 5; ++r) {
    CHECK_THAT(after.mean[r], WithinAbs(0.0, 1e-12));
    CHECK_THAT(after.variance[r], WithinAbs(1.0, 1e-3));
  }
  CHECK_THROWS_AS(padded_batch(std::vector<std::int64_t>{9}, positions, 3), Error);  // 8 position rows
  CHECK_THROWS_AS(padded_batch(std::vector<std::int64_t>{0}, positions, 3), Error);
  CHECK_THROWS_AS(padded_batch(std::vector<std::int64_t>{}, positions, 3), Error);
}

TEST_CASE("PCA fit: the sinusoid's first pair is a circle, and the fit projects like pca_project", "[pca]") {
  // D = 2: columns sin(p), cos(p) over 2000 positions (many full turns, mean ~0): a unit circle.
  EncodingParams e;
  e.positions = 2000;
  e.dims = 2;
  const Matrix table = encode(e);
  const PcaBasis basis = pca_fit(table, 2);
  const Matrix points = pca_apply(basis, table);
  for (Eigen::Index r = 0; r < points.rows(); ++r) CHECK_THAT(points.row(r).norm(), WithinAbs(1.0, 2e-3));
  CHECK_THAT(basis.explained_variance[0], WithinAbs(0.5, 2e-3));
  CHECK_THAT(basis.explained_variance[1], WithinAbs(0.5, 2e-3));
  CHECK_THAT(basis.axes.col(0).norm(), WithinAbs(1.0, 1e-12));
  REQUIRE(basis.spectrum.size() == 2);
  CHECK_THAT(basis.spectrum.sum(), WithinAbs(1.0, 1e-12));
  CHECK_THAT(basis.axes.col(0).dot(basis.axes.col(1)), WithinAbs(0.0, 1e-12));

  // Both paths (covariance: N > D; Gram: N < D) agree with pca_project.
  for (const auto& [n, d] : {std::pair{200, 8}, std::pair{12, 40}}) {
    const Matrix rows = learned_table(n, d, 1.0, 5, 0);
    const Projection expected = pca_project(rows, 3);
    const PcaBasis fitted = pca_fit(rows, 3);
    CHECK((pca_apply(fitted, rows) - expected.points).cwiseAbs().maxCoeff() < 1e-10);
    CHECK((fitted.explained_variance - expected.explained_variance).cwiseAbs().maxCoeff() < 1e-12);
    CHECK(fitted.spectrum.size() == std::min(n, d));
    CHECK((fitted.spectrum.head(3) - expected.explained_variance).cwiseAbs().maxCoeff() < 1e-12);
    CHECK_THAT(fitted.spectrum.sum(), WithinAbs(1.0, 1e-12));
  }

  // A rank-one table (integer: every column is p): one component, the other axes zero.
  EncodingParams integer;
  integer.kind = EncodingKind::integer;
  integer.positions = 10;
  integer.dims = 5;
  const PcaBasis line = pca_fit(encode(integer), 3);
  CHECK_THAT(line.explained_variance[0], WithinAbs(1.0, 1e-12));
  CHECK(line.explained_variance[1] < 1e-12);
  CHECK(line.axes.col(2).isZero(1e-12));
  CHECK_THROWS_AS(pca_apply(line, Matrix::Zero(2, 4)), Error);
  CHECK_THROWS_AS(pca_fit(table, 4), Error);
}
