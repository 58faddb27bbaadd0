// What each configuration's worker is asked for (ui::sync_runtimes): a view's own inputs (the curves
// it picks, the attention order, the batch of the norms view) come from its registry row and reach
// the request only while the view is shown; the numbers computed follow them.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "ui/app_ui.hpp"
#include "ui/view_registry.hpp"

using namespace pelab;
using namespace pelab::app;

namespace {

// Shows `views` and runs frames' requests until every worker has delivered; the newest data of
// the first configuration.
std::shared_ptr<const ViewData> settle_with(ui::AppContext& app, std::vector<std::string> views) {
  app.state.layout.views = std::move(views);
  for (int i = 0; i < 3000; ++i) {
    ui::sync_runtimes(app);
    if (ui::all_settled(app)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  REQUIRE(ui::all_settled(app));
  const std::shared_ptr<const ViewData> data = ui::latest_data(app, 0);
  REQUIRE(data);
  return data;
}

std::vector<std::int64_t> curve_dimensions(const ViewData& data) {
  std::vector<std::int64_t> dims;
  for (const auto& curve : data.curves->curves) dims.push_back(curve.dimension);
  return dims;
}

}  // namespace

TEST_CASE("a view's own request inputs reach the workers only while it is shown", "[views][requests]") {
  ui::AppContext app;
  EncodingParams& e = app.state.slots[0].config.encoding;
  e.kind = EncodingKind::sinusoidal;
  e.positions = 32;
  e.dims = 16;
  app.state.slots[0].selection.dimension = 8;
  app.state.display.neighbour_curves = 2;
  app.state.views.curves.pick = true;
  app.state.views.curves.columns = {1, -1};
  app.state.views.attention.order = {1, 0, 2, 3, 4, 5};
  app.state.views.norms.lengths = {1, 4};
  const ComputeRequest defaults;

  // Hidden: the request keeps the defaults, whatever the settings say.
  std::shared_ptr<const ViewData> data = settle_with(app, {"heatmap"});
  CHECK(data->request.curve_columns.empty());
  CHECK(data->request.neighbour_curves == defaults.neighbour_curves);
  CHECK(data->request.attention_order == defaults.attention_order);
  CHECK(data->request.norm_lengths == defaults.norm_lengths);
  CHECK_FALSE(data->curves);

  // Shown: each view's inputs, and the numbers computed for them.
  data = settle_with(app, {"heatmap", "curves", "attention", "norms"});
  CHECK(data->request.curve_columns == std::vector<std::int64_t>{1, -1});
  CHECK(data->request.neighbour_curves == 2);
  CHECK(data->request.attention_order == std::vector<std::int64_t>{1, 0, 2, 3, 4, 5});
  CHECK(data->request.norm_lengths == std::vector<std::int64_t>{1, 4});
  REQUIRE(data->curves);
  CHECK(curve_dimensions(*data) == std::vector<std::int64_t>{1, 15});  // -1 counts from the end
  REQUIRE(data->attention_order);
  CHECK(data->attention_order->order == std::vector<std::int64_t>{1, 0, 2, 3, 4, 5});

  // Unpicked, the curves are i − n .. i + n with the sidebar's n.
  app.state.views.curves.pick = false;
  data = settle_with(app, {"curves"});
  CHECK(data->request.curve_columns.empty());
  CHECK(curve_dimensions(*data) == std::vector<std::int64_t>{6, 7, 8, 9, 10});
  CHECK(data->request.attention_order == defaults.attention_order);  // attention is hidden again

  // A maximised view is the only one shown.
  app.state.layout.maximized = "norms";
  data = settle_with(app, {"curves", "attention"});
  CHECK(data->request.norm_lengths == std::vector<std::int64_t>{1, 4});
  CHECK(data->request.attention_order == defaults.attention_order);
  CHECK(data->request.neighbour_curves == defaults.neighbour_curves);
}
