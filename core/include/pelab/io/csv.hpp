#pragma once
// Comma-separated export of matrices for spreadsheets and numpy.loadtxt(delimiter=",").
#include <filesystem>
#include <string>

#include "pelab/types.hpp"

namespace pelab {

// One line per matrix row ("\n"-terminated), values separated by commas, no header. Reals are
// printed like printf("%.17g") but independent of the C locale, so every double reads back
// exactly; NaN and infinities print as "nan", "inf", "-inf" (numpy.loadtxt accepts these).
std::string csv_encode(const Matrix& matrix);
// Integers printed in full decimal.
std::string csv_encode(const IndexMatrix& matrix);

// Atomically writes csv_encode(matrix) to `path` (see write_file_atomic).
void write_csv(const std::filesystem::path& path, const Matrix& matrix);
void write_csv(const std::filesystem::path& path, const IndexMatrix& matrix);

}  // namespace pelab
