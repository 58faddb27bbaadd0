// The numbers of the views across configurations (bias, rope, difference), computed by the app's
// AcrossWorker like a configuration's items by its ComputeWorker: each item only when its view is
// visible and its own inputs changed, off the calling thread, the newest request winning.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <thread>

#include "pelab/encodings.hpp"
#include "pelab/relative.hpp"
#include "state/across_data.hpp"
#include "state/compute_worker.hpp"

using namespace pelab;
using namespace pelab::app;

namespace {

AppState sinusoid_state(std::int64_t dims, double base) {
  AppState state;
  state.slots[0].config.encoding.kind = EncodingKind::sinusoidal;
  state.slots[0].config.encoding.dims = dims;
  state.slots[0].config.encoding.base = base;
  return state;
}

template <typename Worker>
void wait_settled(const Worker& worker) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!worker.settled() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  REQUIRE(worker.settled());
}

}  // namespace

TEST_CASE("bias view inputs: the selected sinusoid and the rope view's RoPE, by name", "[across]") {
  AppState state = sinusoid_state(32, 100.0);
  state.views.rope.dims = 24;
  state.views.rope.base = 500.0;
  BiasViewInputs inputs = bias_view_inputs(state);
  CHECK(inputs.sinusoid_dims == 32);
  CHECK(inputs.sinusoid_base == 100.0);
  CHECK(inputs.rope_dims == 24);
  CHECK(inputs.rope_base == 500.0);
  CHECK(inputs.settings == state.views.bias);
  // Not a sinusoid with even D: D = 64, base 10000; an odd rope D: 128 (its base kept).
  state.slots[0].config.encoding.dims = 33;
  state.views.rope.dims = 25;
  inputs = bias_view_inputs(state);
  CHECK(inputs.sinusoid_dims == 64);
  CHECK(inputs.sinusoid_base == 10000.0);
  CHECK(inputs.rope_dims == 128);
  CHECK(inputs.rope_base == 500.0);
}

TEST_CASE("across items are computed only when needed and when their own inputs change", "[across]") {
  AcrossDataCache cache;
  AppState state = sinusoid_state(32, 100.0);
  AcrossRequest request = across_request(state, item_bias, nullptr, nullptr, false);
  const auto first = cache.compute(request);
  CHECK(cache.recomputations() == AcrossRecomputeCounts{0, 1, 0});
  REQUIRE(first->bias);
  CHECK(first->rope == nullptr);
  CHECK(first->is_fresh(item_bias));
  // RoPE's all-ones score at r = 0 is its D (128 by default), the sinusoid's similarity D/2 = 16.
  const std::size_t zero = static_cast<std::size_t>(first->bias->distance_range);
  CHECK(first->bias->rope[zero] == 128.0);
  CHECK(first->bias->sinusoid[zero] == 16.0);

  cache.compute(request);  // an unchanged frame
  CHECK(cache.recomputations() == AcrossRecomputeCounts{0, 1, 0});
  // A rope setting the bias view does not read (the training context) changes nothing while the
  // rope view is hidden; the RoPE's base does.
  state.views.rope.context = 8192;
  CHECK(across_request(state, item_bias, nullptr, nullptr, false) == request);
  state.views.rope.base = 500.0;
  request = across_request(state, item_bias, nullptr, nullptr, false);
  cache.compute(request);
  CHECK(cache.recomputations() == AcrossRecomputeCounts{0, 2, 0});
  // Showing the rope view computes its numbers once; the bias stays.
  request = across_request(state, item_bias | item_rope, nullptr, nullptr, false);
  const auto both = cache.compute(request);
  CHECK(cache.recomputations() == AcrossRecomputeCounts{0, 2, 1});
  REQUIRE(both->rope);
  CHECK(both->rope->error.empty());
  // Without two configurations' tables there is no difference to compute.
  request = across_request(state, item_difference, nullptr, nullptr, false);
  const auto none = cache.compute(request);
  CHECK(none->difference == nullptr);
  CHECK(cache.recomputations() == AcrossRecomputeCounts{0, 2, 1});
}

TEST_CASE("the across worker computes the newest request in the background", "[across][worker]") {
  AcrossWorker worker;
  CHECK(worker.latest() == nullptr);
  AppState state = sinusoid_state(32, 100.0);
  state.views.bias.heads = 4;
  for (std::int64_t dims = 16; dims <= 64; dims += 16) {  // a dragged slider: the last value wins
    state.views.rope.dims = dims;
    worker.request(across_request(state, item_bias, nullptr, nullptr, false));
  }
  wait_settled(worker);
  const auto data = worker.latest();
  REQUIRE(data);
  REQUIRE(data->bias);
  CHECK(worker.settled_on(across_request(state, item_bias, nullptr, nullptr, false)));
  CHECK(data->bias->rope_dims == 64);
  CHECK(data->bias->rope[static_cast<std::size_t>(data->bias->distance_range)] == 64.0);
  // ALiBi with 4 heads: slopes 2^(-8(h+1)/4) = 1/4, 1/16, 1/64, 1/256.
  REQUIRE(data->bias->slopes.size() == 4);
  for (int h = 0; h < 4; ++h) CHECK(data->bias->slopes[h] == std::ldexp(1.0, -2 * (h + 1)));
  state.views.rope.dims = 32;
  CHECK_FALSE(worker.settled_on(across_request(state, item_bias, nullptr, nullptr, false)));
}

TEST_CASE("the rope view's numbers come from the across worker for its settings", "[across][worker]") {
  AcrossWorker worker;
  AppState state;
  state.views.rope.dims = 16;
  state.views.rope.base = 500.0;
  const AcrossRequest request = across_request(state, item_rope, nullptr, nullptr, false);
  worker.request(request);
  wait_settled(worker);
  CHECK(worker.settled_on(request));
  const auto data = worker.latest();
  REQUIRE(data);
  REQUIRE(data->rope);
  CHECK(data->bias == nullptr);  // the bias view is not visible
  const RopeViewData& rope = *data->rope;
  REQUIRE(rope.error.empty());
  REQUIRE(rope.pairs == 8);
  // Pair i turns with theta_i = base^(-2i/D): its wavelength is 2 pi base^(2i/D).
  for (std::size_t i = 0; i < 8; ++i)
    CHECK(std::abs(rope.wavelength_before[i] -
                   2.0 * M_PI * std::pow(500.0, 2.0 * static_cast<double>(i) / 16.0)) <
          1e-9 * rope.wavelength_before[i]);
}

TEST_CASE("the difference is computed by the across cache from two configurations' items", "[across]") {
  EncodingParams ea, eb;
  ea.positions = eb.positions = 40;
  ea.dims = eb.dims = 8;
  eb.base = 100.0;
  ViewDataCache cache_a, cache_b;
  ComputeRequest request;
  request.needs = item_table | item_similarity;
  request.table = TableKey{ea, nullptr, ""};
  const auto a = cache_a.compute(request);
  request.table = TableKey{eb, nullptr, ""};
  const auto b = cache_b.compute(request);

  AcrossDataCache cache;
  const AppState state;
  const auto data = cache.compute(across_request(state, item_difference, a.get(), b.get(), false));
  REQUIRE(data->difference);
  REQUIRE(data->difference->table);
  // A − B entry by entry, from core's own tables.
  const Matrix expected = encode(ea) - encode(eb);
  CHECK((data->difference->table->values - expected).cwiseAbs().maxCoeff() == 0.0);
  CHECK(data->difference->similarity.has_value());
  // The same items again: nothing recomputed; asking for the common window: recomputed once.
  cache.compute(across_request(state, item_difference, a.get(), b.get(), false));
  CHECK(cache.recomputations() == AcrossRecomputeCounts{1, 0, 0});
  cache.compute(across_request(state, item_difference, a.get(), b.get(), true));
  CHECK(cache.recomputations() == AcrossRecomputeCounts{2, 0, 0});
}
