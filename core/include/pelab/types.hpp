#pragma once
// Value types shared by all of pelab_core.
#include <Eigen/Core>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace pelab {

// Row-major so that the memory layout equals a C-order .npy array: row p = position p.
using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::VectorXd;
using IndexMatrix = Eigen::Matrix<std::int64_t, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Every error pelab_core reports: the message says what is wrong and what to do about it.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace pelab
