#include "state/across_data.hpp"

#include <algorithm>
#include <chrono>

namespace pelab::app {

AcrossRequest across_request(const AppState& state, Needs needs, const ViewData* a, const ViewData* b,
                             bool use_common_window) {
  AcrossRequest request;
  request.needs = needs & across_items;
  if (request.needs & item_bias) request.bias = bias_view_inputs(state);
  if (request.needs & item_rope) request.rope = state.views.rope;
  if ((request.needs & item_difference) && a && b)
    request.difference = difference_key(*a, *b, use_common_window);
  return request;
}

bool AcrossDataCache::step(Item item, const AcrossRequest& request, AcrossData& data) {
  const auto start = std::chrono::steady_clock::now();
  const AcrossRecomputeCounts before = recomputations();
  switch (item) {
    case item_difference:
      if (request.difference.has_tables()) {
        data.difference = difference_.get(request.difference,
                                          [](const DifferenceKey& key) { return compute_difference(key); });
      } else {
        data.difference = nullptr;  // a configuration has no table yet
      }
      break;
    case item_bias:
      data.bias =
          bias_.get(request.bias, [](const BiasViewInputs& inputs) { return compute_bias_view(inputs); });
      break;
    case item_rope:
      data.rope = rope_.get(request.rope, compute_rope_view);
      break;
    default:
      break;
  }
  const bool recomputed = !(recomputations() == before);
  if (recomputed)
    data.compute_ms +=
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return recomputed;
}

AcrossRecomputeCounts AcrossDataCache::recomputations() const {
  return AcrossRecomputeCounts{difference_.recomputations(), bias_.recomputations(), rope_.recomputations()};
}

}  // namespace pelab::app
