// The rotation structure and the period spectrum of every encoding kind (docs/encodings.md §4, §5, §7): which
// columns a shift by k rotates, by which angle, and how often each column repeats along p.
#include "pelab/structure.hpp"

#include <Eigen/QR>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "encoding_rules.hpp"
#include "pelab/portable_math.hpp"

namespace pelab {
namespace {

// Columns 2k and 2k+1 (sinusoidal, fourier) hold sin(a_p) and cos(a_p) with a_p = w_k p.
void interleaved_pairs(RotationStructure& s, const std::vector<double>& frequencies) {
  for (std::size_t k = 0; k < frequencies.size(); ++k) {
    const auto col = static_cast<std::int64_t>(2 * k);
    s.pairs.push_back({col, col + 1, frequencies[k]});
  }
  s.pairing_text = {TextId::rotation_pairs_interleaved, {}};
  s.pairing_rule = english(s.pairing_text);
}

// Why a kind (or an odd D) has no exact T(k): one sentence each (texts in text.cpp).
Text why_not(const EncodingParams& p) {
  switch (p.kind) {
    case EncodingKind::integer:
      return {TextId::rotation_why_not_integer, {}};
    case EncodingKind::normalized:
      return {TextId::rotation_why_not_normalized, {}};
    case EncodingKind::binary:
      return {TextId::rotation_why_not_binary, {}};
    case EncodingKind::sigmoid:
      return {TextId::rotation_why_not_sigmoid, {}};
    case EncodingKind::learned:
      return {TextId::rotation_why_not_learned, {}};
    case EncodingKind::sinusoidal:
    case EncodingKind::fourier:
      return {TextId::rotation_why_not_odd_d, {std::string(to_string(p.kind))}};
    case EncodingKind::sinusoidal_concat:
      break;
  }
  return {};
}

// The structure must be exact and built for a table of D columns (every pair inside 0..D−1).
void require_exact(const RotationStructure& s, std::int64_t d) {
  if (!s.exact()) throw Error("this encoding has no exact linear map T(k): " + s.why_not);
  for (const RotationPair& pr : s.pairs) {
    if (std::min(pr.sin_col, pr.cos_col) < 0 || std::max(pr.sin_col, pr.cos_col) >= d) {
      throw Error("the rotation structure pairs columns " + std::to_string(pr.sin_col) + " and " +
                  std::to_string(pr.cos_col) + ", outside this table's D = " + std::to_string(d) +
                  "; rebuild it with rotation_structure for these parameters");
    }
  }
}

// Applies the 2x2 block of a pair: (sin, cos) at p → (sin, cos) at p + k, given cos and sin of wk.
struct Turned {
  double sin_value, cos_value;
};
Turned turn(double s, double c, double cos_a, double sin_a) {
  // sin(x + a) = cos a sin x + sin a cos x;  cos(x + a) = −sin a sin x + cos a cos x.
  return {cos_a * s + sin_a * c, -sin_a * s + cos_a * c};
}

// The bands of the spectrum: sinusoidal and fourier have ceil(D/2) interleaved bands (the last a
// lone sine for odd D) whose first column is 2k; concat has K = ⌊D/2⌋ whose sine is column k;
// binary one per bit below 62 (where column_wavelength stops: 2^63 is not exact in an int64).
std::int64_t band_count(const EncodingParams& p) {
  switch (p.kind) {
    case EncodingKind::sinusoidal:
    case EncodingKind::fourier:
      return (p.dims + 1) / 2;
    case EncodingKind::sinusoidal_concat:
      return p.dims / 2;
    case EncodingKind::binary:
      return std::min<std::int64_t>(p.dims, 62);
    default:
      return 0;
  }
}

bool interleaved(const EncodingParams& p) {
  return p.kind == EncodingKind::sinusoidal || p.kind == EncodingKind::fourier;
}

Text why_no_periods(const EncodingParams& p) {
  switch (p.kind) {
    case EncodingKind::integer:
      return {TextId::spectrum_why_none_integer, {}};
    case EncodingKind::normalized:
      return {TextId::spectrum_why_none_normalized, {}};
    case EncodingKind::sigmoid:
      return {TextId::spectrum_why_none_sigmoid, {}};
    case EncodingKind::learned:
      return {TextId::spectrum_why_none_learned, {}};
    case EncodingKind::sinusoidal_concat:
      return {TextId::spectrum_why_none_concat_d1, {}};
    default:
      return {};
  }
}

}  // namespace

std::optional<std::size_t> RotationStructure::pair_of_column(std::int64_t dim) const {
  if (dim < 0) return std::nullopt;
  const auto holds = [&](std::size_t i) {
    return i < pairs.size() && (pairs[i].sin_col == dim || pairs[i].cos_col == dim);
  };
  // The layouts built here put column dim in pair dim/2 (interleaved) or dim or dim − K (concat):
  // O(1) for them. A structure listed in another order is scanned. (u − size wraps for u < size,
  // and holds() then rejects it.)
  const auto u = static_cast<std::size_t>(dim);
  for (std::size_t guess : {u / 2, u, u - pairs.size()}) {
    if (holds(guess)) return guess;
  }
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (holds(i)) return i;
  }
  return std::nullopt;
}

RotationStructure rotation_structure(const EncodingParams& p) {
  validate(p);
  RotationStructure s;
  const std::int64_t d = p.dims;
  switch (p.kind) {
    case EncodingKind::sinusoidal:
      if (d % 2 != 0) break;
      {
        // The very doubles the table uses: w_k = base^(−2k/D).
        const Vector w = sinusoidal_frequencies(d, p.base);
        interleaved_pairs(s, std::vector<double>(w.begin(), w.end()));
      }
      s.frequency_rule = "wₖ = base^{−2k/D}";
      return s;
    case EncodingKind::sinusoidal_concat: {
      // Columns k and k + K hold sin(w_k p) and cos(w_k p); an odd D's last column is 0 in every row,
      // so T(k) maps it to 0 and the map stays exact (D = 1: no pairs, T(k) = [0]).
      const std::int64_t half = d / 2;
      for (std::int64_t k = 0; k < half; ++k)
        s.pairs.push_back({k, k + half, detail::concat_frequency(d, p.base, k)});
      if (d % 2 != 0) s.zero_columns.push_back(d - 1);
      s.pairing_text = {d % 2 != 0 ? TextId::rotation_pairs_concat_odd : TextId::rotation_pairs_concat, {}};
      s.pairing_rule = english(s.pairing_text);
      s.frequency_rule = "wₖ = base^{−k/(K−1)}";
      return s;
    }
    case EncodingKind::fourier:
      if (d % 2 != 0) break;
      {
        // w_k = 2π/λ_k with λ_k = 2(N−1)/2^k from column_wavelength (one formula, one place; 2^k is
        // capped at 2^1000 there, so a band past that reports a finite but too small w). The angles
        // themselves come from rotation_angles' exact reduction, not from w.
        std::vector<double> w;
        for (std::int64_t k = 0; k < d / 2; ++k)
          w.push_back(2.0 * std::numbers::pi / *column_wavelength(p, 2 * k));
        interleaved_pairs(s, w);
      }
      s.frequency_rule = "wₖ = 2^k π/(N−1)";
      return s;
    case EncodingKind::normalized:
      // N = 1: every entry is 0 at every position, so T(k) = 0 is exact (all columns are zero).
      if (p.positions != 1) break;
      for (std::int64_t i = 0; i < d; ++i) s.zero_columns.push_back(i);
      s.pairing_text = {TextId::rotation_pairs_none_n1, {}};
      s.pairing_rule = english(s.pairing_text);
      return s;
    default:
      break;
  }
  s.why_not_text = why_not(p);
  s.why_not = english(s.why_not_text);
  return s;
}

std::vector<double> rotation_angles(const EncodingParams& params, const RotationStructure& structure,
                                    std::int64_t shift) {
  std::vector<double> angles(structure.pairs.size(), 0.0);
  if (params.kind == EncodingKind::fourier) {
    // N = 1: x = 0 at every position, the table is constant and T(k) = I (every angle 0).
    if (params.positions <= 1) return angles;
    // angle = π ((2^j k) mod 2M) / M, M = N − 1: k is reduced mod 2M first, which also takes a
    // negative k to its non-negative representative (an angle congruent mod 2π).
    const auto m = static_cast<std::uint64_t>(params.positions - 1);
    const auto two_m = static_cast<std::int64_t>(2 * m);
    const auto q = static_cast<std::uint64_t>(((shift % two_m) + two_m) % two_m);
    for (std::size_t j = 0; j < angles.size(); ++j) {
      const std::int64_t band = structure.pairs[j].sin_col / 2;
      angles[j] = detail::fourier_angle(detail::pow2_mod(band, 2 * m), q, m);
    }
    return angles;
  }
  // w k in double, as the table computes w p.
  for (std::size_t j = 0; j < angles.size(); ++j)
    angles[j] = structure.pairs[j].frequency * static_cast<double>(shift);
  return angles;
}

Matrix rotation_window(const EncodingParams& params, const RotationStructure& structure, std::int64_t shift,
                       std::span<const std::int64_t> dims, RotationConvention convention) {
  validate(params);
  require_exact(structure, params.dims);
  const std::vector<double> angles = rotation_angles(params, structure, shift);
  const auto n = static_cast<Eigen::Index>(dims.size());
  // Per window index: its pair (if any) and whether it is the pair's sine column.
  std::vector<std::optional<std::size_t>> pair(dims.size());
  std::vector<bool> is_sin(dims.size());
  for (std::size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] < 0 || dims[i] >= params.dims) {
      throw Error("dimension " + std::to_string(dims[i]) + " is outside 0.." +
                  std::to_string(params.dims - 1));
    }
    pair[i] = structure.pair_of_column(dims[i]);
    if (pair[i]) is_sin[i] = structure.pairs[*pair[i]].sin_col == dims[i];
  }
  // Column convention: T[s,s] = T[c,c] = cos a, T[s,c] = sin a, T[c,s] = −sin a, so that
  // T (sin x, cos x) = (sin(x+a), cos(x+a)); the row convention is the transpose. Zero columns and
  // columns of different pairs give 0.
  const double sign = convention == RotationConvention::column ? 1.0 : -1.0;
  Matrix t = Matrix::Zero(n, n);
  for (Eigen::Index r = 0; r < n; ++r) {
    const auto ri = static_cast<std::size_t>(r);
    if (!pair[ri]) continue;
    const double a = angles[*pair[ri]];
    for (Eigen::Index c = 0; c < n; ++c) {
      const auto ci = static_cast<std::size_t>(c);
      if (pair[ci] != pair[ri]) continue;
      if (is_sin[ri] == is_sin[ci])
        t(r, c) = portable::cos(a);
      else
        t(r, c) = (is_sin[ri] ? sign : -sign) * portable::sin(a);
    }
  }
  return t;
}

Vector rotation_residuals(const EncodingParams& params, const RotationStructure& structure,
                          const Eigen::Ref<const Matrix>& rows, const Eigen::Ref<const Matrix>& shifted_rows,
                          std::int64_t shift) {
  validate(params);
  require_exact(structure, params.dims);
  if (rows.cols() != params.dims || shifted_rows.cols() != params.dims ||
      rows.rows() != shifted_rows.rows()) {
    throw Error("the rows (" + std::to_string(rows.rows()) + "x" + std::to_string(rows.cols()) +
                ") and the shifted rows (" + std::to_string(shifted_rows.rows()) + "x" +
                std::to_string(shifted_rows.cols()) +
                ") must have the same shape with D = " + std::to_string(params.dims) + " columns");
  }
  const std::vector<double> angles = rotation_angles(params, structure, shift);
  std::vector<double> cos_a(angles.size()), sin_a(angles.size());
  for (std::size_t j = 0; j < angles.size(); ++j) {
    cos_a[j] = portable::cos(angles[j]);
    sin_a[j] = portable::sin(angles[j]);
  }
  // T(k) has a zero row for every column outside the pairs (the zero columns), so there
  // (T x)_i = 0 and the residual is |y_i|.
  std::vector<bool> paired(static_cast<std::size_t>(params.dims), false);
  for (const RotationPair& pr : structure.pairs) {
    paired[static_cast<std::size_t>(pr.sin_col)] = paired[static_cast<std::size_t>(pr.cos_col)] = true;
  }
  std::vector<Eigen::Index> unpaired;
  for (std::int64_t i = 0; i < params.dims; ++i) {
    if (!paired[static_cast<std::size_t>(i)]) unpaired.push_back(i);
  }
  Vector out(rows.rows());
  for (Eigen::Index r = 0; r < rows.rows(); ++r) {
    double largest = 0.0;
    for (std::size_t j = 0; j < structure.pairs.size(); ++j) {
      const RotationPair& pr = structure.pairs[j];
      const Turned moved = turn(rows(r, pr.sin_col), rows(r, pr.cos_col), cos_a[j], sin_a[j]);
      largest = std::max(largest, std::abs(moved.sin_value - shifted_rows(r, pr.sin_col)));
      largest = std::max(largest, std::abs(moved.cos_value - shifted_rows(r, pr.cos_col)));
    }
    for (Eigen::Index i : unpaired) largest = std::max(largest, std::abs(shifted_rows(r, i)));
    out[r] = largest;
  }
  return out;
}

LinearFit fit_linear_map(const Eigen::Ref<const Matrix>& rows, const Eigen::Ref<const Matrix>& shifted_rows,
                         std::span<const std::int64_t> dims) {
  if (rows.rows() != shifted_rows.rows() || rows.cols() != shifted_rows.cols()) {
    throw Error("the rows and the shifted rows must have the same shape");
  }
  const auto m = static_cast<Eigen::Index>(dims.size());
  const Eigen::Index count = rows.rows();
  // X and Y: the window's columns of every row pair, column-major for the decomposition.
  Eigen::MatrixXd x(count, m), y(count, m);
  for (Eigen::Index c = 0; c < m; ++c) {
    const std::int64_t dim = dims[static_cast<std::size_t>(c)];
    if (dim < 0 || dim >= rows.cols()) {
      throw Error("dimension " + std::to_string(dim) + " is outside 0.." + std::to_string(rows.cols() - 1));
    }
    x.col(c) = rows.col(dim);
    y.col(c) = shifted_rows.col(dim);
  }
  LinearFit fit;
  fit.underdetermined = count <= m;
  if (m == 0 || count == 0) {
    fit.map = Matrix::Zero(m, m);
    fit.residuals = Vector::Zero(count);
    return fit;
  }
  // Row r asks M x_r ≈ y_r, i.e. X Mᵀ ≈ Y: one least-squares problem per column of Y. The complete
  // orthogonal decomposition also handles a rank-deficient X (integer: every column equals p) by
  // returning the minimum-norm solution.
  const Eigen::MatrixXd mt = x.completeOrthogonalDecomposition().solve(y);
  fit.map = mt.transpose();
  fit.residuals = (x * mt - y).cwiseAbs().rowwise().maxCoeff();
  fit.largest = fit.residuals.maxCoeff();
  return fit;
}

PeriodSpectrum period_spectrum(const EncodingParams& params) {
  validate(params);
  PeriodSpectrum s;
  const std::int64_t count = band_count(params);
  if (params.kind == EncodingKind::binary) {
    for (std::int64_t i = 0; i < count; ++i) s.periods.push_back(*column_wavelength(params, i));
  } else {
    s.periods = band_wavelengths(params);  // the same wavelengths the curves view labels
  }
  for (std::int64_t k = 0; k < count; ++k) s.columns.push_back(interleaved(params) ? 2 * k : k);
  const double two_pi = 2.0 * std::numbers::pi;
  switch (params.kind) {
    case EncodingKind::sinusoidal:
      s.band_text = {TextId::spectrum_band_pair, {}};
      s.rule = "λₖ = 2π·base^{2k/D}";
      s.bounds = {{two_pi, "2π"}, {two_pi * params.base, "2π·base"}};
      break;
    case EncodingKind::sinusoidal_concat:
      // t_k runs from 1 to exactly base (K ≥ 2), so λ_k spans [2π, 2π·base].
      s.band_text = {TextId::spectrum_band_pair, {}};
      s.rule = "λₖ = 2π·base^{k/(K−1)}";
      if (count > 0) s.bounds = {{two_pi, "2π"}, {two_pi * params.base, "2π·base"}};
      break;
    case EncodingKind::fourier:
      // Sampled at integer p, a band whose period is 2 positions or less aliases (Nyquist).
      s.band_text = {TextId::spectrum_band_band, {}};
      s.rule = "λₖ = 2(N−1)/2^k";
      s.aliasing_limit = 2.0;
      break;
    case EncodingKind::binary:
      // Defined only at integers, a bit cannot alias: bit 0's period 2 is exact.
      s.band_text = {TextId::spectrum_band_bit, {}};
      s.rule_text = {TextId::spectrum_rule_bit, {}};
      s.rule = english(s.rule_text);
      break;
    default:
      break;
  }
  s.band_label = english(s.band_text);
  if (s.periods.empty()) {
    s.why_none_text = why_no_periods(params);
    s.why_none = english(s.why_none_text);
  }
  return s;
}

std::optional<std::size_t> band_of_column(const EncodingParams& params, std::int64_t dim) {
  validate(params);
  if (dim < 0 || dim >= params.dims) return std::nullopt;
  const std::int64_t count = band_count(params);
  if (interleaved(params)) return static_cast<std::size_t>(dim / 2);
  if (params.kind == EncodingKind::sinusoidal_concat) {
    if (dim >= 2 * count) return std::nullopt;  // the zero padding column
    return static_cast<std::size_t>(dim % count);
  }
  if (dim < count) return static_cast<std::size_t>(dim);  // binary below bit 62
  return std::nullopt;
}

}  // namespace pelab
