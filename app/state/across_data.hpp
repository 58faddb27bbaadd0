#pragma once
// The numbers of the views across configurations: the bias view's (its settings and two models),
// the rope view's (its settings) and the difference view's (A − B of two configurations' computed
// items). They are computed off the frame by the app's AcrossWorker (compute_worker.hpp), as a
// configuration's items are by its own worker: a view only draws what a worker published.
#include <memory>
#include "pelab/stop.hpp"

#include "state/cache.hpp"
#include "state/difference.hpp"
#include "state/params.hpp"
#include "state/relative_data.hpp"
#include "state/view_data.hpp"

namespace pelab::app {

// What the across worker is asked to compute: the parts for items outside `needs` keep their
// defaults, so a setting of a hidden view does not make a new request.
struct AcrossRequest {
  BiasViewInputs bias;
  RopeViewSettings rope;
  DifferenceKey difference;
  Needs needs = 0;  // of across_items
  bool operator==(const AcrossRequest&) const = default;
};

// What was computed for a request; as ViewData, items not yet recomputed keep their previous
// value while their bit in `fresh` is clear.
struct AcrossData {
  AcrossRequest request;
  Needs fresh = 0;
  std::shared_ptr<const BiasViewData> bias;
  std::shared_ptr<const RopeViewData> rope;
  std::shared_ptr<const DifferenceData> difference;  // nullptr while the key has no tables
  double compute_ms = 0.0;
  bool is_fresh(Needs needs) const { return (fresh & needs) == needs; }
};

struct AcrossRecomputeCounts {
  int difference = 0, bias = 0, rope = 0;
  bool operator==(const AcrossRecomputeCounts&) const = default;
};

// The request for the visible views across configurations (`needs`: theirs, other bits ignored):
// the bias view's inputs (bias_view_inputs), the rope view's settings and the difference of
// `a` and `b`, the newest data of the two configurations the difference view compares (nullptr
// while one has none).
AcrossRequest across_request(const AppState& state, Needs needs, const ViewData* a, const ViewData* b,
                             bool use_common_window);

// The caches of the views across configurations. Not thread-safe: one thread at a time (the
// AcrossWorker's).
class AcrossDataCache {
 public:
  using Request = AcrossRequest;
  using Data = AcrossData;
  using Counts = AcrossRecomputeCounts;

  // As ViewDataCache::compute: the needed items one by one, `publish` after each recomputed one,
  // stopping early when `superseded()` turns true. Each item is bounded (a difference of two sampled
  // tables, the bias and rope views' small matrices), so a stop waits for the item's end.
  template <typename Publish, typename Superseded>
  std::shared_ptr<const AcrossData> compute(const AcrossRequest& request, const AcrossData* previous,
                                            Publish&& publish, Superseded&& superseded,
                                            const StopToken& stop = {});
  std::shared_ptr<const AcrossData> compute(const AcrossRequest& request) {
    return compute(
        request, nullptr, [](const AcrossData&) {}, [] { return false; });
  }
  Counts recomputations() const;

 private:
  bool step(Item item, const AcrossRequest& request, AcrossData& data);

  Cached<DifferenceKey, DifferenceData> difference_;
  Cached<BiasViewInputs, BiasViewData> bias_;
  Cached<RopeViewSettings, RopeViewData> rope_;
};

template <typename Publish, typename Superseded>
std::shared_ptr<const AcrossData> AcrossDataCache::compute(const AcrossRequest& request,
                                                           const AcrossData* previous, Publish&& publish,
                                                           Superseded&& superseded, const StopToken&) {
  auto data = std::make_shared<AcrossData>(previous ? *previous : AcrossData{});
  data->request = request;
  data->fresh = 0;
  data->compute_ms = 0.0;
  for (const Item item : {item_difference, item_bias, item_rope}) {
    if (!(request.needs & item)) continue;
    const bool recomputed = step(item, request, *data);
    data->fresh |= item;
    if (recomputed) {
      // The last item is published by the worker with the whole result (as ViewDataCache::compute).
      if (request.needs & ~((static_cast<unsigned>(item) << 1) - 1)) publish(*data);
      if (superseded()) break;
    }
  }
  return data;
}

}  // namespace pelab::app
