// binary: P[p, i] = bit i of p, least significant first; signed: 2·bit − 1 (docs/encodings.md §4).
#include <algorithm>
#include <cmath>

#include "kind_functions.hpp"

namespace pelab {
namespace {

double entry(const EncodingParams& p, const kinds::NoColumn&, std::int64_t position, std::int64_t dim) {
  const int bit = dim < 63 ? static_cast<int>((position >> dim) & 1) : 0;
  return p.binary_signed ? 2.0 * bit - 1.0 : static_cast<double>(bit);
}

std::optional<double> column_period(const EncodingParams&, std::int64_t dim) {
  if (dim >= 62) return std::nullopt;
  return std::ldexp(2.0, static_cast<int>(dim));  // bit i repeats every 2^(i+1) positions
}

// One band per bit below 62 (where column_period stops: 2^63 is not exact in an int64).
std::int64_t band_count(const EncodingParams& p) { return std::min<std::int64_t>(p.dims, 62); }

std::optional<std::size_t> band_holding(const EncodingParams& p, std::int64_t dim) {
  if (dim < band_count(p)) return static_cast<std::size_t>(dim);
  return std::nullopt;
}

void describe_spectrum(const EncodingParams&, PeriodSpectrum& s) {
  // Defined only at integers, a bit cannot alias: bit 0's period 2 is exact.
  s.band_text = {TextId::spectrum_band_bit, {}};
  s.rule_text = {TextId::spectrum_rule_bit, {}};
  s.rule = english(s.rule_text);
}

RotationStructure rotation(const EncodingParams&) {
  return kinds::no_rotation({TextId::rotation_why_not_binary, {}});
}

}  // namespace

const KindFunctions binary_functions = {
    .fill_grid = kinds::fill_by_entry<kinds::NoColumn, kinds::no_column, entry>,
    .column_period = column_period,
    .bands = {band_count, kinds::same_column, band_holding, false},
    .describe_spectrum = describe_spectrum,
    .rotation_structure = rotation,
};

}  // namespace pelab
