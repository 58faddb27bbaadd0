#pragma once
// RoPE's long-term decay: how q . R(m) k, the score of a query and a key m positions apart, falls
// with m (RoFormer, Su et al. 2021, §3.4.3), and the first distance at which it turns negative, past
// which a key with the query's own content scores below an unrelated one in expectation (Men et al.
// 2024, "Base of RoPE bounds context length"): B(m) = sum_i cos(m theta_i) must stay >= 0 for every
// m within the context. The inverse frequencies theta_i may be scaled (rope_scaling.hpp).
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace pelab {

// q . R(m) k for all-ones q and k of 2K coordinates (K = inv_freq.size()), m = 0..max_distance:
// 2 sum_i cos(m theta_i), times attention_factor^2 (both rotated vectors are scaled).
std::vector<double> rope_all_ones_score(std::span<const double> inv_freq, std::int64_t max_distance,
                                        double attention_factor = 1.0);

// The mean of q . R(m) k over `samples` seeded draws of a query q ~ N(0, I) and a key with the
// same content plus noise, k = q + e, e ~ N(0, I), m = 0..max_distance (times attention_factor^2).
// Its expectation is the all-ones score: E[q_a k_a] = 1 and E[q_a k_b] = 0 for a != b.
std::vector<double> rope_random_score(std::span<const double> inv_freq, std::int64_t max_distance,
                                      std::int64_t samples, std::uint64_t seed,
                                      double attention_factor = 1.0);

// The first m in 1..limit with sum_i cos(m theta_i) < 0; nullopt when it stays >= 0 up to limit.
std::optional<std::int64_t> rope_first_negative(std::span<const double> inv_freq, std::int64_t limit);

}  // namespace pelab
