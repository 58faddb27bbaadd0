#pragma once
// Seeded inputs and statistics for the attention and normalisation demos (docs/encodings.md §2, §11; source
// posts 001 and 003): token embeddings w, attention weights, one order of a sentence with and without
// positions, and a padded batch of sequences of different lengths with the statistics LayerNorm and BatchNorm
// use.
#include <cstdint>
#include <span>
#include <vector>

#include "pelab/attention.hpp"
#include "pelab/types.hpp"

namespace pelab {

// Row r is the embedding of token id tokens[r]: entries N(0, sigma^2) from a counter-based
// generator, so a token's vector depends only on (seed, id, column): a repeated token gets the same
// row, and the vector of an id does not depend on the other tokens or on their order.
Matrix token_embeddings(std::span<const std::int64_t> tokens, std::int64_t dims, std::uint64_t seed,
                        double sigma = 1.0);

// W^Q, W^K, W^V of one head: dims x head_dims, entries N(0, 1 / dims), so x W has entries of about
// the size of x's root-mean-square entry.
struct AttentionWeights {
  Matrix wq, wk, wv;
};
AttentionWeights seeded_attention_weights(std::int64_t dims, std::int64_t head_dims, std::uint64_t seed);

// One order of a sentence. Slot r holds token order[r]: the word rows move with the tokens, the
// position rows stay with the slots (x_r = w_{order[r]} + p_r).
struct AttentionDemo {
  std::vector<std::int64_t> order;
  Matrix words;      // w, in this order
  Matrix positions;  // p, slot by slot
  // With positions, x = w + p: the four terms and their sum (the logits).
  AttentionTerms terms;
  // Without positions the logits are terms.word_word.
  Matrix weights_without, weights_with;  // softmax rows
  Matrix output_without, output_with;    // z = softmax(a) x W^V, one row per slot
};
// `words` holds the sentence's token rows in sentence order; `order` is a permutation of
// 0..n-1 (throws otherwise).
AttentionDemo attention_demo(const Matrix& words, const Matrix& positions, const AttentionWeights& weights,
                             std::span<const std::int64_t> order);

// Per slot r: max_j |permuted(r, j) - original(order[r], j)|. For an equivariant map (attention
// without positions) every entry is 0 up to rounding: the output rows moved with their tokens.
Vector permuted_row_differences(const Matrix& permuted, const Matrix& original,
                                std::span<const std::int64_t> order);

// A batch of sequences of different lengths, padded to the longest (`steps`), as a
// (batch * steps) x D matrix: row s * steps + t is token t of sequence s, x = w + p_t with w the
// seeded embedding of that token (id s * steps + t) and p_t row t of `positions`. Padding rows
// (t >= lengths[s]) are zero, as in a zero-padded tensor.
struct PaddedBatch {
  std::vector<std::int64_t> lengths;
  std::int64_t steps = 0;
  Matrix x;
  std::vector<bool> real;  // per row: a token (true) or padding
  std::int64_t row(std::int64_t sequence, std::int64_t step) const { return sequence * steps + step; }
};
// Throws unless every length is >= 1, there is at least one sequence, and `positions` has at least
// max(lengths) rows.
PaddedBatch padded_batch(std::span<const std::int64_t> lengths, const Matrix& positions, std::uint64_t seed);

// Mean and biased variance (what the normalisations divide by).
struct Moments {
  Vector mean, variance;
};
// LayerNorm's statistics: one per row (a token over its features).
Moments row_moments(const Matrix& x);
// BatchNorm's statistics: one per column (a feature over the rows of the batch).
Moments column_moments(const Matrix& x);

// BatchNorm of a padded batch with one batch per time step (docs/encodings.md §11: at step t the batch is the
// sequences' t-th tokens). count_padding: the zero rows of shorter sequences belong to the batch,
// as for a plain BatchNorm over a padded tensor; otherwise only the real tokens count, and a step
// with a single real token has variance 0 for every feature, so its output is beta (0) whatever
// the token was. Padding rows of y stay 0 when they do not count.
struct StepNorm {
  Matrix y;                           // like batch.x
  Matrix mean, variance;              // steps x D
  std::vector<std::int64_t> counted;  // rows in each step's batch
};
StepNorm batch_norm_per_step(const PaddedBatch& batch, bool count_padding, double eps = 1e-5);

}  // namespace pelab
