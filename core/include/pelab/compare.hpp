#pragma once
// Comparing two configurations: the entry-wise difference of two matrices of equal shape, and the
// window two tables share when their shapes differ.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pelab/encodings.hpp"
#include "pelab/text.hpp"
#include "pelab/types.hpp"

namespace pelab {

struct MatrixDifference {
  Matrix values;         // A − B
  double max_abs = 0.0;  // max |A − B| (0 for empty matrices)
  std::int64_t row = 0;  // where it occurs (first occurrence in row-major order)
  std::int64_t col = 0;
};
// Throws pelab::Error naming both shapes when they differ. NaN entries make max_abs NaN.
MatrixDifference difference(const Matrix& a, const Matrix& b);

// The positions and dimensions two tables share: positions max(start) .. min(end) − 1 and
// dimensions 0 .. min(D) − 1. std::nullopt when the position ranges do not overlap.
struct CommonWindow {
  std::int64_t start = 0;
  std::int64_t positions = 0;
  std::int64_t dims = 0;
};
std::optional<CommonWindow> common_window(const EncodingParams& a, const EncodingParams& b);

// Why two tables cannot be subtracted as they are, in words ("N differs: 64 vs 128; D differs: ..."),
// or "" when their positions and dimensions are the same.
std::string shape_mismatch(const EncodingParams& a, const EncodingParams& b);
// The same, one sentence per differing key (compare.differs), for a translated UI.
std::vector<Text> shape_mismatch_texts(const EncodingParams& a, const EncodingParams& b);

}  // namespace pelab
