// Principal component projection (Eigen self-adjoint eigensolver).
#include "pelab/pca.hpp"

#include <Eigen/Eigenvalues>
#include <string>

namespace pelab {

Projection pca_project(const Matrix& table, int components) {
  if (components < 1 || components > 3) {
    throw Error("PCA projects to 1, 2 or 3 components (got " + std::to_string(components) + ")");
  }
  if (table.rows() == 0 || table.cols() == 0) throw Error("PCA needs a non-empty table");
  const Matrix centred = table.rowwise() - table.colwise().mean();
  // Work in the smaller of the two spaces: the D x D covariance, or the N x N Gram matrix whose
  // eigenvectors are the projected coordinates up to the singular values.
  const bool use_gram = table.rows() < table.cols();
  const Matrix scatter =
      use_gram ? Matrix(centred * centred.transpose()) : Matrix(centred.transpose() * centred);
  Eigen::SelfAdjointEigenSolver<Matrix> solver(scatter);
  const Vector values = solver.eigenvalues().cwiseMax(0.0);  // ascending
  const Matrix& vectors = solver.eigenvectors();
  const double total = values.sum();
  const Eigen::Index available = scatter.rows();
  Projection out{Matrix::Zero(table.rows(), components), Vector::Zero(components)};
  for (int c = 0; c < components && c < available; ++c) {
    const Eigen::Index idx = available - 1 - c;
    Vector axis = vectors.col(idx);
    Vector coords;
    if (use_gram) {
      coords = axis * std::sqrt(values[idx]);  // u_c * sigma_c
    } else {
      coords = centred * axis;
    }
    // Fix the sign so the largest-magnitude coordinate of each axis is positive.
    Eigen::Index arg = 0;
    coords.cwiseAbs().maxCoeff(&arg);
    if (coords[arg] < 0) coords = -coords;
    out.points.col(c) = coords;
    out.explained_variance[c] = total > 0.0 ? values[idx] / total : 0.0;
  }
  return out;
}

}  // namespace pelab
