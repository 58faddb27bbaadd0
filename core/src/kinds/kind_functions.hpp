#pragma once
// Internal to pelab_core: what each encoding kind computes, as the functions its row in kinds.cpp's
// table points to. Each kind defines its functions in core/src/kinds/<kind>.cpp (compiled with
// -ffp-contract=off, as the table must round alike everywhere) and exports one KindFunctions,
// `<kind>_functions`, which its row in kinds.cpp points to; encodings.cpp and structure.cpp call them
// through the row and never switch on the kind.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "pelab/encodings.hpp"
#include "pelab/kinds.hpp"
#include "pelab/structure.hpp"
#include "pelab/text.hpp"
#include "pelab/types.hpp"

namespace pelab {

// The bands of a kind's spectrum: how many, the first column of band k (its sine, or the bit), the
// band of column `dim` (0 <= dim < D) if it belongs to one, and whether they are frequency bands,
// listed by band_wavelengths (binary's bits are not).
struct KindBands {
  std::int64_t (*count)(const EncodingParams& params);
  std::int64_t (*column)(std::int64_t band);
  std::optional<std::size_t> (*of_column)(const EncodingParams& params, std::int64_t dim);
  bool frequency;
};

namespace kinds {

// Kinds with no periods: no bands, no column in one.
inline std::optional<double> no_period(const EncodingParams&, std::int64_t) { return std::nullopt; }
inline std::int64_t no_band_count(const EncodingParams&) { return 0; }
inline std::optional<std::size_t> no_band(const EncodingParams&, std::int64_t) { return std::nullopt; }
// Column k is band k (binary's bits, concat's sines).
inline std::int64_t same_column(std::int64_t band) { return band; }
inline constexpr KindBands no_bands{no_band_count, same_column, no_band, false};

// Columns 2k and 2k+1 hold band k (sinusoidal, fourier): ceil(D/2) bands, the last a lone sine for
// odd D.
inline std::int64_t interleaved_band_count(const EncodingParams& p) { return (p.dims + 1) / 2; }
inline std::int64_t interleaved_band_column(std::int64_t band) { return 2 * band; }
inline std::optional<std::size_t> interleaved_band_of_column(const EncodingParams&, std::int64_t dim) {
  return static_cast<std::size_t>(dim / 2);
}
inline constexpr KindBands interleaved_bands{interleaved_band_count, interleaved_band_column,
                                             interleaved_band_of_column, true};

}  // namespace kinds

// A kind's row states only what it has: the members with defaults are the kinds without periods,
// without a faster whole table and without exact rotation angles.
struct KindFunctions {
  // Entries (r, c) of `out` (already |positions| x |dims|) = P[positions[r], dims[c]] by the kind's
  // rule. A table file (learned) is read by encode_grid itself, never here.
  void (*fill_grid)(const EncodingParams& params, std::span<const std::int64_t> positions,
                    std::span<const std::int64_t> dims, Matrix& out);
  // The whole table by a faster route than entry by entry (bit-identical to fill_grid), or nullptr.
  Matrix (*whole_table)(const EncodingParams& params) = nullptr;

  // The period along p of column `dim` (0 <= dim < D): pelab/encodings.hpp's column_wavelength.
  std::optional<double> (*column_period)(const EncodingParams& params, std::int64_t dim) = kinds::no_period;
  KindBands bands = kinds::no_bands;
  // The spectrum's texts after its periods and columns are filled: band_text, rule (rule_text),
  // bounds, aliasing_limit, and why_none_text when there are no periods.
  void (*describe_spectrum)(const EncodingParams& params, PeriodSpectrum& spectrum);

  // The pairs a shift turns (or why_not), for validated parameters.
  RotationStructure (*rotation_structure)(const EncodingParams& params);
  // The angle of every pair for a shift, or nullptr: w k in double, as the table computes w p.
  std::vector<double> (*rotation_angles)(const EncodingParams& params, const RotationStructure& structure,
                                         std::int64_t shift) = nullptr;
};

inline const KindFunctions& kind_functions(EncodingKind kind) { return *kind_info(kind).functions; }

// Each kind's functions: one object per file in core/src/kinds/, pointed to by the kind's row in
// kinds.cpp. Declared extern here because a namespace-scope const is file-local otherwise.
extern const KindFunctions integer_functions;
extern const KindFunctions normalized_functions;
extern const KindFunctions binary_functions;
extern const KindFunctions sigmoid_functions;
extern const KindFunctions sinusoidal_functions;
extern const KindFunctions sinusoidal_concat_functions;
extern const KindFunctions learned_functions;
extern const KindFunctions fourier_functions;

namespace kinds {

// fill_grid for a kind computed entry by entry: `column` gives the per-column constants once per
// column (not once per entry), `entry` one value from them.
template <typename Column, Column (*column)(const EncodingParams&, std::int64_t),
          double (*entry)(const EncodingParams&, const Column&, std::int64_t, std::int64_t)>
void fill_by_entry(const EncodingParams& p, std::span<const std::int64_t> positions,
                   std::span<const std::int64_t> dims, Matrix& out) {
  std::vector<Column> columns(dims.size());
  for (std::size_t c = 0; c < dims.size(); ++c) columns[c] = column(p, dims[c]);
  for (std::size_t r = 0; r < positions.size(); ++r) {
    for (std::size_t c = 0; c < dims.size(); ++c) out(r, c) = entry(p, columns[c], positions[r], dims[c]);
  }
}

// For kinds whose columns need no constants.
struct NoColumn {};
inline NoColumn no_column(const EncodingParams&, std::int64_t) { return {}; }

// Columns 2k and 2k+1 hold sin(a_p) and cos(a_p) with a_p = w_k p (sinusoidal, fourier).
inline void interleaved_pairs(RotationStructure& s, const std::vector<double>& frequencies) {
  for (std::size_t k = 0; k < frequencies.size(); ++k) {
    const auto col = static_cast<std::int64_t>(2 * k);
    s.pairs.push_back({col, col + 1, frequencies[k]});
  }
  s.pairing_text = {TextId::rotation_pairs_interleaved, {}};
  s.pairing_rule = english(s.pairing_text);
}

// A structure without an exact T(k), and the sentence saying why.
inline RotationStructure no_rotation(Text why_not) {
  RotationStructure s;
  s.why_not_text = std::move(why_not);
  s.why_not = english(s.why_not_text);
  return s;
}

}  // namespace kinds
}  // namespace pelab
