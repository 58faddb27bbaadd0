// learned: P[p, i] ~ N(0, σ²) from a seed (docs/encodings.md §4). A loaded table is read by
// encode_grid (pelab/kinds.hpp: the kind reads KindParameter::table), not here.
#include <cmath>
#include <cstdint>
#include <numbers>

#include "kind_functions.hpp"
#include "pelab/portable_math.hpp"

namespace pelab {
namespace {

// splitmix64: a counter-based hash, so a learned entry depends only on (seed, position, dim).
std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Standard normal sample for entry (position, dim) by Box-Muller on two hashed uniforms in (0, 1].
double hashed_normal(std::uint64_t seed, std::int64_t position, std::int64_t dim) {
  const std::uint64_t h =
      splitmix64(seed ^ splitmix64(static_cast<std::uint64_t>(position) * 0x100000001b3ULL ^
                                   splitmix64(static_cast<std::uint64_t>(dim))));
  const std::uint64_t h2 = splitmix64(h);
  const double u1 = (static_cast<double>(h >> 11) + 1.0) * 0x1.0p-53;  // (0, 1]
  const double u2 = static_cast<double>(h2 >> 11) * 0x1.0p-53;         // [0, 1)
  return std::sqrt(-2.0 * portable::log(u1)) * portable::cos(2.0 * std::numbers::pi * u2);
}

double entry(const EncodingParams& p, const kinds::NoColumn&, std::int64_t position, std::int64_t dim) {
  return p.sigma * hashed_normal(p.seed, position, dim);
}

void describe_spectrum(const EncodingParams&, PeriodSpectrum& s) {
  s.why_none_text = {TextId::spectrum_why_none_learned, {}};
}

RotationStructure rotation(const EncodingParams&) {
  return kinds::no_rotation({TextId::rotation_why_not_learned, {}});
}

}  // namespace

const KindFunctions learned_functions = {
    .fill_grid = kinds::fill_by_entry<kinds::NoColumn, kinds::no_column, entry>,
    .describe_spectrum = describe_spectrum,
    .rotation_structure = rotation,
};

}  // namespace pelab
