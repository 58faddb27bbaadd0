// Self-attention and normalisation demos (docs/encodings.md §2 and §11).
#include "pelab/attention.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace pelab {
namespace {

void check_projection(const Matrix& x, const Matrix& w, const char* name) {
  if (w.rows() != x.cols()) {
    throw Error(std::string(name) + " has " + std::to_string(w.rows()) + " rows but the inputs have " +
                std::to_string(x.cols()) + " features");
  }
}

}  // namespace

Matrix attention_logits(const Matrix& x, const Matrix& wq, const Matrix& wk) {
  check_projection(x, wq, "W^Q");
  check_projection(x, wk, "W^K");
  if (wq.cols() != wk.cols()) throw Error("W^Q and W^K must have the same number of columns");
  const double scale = 1.0 / std::sqrt(static_cast<double>(wq.cols()));
  return scale * (x * wq) * (x * wk).transpose();
}

Matrix softmax_rows(const Matrix& logits) {
  Matrix out(logits.rows(), logits.cols());
  for (Eigen::Index i = 0; i < logits.rows(); ++i) {
    const double top = logits.row(i).maxCoeff();
    if (!std::isfinite(top)) {  // a row that is all -inf attends to nothing
      out.row(i).setZero();
      continue;
    }
    out.row(i) = (logits.row(i).array() - top).exp();
    out.row(i) /= out.row(i).sum();
  }
  return out;
}

Matrix attention_output(const Matrix& x, const Matrix& wq, const Matrix& wk, const Matrix& wv) {
  check_projection(x, wv, "W^V");
  return softmax_rows(attention_logits(x, wq, wk)) * (x * wv);
}

AttentionTerms attention_terms(const Matrix& words, const Matrix& positions, const Matrix& wq,
                               const Matrix& wk) {
  if (words.rows() != positions.rows() || words.cols() != positions.cols()) {
    throw Error("word and position matrices must have the same shape");
  }
  check_projection(words, wq, "W^Q");
  check_projection(words, wk, "W^K");
  const double scale = 1.0 / std::sqrt(static_cast<double>(wq.cols()));
  const Matrix wq_w = words * wq, wk_w = words * wk, wq_p = positions * wq, wk_p = positions * wk;
  AttentionTerms t;
  t.word_word = scale * wq_w * wk_w.transpose();
  t.word_position = scale * wq_w * wk_p.transpose();
  t.position_word = scale * wq_p * wk_w.transpose();
  t.position_position = scale * wq_p * wk_p.transpose();
  t.total = t.word_word + t.word_position + t.position_word + t.position_position;
  return t;
}

Matrix permute_rows(const Matrix& x, std::span<const std::int64_t> perm) {
  if (static_cast<Eigen::Index>(perm.size()) != x.rows()) {
    throw Error("the permutation has " + std::to_string(perm.size()) + " entries for " +
                std::to_string(x.rows()) + " rows");
  }
  std::vector<bool> seen(perm.size(), false);
  Matrix out(x.rows(), x.cols());
  for (std::size_t r = 0; r < perm.size(); ++r) {
    const std::int64_t from = perm[r];
    if (from < 0 || from >= x.rows() || seen[static_cast<std::size_t>(from)]) {
      throw Error("not a permutation of 0.." + std::to_string(x.rows() - 1));
    }
    seen[static_cast<std::size_t>(from)] = true;
    out.row(static_cast<Eigen::Index>(r)) = x.row(from);
  }
  return out;
}

double permutation_equivariance_error(const Matrix& words, const Matrix& positions, const Matrix& wq,
                                      const Matrix& wk, const Matrix& wv,
                                      std::span<const std::int64_t> perm) {
  // Positions stay attached to slots, words move: attention(w_perm + p) vs the permuted attention(w + p).
  const Matrix original = attention_output(words + positions, wq, wk, wv);
  const Matrix shuffled = attention_output(permute_rows(words, perm) + positions, wq, wk, wv);
  return (shuffled - permute_rows(original, perm)).cwiseAbs().maxCoeff();
}

Matrix layer_norm(const Matrix& x, double eps, double gamma, double beta) {
  Matrix out(x.rows(), x.cols());
  for (Eigen::Index i = 0; i < x.rows(); ++i) {
    const double mu = x.row(i).mean();
    const double var = (x.row(i).array() - mu).square().mean();
    out.row(i) = gamma * (x.row(i).array() - mu) / std::sqrt(var + eps) + beta;
  }
  return out;
}

Matrix batch_norm(const Matrix& x, double eps, double gamma, double beta) {
  Matrix out(x.rows(), x.cols());
  for (Eigen::Index j = 0; j < x.cols(); ++j) {
    const double mu = x.col(j).mean();
    const double var = (x.col(j).array() - mu).square().mean();
    out.col(j) = gamma * (x.col(j).array() - mu) / std::sqrt(var + eps) + beta;
  }
  return out;
}

}  // namespace pelab
