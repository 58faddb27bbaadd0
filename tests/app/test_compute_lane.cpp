// The compute workers' lanes (state/compute_lane.hpp): a worker without a thread computes only when
// the loop gives it a slice, one item per slice when the slice is over at once, and ends with what a
// worker with a thread (or the cache alone) computes.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <thread>

#include "state/compute_worker.hpp"
#include "state/view_data.hpp"

using namespace pelab;
using namespace pelab::app;

namespace {

ComputeRequest lane_request(std::int64_t positions, std::int64_t dims, double base, Needs needs) {
  ComputeRequest request;
  request.table = TableKey{EncodingParams{}, nullptr, ""};
  request.table.encoding.positions = positions;
  request.table.encoding.dims = dims;
  request.table.encoding.base = base;
  request.needs = needs;
  return request;
}

constexpr Needs five_items = item_table | item_similarity | item_rotation | item_residual | item_spectrum;

}  // namespace

TEST_CASE("a worker without a thread computes one item per slice that is over at once", "[worker][lane]") {
  int wakes = 0;
  ComputeSlices slices;  // before the workers: it outlives their lanes
  ComputeWorker worker([&] { ++wakes; }, std::chrono::milliseconds(0), &slices);
  const ComputeRequest request = lane_request(40, 8, 10000.0, five_items);
  worker.request(request);
  // No thread computes behind the caller's back.
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  CHECK(worker.latest() == nullptr);
  CHECK(worker.progress().busy);
  int slices_run = 1;
  while (slices.run(std::chrono::milliseconds(0))) {
    ++slices_run;
    REQUIRE(slices_run <= 5);
    CHECK_FALSE(worker.settled());
    CHECK(worker.progress().busy);  // the rest of the request waits for the next slice
  }
  CHECK(slices_run == 5);  // the table, similarity, rotation, residual and spectrum: one each
  REQUIRE(worker.settled_on(request));
  CHECK_FALSE(worker.progress().busy);
  // Interleaved sinusoid: P[p, 2k] = sin(p / base^(2k/D)), P[p, 2k+1] = cos(...): row 1, k = 0 and 1.
  const auto& table = worker.latest()->table->exact;
  REQUIRE(table.rows() == 40);
  CHECK(table(1, 0) == Approx(std::sin(1.0)));
  CHECK(table(1, 1) == Approx(std::cos(1.0)));
  CHECK(table(3, 2) == Approx(std::sin(3.0 / std::pow(10000.0, 2.0 / 8.0))));
  // What a cache alone computes for the same request.
  ViewDataCache cache;
  const auto whole = cache.compute(request);
  CHECK(whole->table->exact == table);
  CHECK(whole->similarity->exact == worker.latest()->similarity->exact);
  CHECK(wakes >= 1);
  CHECK_FALSE(slices.run(std::chrono::milliseconds(0)));  // nothing left: no work
}

TEST_CASE("a slice with time to spare finishes the request; a newer request wins", "[worker][lane]") {
  ComputeSlices slices;  // before the workers: it outlives their lanes
  ComputeWorker worker({}, std::chrono::milliseconds(0), &slices);
  const ComputeRequest first = lane_request(40, 8, 10000.0, five_items);
  const ComputeRequest newer = lane_request(48, 8, 100.0, five_items);
  worker.request(first);
  CHECK(slices.run(std::chrono::milliseconds(0)));  // the first one's table only
  worker.request(newer);
  CHECK_FALSE(slices.run(std::chrono::seconds(60)));
  REQUIRE(worker.settled_on(newer));
  CHECK(worker.latest()->table->exact.rows() == 48);
  CHECK(worker.latest()->table->exact(2, 2) == Approx(std::sin(2.0 / std::pow(100.0, 2.0 / 8.0))));
}

TEST_CASE("lanes of both kinds end with the same data", "[worker][lane]") {
  const ComputeRequest request = lane_request(64, 16, 500.0, five_items);
  ComputeSlices slices;  // before the workers: it outlives their lanes
  ComputeWorker threaded({}, std::chrono::milliseconds(0), nullptr);
  ComputeWorker sliced({}, std::chrono::milliseconds(0), &slices);
  threaded.request(request);
  sliced.request(request);
  while (slices.run(std::chrono::milliseconds(1))) {
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!threaded.settled_on(request) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  REQUIRE(threaded.settled_on(request));
  REQUIRE(sliced.settled_on(request));
  CHECK(threaded.latest()->table->exact == sliced.latest()->table->exact);
  CHECK(threaded.latest()->residual->residuals == sliced.latest()->residual->residuals);
}
