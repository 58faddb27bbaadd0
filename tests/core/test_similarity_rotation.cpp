// Similarity and the offset-as-rotation property (docs/encodings.md §6, §7).
#include <catch2/catch.hpp>
#include <cmath>

#include "pelab/encodings.hpp"
#include "pelab/rotation.hpp"
#include "pelab/similarity.hpp"

using namespace pelab;
using Catch::Matchers::WithinAbs;

TEST_CASE("sinusoid similarity is Toeplitz and equals sum_k cos(w_k (p - q))") {
  const std::int64_t n = 60, d = 16;
  const double base = 100.0;
  const Matrix s = similarity_matrix(sinusoidal_table(n, d, base, 0), SimilarityMetric::dot);
  for (std::int64_t p = 0; p < n; ++p) {
    for (std::int64_t q = 0; q < n; ++q) {
      double expected = 0.0;
      for (std::int64_t k = 0; k < d / 2; ++k)
        expected +=
            std::cos(std::pow(base, -2.0 * static_cast<double>(k) / static_cast<double>(d)) * double(p - q));
      CHECK_THAT(s(p, q), WithinAbs(expected, 1e-12));
      if (p > 0 && q > 0) CHECK_THAT(s(p, q), WithinAbs(s(p - 1, q - 1), 1e-12));  // Toeplitz
    }
    CHECK(s(p, p) >= s.row(p).maxCoeff() - 1e-12);  // largest at offset 0
  }
  const Vector by_offset = sinusoidal_similarity_by_offset(d, base, n - 1);
  for (std::int64_t r = 0; r < n; ++r) CHECK_THAT(by_offset[r], WithinAbs(s(0, r), 1e-12));
  CHECK(by_offset[0] == Approx(d / 2.0));
}

TEST_CASE("closed-form sinusoid similarity equals the matrix product for every metric, even and odd D") {
  for (std::int64_t d : {1, 6, 7, 64}) {
    for (auto metric : {SimilarityMetric::dot, SimilarityMetric::cosine, SimilarityMetric::distance}) {
      const Matrix direct = similarity_matrix(sinusoidal_table(150, d, 10000.0, 7), metric);
      const Matrix closed = sinusoidal_similarity_closed_form(150, d, 10000.0, 7, metric);
      INFO("d=" << d << " metric=" << to_string(metric));
      CHECK((direct - closed).cwiseAbs().maxCoeff() < 1e-10);
    }
  }
}

TEST_CASE("cosine and distance metrics on a hand example") {
  Matrix p(3, 2);
  p << 1, 0, 0, 2, 0, 0;
  const Matrix dot = similarity_matrix(p, SimilarityMetric::dot);
  CHECK(dot(1, 1) == 4.0);
  CHECK(dot(0, 1) == 0.0);
  const Matrix cosine = similarity_matrix(p, SimilarityMetric::cosine);
  CHECK(cosine(0, 0) == Approx(1.0));
  CHECK(cosine(2, 2) == 0.0);  // zero row: defined as 0
  const Matrix dist = similarity_matrix(p, SimilarityMetric::distance);
  CHECK(dist(0, 1) == Approx(std::sqrt(5.0)));
  CHECK(dist(1, 2) == Approx(2.0));
  CHECK(dist(0, 0) == 0.0);
  // Nearly equal rows: no cancellation (the Gram form would give ~1e-8 here).
  Matrix close(2, 3);
  close << 1e3, 2e3, 3e3, 1e3, 2e3, 3e3 + 1e-9;
  CHECK_THAT(similarity_matrix(close, SimilarityMetric::distance)(0, 1), WithinAbs(1e-9, 1e-12));
  CHECK(parse_similarity_metric("cosine") == SimilarityMetric::cosine);
}

TEST_CASE("similarity products (OpenBLAS when linked) equal Eigen's to 1e-12 relative, exactly symmetric") {
  // Large enough for OpenBLAS to split the work over threads; an odd width and row count.
  const Matrix a = learned_table(301, 257, 0.02, 3, 0);
  const Matrix b = learned_table(150, 257, 0.5, 4, 0);
  const Matrix s = similarity_matrix(a, SimilarityMetric::dot);
  const Matrix eigen_s = a.lazyProduct(a.transpose());  // Eigen's own product, no BLAS
  CHECK((s - eigen_s).cwiseAbs().maxCoeff() <= 1e-12 * eigen_s.cwiseAbs().maxCoeff());
  CHECK((s - s.transpose()).cwiseAbs().maxCoeff() == 0.0);
  const Matrix c = cross_similarity(a, b, SimilarityMetric::dot);
  const Matrix eigen_c = a.lazyProduct(b.transpose());
  CHECK((c - eigen_c).cwiseAbs().maxCoeff() <= 1e-12 * eigen_c.cwiseAbs().maxCoeff());
  // Empty shapes: no rows, and rows of width 0 (every product 0).
  CHECK(similarity_matrix(Matrix(0, 4), SimilarityMetric::dot).size() == 0);
  CHECK(similarity_matrix(Matrix(3, 0), SimilarityMetric::dot) == Matrix::Zero(3, 3));
  CHECK(cross_similarity(Matrix(2, 0), Matrix(3, 0), SimilarityMetric::dot) == Matrix::Zero(2, 3));
}

TEST_CASE("T(k) P_p = P_{p+k} to 1e-12 for many p and k (column and row conventions)") {
  const std::int64_t n = 400, d = 64;
  const Matrix table = sinusoidal_table(n, d, 10000.0, 0);
  for (std::int64_t k : {0, 1, 2, 5, 17, 100, 255, -3, -40}) {
    const Matrix col = rotation_matrix(d, 10000.0, static_cast<double>(k), RotationConvention::column);
    const Matrix row = rotation_matrix(d, 10000.0, static_cast<double>(k), RotationConvention::row);
    CHECK((row - col.transpose()).cwiseAbs().maxCoeff() == 0.0);
    // Orthogonal: T^T T = I.
    CHECK((col.transpose() * col - Matrix::Identity(d, d)).cwiseAbs().maxCoeff() < 1e-14);
    for (std::int64_t p = std::max<std::int64_t>(0, -k); p + k < n && p < n; p += 7) {
      // Independent check: rotate with the matrix, compare with direct sin/cos at p + k.
      const Vector moved = col * table.row(p).transpose();
      const Vector moved_row = (table.row(p) * row).transpose();
      for (std::int64_t i = 0; i < d; ++i) {
        const double w = std::pow(10000.0, -2.0 * static_cast<double>(i / 2) / double(d));
        const double truth = i % 2 == 0 ? std::sin(w * double(p + k)) : std::cos(w * double(p + k));
        REQUIRE_THAT(moved[i], WithinAbs(truth, 1e-12));
        REQUIRE_THAT(moved_row[i], WithinAbs(truth, 1e-12));
      }
    }
    const Vector curve = rotation_residual_curve(table, col, k, RotationConvention::column);
    CHECK(curve.size() == n - std::abs(k));
    CHECK(curve.maxCoeff() < 1e-12);
  }
}

TEST_CASE("T(k) blocks and the pairwise residual agree with the dense forms") {
  const Matrix full = rotation_matrix(16, 100.0, 3.0, RotationConvention::column);
  const Matrix block = rotation_block(16, 100.0, 3.0, 2, 3, RotationConvention::column);
  CHECK(block == full.block(4, 4, 6, 6));
  CHECK(rotation_block(16, 100.0, 3.0, 2, 3, RotationConvention::row) == block.transpose());
  CHECK_THROWS_AS(rotation_block(16, 100.0, 3.0, 6, 3, RotationConvention::column), Error);
  // Residuals, pair by pair, equal the dense T(k) residuals, for a sinusoid (~1e-16) and not.
  for (EncodingKind kind : {EncodingKind::sinusoidal, EncodingKind::integer}) {
    EncodingParams p;
    p.kind = kind;
    p.positions = 40;
    p.dims = 16;
    p.base = 100.0;
    const Matrix table = encode(p);
    const Vector dense = rotation_residual_curve(table, full, 3, RotationConvention::column);
    const Vector pairwise = rotation_residuals(table.topRows(37), table.bottomRows(37), 100.0, 3.0);
    CHECK((dense - pairwise).cwiseAbs().maxCoeff() < 1e-12);
  }
}

TEST_CASE("T(k) does not depend on p; other encodings are not rotations; odd D refused") {
  // A 2x2 block by hand: w = 1 (pair 0), k = 1: [[cos 1, sin 1], [-sin 1, cos 1]].
  const Matrix t = rotation_matrix(2, 10000.0, 1.0, RotationConvention::column);
  CHECK_THAT(t(0, 0), WithinAbs(std::cos(1.0), 1e-15));
  CHECK_THAT(t(0, 1), WithinAbs(std::sin(1.0), 1e-15));
  CHECK_THAT(t(1, 0), WithinAbs(-std::sin(1.0), 1e-15));
  EncodingParams p;
  p.kind = EncodingKind::integer;
  p.positions = 50;
  p.dims = 8;
  const Matrix integer = encode(p);
  const Matrix t3 = rotation_matrix(8, 10000.0, 3.0, RotationConvention::column);
  CHECK(rotation_residual_curve(integer, t3, 3, RotationConvention::column).minCoeff() > 0.5);
  CHECK_THROWS_WITH(rotation_matrix(7, 10000.0, 1.0, RotationConvention::column), Catch::Contains("even D"));
  CHECK(rotation_residual_curve(integer, t3, 60, RotationConvention::column).size() == 0);
  CHECK(parse_rotation_convention("row") == RotationConvention::row);
}

TEST_CASE("a large table's similarity is the full product, both triangles (the two-thread mirror)",
          "[similarity]") {
  // N = 1100 crosses the size where the upper triangle is copied by two threads, with a last tile
  // row that is only partly filled (1100 = 17 * 64 + 12).
  const Eigen::Index n = 1100, d = 7;
  Matrix table(n, d);
  for (Eigen::Index r = 0; r < n; ++r)
    for (Eigen::Index c = 0; c < d; ++c)
      table(r, c) = std::sin(0.37 * static_cast<double>(r * (c + 1)) + static_cast<double>(c));
  const Matrix s = similarity_matrix(table, SimilarityMetric::dot);
  REQUIRE(s.rows() == n);
  REQUIRE(s.cols() == n);
  double worst = 0.0;
  for (Eigen::Index p = 0; p < n; p += 7)
    for (Eigen::Index q = 0; q < n; ++q)
      worst = std::max(worst, std::abs(s(p, q) - table.row(p).dot(table.row(q))));
  CHECK(worst < 1e-12);
  CHECK((s - s.transpose()).cwiseAbs().maxCoeff() == 0.0);
}
