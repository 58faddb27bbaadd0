// sinusoidal-concat (tensor2tensor): P[p, k] = sin(p/tₖ), P[p, k+K] = cos(p/tₖ), tₖ = base^{k/(K−1)},
// K = ⌊D/2⌋, odd D: a zero column last (docs/encodings.md §4).
#include <algorithm>
#include <numbers>

#include "kind_functions.hpp"
#include "pelab/portable_math.hpp"

namespace pelab {
namespace {

// w_k = 1 / t_k = exp(−k ln(base) / max(K − 1, 1)), K = ⌊D/2⌋, so the timescales t_k run
// geometrically from 1 to base (K = 1: the single timescale 1). The table and T(k) both use it.
double frequency(std::int64_t d, double base, std::int64_t k) {
  const std::int64_t half = d / 2;
  const double increment = portable::log(base) / static_cast<double>(std::max<std::int64_t>(half - 1, 1));
  return portable::exp(-static_cast<double>(k) * increment);
}

struct Column {
  double rate = 0.0;  // w_k
  bool use_sin = true;
  bool zero = false;  // the padding column of an odd D
};

Column column(const EncodingParams& p, std::int64_t dim) {
  Column rule;
  const std::int64_t half = p.dims / 2;
  if (dim >= 2 * half) {
    rule.zero = true;
    return rule;
  }
  rule.rate = frequency(p.dims, p.base, dim % half);
  rule.use_sin = dim < half;
  return rule;
}

double entry(const EncodingParams&, const Column& column, std::int64_t position, std::int64_t) {
  const auto pos = static_cast<double>(position);
  if (column.zero) return 0.0;
  return column.use_sin ? portable::sin(column.rate * pos) : portable::cos(column.rate * pos);
}

std::optional<double> column_period(const EncodingParams& p, std::int64_t dim) {
  const Column rule = column(p, dim);
  if (rule.zero) return std::nullopt;
  return 2.0 * std::numbers::pi / rule.rate;
}

// K = ⌊D/2⌋ bands, band k's sine in column k.
std::int64_t band_count(const EncodingParams& p) { return p.dims / 2; }

std::optional<std::size_t> band_holding(const EncodingParams& p, std::int64_t dim) {
  const std::int64_t count = band_count(p);
  if (dim >= 2 * count) return std::nullopt;  // the zero padding column
  return static_cast<std::size_t>(dim % count);
}

void describe_spectrum(const EncodingParams& p, PeriodSpectrum& s) {
  const double two_pi = 2.0 * std::numbers::pi;
  // t_k runs from 1 to exactly base (K ≥ 2), so λ_k spans [2π, 2π·base].
  s.band_text = {TextId::spectrum_band_pair, {}};
  s.rule = "λₖ = 2π·base^{k/(K−1)}";
  if (band_count(p) > 0) s.bounds = {{two_pi, "2π"}, {two_pi * p.base, "2π·base"}};
  if (s.periods.empty()) s.why_none_text = {TextId::spectrum_why_none_concat_d1, {}};
}

RotationStructure rotation(const EncodingParams& p) {
  RotationStructure s;
  const std::int64_t d = p.dims;
  // Columns k and k + K hold sin(w_k p) and cos(w_k p); an odd D's last column is 0 in every row,
  // so T(k) maps it to 0 and the map stays exact (D = 1: no pairs, T(k) = [0]).
  const std::int64_t half = d / 2;
  for (std::int64_t k = 0; k < half; ++k) s.pairs.push_back({k, k + half, frequency(d, p.base, k)});
  if (d % 2 != 0) s.zero_columns.push_back(d - 1);
  s.pairing_text = {d % 2 != 0 ? TextId::rotation_pairs_concat_odd : TextId::rotation_pairs_concat, {}};
  s.pairing_rule = english(s.pairing_text);
  s.frequency_rule = "wₖ = base^{−k/(K−1)}";
  return s;
}

}  // namespace

const KindFunctions sinusoidal_concat_functions = {
    .fill_grid = kinds::fill_by_entry<Column, column, entry>,
    .column_period = column_period,
    .bands = {band_count, kinds::same_column, band_holding, true},
    .describe_spectrum = describe_spectrum,
    .rotation_structure = rotation,
};

}  // namespace pelab
