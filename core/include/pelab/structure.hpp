#pragma once
// The structure of each kind that the views show: which columns form (sin, cos) pairs turned by a
// rotation when the position moves by k, at which frequency, and the periods of the columns. Every
// view takes these from here for the kind at hand, so no view assumes the interleaved sinusoid.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "pelab/encodings.hpp"
#include "pelab/rotation.hpp"
#include "pelab/text.hpp"
#include "pelab/types.hpp"

namespace pelab {

// Columns sin_col and cos_col hold sin(a_p) and cos(a_p) with a_{p+k} = a_p + w k, so
//   (P[p+k, sin_col], P[p+k, cos_col]) = (cos(wk) s + sin(wk) c, −sin(wk) s + cos(wk) c).
struct RotationPair {
  std::int64_t sin_col = 0;
  std::int64_t cos_col = 0;
  double frequency = 0.0;  // w in radians per position
  bool operator==(const RotationPair&) const = default;
};

struct RotationStructure {
  // Empty when the kind has no exact linear map P_{p+k} = T(k) P_p (then `why_not` says why).
  std::vector<RotationPair> pairs;
  // Columns that are zero in every row (concat's odd-D padding): T(k) maps them to 0.
  std::vector<std::int64_t> zero_columns;
  std::string pairing_rule;    // "pairs (2k, 2k+1)", "pairs (k, k + K), K = ⌊D/2⌋", ...
  std::string frequency_rule;  // "w_k = base^(−2k/D)", "w_k = base^(−k/(K−1))", "w_k = 2^k π/(N−1)"
  std::string why_not;         // one sentence, set exactly when `pairs` is empty
  // The sentences above as ids with arguments (pairing_rule, why_not), for a translated UI.
  Text pairing_text;
  Text why_not_text;
  bool exact() const { return why_not.empty(); }
  // The pair that column `dim` belongs to (index into `pairs`), if any.
  std::optional<std::size_t> pair_of_column(std::int64_t dim) const;
};

// sinusoidal (even D), sinusoidal-concat (any D; odd D adds one zero column) and fourier (even D)
// have an exact T(k); integer, normalized, binary, sigmoid, learned and odd-D sinusoidal/fourier do
// not. Throws pelab::Error for invalid parameters.
RotationStructure rotation_structure(const EncodingParams& params);

// The angle w k of every pair for a shift of k positions, in pair order. Fourier reduces it
// exactly (2^j k mod 2(N−1), times π/(N−1)), so it stays exact for every band and every k; the
// others compute w·k in double, as the table does.
std::vector<double> rotation_angles(const EncodingParams& params, const RotationStructure& structure,
                                    std::int64_t shift);

// T(k) restricted to the columns `dims` (rows and columns of the result both follow `dims`): entry
// (r, c) = T(k)[dims[r], dims[c]] in the given convention (row = the transpose of column). The full
// D x D matrix is the case dims = 0..D−1. Throws when the structure is not exact.
Matrix rotation_window(const EncodingParams& params, const RotationStructure& structure, std::int64_t shift,
                       std::span<const std::int64_t> dims, RotationConvention convention);

// For each row r: max_i |(T(k) x_r)_i − y_{r,i}| with x = rows (P_p), y = shifted_rows (P_{p+k}),
// both with all D columns; applied pair by pair in O(D) per row (no D x D matrix). Throws when the
// structure is not exact or the shapes differ.
Vector rotation_residuals(const EncodingParams& params, const RotationStructure& structure,
                          const Eigen::Ref<const Matrix>& rows, const Eigen::Ref<const Matrix>& shifted_rows,
                          std::int64_t shift);

// For kinds with no exact T(k): the best linear map in the least-squares sense, fitted on the
// columns `dims` only (a window keeps it small for any D): M minimises Σ_r ‖M x_r − y_r‖² over the
// given row pairs restricted to `dims`. `residuals[r]` = max_i |(M x_r)_i − y_{r,i}| on those
// columns, `largest` their maximum. `underdetermined` is true when there are no more rows than
// columns (then some M fits the rows exactly and a zero residual proves nothing).
struct LinearFit {
  Matrix map;  // |dims| x |dims|, column convention: y ≈ map · x
  Vector residuals;
  double largest = 0.0;
  bool underdetermined = false;
};
LinearFit fit_linear_map(const Eigen::Ref<const Matrix>& rows, const Eigen::Ref<const Matrix>& shifted_rows,
                         std::span<const std::int64_t> dims);

// The periods of a kind's columns along p, one entry per band, for the spectrum view.
struct PeriodSpectrum {
  std::vector<double> periods;        // in positions, one per band
  std::vector<std::int64_t> columns;  // the first column of each band (its sine, or the bit)
  std::string band_label;             // x axis: "pair k", "band k", "bit i"
  std::string rule;                   // "λ_k = 2π·base^(2k/D)", "period of bit i = 2^(i+1)", ...
  // Bands whose period is at most this many positions alias at integer positions (fourier: 2,
  // the Nyquist limit); std::nullopt where no band can alias.
  std::optional<double> aliasing_limit;
  // Reference lines of the rule (sinusoidal: 2π and 2π·base), empty when the rule has none.
  std::vector<std::pair<double, std::string>> bounds;
  std::string why_none;  // set exactly when `periods` is empty: one sentence
  // band_label, rule and why_none as ids with arguments, for a translated UI (rule_text is empty
  // when the rule is only a formula, which needs no translation).
  Text band_text;
  Text rule_text;
  Text why_none_text;
};
PeriodSpectrum period_spectrum(const EncodingParams& params);

// The band (index into PeriodSpectrum::periods) that column `dim` belongs to, if any.
std::optional<std::size_t> band_of_column(const EncodingParams& params, std::int64_t dim);

}  // namespace pelab
