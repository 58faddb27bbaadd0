// The computed data behind the views: recomputed only when its parameters change, bounded in size
// for any N and D, and equal to what pelab_core computes directly.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <thread>

#include "pelab/encodings.hpp"
#include "pelab/rotation.hpp"
#include "pelab/similarity.hpp"
#include "pelab/structure.hpp"
#include "state/compute_worker.hpp"
#include "state/result_signal.hpp"
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

namespace {

TableKey key_of(const EncodingParams& e) { return TableKey{e, nullptr, ""}; }

// A table of `positions` × `dims` of `kind`, the rest at its defaults.
EncodingParams encoding_of(std::int64_t positions, std::int64_t dims,
                           EncodingKind kind = EncodingKind::sinusoidal) {
  EncodingParams e;
  e.kind = kind;
  e.positions = positions;
  e.dims = dims;
  return e;
}

ComputeRequest request_of(const EncodingParams& e, Needs needs = all_items) {
  ComputeRequest request;
  request.table = key_of(e);
  request.needs = needs;
  return request;
}

}  // namespace

TEST_CASE("each view item is recomputed only when its own inputs change", "[cache]") {
  ViewDataCache cache;
  EncodingParams e = encoding_of(50, 16);
  ComputeRequest request = request_of(e);
  const auto first = cache.compute(request);
  const RecomputeCounts once{1, 1, 1, 1, 1, 1, 1, 1, 1};
  CHECK(cache.recomputations() == once);
  CHECK(first->is_fresh(all_items));

  const auto again = cache.compute(request);  // an unchanged frame
  CHECK(cache.recomputations() == once);
  CHECK(again->table == first->table);  // the very same object, not a copy
  CHECK(again->compute_ms == 0.0);

  request.selection.position = 7;  // moving p: the row S[p, :] and the residual at p only
  cache.compute(request);
  CHECK(cache.recomputations() == RecomputeCounts{1, 1, 1, 2, 1, 1, 2, 1, 1});

  request.selection.offset = 3;  // k: rotation and residuals
  cache.compute(request);
  CHECK(cache.recomputations() == RecomputeCounts{1, 1, 1, 2, 2, 2, 3, 1, 1});

  request.table.encoding.base = 100.0;  // the table changes: everything depending on it
  cache.compute(request);
  CHECK(cache.recomputations() == RecomputeCounts{2, 2, 2, 3, 3, 3, 4, 2, 2});
}

TEST_CASE("only the items the visible views need are computed", "[cache]") {
  ViewDataCache cache;
  EncodingParams e = encoding_of(40, 8);
  // The heatmap alone: the table and nothing else.
  const auto table_only = cache.compute(request_of(e, item_table));
  CHECK(cache.recomputations() == RecomputeCounts{1, 0, 0, 0, 0, 0, 0, 0, 0});
  CHECK(table_only->similarity == nullptr);
  CHECK(table_only->has(item_table));
  CHECK_FALSE(table_only->has(item_similarity));
  // The spectrum alone needs no table.
  ViewDataCache spectrum_cache;
  spectrum_cache.compute(request_of(e, item_spectrum));
  CHECK(spectrum_cache.recomputations() == RecomputeCounts{0, 0, 0, 0, 0, 0, 0, 1, 0});
  // Showing the similarity later computes it from the cached table.
  cache.compute(request_of(e, item_table | item_similarity));
  CHECK(cache.recomputations() == RecomputeCounts{1, 0, 1, 0, 0, 0, 0, 0, 0});
}

TEST_CASE("a superseded request stops after the item in progress and publishes what it has", "[cache]") {
  ViewDataCache cache;
  EncodingParams e = encoding_of(30, 8);
  int published = 0;
  const auto data = cache.compute(
      request_of(e), nullptr, [&](const ViewData&) { ++published; }, [&] { return published >= 2; });
  CHECK(published == 2);  // the table, then one more item, then the newer request wins
  CHECK(data->is_fresh(item_table));
  CHECK_FALSE(data->is_fresh(all_items));
}

TEST_CASE("a stop ends the scorecard mid-item: its first scores are shown, then dropped, never cached",
          "[cache]") {
  ViewDataCache cache;
  EncodingParams e = encoding_of(40, 12);
  StopSource stop;
  std::vector<std::size_t> shown;
  const auto data = cache.compute(
      request_of(e, item_table | item_requirements), nullptr,
      [&](const ViewData& partial) {
        if (partial.requirements) shown.push_back(partial.requirements->scores.size());
        if (shown.size() == 2) stop.request_stop();  // after two scores were published
      },
      [] { return false; }, stop.get_token());
  CHECK(shown == std::vector<std::size_t>{1, 2});
  CHECK(data->is_fresh(item_table));
  CHECK_FALSE(data->is_fresh(item_requirements));
  CHECK(data->requirements == nullptr);  // the parts went with the stop: no mix of two runs
  CHECK(cache.recomputations().requirements == 0);
  // Asked again without a stop: all five, from the start.
  const auto whole = cache.compute(request_of(e, item_table | item_requirements));
  REQUIRE(whole->requirements != nullptr);
  CHECK(whole->requirements->scores.size() == 5);
  CHECK(cache.recomputations().requirements == 1);
  CHECK(cache.recomputations().table == 1);
}

TEST_CASE("a stopped table computes nothing more and leaves its cache as it was", "[cache]") {
  ViewDataCache cache;
  EncodingParams e = encoding_of(300, 8);
  const auto first = cache.compute(request_of(e, item_table));
  StopSource stop;
  stop.request_stop();
  EncodingParams huge = e;
  huge.positions = max_positions;
  huge.dims = max_dims;
  const auto start = std::chrono::steady_clock::now();
  const auto stopped = cache.compute(
      request_of(huge, item_table | item_similarity), first.get(), [](const ViewData&) {},
      [] { return false; }, stop.get_token());
  // Stopped at the first block of 64 rows: far below the 2048 x 4096 sines of the whole item.
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
  CHECK(stopped->fresh == 0);
  CHECK(stopped->table == first->table);  // the previous result's table, marked not fresh
  CHECK(cache.recomputations().table == 1);
  // The first table is still the cached one: asking for it again recomputes nothing.
  const auto again = cache.compute(request_of(e, item_table));
  CHECK(again->table == first->table);
  CHECK(cache.recomputations().table == 1);
}

TEST_CASE("the table view data matches encode(), exactly and as floats", "[view-data]") {
  EncodingParams e = encoding_of(4, 4);
  e.base = 100.0;
  const TableData table = compute_table(key_of(e));
  REQUIRE(table.error.empty());
  CHECK(table.rows == Sampling{4, 1, 4});
  CHECK(table.exact.isApprox(encode(e)));
  CHECK(table.exact(1, 0) == Approx(0.8414709848));  // source post 000: P[1, 0] = sin(1)
  REQUIRE(table.heatmap.values);
  REQUIRE(table.heatmap.values->size() == 16);
  CHECK((*table.heatmap.values)[4] == static_cast<float>(table.exact(1, 0)));
  CHECK(table.heatmap.automatic_range == value_range(encode(e), RangeMode::automatic));
}

TEST_CASE("a reused heatmap buffer holds the same values as a new one, after a change of size",
          "[view-data]") {
  // The values every grid must hold: P[p, 2i] = sin(p w_i), P[p, 2i + 1] = cos(p w_i),
  // w_i = base^(-2i/D) (source post 000), rounded to float.
  const auto expected = [](const EncodingParams& e, const HeatmapGrid& grid) {
    REQUIRE(grid.values);
    REQUIRE(grid.values->size() == static_cast<std::size_t>(e.positions * e.dims));
    for (std::int64_t p = 0; p < e.positions; ++p)
      for (std::int64_t c = 0; c < e.dims; ++c) {
        const double w = std::pow(e.base, -static_cast<double>(c / 2 * 2) / static_cast<double>(e.dims));
        const double v =
            c % 2 == 0 ? std::sin(static_cast<double>(p) * w) : std::cos(static_cast<double>(p) * w);
        CHECK((*grid.values)[static_cast<std::size_t>(p * e.dims + c)] ==
              Approx(static_cast<float>(v)).margin(1e-6));
      }
  };
  HeatmapBuffers buffers;
  EncodingParams large;
  large.positions = 6;
  large.dims = 8;
  large.base = 100.0;
  EncodingParams small = large;
  small.positions = 4;
  small.dims = 4;

  auto first = std::make_shared<TableData>(compute_table(key_of(large), {}, &buffers));
  expected(large, first->heatmap);
  const float* const first_floats = first->heatmap.values->data();
  // What gfx::HeatmapImage keeps of the buffer it uploaded: a weak_ptr, which must not hold the floats.
  const std::weak_ptr<const std::vector<float>> uploaded = first->heatmap.values;
  first.reset();

  const TableData second = compute_table(key_of(small), {}, &buffers);
  CHECK(second.heatmap.values->data() == first_floats);  // the same storage, taken again
  expected(small, second.heatmap);
  // ... equal, float for float, to a grid in a new buffer, with the same ranges,
  const TableData fresh = compute_table(key_of(small));
  CHECK(*second.heatmap.values == *fresh.heatmap.values);
  CHECK(second.heatmap.automatic_range == fresh.heatmap.automatic_range);
  CHECK(second.heatmap.symmetric_range == fresh.heatmap.symmetric_range);
  // ... and still another buffer for the GPU copy, which compares control blocks.
  CHECK((uploaded.owner_before(second.heatmap.values) || second.heatmap.values.owner_before(uploaded)));

  // A buffer in use is never handed out again; a larger table after a smaller one grows it.
  const TableData third = compute_table(key_of(large), {}, &buffers);
  CHECK(third.heatmap.values->data() != second.heatmap.values->data());
  expected(large, third.heatmap);
  expected(small, second.heatmap);  // untouched by the third
  CHECK(buffers.kept() == 2);
}

TEST_CASE("huge tables are sampled at a stated stride, never computed whole", "[view-data]") {
  EncodingParams e = encoding_of(max_positions, max_dims);
  const auto start = std::chrono::steady_clock::now();
  const TableData table = compute_table(key_of(e));
  REQUIRE(table.error.empty());
  CHECK(table.rows == Sampling{16384, 8, 2048});
  CHECK(table.cols == Sampling{4096, 2, 2048});
  CHECK(table.exact.rows() == 2048);
  CHECK(table.exact.cols() == 4096);
  CHECK(table.heatmap.cols == 2048);
  CHECK(table.position_of_row(3) == 24);
  const std::vector<std::int64_t> positions{24}, dims{4095};
  CHECK(table.exact(3, 4095) == encode_grid(e, positions, dims)(0, 0));

  const SimilarityData similarity =
      compute_similarity(SimilarityKey{key_of(e), SimilarityMetric::cosine}, table);
  REQUIRE(similarity.error.empty());
  CHECK(static_cast<double>(similarity.rows.shown * similarity.rows.shown * e.dims) <=
        1.1 * gram_flop_budget);
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
      EncodingParams e = encoding_of(40, 10, kind);
      e.start = 5;
      const TableData table = compute_table(key_of(e));
      const SimilarityData similarity = compute_similarity(SimilarityKey{key_of(e), metric}, table);
      REQUIRE(similarity.error.empty());
      const Matrix expected = similarity_matrix(encode(e), metric);
      INFO(to_string(kind) << " " << to_string(metric));
      CHECK((similarity.exact - expected).cwiseAbs().maxCoeff() <=
            1e-9 * (1.0 + expected.cwiseAbs().maxCoeff()));
    }
  }
}

TEST_CASE("the T(k) window is the matching block of core's rotation_matrix", "[view-data]") {
  EncodingParams e;
  e.dims = 64;
  const TableData table = compute_table(key_of(e));
  for (std::int64_t dimension : {0, 7, 40, 63}) {
    const RotationData rotation = compute_rotation(RotationKey{key_of(e), 5, dimension}, table);
    REQUIRE(rotation.error.empty());
    REQUIRE(rotation.window.size() == static_cast<std::size_t>(rotation_window_dims));
    REQUIRE(rotation.pair);
    CHECK(*rotation.pair == static_cast<std::size_t>(dimension / 2));
    const std::int64_t first = rotation.window.front();
    CHECK(first <= dimension);
    CHECK(rotation.window.back() >= dimension);
    for (int c = 0; c < 2; ++c) {
      const RotationConvention convention = c == 0 ? RotationConvention::column : RotationConvention::row;
      const Matrix full = rotation_matrix(64, 10000.0, 5.0, convention);
      CHECK(rotation.blocks[static_cast<std::size_t>(c)].isApprox(
          full.block(first, first, rotation_window_dims, rotation_window_dims)));
    }
  }
}

TEST_CASE("every kind with an exact T(k) has a residual of at most 1e-12, in its own pairing",
          "[view-data]") {
  struct Case {
    EncodingKind kind;
    std::int64_t dims;
  };
  // The interleaved sinusoid, the tensor2tensor layout (odd D: one zero column) and NeRF's bands.
  for (const Case c : {Case{EncodingKind::sinusoidal, 16}, Case{EncodingKind::sinusoidal_concat, 16},
                       Case{EncodingKind::sinusoidal_concat, 17}, Case{EncodingKind::fourier, 12}}) {
    for (std::int64_t k : {1, 4, 29}) {
      EncodingParams e = encoding_of(60, c.dims, c.kind);
      e.base = 100.0;
      e.start = 3;
      INFO(to_string(c.kind) << " D = " << c.dims << " k = " << k);
      const TableData table = compute_table(key_of(e));
      const ResidualData residual = compute_residual(ResidualKey{key_of(e), k}, table);
      REQUIRE(residual.error.empty());
      REQUIRE(residual.residuals.size() == static_cast<std::size_t>(60 - k));
      CHECK(residual.largest <= 1e-12);
      // Independently: T(k) from the window over all columns, applied as a dense matrix.
      const RotationStructure structure = rotation_structure(e);
      std::vector<std::int64_t> all(static_cast<std::size_t>(c.dims));
      std::iota(all.begin(), all.end(), std::int64_t{0});
      const Matrix t = rotation_window(e, structure, k, all, RotationConvention::column);
      const Matrix p = encode(e);
      const Matrix moved = (t * p.topRows(60 - k).transpose()).transpose();
      CHECK((moved - p.bottomRows(60 - k)).cwiseAbs().maxCoeff() <= 1e-12);
    }
  }
}

TEST_CASE("kinds without an exact T(k) show the best linear fit and why", "[view-data]") {
  for (EncodingKind kind :
       {EncodingKind::integer, EncodingKind::binary, EncodingKind::sigmoid, EncodingKind::learned}) {
    EncodingParams e = encoding_of(200, 8, kind);
    e.base = 100.0;
    INFO(to_string(kind));
    const TableData table = compute_table(key_of(e));
    const RotationData rotation = compute_rotation(RotationKey{key_of(e), 3, 2}, table);
    REQUIRE(rotation.error.empty());
    CHECK_FALSE(rotation.structure.exact());
    CHECK_FALSE(rotation.structure.why_not.empty());
    CHECK(rotation.fit_residuals.size() == 197);
    CHECK_FALSE(rotation.fit_underdetermined);
    CHECK(rotation.fit_largest > 1e-3);  // "no exact T(k)" as a number
    const ResidualData residual = compute_residual(ResidualKey{key_of(e), 3}, table);
    CHECK(residual.error == rotation.structure.why_not);
  }
}

TEST_CASE("the residual at p is the curve's point at p, also far from 0", "[view-data]") {
  for (std::int64_t start : {std::int64_t{0}, std::int64_t{1'000'000'000}}) {
    EncodingParams e = encoding_of(600, 32);  // more than one of the table's 256-row blocks
    e.start = start;
    const TableData table = compute_table(key_of(e));
    const ResidualData curve = compute_residual(ResidualKey{key_of(e), 7}, table);
    for (std::int64_t row : {0, 255, 300, 592}) {
      const std::int64_t p = start + row;
      const SelectedResidual selected =
          compute_selected_residual(SelectedResidualKey{key_of(e), 7, p}, table);
      REQUIRE(selected.has_value);
      INFO("start " << start << " p " << p);
      CHECK(selected.value == curve.residuals[static_cast<std::size_t>(row)]);
      CHECK(selected.row == table.exact.row(row).transpose());
    }
  }
}

TEST_CASE("the residual curve equals core's, ~1e-15 for a sinusoid", "[view-data]") {
  EncodingParams e = encoding_of(60, 12);
  e.base = 100.0;
  const TableData table = compute_table(key_of(e));
  const ResidualData residual = compute_residual(ResidualKey{key_of(e), 4}, table);
  REQUIRE(residual.error.empty());
  const Matrix t = rotation_matrix(12, 100.0, 4.0, RotationConvention::column);
  const Vector expected = rotation_residual_curve(encode(e), t, 4, RotationConvention::column);
  REQUIRE(residual.residuals.size() == 56);
  for (std::size_t p = 0; p < 56; ++p)
    CHECK(residual.residuals[p] == Approx(expected[static_cast<Eigen::Index>(p)]).margin(1e-14));
  CHECK(residual.largest < 1e-13);
}

TEST_CASE("strided residuals use the exact shifted rows", "[view-data]") {
  EncodingParams e = encoding_of(5000, 8);  // stride 3
  const TableData table = compute_table(key_of(e));
  REQUIRE(table.rows.stride == 3);
  const ResidualData residual =
      compute_residual(ResidualKey{key_of(e), 1}, table);  // p + 1 is not a table row
  REQUIRE(residual.error.empty());
  CHECK(residual.largest < 1e-12);
  CHECK(residual.positions.back() + 1 <= 4999);
}

TEST_CASE("the spectrum shows each kind's own periods", "[view-data]") {
  ViewDataCache cache;
  EncodingParams e;
  e.kind = EncodingKind::binary;
  e.dims = 5;
  auto data = cache.compute(request_of(e, item_spectrum));
  REQUIRE(data->spectrum);
  CHECK(data->spectrum->periods == std::vector<double>{2, 4, 8, 16, 32});  // bit i repeats every 2^(i+1)
  e.kind = EncodingKind::fourier;
  e.positions = 17;
  e.dims = 10;
  data = cache.compute(request_of(e, item_spectrum));
  CHECK(data->spectrum->periods == std::vector<double>{32, 16, 8, 4, 2});  // 2 (N − 1) / 2^k
  REQUIRE(data->spectrum->aliasing_limit);
  CHECK(*data->spectrum->aliasing_limit == 2.0);
  e.kind = EncodingKind::learned;
  data = cache.compute(request_of(e, item_spectrum));
  CHECK(data->spectrum->periods.empty());
  CHECK_FALSE(data->spectrum->why_none.empty());
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
  std::atomic<int> wakes{0};
  ComputeWorker worker([&] { ++wakes; });
  CHECK(worker.latest() == nullptr);
  EncodingParams e;
  for (int n = 10; n <= 60; n += 10) {  // a dragged slider: only the last value must arrive
    e.positions = n;
    worker.request(request_of(e));
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!worker.settled() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  REQUIRE(worker.settled());
  REQUIRE(worker.latest() != nullptr);
  CHECK(worker.latest()->request == request_of(e));
  CHECK(worker.latest()->table->exact.rows() == 60);
  CHECK(wakes > 0);  // the app's event loop is woken for each result
  CHECK_FALSE(worker.progress().busy);
  const int delivered = worker.results_delivered();
  worker.request(request_of(e));  // same request: no new work
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(worker.results_delivered() == delivered);
}

TEST_CASE("a large similarity is shown at a stride of the closed form", "[view-data]") {
  EncodingParams e = encoding_of(2000, 16);
  const TableData table = compute_table(key_of(e));
  const SimilarityData similarity =
      compute_similarity(SimilarityKey{key_of(e), SimilarityMetric::dot}, table);
  REQUIRE(similarity.error.empty());
  CHECK(similarity.rows == Sampling{2000, 2, 1000});
  CHECK(similarity.exact.rows() == 1000);
  CHECK(similarity.heatmap.rows == 1000);
  const Matrix full = sinusoidal_similarity_closed_form(2000, 16, e.base, 0, SimilarityMetric::dot);
  CHECK(similarity.exact(1, 3) == full(2, 6));
  CHECK(similarity.position_of_row(999) == 1998);
}

TEST_CASE("picked curve columns are the listed columns of P, counted from the end when negative",
          "[view-data][curves]") {
  EncodingParams e;  // sinusoid, interleaved: P[p, 2k] = sin(w_k p), P[p, 2k+1] = cos(w_k p)
  e.positions = 2000;
  e.dims = 64;
  e.base = 10000.0;
  ComputeRequest request = request_of(e, item_table | item_curves);
  request.curve_columns = {0, 16, -1, 99, -65, 16};  // 99 and -65 lie outside 0..63; 16 repeats
  ViewDataCache cache;
  const auto data = cache.compute(request);
  REQUIRE(data->curves != nullptr);
  const CurvesData& curves = *data->curves;
  REQUIRE(curves.error.empty());
  REQUIRE(curves.curves.size() == 3);
  CHECK(curves.curves[0].dimension == 0);
  CHECK(curves.curves[1].dimension == 16);
  CHECK(curves.curves[2].dimension == 63);
  CHECK(curves.curves[2].label.rfind("i = 63  (", 0) == 0);
  REQUIRE(curves.positions.size() == 2000);
  // The closed form: w_k = base^(-2k/D) with k = i / 2; sine at even i, cosine at odd i.
  for (const CurvesData::Curve& curve : curves.curves) {
    const double k = static_cast<double>(curve.dimension / 2);
    const double w = std::pow(10000.0, -2.0 * k / 64.0);
    for (const std::size_t r : {std::size_t{0}, std::size_t{1}, std::size_t{777}, std::size_t{1999}}) {
      const double p = curves.positions[r];
      const double expected = curve.dimension % 2 == 0 ? std::sin(w * p) : std::cos(w * p);
      INFO("i = " << curve.dimension << ", p = " << p);
      CHECK(std::abs(curve.values[r] - expected) < 1e-12);
    }
  }
  // None within the table: an error, no curves.
  request.curve_columns = {64, -65};
  const auto none = cache.compute(request);
  CHECK(none->curves->curves.empty());
  CHECK(none->curves->error.find("0..63") != std::string::npos);
  // Without picked columns: i - n .. i + n as before.
  request.curve_columns.clear();
  request.selection.dimension = 10;
  request.neighbour_curves = 2;
  const auto neighbours = cache.compute(request);
  REQUIRE(neighbours->curves->curves.size() == 5);
  CHECK(neighbours->curves->curves.front().dimension == 8);
  CHECK(neighbours->curves->curves.back().dimension == 12);
}

TEST_CASE("a worker wakes the app once per result: the last item comes with the whole result", "[worker]") {
  std::atomic<int> wakes{0};
  // Every part shown at once (no interval): one wake-up per item that is not the last.
  ComputeWorker worker([&] { ++wakes; }, std::chrono::milliseconds(0));
  EncodingParams e = encoding_of(40, 8);
  const auto settle = [&] {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!worker.settled() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    REQUIRE(worker.settled());
  };
  worker.request(request_of(e, item_table));
  settle();
  CHECK(wakes == 1);  // the table is the last (only) item: published once, by the final result
  CHECK(worker.latest()->table->exact.rows() == 40);
  e.base = 100.0;
  wakes = 0;
  worker.request(request_of(e, item_table | item_spectrum));
  settle();
  CHECK(wakes == 2);  // the table as soon as it is there, then the whole result with the spectrum
  CHECK(worker.latest()->is_fresh(item_table | item_spectrum));
}

TEST_CASE("a request done within the partial interval is shown once, whole", "[worker]") {
  std::atomic<int> wakes{0};
  const auto settle = [](const ComputeWorker& worker) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!worker.settled() && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    REQUIRE(worker.settled());
  };
  EncodingParams e = encoding_of(40, 8);
  const Needs five = item_table | item_similarity | item_rotation | item_residual | item_spectrum;
  {
    // An interval no request reaches: the four earlier items are never shown alone.
    ComputeWorker worker([&] { ++wakes; }, std::chrono::hours(1));
    worker.request(request_of(e, five));
    settle(worker);
    CHECK(wakes == 1);
    CHECK(worker.results_delivered() == 0);  // parts delivered; the whole result is the latest
    CHECK(worker.latest()->is_fresh(five));
  }
  {
    // No interval: the table, similarity, rotation and residual are each shown, then the whole.
    wakes = 0;
    ComputeWorker worker([&] { ++wakes; }, std::chrono::milliseconds(0));
    worker.request(request_of(e, five));
    settle(worker);
    CHECK(wakes == 5);
    CHECK(worker.results_delivered() == 4);
  }
}

TEST_CASE("a newer request stops a 16384 x 4096 table within a block of rows, and mixes nothing",
          "[worker]") {
  ComputeWorker worker;
  const auto settle_on = [&](const ComputeRequest& request) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (!worker.settled_on(request) && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    REQUIRE(worker.settled_on(request));
  };
  const auto ms_since = [](std::chrono::steady_clock::time_point from) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - from).count();
  };
  EncodingParams huge;
  huge.positions = max_positions;
  huge.dims = max_dims;
  EncodingParams small;
  small.positions = 64;
  small.dims = 16;
  // The whole item's time, on the worker's thread at its priority: another base, computed to its end.
  huge.base = 10001.0;
  const auto whole_from = std::chrono::steady_clock::now();
  worker.request(request_of(huge, item_table));
  settle_on(request_of(huge, item_table));
  const double whole_ms = ms_since(whole_from);
  // A new base, and once the worker is on it, a small request.
  huge.base = 10000.0;
  worker.request(request_of(huge, item_table));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (worker.progress().elapsed_ms < 5.0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const auto switch_from = std::chrono::steady_clock::now();
  worker.request(request_of(small, item_table));
  settle_on(request_of(small, item_table));
  const double switch_ms = ms_since(switch_from);
  INFO("whole 16384 x 4096 table item "
       << whole_ms << " ms; superseded after 5 ms, idle on the small one after " << switch_ms << " ms");
  // Finishing the item first would take the rest of whole_ms; one block of rows is 1/32 of it.
  CHECK(switch_ms < 0.5 * whole_ms);
  const auto latest = worker.latest();
  REQUIRE(latest->table != nullptr);
  CHECK(latest->table->key == key_of(small));
  CHECK(latest->table->exact.rows() == 64);
  CHECK(worker.recomputations().table ==
        2);  // the first huge table and the small one: the stopped one is not kept
  // Asked for again, the stopped table is computed whole: every 8th position, as core's encode_grid
  // gives them in one call (the blocks of rows change nothing).
  worker.request(request_of(huge, item_table));
  settle_on(request_of(huge, item_table));
  CHECK(worker.recomputations().table == 3);
  std::vector<std::int64_t> positions(2048), columns(static_cast<std::size_t>(max_dims));
  for (std::size_t j = 0; j < positions.size(); ++j) positions[j] = static_cast<std::int64_t>(8 * j);
  std::iota(columns.begin(), columns.end(), std::int64_t{0});
  CHECK(worker.latest()->table->exact == encode_grid(huge, positions, columns));
}

TEST_CASE("a result signal wakes a waiting loop at once, or lets it go after the timeout", "[worker]") {
  ResultSignal signal;
  const std::uint64_t seen = signal.published();
  const auto waited_from = std::chrono::steady_clock::now();
  CHECK_FALSE(signal.wait_for_next(seen, std::chrono::milliseconds(30)));
  CHECK(std::chrono::steady_clock::now() - waited_from >= std::chrono::milliseconds(30));
  // A publication before the wait is not lost: the count moved since `seen`.
  signal.notify();
  CHECK(signal.wait_for_next(seen, std::chrono::milliseconds(0)));
  const std::uint64_t now = signal.published();
  CHECK(now == seen + 1);
  std::thread publisher([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    signal.notify();
  });
  const auto woken_from = std::chrono::steady_clock::now();
  CHECK(signal.wait_for_next(now, std::chrono::seconds(30)));
  CHECK(std::chrono::steady_clock::now() - woken_from < std::chrono::seconds(10));
  publisher.join();
  CHECK(signal.published() == now + 1);
}

TEST_CASE("the curves alone compute no table, and show a table's load error", "[view-data][curves]") {
  ViewDataCache cache;
  EncodingParams e;  // sinusoid, interleaved: P[p, 2k] = sin(w_k p), P[p, 2k+1] = cos(w_k p)
  e.positions = 2000;
  e.dims = 1600;
  ComputeRequest request = request_of(e, item_curves);
  request.selection.dimension = 7;
  request.neighbour_curves = 1;
  const auto data = cache.compute(request);
  CHECK(data->table == nullptr);
  CHECK(cache.recomputations().table == 0);
  REQUIRE(data->curves != nullptr);
  REQUIRE(data->curves->error.empty());
  REQUIRE(data->curves->curves.size() == 3);  // i = 6, 7, 8
  for (const CurvesData::Curve& curve : data->curves->curves) {
    const double w = std::pow(10000.0, -2.0 * static_cast<double>(curve.dimension / 2) / 1600.0);
    const double p = data->curves->positions[1234];
    const double expected = curve.dimension % 2 == 0 ? std::sin(w * p) : std::cos(w * p);
    INFO("i = " << curve.dimension);
    CHECK(std::abs(curve.values[1234] - expected) < 1e-12);
  }
  e.kind = EncodingKind::learned;
  request = request_of(e, item_curves);
  request.table.source_error = "cannot read L.npy: no such file";
  const auto failed = cache.compute(request);
  CHECK(failed->curves->curves.empty());
  CHECK(failed->curves->error == "cannot read L.npy: no such file");
}

TEST_CASE("a heatmap grid's ranges skip what is not finite, as core's value_range", "[view-data]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const Matrix mixed{{nan, -0.5, inf}, {3.0, -inf, 0.25}};
  const HeatmapGrid grid = make_heatmap_grid(mixed);
  CHECK(grid.automatic_range == ValueRange{-0.5, 3.0});
  CHECK(grid.symmetric_range == ValueRange{-3.0, 3.0});
  REQUIRE(grid.values->size() == 6);
  CHECK((*grid.values)[3] == 3.0f);  // row-major: row 1, column 0
  CHECK(std::isnan((*grid.values)[0]));
  const HeatmapGrid none = make_heatmap_grid(Matrix{{nan, inf}});
  CHECK(none.automatic_range == ValueRange{0.0, 1.0});
  CHECK(none.symmetric_range == ValueRange{-1.0, 1.0});
  const HeatmapGrid flat = make_heatmap_grid(Matrix{{2.0, 2.0}, {2.0, nan}});
  CHECK(flat.automatic_range == ValueRange{1.0, 3.0});  // lo == hi widened by max(0.5, |2| / 2)
  CHECK(flat.symmetric_range == ValueRange{-2.0, 2.0});
}

// The scorecard's five requirements are published as they are scored: the first ones show while the
// slower last ones (distinct rows: pairwise distances) are measured.
TEST_CASE("requirements are published one by one, the whole five cached", "[cache][requirements]") {
  ViewDataCache cache;
  EncodingParams e = encoding_of(60, 16);
  const ComputeRequest request = request_of(e, item_requirements);
  std::vector<std::size_t> published;
  const auto result = cache.compute(
      request, nullptr,
      [&](const ViewData& data) {
        if (data.requirements) published.push_back(data.requirements->scores.size());
        CHECK_FALSE(data.is_fresh(item_requirements));  // a part is never taken for the whole
      },
      [] { return false; });
  CHECK(published == std::vector<std::size_t>{1, 2, 3, 4});
  REQUIRE(result->requirements);
  CHECK(result->requirements->scores.size() == 5);
  CHECK(result->is_fresh(item_requirements));
  CHECK(result->requirements->scores[4].number == 5);

  // Cached: the same request publishes no parts again.
  published.clear();
  const auto again = cache.compute(
      request, result.get(),
      [&](const ViewData& data) {
        if (data.requirements) published.push_back(data.requirements->scores.size());
      },
      [] { return false; });
  CHECK(published.empty());
  CHECK(again->requirements == result->requirements);
}
