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
    .whole_table = nullptr,
    .column_period = kinds::no_period,
    .band_count = kinds::no_bands,
    .band_column = kinds::same_column,
    .band_of_column = kinds::no_band,
    .frequency_bands = false,
    .describe_spectrum = describe_spectrum,
    .rotation_structure = rotation,
    .rotation_angles = nullptr,
};

}  // namespace pelab
