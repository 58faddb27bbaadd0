// Offset as rotation (docs/encodings.md §7): P_{p+k} = T(k) P_p for the interleaved sinusoidal encoding.
#include "pelab/rotation.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "pelab/encodings.hpp"
#include "pelab/portable_math.hpp"

namespace pelab {

std::string_view to_string(RotationConvention convention) {
  return convention == RotationConvention::column ? "column" : "row";
}

std::optional<RotationConvention> parse_rotation_convention(std::string_view name) {
  if (name == "column") return RotationConvention::column;
  if (name == "row") return RotationConvention::row;
  return std::nullopt;
}

Matrix rotation_block(std::int64_t d, double base, double shift, std::int64_t first_pair, std::int64_t pairs,
                      RotationConvention convention) {
  if (d <= 0) throw Error("dims D must be at least 1 (got " + std::to_string(d) + ")");
  if (d % 2 != 0) {
    throw Error(
        "T(k) needs an even D: with odd D the last sine column has no cosine partner, so no linear "
        "map takes P_p to P_{p+k}");
  }
  validate_base(base);
  if (!std::isfinite(shift)) throw Error("the shift k must be a finite number");
  if (first_pair < 0 || pairs < 0 || first_pair + pairs > d / 2) {
    throw Error("pairs " + std::to_string(first_pair) + ".." + std::to_string(first_pair + pairs - 1) +
                " are outside 0.." + std::to_string(d / 2 - 1));
  }
  const Vector w = sinusoidal_frequencies(d, base);
  Matrix t = Matrix::Zero(2 * pairs, 2 * pairs);
  for (std::int64_t j = 0; j < pairs; ++j) {
    // sin(x + a) = cos a sin x + sin a cos x;  cos(x + a) = -sin a sin x + cos a cos x.
    const double c = portable::cos(w[first_pair + j] * shift), s = portable::sin(w[first_pair + j] * shift);
    const std::int64_t i = 2 * j;
    t(i, i) = c;
    t(i + 1, i + 1) = c;
    t(i, i + 1) = convention == RotationConvention::column ? s : -s;
    t(i + 1, i) = convention == RotationConvention::column ? -s : s;
  }
  return t;
}

Matrix rotation_matrix(std::int64_t d, double base, double shift, RotationConvention convention) {
  if (d <= 0) throw Error("dims D must be at least 1 (got " + std::to_string(d) + ")");
  return rotation_block(d, base, shift, 0, d / 2, convention);
}

Vector rotation_residuals(const Eigen::Ref<const Matrix>& rows, const Eigen::Ref<const Matrix>& shifted_rows,
                          double base, double shift) {
  const std::int64_t d = rows.cols();
  if (shifted_rows.rows() != rows.rows() || shifted_rows.cols() != d) {
    throw Error("the rows and the shifted rows must have the same shape");
  }
  if (d <= 0 || d % 2 != 0) throw Error("T(k) needs an even, positive D (got " + std::to_string(d) + ")");
  validate_base(base);
  const Vector a = sinusoidal_frequencies(d, base) * shift;
  const Vector cos_a = a.array().cos(), sin_a = a.array().sin();
  Vector out(rows.rows());
  for (Eigen::Index r = 0; r < rows.rows(); ++r) {
    double largest = 0.0;
    for (std::int64_t j = 0; j < d / 2; ++j) {
      const double s = rows(r, 2 * j), c = rows(r, 2 * j + 1);
      largest = std::max(largest, std::abs(cos_a[j] * s + sin_a[j] * c - shifted_rows(r, 2 * j)));
      largest = std::max(largest, std::abs(-sin_a[j] * s + cos_a[j] * c - shifted_rows(r, 2 * j + 1)));
    }
    out[r] = largest;
  }
  return out;
}

double rotation_residual(const Matrix& table, const Matrix& t, std::int64_t row, std::int64_t shift,
                         RotationConvention convention) {
  if (t.rows() != table.cols() || t.cols() != table.cols()) {
    throw Error("T is " + std::to_string(t.rows()) + "x" + std::to_string(t.cols()) + " but the table has " +
                std::to_string(table.cols()) + " dims");
  }
  if (row < 0 || row + shift < 0 || row >= table.rows() || row + shift >= table.rows()) {
    throw Error("rows " + std::to_string(row) + " and " + std::to_string(row + shift) +
                " must lie inside the table's " + std::to_string(table.rows()) + " rows");
  }
  const Vector moved = convention == RotationConvention::column ? Vector(t * table.row(row).transpose())
                                                                : Vector((table.row(row) * t).transpose());
  return (moved - table.row(row + shift).transpose()).cwiseAbs().maxCoeff();
}

Vector rotation_residual_curve(const Matrix& table, const Matrix& t, std::int64_t shift,
                               RotationConvention convention) {
  const std::int64_t n = table.rows();
  const std::int64_t first = std::max<std::int64_t>(0, -shift);
  const std::int64_t last = std::min<std::int64_t>(n, n - shift);  // exclusive
  if (last <= first) return Vector(0);
  Vector curve(last - first);
  for (std::int64_t p = first; p < last; ++p)
    curve[p - first] = rotation_residual(table, t, p, shift, convention);
  return curve;
}

}  // namespace pelab
