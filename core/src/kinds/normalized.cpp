// normalized: P[p, i] = p/(N−1), 0 when N = 1 (docs/encodings.md §4).
#include "kind_functions.hpp"

namespace pelab {
namespace {

double entry(const EncodingParams& p, const kinds::NoColumn&, std::int64_t position, std::int64_t) {
  const auto pos = static_cast<double>(position);
  return p.positions == 1 ? 0.0 : pos / static_cast<double>(p.positions - 1);
}

RotationStructure rotation(const EncodingParams& p) {
  if (p.positions != 1) return kinds::no_rotation({TextId::rotation_why_not_normalized, {}});
  // N = 1: every entry is 0 at every position, so T(k) = 0 is exact (all columns are zero).
  RotationStructure s;
  for (std::int64_t i = 0; i < p.dims; ++i) s.zero_columns.push_back(i);
  s.pairing_text = {TextId::rotation_pairs_none_n1, {}};
  s.pairing_rule = english(s.pairing_text);
  return s;
}

void describe_spectrum(const EncodingParams&, PeriodSpectrum& s) {
  s.why_none_text = {TextId::spectrum_why_none_normalized, {}};
}

}  // namespace

const KindFunctions normalized_functions = {
    .fill_grid = kinds::fill_by_entry<kinds::NoColumn, kinds::no_column, entry>,
    .describe_spectrum = describe_spectrum,
    .rotation_structure = rotation,
};

}  // namespace pelab
