// sinusoidal: P[p, 2k] = sin(wₖ p), P[p, 2k+1] = cos(wₖ p), wₖ = base^{−2k/D} (docs/encodings.md §4).
#include <numbers>
#include <string>

#include "kind_functions.hpp"
#include "pelab/portable_math.hpp"

namespace pelab {
namespace {

struct Column {
  double rate = 0.0;  // w_k
  bool use_sin = true;
};

Column column(const EncodingParams& p, std::int64_t dim) {
  const auto d = static_cast<double>(p.dims);
  const std::int64_t k = dim / 2;
  return {portable::pow(p.base, -2.0 * static_cast<double>(k) / d), dim % 2 == 0};
}

double entry(const EncodingParams&, const Column& column, std::int64_t position, std::int64_t) {
  const auto pos = static_cast<double>(position);
  return column.use_sin ? portable::sin(column.rate * pos) : portable::cos(column.rate * pos);
}

Matrix whole_table(const EncodingParams& p) { return sinusoidal_table(p.positions, p.dims, p.base, p.start); }

std::optional<double> column_period(const EncodingParams& p, std::int64_t dim) {
  return 2.0 * std::numbers::pi / column(p, dim).rate;
}

void describe_spectrum(const EncodingParams& p, PeriodSpectrum& s) {
  const double two_pi = 2.0 * std::numbers::pi;
  s.band_text = {TextId::spectrum_band_pair, {}};
  s.rule = "λₖ = 2π·base^{2k/D}";
  s.bounds = {{two_pi, "2π"}, {two_pi * p.base, "2π·base"}};
}

RotationStructure rotation(const EncodingParams& p) {
  if (p.dims % 2 != 0)
    return kinds::no_rotation({TextId::rotation_why_not_odd_d, {std::string(to_string(p.kind))}});
  RotationStructure s;
  // The very doubles the table uses: w_k = base^(−2k/D).
  const Vector w = sinusoidal_frequencies(p.dims, p.base);
  kinds::interleaved_pairs(s, std::vector<double>(w.begin(), w.end()));
  s.frequency_rule = "wₖ = base^{−2k/D}";
  return s;
}

}  // namespace

const KindFunctions sinusoidal_functions = {
    .fill_grid = kinds::fill_by_entry<Column, column, entry>,
    .whole_table = whole_table,
    .column_period = column_period,
    .bands = kinds::interleaved_bands,
    .describe_spectrum = describe_spectrum,
    .rotation_structure = rotation,
};

}  // namespace pelab
