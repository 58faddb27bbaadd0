// CSV export: %.17g formatting (checked against hand-written text), integers, atomic writes.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>

#include "pelab/io/atomic_file.hpp"
#include "pelab/io/csv.hpp"
#include "temp_dir.hpp"

TEST_CASE("csv: reals are written with 17 significant digits, one row per line, no header", "[io][csv]") {
  pelab::Matrix matrix(2, 3);
  matrix << 0.1, -2.0, 1.0 / 3.0, 1e-300, -0.0, 123456789.125;
  CHECK(pelab::csv_encode(matrix) ==
        "0.10000000000000001,-2,0.33333333333333331\n"
        "1e-300,-0,123456789.125\n");
}

TEST_CASE("csv: NaN and infinities are written as numpy.loadtxt reads them", "[io][csv]") {
  pelab::Matrix matrix(1, 3);
  matrix << std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
      -std::numeric_limits<double>::infinity();
  CHECK(pelab::csv_encode(matrix) == "nan,inf,-inf\n");
}

TEST_CASE("csv: every double reads back exactly with strtod", "[io][csv]") {
  pelab::Matrix matrix(3, 4);
  matrix << 0.1, 0.2, 0.3, 1.0 / 7.0, 4.9406564584124654e-324, 2.2250738585072014e-308,
      1.7976931348623157e308, -1e-5, 6.02214076e23, std::sqrt(2.0), -std::acos(-1.0), 1e15 + 0.5;
  std::istringstream lines(pelab::csv_encode(matrix));
  std::string line;
  for (Eigen::Index row = 0; row < matrix.rows(); ++row) {
    REQUIRE(std::getline(lines, line));
    std::istringstream cells(line);
    std::string cell;
    for (Eigen::Index col = 0; col < matrix.cols(); ++col) {
      REQUIRE(std::getline(cells, cell, ','));
      CHECK(std::strtod(cell.c_str(), nullptr) == matrix(row, col));
    }
    CHECK_FALSE(std::getline(cells, cell, ','));
  }
  CHECK_FALSE(std::getline(lines, line));
}

TEST_CASE("csv: integer matrices are written in full", "[io][csv]") {
  pelab::IndexMatrix matrix(2, 2);
  matrix << 0, -31, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max();
  CHECK(pelab::csv_encode(matrix) == "0,-31\n-9223372036854775808,9223372036854775807\n");
}

TEST_CASE("csv: empty matrices give empty text and write_csv writes atomically", "[io][csv]") {
  CHECK(pelab::csv_encode(pelab::Matrix(0, 3)).empty());
  pelab::test::TempDir dir;
  pelab::Matrix matrix(1, 2);
  matrix << 1.5, 2.5;
  pelab::write_csv(dir.path / "table.csv", matrix);
  CHECK(pelab::read_file_bytes(dir.path / "table.csv") == "1.5,2.5\n");
  pelab::IndexMatrix ints(2, 1);
  ints << 3, 4;
  pelab::write_csv(dir.path / "table.csv", ints);
  CHECK(pelab::read_file_bytes(dir.path / "table.csv") == "3\n4\n");
  CHECK(dir.entries() == std::set<std::string>{"table.csv"});
  CHECK_THROWS_AS(pelab::write_csv(dir.path / "missing" / "t.csv", matrix), pelab::Error);
}
