// RoPE's long-term decay (see rope_decay.hpp).
#include "pelab/rope_decay.hpp"

#include <cmath>
#include <string>

#include "pelab/encodings.hpp"
#include "pelab/portable_math.hpp"
#include "pelab/types.hpp"

namespace pelab {
namespace {

void check_inputs(std::span<const double> inv_freq, std::int64_t max_distance) {
  if (inv_freq.empty()) throw Error("RoPE needs at least one pair (no inverse frequencies given)");
  for (double theta : inv_freq)
    if (!std::isfinite(theta)) throw Error("RoPE inverse frequencies must be finite");
  if (max_distance < 0)
    throw Error("max distance must be 0 or more (got " + std::to_string(max_distance) + ")");
  if (max_distance > (std::int64_t{1} << 40)) throw Error("max distance must stay below 2^40");
}

// Calls visit(m, cos, sin) for m = 0..last with cos[i] = cos(m theta_i), sin[i] = sin(m theta_i).
// Steps by one rotation per m (a complex multiplication, exact angles every 256 steps so rounding
// cannot drift); stops early when visit returns false.
template <typename Visit>
void sweep(std::span<const double> inv_freq, std::int64_t last, Visit&& visit) {
  const std::size_t k = inv_freq.size();
  std::vector<double> c(k), s(k), step_c(k), step_s(k);
  for (std::size_t i = 0; i < k; ++i) {
    step_c[i] = portable::cos(inv_freq[i]);
    step_s[i] = portable::sin(inv_freq[i]);
  }
  constexpr std::int64_t resync = 256;
  for (std::int64_t m = 0; m <= last; ++m) {
    if (m % resync == 0) {
      const auto at = static_cast<double>(m);
      for (std::size_t i = 0; i < k; ++i) {
        c[i] = portable::cos(at * inv_freq[i]);
        s[i] = portable::sin(at * inv_freq[i]);
      }
    } else {
      for (std::size_t i = 0; i < k; ++i) {
        const double nc = c[i] * step_c[i] - s[i] * step_s[i];
        s[i] = s[i] * step_c[i] + c[i] * step_s[i];
        c[i] = nc;
      }
    }
    if (!visit(m, c.data(), s.data())) return;
  }
}

}  // namespace

std::vector<double> rope_all_ones_score(std::span<const double> inv_freq, std::int64_t max_distance,
                                        double attention_factor) {
  check_inputs(inv_freq, max_distance);
  const double scale = 2.0 * attention_factor * attention_factor;
  std::vector<double> out(static_cast<std::size_t>(max_distance + 1));
  sweep(inv_freq, max_distance, [&](std::int64_t m, const double* c, const double*) {
    double sum = 0.0;
    for (std::size_t i = 0; i < inv_freq.size(); ++i) sum += c[i];
    out[static_cast<std::size_t>(m)] = scale * sum;
    return true;
  });
  return out;
}

std::vector<double> rope_random_score(std::span<const double> inv_freq, std::int64_t max_distance,
                                      std::int64_t samples, std::uint64_t seed, double attention_factor) {
  check_inputs(inv_freq, max_distance);
  if (samples < 1) throw Error("at least one sample is needed (got " + std::to_string(samples) + ")");
  const auto k = static_cast<std::int64_t>(inv_freq.size());
  // Rows are draws; pair i is coordinates (2i, 2i + 1). The score of one draw is
  // sum_i (q_a k_a + q_b k_b) cos(m theta_i) + (q_a k_b - q_b k_a) sin(m theta_i), so the mean over
  // draws needs only the mean of the two coefficients per pair.
  const Matrix q = learned_table(samples, 2 * k, 1.0, seed, 0);
  const Matrix noise = learned_table(samples, 2 * k, 1.0, seed ^ 0x6a09e667f3bcc909ULL, 0);
  const Matrix key = q + noise;
  std::vector<double> cos_weight(static_cast<std::size_t>(k), 0.0),
      sin_weight(static_cast<std::size_t>(k), 0.0);
  for (std::int64_t i = 0; i < k; ++i) {
    double a = 0.0, b = 0.0;
    for (std::int64_t r = 0; r < samples; ++r) {
      a += q(r, 2 * i) * key(r, 2 * i) + q(r, 2 * i + 1) * key(r, 2 * i + 1);
      b += q(r, 2 * i) * key(r, 2 * i + 1) - q(r, 2 * i + 1) * key(r, 2 * i);
    }
    cos_weight[static_cast<std::size_t>(i)] = a / static_cast<double>(samples);
    sin_weight[static_cast<std::size_t>(i)] = b / static_cast<double>(samples);
  }
  const double scale = attention_factor * attention_factor;
  std::vector<double> out(static_cast<std::size_t>(max_distance + 1));
  sweep(inv_freq, max_distance, [&](std::int64_t m, const double* c, const double* s) {
    double sum = 0.0;
    for (std::size_t i = 0; i < inv_freq.size(); ++i) sum += cos_weight[i] * c[i] + sin_weight[i] * s[i];
    out[static_cast<std::size_t>(m)] = scale * sum;
    return true;
  });
  return out;
}

std::optional<std::int64_t> rope_first_negative(std::span<const double> inv_freq, std::int64_t limit) {
  check_inputs(inv_freq, limit);
  std::optional<std::int64_t> found;
  sweep(inv_freq, limit, [&](std::int64_t m, const double* c, const double*) {
    double sum = 0.0;
    for (std::size_t i = 0; i < inv_freq.size(); ++i) sum += c[i];
    if (m >= 1 && sum < 0.0) {
      found = m;
      return false;
    }
    return true;
  });
  return found;
}

}  // namespace pelab
