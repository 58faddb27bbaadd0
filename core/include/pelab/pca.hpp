#pragma once
// Principal component projection of a table's rows (Eigen's self-adjoint eigensolver).
#include "pelab/types.hpp"

namespace pelab {

struct Projection {
  Matrix points;              // N x c: centred rows projected on the top c principal axes
  Vector explained_variance;  // c fractions of the total variance (0 when the total is 0)
};

// c in 1..3 (2D or 3D views); components beyond min(N, D) are zero. Axis signs are fixed so the
// largest-magnitude projected coordinate on each axis is positive (deterministic output).
Projection pca_project(const Matrix& table, int components);

}  // namespace pelab
