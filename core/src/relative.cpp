// Relative and rotary position schemes (docs/encodings.md §8, §9).
#include "pelab/relative.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "pelab/encodings.hpp"
#include "pelab/portable_math.hpp"

namespace pelab {
namespace {

void require_positive(std::int64_t value, const char* what) {
  if (value <= 0) throw Error(std::string(what) + " must be at least 1 (got " + std::to_string(value) + ")");
}

// Angle of pair k at position pos, and the indices of the pair's two coordinates.
struct Pair {
  Eigen::Index first, second;
};
Pair pair_indices(std::int64_t k, std::int64_t d, RopePairing pairing) {
  // Eigen::Index is 32 bits wide on wasm32: the casts keep the braces from narrowing there.
  if (pairing == RopePairing::adjacent)
    return {static_cast<Eigen::Index>(2 * k), static_cast<Eigen::Index>(2 * k + 1)};
  return {static_cast<Eigen::Index>(k), static_cast<Eigen::Index>(k + d / 2)};
}

void check_rope(std::int64_t d, double base) {
  if (d <= 0 || d % 2 != 0) {
    throw Error("RoPE needs an even, positive number of columns (got " + std::to_string(d) +
                "): each rotation acts on a pair of coordinates");
  }
  validate_base(base);
}

}  // namespace

IndexMatrix shaw_relative_index(std::int64_t queries, std::int64_t keys, std::int64_t clip) {
  require_positive(queries, "queries Q");
  require_positive(keys, "keys K");
  if (queries > keys) {
    throw Error("queries Q (" + std::to_string(queries) + ") cannot exceed keys K (" + std::to_string(keys) +
                "): the queries are the last Q of the K positions");
  }
  if (clip < 0) throw Error("clip C must be 0 or more (got " + std::to_string(clip) + ")");
  if (clip >= (std::int64_t{1} << 62)) throw Error("clip C must stay below 2^62 (the index is j - i + C)");
  IndexMatrix index(queries, keys);
  for (std::int64_t r = 0; r < queries; ++r) {
    const std::int64_t i = keys - queries + r;
    for (std::int64_t j = 0; j < keys; ++j) index(r, j) = std::clamp(j - i, -clip, clip) + clip;
  }
  return index;
}

std::int64_t t5_relative_bucket(std::int64_t relative_position, bool causal, std::int64_t num_buckets,
                                std::int64_t max_distance) {
  if (num_buckets < 2 || (!causal && num_buckets < 4)) {
    throw Error("T5 needs at least 4 buckets (2 when causal), got " + std::to_string(num_buckets));
  }
  constexpr std::int64_t kLimit = std::int64_t{1} << 62;  // keeps |r| and the bucket sums overflow-free
  if (relative_position <= -kLimit || relative_position >= kLimit || num_buckets >= kLimit ||
      max_distance >= kLimit) {
    throw Error("T5 relative positions, buckets and max distance must stay below 2^62 in magnitude");
  }
  std::int64_t bucket = 0;
  std::int64_t n = num_buckets;
  std::int64_t distance = 0;
  if (!causal) {
    n /= 2;
    if (relative_position > 0) bucket += n;  // keys after the query use the upper half
    distance = relative_position < 0 ? -relative_position : relative_position;
  } else {
    distance = relative_position < 0 ? -relative_position : 0;  // only keys at or before the query
  }
  const std::int64_t max_exact = n / 2;
  if (max_distance <= max_exact) {
    throw Error("max distance (" + std::to_string(max_distance) + ") must exceed the exact range (" +
                std::to_string(max_exact) + ")");
  }
  if (distance < max_exact) return bucket + distance;
  // HF computes this in float32: log(d / max_exact) / log(max_distance / max_exact) * (n - max_exact),
  // truncated toward zero, then capped at the last bucket.
  const float scaled =
      std::log(static_cast<float>(distance) / static_cast<float>(max_exact)) /
      static_cast<float>(portable::log(static_cast<double>(max_distance) / static_cast<double>(max_exact))) *
      static_cast<float>(n - max_exact);
  if (!(scaled < static_cast<float>(n - 1 - max_exact)))
    return bucket + n - 1;  // capped (and no overflowing cast)
  return bucket + max_exact + static_cast<std::int64_t>(scaled);
}

Matrix t5_bias_matrix(std::int64_t n, const Vector& head_bias, bool causal, std::int64_t num_buckets,
                      std::int64_t max_distance) {
  require_positive(n, "positions N");
  if (head_bias.size() != num_buckets) {
    throw Error("the head has " + std::to_string(head_bias.size()) + " bias values but there are " +
                std::to_string(num_buckets) + " buckets");
  }
  // The bias depends only on j - i: look each offset up once.
  Vector by_offset(2 * n - 1);
  for (std::int64_t r = -(n - 1); r <= n - 1; ++r)
    by_offset[r + n - 1] = head_bias[t5_relative_bucket(r, causal, num_buckets, max_distance)];
  Matrix bias(n, n);
  for (std::int64_t i = 0; i < n; ++i)
    for (std::int64_t j = 0; j < n; ++j) bias(i, j) = by_offset[j - i + n - 1];
  return bias;
}

Vector alibi_slopes(std::int64_t heads) {
  require_positive(heads, "heads H");
  if (heads > (std::int64_t{1} << 20)) throw Error("heads H is unreasonably large (over 2^20)");
  std::int64_t power = 1;
  while (power * 2 <= heads) power *= 2;
  // A power of two n: slopes start at 2^(-8/n) and keep that ratio.
  auto geometric = [](std::int64_t n, std::int64_t i) {
    return portable::pow(2.0, -8.0 / static_cast<double>(n) * static_cast<double>(i + 1));
  };
  Vector slopes(heads);
  for (std::int64_t h = 0; h < power; ++h) slopes[h] = geometric(power, h);
  // The rest: every other slope of 2 * power heads (the ones that interleave the first set).
  for (std::int64_t h = power; h < heads; ++h) slopes[h] = geometric(2 * power, 2 * (h - power));
  return slopes;
}

std::vector<Matrix> alibi_bias(std::int64_t heads, std::int64_t n, bool causal) {
  require_positive(n, "positions N");
  const Vector slopes = alibi_slopes(heads);
  std::vector<Matrix> bias;
  bias.reserve(static_cast<std::size_t>(heads));
  for (std::int64_t h = 0; h < heads; ++h) {
    Matrix m(n, n);
    for (std::int64_t i = 0; i < n; ++i) {
      for (std::int64_t j = 0; j < n; ++j) {
        if (causal && j > i) {
          m(i, j) = -std::numeric_limits<double>::infinity();
        } else {
          // 0.0 - x, not -x: the diagonal is +0 (so CSV shows "0", not "-0").
          m(i, j) = 0.0 - slopes[h] * static_cast<double>(i > j ? i - j : j - i);
        }
      }
    }
    bias.push_back(std::move(m));
  }
  return bias;
}

std::string_view to_string(RopePairing pairing) {
  return pairing == RopePairing::adjacent ? "adjacent" : "half";
}

std::optional<RopePairing> parse_rope_pairing(std::string_view name) {
  if (name == "adjacent") return RopePairing::adjacent;
  if (name == "half") return RopePairing::half;
  return std::nullopt;
}

Matrix rope_apply(const Matrix& x, double base, RopePairing pairing, std::int64_t start) {
  const std::int64_t d = x.cols();
  check_rope(d, base);
  const Vector w = sinusoidal_frequencies(d, base);
  Matrix out(x.rows(), d);
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    const double pos = static_cast<double>(start + r);
    for (std::int64_t k = 0; k < d / 2; ++k) {
      const auto [a, b] = pair_indices(k, d, pairing);
      const double c = portable::cos(pos * w[k]), s = portable::sin(pos * w[k]);
      out(r, a) = x(r, a) * c - x(r, b) * s;
      out(r, b) = x(r, a) * s + x(r, b) * c;
    }
  }
  return out;
}

Vector rope_score_by_distance(const Vector& q, const Vector& k, double base, RopePairing pairing,
                              std::int64_t max_distance) {
  if (q.size() != k.size()) throw Error("query and key must have the same length");
  check_rope(q.size(), base);
  if (max_distance < 0) throw Error("max distance must be 0 or more");
  // Rotations by m w_k and n w_k compose to one by (m - n) w_k, so q_m . k_n = rot(q, r) . k with
  // r = m - n: evaluate with q at position r and k at position 0.
  const std::int64_t d = q.size();
  const Vector w = sinusoidal_frequencies(d, base);
  Vector score(2 * max_distance + 1);
  for (std::int64_t r = -max_distance; r <= max_distance; ++r) {
    double sum = 0.0;
    for (std::int64_t j = 0; j < d / 2; ++j) {
      const auto [a, b] = pair_indices(j, d, pairing);
      const double c = portable::cos(static_cast<double>(r) * w[j]),
                   s = portable::sin(static_cast<double>(r) * w[j]);
      const double qa = q[a] * c - q[b] * s, qb = q[a] * s + q[b] * c;  // q rotated to position r
      sum += qa * k[a] + qb * k[b];
    }
    score[r + max_distance] = sum;
  }
  return score;
}

}  // namespace pelab
