// Seeded inputs and statistics for the attention and normalisation demos.
#include "pelab/demo_inputs.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "pelab/encodings.hpp"

namespace pelab {
namespace {

void require_dims(std::int64_t dims, const char* what) {
  if (dims < 1) throw Error(std::string(what) + " must be at least 1 (got " + std::to_string(dims) + ")");
}

// Distinct streams for the three weight matrices of one seed.
constexpr std::uint64_t query_stream = 0x51ed270b2f3a9c41ULL;
constexpr std::uint64_t key_stream = 0x8a5cd789635d2dffULL;
constexpr std::uint64_t value_stream = 0x2545f4914f6cdd1dULL;

}  // namespace

Matrix token_embeddings(std::span<const std::int64_t> tokens, std::int64_t dims, std::uint64_t seed,
                        double sigma) {
  require_dims(dims, "dims D");
  Matrix out(static_cast<Eigen::Index>(tokens.size()), dims);
  for (std::size_t r = 0; r < tokens.size(); ++r) {
    if (tokens[r] < 0) throw Error("token ids must be 0 or more (got " + std::to_string(tokens[r]) + ")");
    // The seeded learned table's row `id` is a function of (seed, id, column) only.
    out.row(static_cast<Eigen::Index>(r)) = learned_table(1, dims, sigma, seed, tokens[r]).row(0);
  }
  return out;
}

AttentionWeights seeded_attention_weights(std::int64_t dims, std::int64_t head_dims, std::uint64_t seed) {
  require_dims(dims, "dims D");
  require_dims(head_dims, "head dims");
  const double sigma = 1.0 / std::sqrt(static_cast<double>(dims));
  return AttentionWeights{learned_table(dims, head_dims, sigma, seed ^ query_stream, 0),
                          learned_table(dims, head_dims, sigma, seed ^ key_stream, 0),
                          learned_table(dims, head_dims, sigma, seed ^ value_stream, 0)};
}

AttentionDemo attention_demo(const Matrix& words, const Matrix& positions, const AttentionWeights& weights,
                             std::span<const std::int64_t> order) {
  AttentionDemo demo;
  demo.order.assign(order.begin(), order.end());
  demo.words = permute_rows(words, order);  // throws unless `order` is a permutation
  demo.positions = positions;
  demo.terms = attention_terms(demo.words, positions, weights.wq, weights.wk);
  demo.weights_without = softmax_rows(demo.terms.word_word);
  demo.weights_with = softmax_rows(demo.terms.total);
  demo.output_without = attention_output(demo.words, weights.wq, weights.wk, weights.wv);
  demo.output_with = attention_output(demo.words + positions, weights.wq, weights.wk, weights.wv);
  return demo;
}

Vector permuted_row_differences(const Matrix& permuted, const Matrix& original,
                                std::span<const std::int64_t> order) {
  if (permuted.rows() != original.rows() || permuted.cols() != original.cols())
    throw Error("the permuted and original matrices must have the same shape");
  const Matrix moved = permute_rows(original, order);
  Vector out(permuted.rows());
  for (Eigen::Index r = 0; r < permuted.rows(); ++r)
    out[r] = permuted.cols() == 0 ? 0.0 : (permuted.row(r) - moved.row(r)).cwiseAbs().maxCoeff();
  return out;
}

PaddedBatch padded_batch(std::span<const std::int64_t> lengths, const Matrix& positions, std::uint64_t seed) {
  if (lengths.empty()) throw Error("a batch needs at least one sequence");
  PaddedBatch batch;
  batch.lengths.assign(lengths.begin(), lengths.end());
  for (std::int64_t length : lengths) {
    if (length < 1)
      throw Error("every sequence needs at least one token (got " + std::to_string(length) + ")");
    batch.steps = std::max(batch.steps, length);
  }
  if (positions.rows() < batch.steps) {
    throw Error("the longest sequence has " + std::to_string(batch.steps) + " tokens but only " +
                std::to_string(positions.rows()) + " position rows were given");
  }
  const auto count = static_cast<std::int64_t>(lengths.size());
  batch.x = Matrix::Zero(count * batch.steps, positions.cols());
  batch.real.assign(static_cast<std::size_t>(count * batch.steps), false);
  for (std::int64_t s = 0; s < count; ++s) {
    for (std::int64_t t = 0; t < lengths[static_cast<std::size_t>(s)]; ++t) {
      const std::int64_t id = s * batch.steps + t;
      const std::int64_t row = batch.row(s, t);
      batch.x.row(row) =
          token_embeddings(std::span(&id, 1), positions.cols(), seed).row(0) + positions.row(t);
      batch.real[static_cast<std::size_t>(row)] = true;
    }
  }
  return batch;
}

Moments row_moments(const Matrix& x) {
  Moments m{Vector::Zero(x.rows()), Vector::Zero(x.rows())};
  if (x.cols() == 0) return m;
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    m.mean[i] = x.row(i).mean();
    m.variance[i] = (x.row(i).array() - m.mean[i]).square().mean();
  }
  return m;
}

Moments column_moments(const Matrix& x) {
  Moments m{Vector::Zero(x.cols()), Vector::Zero(x.cols())};
  if (x.rows() == 0) return m;
  for (Eigen::Index j = 0; j < x.cols(); ++j) {
    m.mean[j] = x.col(j).mean();
    m.variance[j] = (x.col(j).array() - m.mean[j]).square().mean();
  }
  return m;
}

StepNorm batch_norm_per_step(const PaddedBatch& batch, bool count_padding, double eps) {
  const auto sequences = static_cast<std::int64_t>(batch.lengths.size());
  const Eigen::Index dims = batch.x.cols();
  StepNorm out;
  out.y = Matrix::Zero(batch.x.rows(), dims);
  out.mean = Matrix::Zero(batch.steps, dims);
  out.variance = Matrix::Zero(batch.steps, dims);
  for (std::int64_t t = 0; t < batch.steps; ++t) {
    std::vector<std::int64_t> rows;
    for (std::int64_t s = 0; s < sequences; ++s) {
      const std::int64_t row = batch.row(s, t);
      if (count_padding || batch.real[static_cast<std::size_t>(row)]) rows.push_back(row);
    }
    out.counted.push_back(static_cast<std::int64_t>(rows.size()));
    Matrix step(static_cast<Eigen::Index>(rows.size()), dims);
    for (std::size_t r = 0; r < rows.size(); ++r)
      step.row(static_cast<Eigen::Index>(r)) = batch.x.row(rows[r]);
    const Moments moments = column_moments(step);
    out.mean.row(t) = moments.mean.transpose();
    out.variance.row(t) = moments.variance.transpose();
    const Matrix normalised = batch_norm(step, eps);
    for (std::size_t r = 0; r < rows.size(); ++r)
      out.y.row(rows[r]) = normalised.row(static_cast<Eigen::Index>(r));
  }
  return out;
}

}  // namespace pelab
