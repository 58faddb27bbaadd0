// The rotation structure and the period spectrum of every encoding kind (docs/encodings.md §4, §5, §7): which
// columns a shift by k rotates, by which angle, and how often each column repeats along p.
#include "pelab/structure.hpp"

#include <Eigen/QR>
#include <algorithm>
#include <cmath>
#include <string>

#include "kinds/kind_functions.hpp"
#include "pelab/portable_math.hpp"

namespace pelab {
namespace {

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
  return kind_functions(p.kind).rotation_structure(p);
}

std::vector<double> rotation_angles(const EncodingParams& params, const RotationStructure& structure,
                                    std::int64_t shift) {
  if (const auto own = kind_functions(params.kind).rotation_angles) return own(params, structure, shift);
  // w k in double, as the table computes w p.
  std::vector<double> angles(structure.pairs.size(), 0.0);
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
  const KindFunctions& kind = kind_functions(params.kind);
  PeriodSpectrum s;
  const std::int64_t count = kind.bands.count(params);
  // The same periods the curves view labels (column_wavelength), one per band.
  for (std::int64_t k = 0; k < count; ++k) {
    s.columns.push_back(kind.bands.column(k));
    s.periods.push_back(*kind.column_period(params, s.columns.back()));
  }
  kind.describe_spectrum(params, s);
  s.band_label = english(s.band_text);
  if (s.periods.empty()) s.why_none = english(s.why_none_text);
  return s;
}

std::optional<std::size_t> band_of_column(const EncodingParams& params, std::int64_t dim) {
  validate(params);
  if (dim < 0 || dim >= params.dims) return std::nullopt;
  return kind_functions(params.kind).bands.of_column(params, dim);
}

}  // namespace pelab
