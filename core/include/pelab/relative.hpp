#pragma once
// Relative and rotary position schemes (docs/encodings.md §8, §9).
#include <optional>
#include <string_view>
#include <vector>

#include "pelab/types.hpp"

namespace pelab {

// Shaw et al. 2018: index of the learned key-side vector a_{clip(j-i, -C, C)}, shifted to 0..2C.
// The Q queries are the last Q of the K key positions: query row r sits at position K - Q + r.
IndexMatrix shaw_relative_index(std::int64_t queries, std::int64_t keys, std::int64_t clip);

// T5 bucket of a relative position r = key - query, as in HF transformers'
// T5Attention._relative_position_bucket (including its float32 logarithm):
// bidirectional: half the buckets for r > 0; |r| < max_exact (= buckets/2 or /4) is exact,
// larger |r| is logarithmic up to max_distance, then the last bucket. Causal: only r <= 0 counts.
std::int64_t t5_relative_bucket(std::int64_t relative_position, bool causal = false,
                                std::int64_t num_buckets = 32, std::int64_t max_distance = 128);
// bias[i, j] = head_bias[bucket(j - i)] for a query/key grid of n x n.
Matrix t5_bias_matrix(std::int64_t n, const Vector& head_bias, bool causal = false,
                      std::int64_t num_buckets = 32, std::int64_t max_distance = 128);

// ALiBi head slopes, as the paper's code: n a power of two -> 2^(-8/n * (h+1)); otherwise the
// slopes of the closest lower power of two followed by every other slope of twice that count.
Vector alibi_slopes(std::int64_t heads);
// H matrices n x n: -m_h |i - j|; causal: -m_h (i - j) for j <= i and -infinity above the diagonal.
std::vector<Matrix> alibi_bias(std::int64_t heads, std::int64_t n, bool causal = false);

// RoPE: rotate each coordinate pair of row r by the angle (start + r) w_k, w_k = base^(-2k/D).
// adjacent pairs (2k, 2k+1) as in the RoFormer paper; half pairs (k, k + D/2) as in GPT-NeoX/LLaMA.
enum class RopePairing { adjacent, half };
std::string_view to_string(RopePairing pairing);
std::optional<RopePairing> parse_rope_pairing(std::string_view name);
// Throws for odd D (a lone coordinate has no partner to rotate with).
Matrix rope_apply(const Matrix& x, double base, RopePairing pairing, std::int64_t start = 0);
// score(r) = rope(q at position m + r) . rope(k at position m) for r = -max_distance..max_distance
// (length 2 max_distance + 1); independent of m, which is why RoPE is relative.
Vector rope_score_by_distance(const Vector& q, const Vector& k, double base, RopePairing pairing,
                              std::int64_t max_distance);

}  // namespace pelab
