// fourier (NeRF): P[p, 2k] = sin(2^k π x), P[p, 2k+1] = cos(2^k π x), x = p/(N−1) (0 when N = 1);
// odd D: the last column is a sine (docs/encodings.md §4).
#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "kind_functions.hpp"
#include "pelab/portable_math.hpp"

namespace pelab {
namespace {

// (a * b) mod m without overflow (a GCC/Clang 128-bit integer; __extension__ keeps -Wpedantic quiet).
__extension__ typedef unsigned __int128 uint128;
std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
  return static_cast<std::uint64_t>((static_cast<uint128>(a) * b) % m);
}

// 2^exponent mod m by square-and-multiply (exponent >= 0, m >= 1).
std::uint64_t pow2_mod(std::int64_t exponent, std::uint64_t m) {
  std::uint64_t result = 1 % m, base = 2 % m;
  for (auto e = static_cast<std::uint64_t>(exponent); e > 0; e >>= 1) {
    if (e & 1) result = mul_mod(result, base, m);
    base = mul_mod(base, base, m);
  }
  return result;
}

// The angle 2^j π q / M (M = N − 1) reduced exactly. With band_mod = 2^j mod 2M and
// q_mod = q mod 2M, r = (2^j q) mod 2M and the angle is π r / M, in [0, 2π): high bands and large q
// stay exact instead of overflowing, and angles congruent mod 2π come out bit for bit equal. The
// table and T(k) both use it.
double fourier_angle(std::uint64_t band_mod, std::uint64_t q_mod, std::uint64_t m) {
  const std::uint64_t r = mul_mod(band_mod, q_mod, 2 * m);
  return std::numbers::pi * static_cast<double>(r) / static_cast<double>(m);
}

struct Column {
  bool use_sin = true;
  std::uint64_t band_mod = 0;  // 2^k mod 2(N-1), the band's reduced multiplier
};

Column column(const EncodingParams& p, std::int64_t dim) {
  Column rule;
  // Reduced once per column, not once per entry (the modular power walks k bits).
  if (p.positions > 1) rule.band_mod = pow2_mod(dim / 2, 2 * static_cast<std::uint64_t>(p.positions - 1));
  rule.use_sin = dim % 2 == 0;
  return rule;
}

double entry(const EncodingParams& p, const Column& column, std::int64_t position, std::int64_t) {
  if (p.positions == 1) return column.use_sin ? 0.0 : 1.0;
  // x = pos / M with M = N - 1, angle = 2^k pi pos / M = pi * r / M with r = (2^k pos) mod 2M:
  // exact integer reduction keeps high bands meaningful instead of overflowing to NaN.
  const auto m = static_cast<std::uint64_t>(p.positions - 1);
  const double angle = fourier_angle(column.band_mod, static_cast<std::uint64_t>(position) % (2 * m), m);
  return column.use_sin ? portable::sin(angle) : portable::cos(angle);
}

std::optional<double> column_period(const EncodingParams& p, std::int64_t dim) {
  // sin(2^k pi p / (N-1)) repeats every 2 (N-1) / 2^k positions (2^k capped at 2^1000, still finite).
  const double span = static_cast<double>(std::max<std::int64_t>(p.positions - 1, 1));
  return 2.0 * span / std::ldexp(1.0, static_cast<int>(std::min<std::int64_t>(dim / 2, 1000)));
}

void describe_spectrum(const EncodingParams&, PeriodSpectrum& s) {
  // Sampled at integer p, a band whose period is 2 positions or less aliases (Nyquist).
  s.band_text = {TextId::spectrum_band_band, {}};
  s.rule = "λₖ = 2(N−1)/2^k";
  s.aliasing_limit = 2.0;
}

RotationStructure rotation(const EncodingParams& p) {
  if (p.dims % 2 != 0)
    return kinds::no_rotation({TextId::rotation_why_not_odd_d, {std::string(to_string(p.kind))}});
  RotationStructure s;
  // w_k = 2π/λ_k with λ_k = 2(N−1)/2^k from column_period (one formula, one place; 2^k is capped at
  // 2^1000 there, so a band past that reports a finite but too small w). The angles themselves come
  // from reduced_rotation_angles, not from w.
  std::vector<double> w;
  for (std::int64_t k = 0; k < p.dims / 2; ++k)
    w.push_back(2.0 * std::numbers::pi / *column_period(p, 2 * k));
  kinds::interleaved_pairs(s, w);
  s.frequency_rule = "wₖ = 2^k π/(N−1)";
  return s;
}

std::vector<double> reduced_rotation_angles(const EncodingParams& params, const RotationStructure& structure,
                                            std::int64_t shift) {
  std::vector<double> angles(structure.pairs.size(), 0.0);
  // N = 1: x = 0 at every position, the table is constant and T(k) = I (every angle 0).
  if (params.positions <= 1) return angles;
  // angle = π ((2^j k) mod 2M) / M, M = N − 1: k is reduced mod 2M first, which also takes a
  // negative k to its non-negative representative (an angle congruent mod 2π).
  const auto m = static_cast<std::uint64_t>(params.positions - 1);
  const auto two_m = static_cast<std::int64_t>(2 * m);
  const auto q = static_cast<std::uint64_t>(((shift % two_m) + two_m) % two_m);
  for (std::size_t j = 0; j < angles.size(); ++j) {
    const std::int64_t band = structure.pairs[j].sin_col / 2;
    angles[j] = fourier_angle(pow2_mod(band, 2 * m), q, m);
  }
  return angles;
}

}  // namespace

const KindFunctions fourier_functions = {
    .fill_grid = kinds::fill_by_entry<Column, column, entry>,
    .column_period = column_period,
    .bands = kinds::interleaved_bands,
    .describe_spectrum = describe_spectrum,
    .rotation_structure = rotation,
    .rotation_angles = reduced_rotation_angles,
};

}  // namespace pelab
