// Principal component projection (Eigen self-adjoint eigensolver).
#include "pelab/pca.hpp"

#include <Eigen/Eigenvalues>
#include <string>

namespace pelab {

Projection pca_project(const Matrix& table, int components) {
  if (components < 1 || components > 3) {
    throw Error(Text{TextId::pca_components, {std::to_string(components)}});
  }
  if (table.rows() == 0 || table.cols() == 0) throw Error(Text{TextId::pca_empty});
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

namespace pelab {

PcaBasis pca_fit(const Matrix& rows, int components) {
  if (components < 1 || components > 3) {
    throw Error(Text{TextId::pca_components, {std::to_string(components)}});
  }
  if (rows.rows() == 0 || rows.cols() == 0) throw Error(Text{TextId::pca_empty});
  PcaBasis basis{rows.colwise().mean().transpose(), Matrix::Zero(rows.cols(), components),
                 Vector::Zero(components), Vector()};
  const Matrix centred = rows.rowwise() - basis.mean.transpose();
  // As pca_project: the smaller of the D x D covariance and the N x N Gram matrix. From the Gram
  // matrix's eigenvector u (unit) with eigenvalue s^2, the axis is centred^T u / s.
  const bool use_gram = rows.rows() < rows.cols();
  const Matrix scatter =
      use_gram ? Matrix(centred * centred.transpose()) : Matrix(centred.transpose() * centred);
  Eigen::SelfAdjointEigenSolver<Matrix> solver(scatter);
  const Vector values = solver.eigenvalues().cwiseMax(0.0);  // ascending
  const double total = values.sum();
  const Eigen::Index available = scatter.rows();
  basis.spectrum = Vector::Zero(available);
  for (Eigen::Index c = 0; c < available && total > 0.0; ++c)
    basis.spectrum[c] = values[available - 1 - c] / total;
  for (int c = 0; c < components && c < available; ++c) {
    const Eigen::Index idx = available - 1 - c;
    if (!(values[idx] > 0.0)) break;  // beyond the rank: no direction, the axis stays zero
    Vector axis = use_gram
                      ? Vector(centred.transpose() * solver.eigenvectors().col(idx) / std::sqrt(values[idx]))
                      : Vector(solver.eigenvectors().col(idx));
    axis.normalize();
    const Vector coords = centred * axis;
    Eigen::Index arg = 0;
    coords.cwiseAbs().maxCoeff(&arg);
    if (coords[arg] < 0) axis = -axis;
    basis.axes.col(c) = axis;
    basis.explained_variance[c] = total > 0.0 ? values[idx] / total : 0.0;
  }
  return basis;
}

Matrix pca_apply(const PcaBasis& basis, const Matrix& rows) {
  if (rows.cols() != basis.mean.size()) {
    throw Error(Text{TextId::pca_columns, {std::to_string(rows.cols()), std::to_string(basis.mean.size())}});
  }
  return (rows.rowwise() - basis.mean.transpose()) * basis.axes;
}

}  // namespace pelab
