// CSV export with locale-independent, round-trippable number formatting (std::to_chars).
#include "pelab/io/csv.hpp"

#include <charconv>

#include "pelab/io/atomic_file.hpp"

namespace pelab {
namespace {

// Formats each entry with `format(buffer_begin, buffer_end, value)` and joins rows with '\n'.
template <typename MatrixType, typename Format>
std::string join_rows(const MatrixType& matrix, Format format) {
  std::string out;
  out.reserve(static_cast<std::size_t>(matrix.size()) * 12);
  char buffer[64];
  for (Eigen::Index row = 0; row < matrix.rows(); ++row) {
    for (Eigen::Index col = 0; col < matrix.cols(); ++col) {
      if (col > 0) out.push_back(',');
      out.append(buffer, format(buffer, buffer + sizeof buffer, matrix(row, col)));
    }
    out.push_back('\n');
  }
  return out;
}

}  // namespace

std::string csv_encode(const Matrix& matrix) {
  return join_rows(matrix, [](char* begin, char* end, double value) {
    // %.17g: 17 significant digits always identify a double uniquely.
    return static_cast<std::size_t>(std::to_chars(begin, end, value, std::chars_format::general, 17).ptr -
                                    begin);
  });
}

std::string csv_encode(const IndexMatrix& matrix) {
  return join_rows(matrix, [](char* begin, char* end, std::int64_t value) {
    return static_cast<std::size_t>(std::to_chars(begin, end, value).ptr - begin);
  });
}

void write_csv(const std::filesystem::path& path, const Matrix& matrix) {
  write_file_atomic(path, csv_encode(matrix));
}

void write_csv(const std::filesystem::path& path, const IndexMatrix& matrix) {
  write_file_atomic(path, csv_encode(matrix));
}

}  // namespace pelab
