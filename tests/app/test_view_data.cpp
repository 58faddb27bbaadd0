// The computed data behind the views: recomputed only when its parameters change, bounded in size
// for any N and D, and equal to what pelab_core computes directly.
#include <catch2/catch.hpp>

#include <chrono>
#include <numeric>
#include <thread>

#include "pelab/encodings.hpp"
#include "pelab/rotation.hpp"
#include "pelab/similarity.hpp"
#include "state/compute_worker.hpp"
#include "state/view_data.hpp"

using namespace pelab;
using namespace pelab::app;

TEST_CASE("Cached recomputes only when the key changes", "[cache]") {
  Cached<int, int> cache;
  int calls = 0;
  const auto square = [&](int key) {
    ++calls;
    return key * key;
  };
  CHECK(*cache.get(3, square) == 9);
  CHECK(*cache.get(3, square) == 9);
  CHECK(calls == 1);
  CHECK(*cache.get(4, square) == 16);
  CHECK(*cache.get(3, square) == 9);
  CHECK(calls == 3);
  CHECK(cache.recomputations() == 3);
}

TEST_CASE("each view item is recomputed only when its own parameters change", "[cache]") {
  ViewDataCache cache;
  ViewParams params;
  params.encoding.positions = 50;
  params.encoding.dims = 16;
  const auto first = cache.compute(params);
  const RecomputeCounts once{1, 1, 1, 1, 1, 1, 1, 1};
  CHECK(cache.recomputations() == once);

  const auto again = cache.compute(params);  // an unchanged frame
  CHECK(cache.recomputations() == once);
  CHECK(again->table == first->table);  // the very same object, not a copy
  CHECK(again->compute_ms == 0.0);

  params.position = 7;  // moving p: the row S[p, :] and the residual at p only
  cache.compute(params);
  CHECK(cache.recomputations() == RecomputeCounts{1, 1, 1, 2, 1, 1, 2, 1});

  params.colormap = Colormap::magma;  // a display setting: nothing to compute
  params.range_mode = RangeMode::symmetric;
  cache.compute(params);
  CHECK(cache.recomputations() == RecomputeCounts{1, 1, 1, 2, 1, 1, 2, 1});

  params.offset = 3;  // k: rotation and residuals
  cache.compute(params);
  CHECK(cache.recomputations() == RecomputeCounts{1, 1, 1, 2, 2, 2, 3, 1});

  params.encoding.base = 100.0;  // the table changes: everything depending on it
  cache.compute(params);
  CHECK(cache.recomputations() == RecomputeCounts{2, 2, 2, 3, 3, 3, 4, 2});
}

TEST_CASE("the table view data matches encode(), exactly and as floats", "[view-data]") {
  EncodingParams e;
  e.positions = 4;
  e.dims = 4;
  e.base = 100.0;
  const TableData table = compute_table(e);
  REQUIRE(table.error.empty());
  CHECK(table.rows == Sampling{4, 1, 4});
  CHECK(table.exact.isApprox(encode(e)));
  CHECK(table.exact(1, 0) == Approx(0.8414709848));  // seed 000: P[1, 0] = sin(1)
  REQUIRE(table.heatmap.values.size() == 16);
  CHECK(table.heatmap.values[4] == static_cast<float>(table.exact(1, 0)));
  CHECK(table.heatmap.automatic_range == value_range(encode(e), RangeMode::automatic));
}

TEST_CASE("huge tables are sampled at a stated stride, never computed whole", "[view-data]") {
  EncodingParams e;
  e.positions = max_positions;
  e.dims = max_dims;
  const auto start = std::chrono::steady_clock::now();
  const TableData table = compute_table(e);
  REQUIRE(table.error.empty());
  CHECK(table.rows == Sampling{16384, 8, 2048});
  CHECK(table.cols == Sampling{4096, 2, 2048});
  CHECK(table.exact.rows() == 2048);
  CHECK(table.exact.cols() == 4096);
  CHECK(table.heatmap.cols == 2048);
  CHECK(table.position_of_row(3) == 24);
  const std::vector<std::int64_t> positions{24}, dims{4095};
  CHECK(table.exact(3, 4095) == encode_grid(e, positions, dims)(0, 0));

  const SimilarityData similarity = compute_similarity(SimilarityKey{e, SimilarityMetric::cosine}, table);
  REQUIRE(similarity.error.empty());
  CHECK(similarity.rows.shown * similarity.rows.shown * e.dims <= 1.1 * gram_flop_budget);
  CHECK(similarity.rows.shown <= max_similarity_side);
  CHECK(similarity.rows.stride % table.rows.stride == 0);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(30));  // generous: sanitizer builds
}

TEST_CASE("sampling covers the range evenly", "[view-data]") {
  CHECK(sample_evenly(2000, 2048) == Sampling{2000, 1, 2000});
  CHECK(sample_evenly(4097, 2048) == Sampling{4097, 3, 1366});
  CHECK(sample_evenly(0, 10) == Sampling{0, 1, 0});
}

TEST_CASE("similarity data equals core's similarity of the shown rows", "[view-data]") {
  for (EncodingKind kind : {EncodingKind::sinusoidal, EncodingKind::integer, EncodingKind::sigmoid}) {
    for (SimilarityMetric metric :
         {SimilarityMetric::dot, SimilarityMetric::cosine, SimilarityMetric::distance}) {
      EncodingParams e;
      e.kind = kind;
      e.positions = 40;
      e.dims = 10;
      e.start = 5;
      const TableData table = compute_table(e);
      const SimilarityData similarity = compute_similarity(SimilarityKey{e, metric}, table);
      REQUIRE(similarity.error.empty());
      const Matrix expected = similarity_matrix(encode(e), metric);
      INFO(to_string(kind) << " " << to_string(metric));
      CHECK((similarity.exact - expected).cwiseAbs().maxCoeff() <=
            1e-9 * (1.0 + expected.cwiseAbs().maxCoeff()));
    }
  }
}

TEST_CASE("the T(k) window is the matching block of core's rotation_matrix", "[view-data]") {
  for (std::int64_t dimension : {0, 7, 40, 63}) {
    const RotationData rotation = compute_rotation(RotationKey{64, 10000.0, 5, dimension});
    REQUIRE(rotation.error.empty());
    CHECK(rotation.window == rotation_window_dims);
    CHECK(rotation.pair == dimension / 2);
    CHECK(rotation.first_dim <= 2 * rotation.pair);
    CHECK(rotation.first_dim + rotation.window >= 2 * rotation.pair + 2);
    for (int c = 0; c < 2; ++c) {
      const RotationConvention convention = c == 0 ? RotationConvention::column : RotationConvention::row;
      const Matrix full = rotation_matrix(64, 10000.0, 5.0, convention);
      CHECK(rotation.blocks[static_cast<std::size_t>(c)].isApprox(
          full.block(rotation.first_dim, rotation.first_dim, rotation.window, rotation.window)));
    }
  }
  CHECK_FALSE(compute_rotation(RotationKey{7, 100.0, 1, 0}).error.empty());  // odd D: no rotation exists
  CHECK(compute_rotation(RotationKey{4, 100.0, 1, 3}).window == 4);
}

TEST_CASE("the residual curve equals core's, ~1e-15 for a sinusoid and large otherwise", "[view-data]") {
  for (EncodingKind kind : {EncodingKind::sinusoidal, EncodingKind::integer, EncodingKind::learned}) {
    EncodingParams e;
    e.kind = kind;
    e.positions = 60;
    e.dims = 12;
    e.base = 100.0;
    const TableData table = compute_table(e);
    const ResidualData residual = compute_residual(ResidualKey{e, 4}, table);
    REQUIRE(residual.error.empty());
    const Matrix t = rotation_matrix(12, 100.0, 4.0, RotationConvention::column);
    const Vector expected = rotation_residual_curve(encode(e), t, 4, RotationConvention::column);
    const Vector expected_row = rotation_residual_curve(
        encode(e), rotation_matrix(12, 100.0, 4.0, RotationConvention::row), 4, RotationConvention::row);
    REQUIRE(residual.residuals.size() == 56);
    for (std::size_t p = 0; p < 56; ++p) {
      CHECK(residual.residuals[p] == Approx(expected[static_cast<Eigen::Index>(p)]).margin(1e-14));
      CHECK(residual.residuals[p] == Approx(expected_row[static_cast<Eigen::Index>(p)]).margin(1e-14));
    }
    if (kind == EncodingKind::sinusoidal) {
      CHECK(residual.largest < 1e-13);
    } else {
      CHECK(residual.largest > 1e-3);
    }
  }
}

TEST_CASE("strided residuals use the exact shifted rows", "[view-data]") {
  EncodingParams e;
  e.positions = 5000;  // stride 3
  e.dims = 8;
  const TableData table = compute_table(e);
  REQUIRE(table.rows.stride == 3);
  const ResidualData residual = compute_residual(ResidualKey{e, 1}, table);  // p + 1 is not a table row
  REQUIRE(residual.error.empty());
  CHECK(residual.largest < 1e-12);
  CHECK(residual.positions.back() + 1 <= 4999);
}

TEST_CASE("wavelength labels follow each kind's rule", "[view-data]") {
  EncodingParams e;
  e.dims = 4;
  e.base = 100.0;
  CHECK(column_wavelength_label(e, 0) == "λ = 6.28");
  CHECK(column_wavelength_label(e, 2) == "λ = 62.8");  // 2π·100^(2/4)
  e.kind = EncodingKind::binary;
  CHECK(column_wavelength_label(e, 2) == "period 8");
  e.kind = EncodingKind::integer;
  CHECK(column_wavelength_label(e, 0).empty());
}

TEST_CASE("the worker computes the newest request in the background", "[worker]") {
  ComputeWorker worker;
  CHECK(worker.latest() == nullptr);
  ViewParams params;
  for (int n = 10; n <= 60; n += 10) {  // a dragged slider: only the last value must arrive
    params.encoding.positions = n;
    worker.request(params);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!worker.settled() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  REQUIRE(worker.settled());
  REQUIRE(worker.latest() != nullptr);
  CHECK(worker.latest()->params == params);
  CHECK(worker.latest()->table->exact.rows() == 60);
  CHECK(worker.results_delivered() <= 6);
  const int delivered = worker.results_delivered();
  worker.request(params);  // same parameters: no new work
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(worker.results_delivered() == delivered);
}

TEST_CASE("a large similarity is shown at a stride of the closed form", "[view-data]") {
  EncodingParams e;
  e.positions = 2000;
  e.dims = 16;
  const TableData table = compute_table(e);
  const SimilarityData similarity = compute_similarity(SimilarityKey{e, SimilarityMetric::dot}, table);
  REQUIRE(similarity.error.empty());
  CHECK(similarity.rows == Sampling{2000, 2, 1000});
  CHECK(similarity.exact.rows() == 1000);
  CHECK(similarity.heatmap.rows == 1000);
  const Matrix full = sinusoidal_similarity_closed_form(2000, 16, e.base, 0, SimilarityMetric::dot);
  CHECK(similarity.exact(1, 3) == full(2, 6));
  CHECK(similarity.position_of_row(999) == 1998);
}
