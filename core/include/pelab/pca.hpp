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

// The principal axes fitted on some rows (e.g. an even sample of a large table), to project any
// rows of the same width onto them: centre with `mean`, multiply by `axes`.
struct PcaBasis {
  Vector mean;                // D: the fitted rows' mean
  Matrix axes;                // D x c: unit principal axes, largest variance first (zero beyond the rank)
  Vector explained_variance;  // c fractions of the fitted rows' total variance (0 when it is 0)
  Vector spectrum;            // every component's fraction, largest first (min(N, D) of them)
};
// c in 1..3. Axis signs as pca_project: the fitted rows' largest-magnitude coordinate on each axis
// is positive, so pca_apply(pca_fit(t, c), t) equals pca_project(t, c).points up to rounding.
PcaBasis pca_fit(const Matrix& rows, int components);
// (rows - mean) axes: rows x c. Throws when the width differs from the basis's.
Matrix pca_apply(const PcaBasis& basis, const Matrix& rows);

}  // namespace pelab
