// integer: P[p, i] = p (docs/encodings.md §4).
#include "kind_functions.hpp"

namespace pelab {
namespace {

double entry(const EncodingParams&, const kinds::NoColumn&, std::int64_t position, std::int64_t) {
  return static_cast<double>(position);
}

RotationStructure rotation(const EncodingParams&) {
  return kinds::no_rotation({TextId::rotation_why_not_integer, {}});
}

void describe_spectrum(const EncodingParams&, PeriodSpectrum& s) {
  s.why_none_text = {TextId::spectrum_why_none_integer, {}};
}

}  // namespace

const KindFunctions integer_functions = {
    .fill_grid = kinds::fill_by_entry<kinds::NoColumn, kinds::no_column, entry>,
    .describe_spectrum = describe_spectrum,
    .rotation_structure = rotation,
};

}  // namespace pelab
