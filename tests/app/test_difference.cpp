// The difference view's numbers: A − B of tables and similarities, the common window of unequal
// shapes, and core's difference / common_window / shape_mismatch they rest on.
#include <catch2/catch.hpp>

#include "pelab/compare.hpp"
#include "pelab/encodings.hpp"
#include "pelab/similarity.hpp"
#include "state/difference.hpp"

using namespace pelab;
using namespace pelab::app;

namespace {

std::shared_ptr<const ViewData> computed(const EncodingParams& e) {
  ViewDataCache cache;
  ComputeRequest request;
  request.table = TableKey{e, nullptr, ""};
  request.needs = item_table | item_similarity;
  return cache.compute(request);
}

}  // namespace

TEST_CASE("identical configurations differ by exactly zero everywhere", "[difference]") {
  for (EncodingKind kind : all_encoding_kinds()) {
    EncodingParams e;
    e.kind = kind;
    e.positions = 33;
    e.dims = 10;
    INFO(to_string(kind));
    const DifferenceData d = compute_difference(*computed(e), *computed(e), false);
    REQUIRE(d.error.empty());
    CHECK(d.mismatch.empty());
    REQUIRE(d.table);
    CHECK(d.table->max_abs == 0.0);
    CHECK(d.table->values.isZero(0.0));
    REQUIRE(d.similarity);
    CHECK(d.similarity->max_abs == 0.0);
  }
}

TEST_CASE("A − B of two bases: entry by entry, and the largest where it is", "[difference]") {
  EncodingParams a, b;
  a.positions = b.positions = 20;
  a.dims = b.dims = 8;
  b.base = 100.0;
  const DifferenceData d = compute_difference(*computed(a), *computed(b), false);
  REQUIRE(d.table);
  const Matrix expected = encode(a) - encode(b);
  CHECK((d.table->values - expected).cwiseAbs().maxCoeff() <= 1e-15);
  Eigen::Index row = 0, col = 0;
  const double largest = expected.cwiseAbs().maxCoeff(&row, &col);
  CHECK(d.table->max_abs == Approx(largest).epsilon(1e-12));
  CHECK(std::abs(expected(d.table->row, d.table->col)) == Approx(largest).epsilon(1e-12));
  REQUIRE(d.similarity);
  const Matrix s = similarity_matrix(encode(a), SimilarityMetric::dot) -
                   similarity_matrix(encode(b), SimilarityMetric::dot);
  CHECK((d.similarity->values - s).cwiseAbs().maxCoeff() <= 1e-9);
}

TEST_CASE("unequal shapes: named, and compared on the common window when asked", "[difference]") {
  EncodingParams a, b;
  a.positions = 64;
  b.kind = EncodingKind::fourier;
  b.positions = 128;
  b.start = 10;
  b.dims = 16;
  const DifferenceData refused = compute_difference(*computed(a), *computed(b), false);
  CHECK(refused.mismatch == "N differs: 64 vs 128; D differs: 64 vs 16; start differs: 0 vs 10");
  CHECK_FALSE(refused.table);
  REQUIRE(refused.window);
  CHECK(refused.window->start == 10);
  CHECK(refused.window->positions == 54);  // positions 10..63
  CHECK(refused.window->dims == 16);

  const DifferenceData window = compute_difference(*computed(a), *computed(b), true);
  REQUIRE(window.table);
  CHECK(window.on_window);
  CHECK(window.table->values.rows() == 54);
  CHECK(window.table->values.cols() == 16);
  // Row j is position 10 + j of both tables: A's row 10 + j, B's row j.
  const Matrix pa = encode(a), pb = encode(b);
  for (Eigen::Index j : {0, 17, 53})
    for (Eigen::Index c : {0, 5, 15})
      CHECK(window.table->values(j, c) == Approx(pa(10 + j, c) - pb(j, c)).margin(1e-15));
}

TEST_CASE("core: difference refuses unequal shapes, NaN is never hidden", "[difference]") {
  CHECK_THROWS_AS(difference(Matrix::Zero(2, 3), Matrix::Zero(3, 2)), Error);
  Matrix a = Matrix::Zero(2, 2), b = Matrix::Zero(2, 2);
  a(0, 1) = 5.0;
  b(1, 0) = std::numeric_limits<double>::quiet_NaN();
  CHECK(std::isnan(difference(a, b).max_abs));
  b(1, 0) = -1.0;
  const MatrixDifference d = difference(a, b);
  CHECK(d.max_abs == 5.0);
  CHECK(d.row == 0);
  CHECK(d.col == 1);
  EncodingParams x, y;
  y.start = 100;  // positions 100..163 against 0..63: no overlap
  CHECK_FALSE(common_window(x, y).has_value());
  CHECK(shape_mismatch(x, x).empty());
}
