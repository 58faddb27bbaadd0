#pragma once
// Self-attention and normalisation demos (docs/encodings.md §2 and §11).
#include <span>

#include "pelab/types.hpp"

namespace pelab {

// a_ij = (x_i Wq)(x_j Wk)^T / sqrt(d), d = columns of Wq.
Matrix attention_logits(const Matrix& x, const Matrix& wq, const Matrix& wk);
// Row-wise softmax, stable (max subtracted); -inf entries get weight 0.
Matrix softmax_rows(const Matrix& logits);
// z_i = sum_j softmax(a_i)_j x_j Wv.
Matrix attention_output(const Matrix& x, const Matrix& wq, const Matrix& wk, const Matrix& wv);

// With x = w + p the logits split into four terms: (w.w + w.p + p.w + p.p) / sqrt(d).
struct AttentionTerms {
  Matrix word_word, word_position, position_word, position_position, total;
};
AttentionTerms attention_terms(const Matrix& words, const Matrix& positions, const Matrix& wq,
                               const Matrix& wk);

// Rows of x reordered: result row r = x row perm[r]. Throws if perm is not a permutation of 0..n-1.
Matrix permute_rows(const Matrix& x, std::span<const std::int64_t> perm);
// max |attention(w_perm + p) - attention(w + p)_perm|: ~1e-16 when p = 0 (permutation-equivariant),
// large once positions are added (the order now matters).
double permutation_equivariance_error(const Matrix& words, const Matrix& positions, const Matrix& wq,
                                      const Matrix& wk, const Matrix& wv, std::span<const std::int64_t> perm);

// y = gamma (x - mu) / sqrt(var + eps) + beta with biased variance.
// LayerNorm: mu, var per row (each token over its features).
Matrix layer_norm(const Matrix& x, double eps = 1e-5, double gamma = 1.0, double beta = 0.0);
// BatchNorm: mu, var per column (each feature over the batch rows); with one row var = 0 and y = beta.
Matrix batch_norm(const Matrix& x, double eps = 1e-5, double gamma = 1.0, double beta = 0.0);

}  // namespace pelab
