#pragma once
// Value types shared by all of pelab_core.
#include <Eigen/Core>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "pelab/text.hpp"

namespace pelab {

// Row-major so that the memory layout equals a C-order .npy array: row p = position p.
using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::VectorXd;
using IndexMatrix = Eigen::Matrix<std::int64_t, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Every error pelab_core reports: the message says what is wrong and what to do about it. An error
// built from a Text carries the sentence too, so the app can show it in the user's language; what()
// is always the English (the CLI and logs print it).
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  explicit Error(Text text)
      : std::runtime_error(english(text)), text_(std::make_shared<const Text>(std::move(text))) {}
  // The sentence, or an empty Text for an error built from an English string. A copy: errors are
  // rare, and no hidden empty Text has to outlive every caller.
  Text text() const { return text_ ? *text_ : Text{}; }

 private:
  std::shared_ptr<const Text> text_;  // shared: copying an exception must not throw
};

}  // namespace pelab
