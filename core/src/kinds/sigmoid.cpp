// sigmoid: P[p, i] = 1/(1 + exp(−p/tᵢ)), tᵢ = base^{i/(D−1)} (docs/encodings.md §4).
#include "kind_functions.hpp"
#include "pelab/portable_math.hpp"

namespace pelab {
namespace {

struct Column {
  double rate = 0.0;  // 1 / t_i
};

Column column(const EncodingParams& p, std::int64_t dim) {
  return {1.0 / sigmoid_timescale(p.dims, p.base, dim)};
}

double entry(const EncodingParams&, const Column& column, std::int64_t position, std::int64_t) {
  const auto pos = static_cast<double>(position);
  return 1.0 / (1.0 + portable::exp(-pos * column.rate));
}

void describe_spectrum(const EncodingParams&, PeriodSpectrum& s) {
  s.why_none_text = {TextId::spectrum_why_none_sigmoid, {}};
}

RotationStructure rotation(const EncodingParams&) {
  return kinds::no_rotation({TextId::rotation_why_not_sigmoid, {}});
}

}  // namespace

const KindFunctions sigmoid_functions = {
    .fill_grid = kinds::fill_by_entry<Column, column, entry>,
    .describe_spectrum = describe_spectrum,
    .rotation_structure = rotation,
};

}  // namespace pelab
