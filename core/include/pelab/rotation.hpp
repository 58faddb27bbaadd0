#pragma once
// The offset-as-rotation property of the sinusoidal encoding (docs/encodings.md §7).
#include <optional>
#include <string_view>

#include "pelab/types.hpp"

namespace pelab {

// column: P_{p+k} = T(k) P_p with P_p a column vector; blocks [[cos wk, sin wk], [-sin wk, cos wk]].
// row:    P_{p+k} = P_p T(k) with P_p a row vector; blocks are the transpose (source post 000's form,
// docs/encodings.md §7).
enum class RotationConvention { column, row };
std::string_view to_string(RotationConvention convention);
std::optional<RotationConvention> parse_rotation_convention(std::string_view name);

// The D x D block-diagonal T(k) for the interleaved sinusoidal layout, w_k = base^(-2k/D).
// Throws for odd D: the last sine column has no cosine partner, so no linear map exists.
Matrix rotation_matrix(std::int64_t d, double base, double shift, RotationConvention convention);

// The block of T(k) for `pairs` consecutive pairs starting at pair `first_pair`: a 2 pairs square,
// what a view of a large D shows without forming the D x D matrix. rotation_matrix is the block of
// all D/2 pairs. Throws for odd D or a range outside 0..D/2.
Matrix rotation_block(std::int64_t d, double base, double shift, std::int64_t first_pair, std::int64_t pairs,
                      RotationConvention convention);

// For each row r: max_i |(T(k) x_r)_i - y_{r, i}| with x = rows, y = shifted_rows (same shape, even D),
// applying T(k) pair by pair: O(D) per row, no D x D matrix. Either convention gives the same value.
Vector rotation_residuals(const Eigen::Ref<const Matrix>& rows, const Eigen::Ref<const Matrix>& shifted_rows,
                          double base, double shift);

// max_i |(T P_p)_i - P_{p+k, i}| for one row (p and p + k are row indices of `table`).
double rotation_residual(const Matrix& table, const Matrix& t, std::int64_t row, std::int64_t shift,
                         RotationConvention convention);
// The residual for every row p with p + k inside the table (length N - k; empty if k >= N).
Vector rotation_residual_curve(const Matrix& table, const Matrix& t, std::int64_t shift,
                               RotationConvention convention);

}  // namespace pelab
