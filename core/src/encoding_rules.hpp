#pragma once
// Internal to pelab_core: the column rules that both the table (encodings.cpp) and its rotation
// structure (structure.cpp) need. Stated once, so T(k) uses the very doubles the table uses.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

#include "pelab/portable_math.hpp"

namespace pelab::detail {

// (a * b) mod m without overflow (a GCC/Clang 128-bit integer; __extension__ keeps -Wpedantic quiet).
__extension__ typedef unsigned __int128 uint128;
inline std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
  return static_cast<std::uint64_t>((static_cast<uint128>(a) * b) % m);
}

// 2^exponent mod m by square-and-multiply (exponent >= 0, m >= 1).
inline std::uint64_t pow2_mod(std::int64_t exponent, std::uint64_t m) {
  std::uint64_t result = 1 % m, base = 2 % m;
  for (auto e = static_cast<std::uint64_t>(exponent); e > 0; e >>= 1) {
    if (e & 1) result = mul_mod(result, base, m);
    base = mul_mod(base, base, m);
  }
  return result;
}

// fourier: the angle 2^j π q / M (M = N − 1) reduced exactly. With band_mod = 2^j mod 2M and
// q_mod = q mod 2M, r = (2^j q) mod 2M and the angle is π r / M, in [0, 2π): high bands and large q
// stay exact instead of overflowing, and angles congruent mod 2π come out bit for bit equal.
inline double fourier_angle(std::uint64_t band_mod, std::uint64_t q_mod, std::uint64_t m) {
  const std::uint64_t r = mul_mod(band_mod, q_mod, 2 * m);
  return std::numbers::pi * static_cast<double>(r) / static_cast<double>(m);
}

// sinusoidal-concat (tensor2tensor): w_k = 1 / t_k = exp(−k ln(base) / max(K − 1, 1)), K = ⌊D/2⌋,
// so the timescales t_k run geometrically from 1 to base (K = 1: the single timescale 1).
inline double concat_frequency(std::int64_t d, double base, std::int64_t k) {
  const std::int64_t half = d / 2;
  const double increment = portable::log(base) / static_cast<double>(std::max<std::int64_t>(half - 1, 1));
  return portable::exp(-static_cast<double>(k) * increment);
}

}  // namespace pelab::detail
