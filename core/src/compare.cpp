// Differences between two configurations (compare mode).
#include "pelab/compare.hpp"

#include <algorithm>
#include <cmath>

namespace pelab {
namespace {

std::string shape_text(const Matrix& m) {
  return std::to_string(m.rows()) + " × " + std::to_string(m.cols());
}

}  // namespace

MatrixDifference difference(const Matrix& a, const Matrix& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) {
    throw Error(Text{TextId::compare_shapes, {shape_text(b), shape_text(a)}});
  }
  MatrixDifference result;
  result.values = a - b;
  for (Eigen::Index r = 0; r < result.values.rows(); ++r) {
    for (Eigen::Index c = 0; c < result.values.cols(); ++c) {
      const double v = std::abs(result.values(r, c));
      // NaN wins and stays: a difference that cannot be computed must not look like a zero.
      if (std::isnan(v) || v > result.max_abs) {
        if (std::isnan(result.max_abs)) continue;
        result.max_abs = v;
        result.row = r;
        result.col = c;
      }
    }
  }
  return result;
}

std::optional<CommonWindow> common_window(const EncodingParams& a, const EncodingParams& b) {
  const std::int64_t first = std::max(a.start, b.start);
  const std::int64_t end = std::min(a.start + a.positions, b.start + b.positions);
  if (end <= first) return std::nullopt;
  return CommonWindow{first, end - first, std::min(a.dims, b.dims)};
}

std::vector<Text> shape_mismatch_texts(const EncodingParams& a, const EncodingParams& b) {
  std::vector<Text> texts;
  const auto add = [&](const char* name, std::int64_t x, std::int64_t y) {
    if (x != y) texts.push_back({TextId::compare_differs, {name, std::to_string(x), std::to_string(y)}});
  };
  add("N", a.positions, b.positions);
  add("D", a.dims, b.dims);
  add("start", a.start, b.start);
  return texts;
}

std::string shape_mismatch(const EncodingParams& a, const EncodingParams& b) {
  std::string text;
  for (const Text& part : shape_mismatch_texts(a, b)) text += (text.empty() ? "" : "; ") + english(part);
  return text;
}

}  // namespace pelab
