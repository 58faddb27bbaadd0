// The computed items of the rope, bias, attention, norms and pca views: numbers against independent
// derivations (ALiBi's 8 slopes 1/2 .. 1/256, position interpolation's angles at S L equal to the
// training's largest, YaRN's default attention factor 0.1 ln S + 1, equivariance as an exact
// permutation, BatchNorm with one token giving variance 0), bounded cost, caching by need, and the
// view settings in sessions.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <numbers>

#include "pelab/model_config.hpp"
#include "pelab/relative.hpp"
#include "problems_support.hpp"
#include "state/relative_data.hpp"
#include "state/session.hpp"
#include "state/view_data.hpp"
#include "ui/view_registry.hpp"

using namespace pelab;
using namespace pelab::app;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

using pelab::test::mentions;

namespace {

TableKey table_key(const EncodingParams& e) { return TableKey{e, nullptr, ""}; }

SessionLoad load_views_session(std::string_view text) { return session_from_text(text, ui::view_ids()); }

}  // namespace

TEST_CASE("the new views are registered with what they need", "[view-items]") {
  for (const char* id : {"rope", "bias", "attention", "norms", "pca"}) REQUIRE(ui::find_view(id) != nullptr);
  CHECK(ui::find_view("rope")->scope == ui::ViewScope::across_configs);
  CHECK(ui::find_view("bias")->scope == ui::ViewScope::across_configs);
  CHECK(ui::find_view("attention")->needs == item_attention);
  CHECK(ui::find_view("norms")->needs == item_norms);
  CHECK(ui::find_view("pca")->needs == (item_table | item_pca));
}

TEST_CASE("demo items are computed only for their views, attention and norms without the table",
          "[view-items]") {
  ViewDataCache cache;
  EncodingParams e;
  ComputeRequest request;
  request.table = table_key(e);
  request.needs = item_attention | item_norms;
  const auto data = cache.compute(request);
  CHECK(cache.recomputations().table == 0);  // six and eight rows of P, not the table
  CHECK(cache.recomputations().attention == 1);
  CHECK(cache.recomputations().norms == 1);
  CHECK(cache.recomputations().pca == 0);
  CHECK(data->is_fresh(item_attention | item_norms));
  request.selection.position = 7;  // the selection does not change them
  cache.compute(request);
  CHECK(cache.recomputations().attention == 1);
  request.needs = item_table | item_pca;
  cache.compute(request);
  CHECK(cache.recomputations().table == 1);
  CHECK(cache.recomputations().pca == 1);
  request.table.encoding.base = 100.0;
  request.needs = item_table | item_pca | item_attention | item_norms;
  cache.compute(request);
  CHECK(cache.recomputations().pca == 2);
  CHECK(cache.recomputations().attention == 2);
  CHECK(cache.recomputations().norms == 2);
}

TEST_CASE("attention for every kind: exact equivariance without positions", "[view-items]") {
  for (EncodingKind kind : all_encoding_kinds()) {
    EncodingParams e;
    e.kind = kind;
    e.dims = 32;
    const AttentionData data = compute_attention(table_key(e));
    INFO(to_string(kind));
    REQUIRE(data.error.empty());
    CHECK(data.positions.rows() == 6);
    CHECK(data.weights.wq.cols() == attention_head_dims);
    const std::vector<std::int64_t> order = {3, 0, 5, 1, 4, 2};
    const AttentionDemo moved = attention_for_order(data, order);
    CHECK(permuted_row_differences(moved.output_without, data.original.output_without, order).maxCoeff() <
          1e-14);
    // Positions stay with the slots: the rows change unless P is the same in every row.
    const double with =
        permuted_row_differences(moved.output_with, data.original.output_with, order).maxCoeff();
    if (kind == EncodingKind::sinusoidal || kind == EncodingKind::integer || kind == EncodingKind::binary)
      CHECK(with > 1e-3);
  }
  // The positions are the configuration's rows start .. start + 5.
  EncodingParams e;
  e.start = 100;
  e.dims = 8;
  const AttentionData data = compute_attention(table_key(e));
  const std::vector<std::int64_t> rows = {100, 101, 102, 103, 104, 105}, dims = {0, 1, 2, 3, 4, 5, 6, 7};
  CHECK(data.positions == encode_grid(e, rows, dims));
  // A small D keeps the head at D.
  e.dims = 4;
  CHECK(compute_attention(table_key(e)).weights.wq.cols() == 4);
  // A table that cannot be loaded is named, not invented.
  CHECK(compute_attention(TableKey{e, nullptr, "no such file"}).error == "no such file");
}

TEST_CASE("norms: source post 003's batch, and a batch of one", "[view-items]") {
  EncodingParams e;
  e.dims = 16;
  const NormsData data = compute_norms(table_key(e));
  REQUIRE(data.positions.rows() == max_norm_length);
  const std::vector<std::int64_t> lengths = {3, 2};
  const NormsResult result = compute_norms_result(data, lengths);
  REQUIRE(result.error.empty());
  CHECK(result.without_padding.counted == std::vector<std::int64_t>{2, 2, 1});
  CHECK(result.without_padding.variance.row(2).isZero(0.0));
  CHECK(result.with_padding.counted == std::vector<std::int64_t>{2, 2, 2});
  CHECK(result.layer.row(5).isZero(0.0));  // padding
  const NormsResult one = compute_norms_result(data, std::vector<std::int64_t>{5});
  CHECK(one.without_padding.variance.isZero(0.0));
  CHECK(compute_norms_result(data, std::vector<std::int64_t>{9}).error.find("position rows") !=
        std::string::npos);
  // A loaded table of 5 rows: the batch may use 5 positions, not more, and says so.
  EncodingParams learned;
  learned.kind = EncodingKind::learned;
  learned.positions = 5;
  learned.dims = 16;
  const auto table = std::make_shared<const Matrix>(learned_table(5, 16, 0.02, 9, 0));
  const NormsData short_table = compute_norms(TableKey{learned, table, ""});
  REQUIRE(short_table.error.empty());
  CHECK(short_table.positions.rows() == 5);
  CHECK(compute_norms_result(short_table, std::vector<std::int64_t>{5, 2}).error.empty());
  CHECK(compute_norms_result(short_table, std::vector<std::int64_t>{6}).error.find("only 5 position rows") !=
        std::string::npos);
  // The attention sentence needs six: refused with the table's own reason.
  CHECK_FALSE(compute_attention(TableKey{learned, table, ""}).error.empty());
}

TEST_CASE("pca of the table: bounded fit, every sampled row projected", "[view-items]") {
  EncodingParams e;
  e.positions = 2048;
  e.dims = 4096;
  const TableData table = compute_table(table_key(e));
  const PcaData pca = compute_pca(table_key(e), table);
  REQUIRE(pca.error.empty());
  CHECK(pca.points.rows() == table.rows.shown);
  CHECK(pca.points.cols() == 3);
  // M^2 D within the Gram budget: M <= sqrt(1.5e8 / 4096) = 191.
  CHECK(pca.fit.shown <= 192);
  CHECK(pca.fit.stride > 1);
  CHECK(pca.positions.front() == 0.0);
  CHECK(pca.positions.back() == 2047.0);
  // D = 2: one pair, a unit circle.
  e.dims = 2;
  const TableData pair = compute_table(table_key(e));
  const PcaData circle = compute_pca(table_key(e), pair);
  for (Eigen::Index r = 0; r < circle.points.rows(); ++r)
    CHECK_THAT(circle.points.row(r).head(2).norm(), WithinAbs(1.0, 2e-3));
}

TEST_CASE("rope view: position interpolation's angles at S L are the training's largest", "[view-items]") {
  RopeViewSettings settings;  // D 128, base 10000, L 4096; A linear x4, B yarn x4; p = 16384
  const RopeViewData data = compute_rope_view(settings);
  REQUIRE(data.error.empty());
  REQUIRE(data.side_count == 2);
  const RopeSideData& pi = data.sides[0];
  const RopeSideData& yarn = data.sides[1];
  REQUIRE(pi.error.empty());
  REQUIRE(yarn.error.empty());
  CHECK(data.pairs == 64);
  for (std::int64_t i = 0; i < 64; ++i) {
    const double theta = std::pow(10000.0, -2.0 * static_cast<double>(i) / 128.0);
    CHECK_THAT(pi.analysis.pairs[static_cast<std::size_t>(i)].inv_freq_after, WithinRel(theta / 4.0, 1e-12));
    CHECK_THAT(pi.angle_after[static_cast<std::size_t>(i)],
               WithinRel(data.seen_angle[static_cast<std::size_t>(i)], 1e-12));
    CHECK(pi.analysis.pairs[static_cast<std::size_t>(i)].regime == RopePairRegime::interpolated);
  }
  // The critical pair: the first wavelength 2 pi 10000^(2i/128) above 4096, i > 64 ln(4096 / 2 pi) / ln 10000
  // = 45.0.
  CHECK(pi.analysis.critical_pair == 46);
  CHECK(pi.analysis.critical_dimension == 92);
  // YaRN's default attention factor and its kept and interpolated ends.
  CHECK_THAT(yarn.analysis.frequencies.attention_factor, WithinAbs(0.1 * std::log(4.0) + 1.0, 1e-12));
  CHECK(yarn.analysis.pairs.front().regime == RopePairRegime::unchanged);
  CHECK(yarn.analysis.pairs.back().regime == RopePairRegime::interpolated);
  // The unscaled all-ones score first turns negative at 1707 (numpy), inside the plotted range.
  CHECK(data.first_negative_before == 1707);
  CHECK(data.decay_range >= 2 * 4 * 4096);
  CHECK(data.decay_before.x.size() <= static_cast<std::size_t>(max_decay_points));
  // A refused scaling names why and leaves the other side alone.
  settings.scaling_b = RopeScaling{};
  settings.scaling_b.type = RopeScalingType::longrope;
  const RopeViewData refused = compute_rope_view(settings);
  CHECK(refused.sides[0].error.empty());
  CHECK(refused.sides[1].error.find("longrope") != std::string::npos);
  settings.dims = 127;
  CHECK_FALSE(compute_rope_view(settings).error.empty());
}

TEST_CASE("rope view settings: a model preset, and switching a scaling's type", "[view-items]") {
  const std::filesystem::path models = std::filesystem::path(PELAB_PRESET_DIR) / ".." / "models";
  const ModelConfig llama = load_model_config(models / "llama-3.1-8b.json");
  const RopeViewSettings s = rope_settings_for_model(llama, "llama-3.1-8b");
  CHECK(s.dims == 128);
  CHECK(s.base == 500000.0);
  CHECK(s.context == 8192);
  CHECK(s.scaling_a.type == RopeScalingType::llama3);
  CHECK(s.scaling_a.factor == 8.0);
  CHECK(s.scaling_b.type == RopeScalingType::yarn);
  CHECK(s.scaling_b.factor == 8.0);
  CHECK(s.position == 65536);
  const RopeViewData data = compute_rope_view(s);
  REQUIRE(data.sides[0].error.empty());
  REQUIRE(data.sides[1].error.empty());
  // Llama 3.1: wavelengths below 8192 / 4 = 2048 kept, above 8192 divided by 8.
  for (const RopePairInfo& pair : data.sides[0].analysis.pairs) {
    if (pair.wavelength_before < 2048.0) CHECK(pair.inv_freq_after == pair.inv_freq_before);
    if (pair.wavelength_before > 8192.0)
      CHECK_THAT(pair.inv_freq_after, WithinRel(pair.inv_freq_before / 8.0, 1e-12));
  }
  const ModelConfig llama2 = load_model_config(models / "llama-2-7b.json");
  const RopeViewSettings plain = rope_settings_for_model(llama2, "llama-2-7b");
  CHECK(plain.context == 4096);
  CHECK(plain.scaling_a.type == RopeScalingType::linear);  // no scaling of its own: position interpolation
  // Every type the menu offers (but longrope, which needs a model's lists) is complete after a switch.
  for (RopeScalingType type : all_rope_scaling_types()) {
    if (type == RopeScalingType::longrope) continue;
    const RopeScaling switched = switch_scaling_type(s.scaling_a, type, 4096);
    INFO(to_string(type));
    CHECK_NOTHROW(validate(effective_scaling(switched, 4096), 128, 10000.0));
  }
}

TEST_CASE("bias view: ALiBi, T5, Shaw and the distance curves", "[view-items]") {
  BiasViewSettings s;  // ALiBi, 8 heads, 16 positions
  const auto inputs = [&] {
    return BiasViewInputs{
        .settings = s, .sinusoid_dims = 64, .sinusoid_base = 10000.0, .rope_dims = 128, .rope_base = 10000.0};
  };
  const BiasViewData alibi = compute_bias_view(inputs());
  REQUIRE(alibi.error.empty());
  REQUIRE(alibi.heads.size() == 8);
  for (int h = 0; h < 8; ++h) {
    const double m = std::pow(0.5, h + 1);  // 1/2, 1/4, ..., 1/256
    CHECK_THAT(alibi.slopes[h], WithinAbs(m, 1e-15));
    CHECK_THAT(alibi.heads[static_cast<std::size_t>(h)](3, 10), WithinAbs(-7.0 * m, 1e-15));
    CHECK_THAT(alibi.heads[static_cast<std::size_t>(h)](10, 3), WithinAbs(-7.0 * m, 1e-15));
  }
  const std::size_t zero = static_cast<std::size_t>(alibi.distance_range);  // r = 0
  CHECK(alibi.distances[zero] == 0.0);
  CHECK_THAT(alibi.alibi[0][zero + 10], WithinAbs(-5.0, 1e-15));
  CHECK_THAT(alibi.rope[zero], WithinAbs(128.0, 1e-12));     // 2 sum over 64 pairs of cos 0
  CHECK_THAT(alibi.sinusoid[zero], WithinAbs(32.0, 1e-12));  // sum over 32 pairs of cos 0
  s.causal = true;
  const BiasViewData causal = compute_bias_view(inputs());
  CHECK(std::isinf(causal.heads[0](2, 5)));
  CHECK(std::isnan(causal.alibi[0][zero + 1]));
  s.heads = 12;  // not a power of two: the paper's interleaving
  CHECK(compute_bias_view(inputs()).slopes == alibi_slopes(12));

  s = BiasViewSettings{};
  s.method = BiasMethod::t5;
  const BiasViewData t5 = compute_bias_view(inputs());
  REQUIRE(t5.error.empty());
  CHECK(t5.buckets(0, 1) == 17);  // HF: bucket(+1) = 17 with 32 buckets
  CHECK(t5.buckets(1, 0) == 1);
  CHECK(t5.heads[2](4, 9) == t5.t5_table(t5_relative_bucket(5), 2));
  // Saturation: every distance beyond max_distance has the last bucket's bias.
  const double far = t5.t5[0];
  for (std::int64_t r = -t5.distance_range; r <= -s.t5_max_distance; ++r)
    CHECK(t5.t5[static_cast<std::size_t>(r + t5.distance_range)] == far);

  s.method = BiasMethod::shaw;
  s.shaw_clip = 2;
  const BiasViewData shaw = compute_bias_view(inputs());
  CHECK(shaw.shaw_index(0, 0) == 2);
  CHECK(shaw.shaw_index(0, 15) == 4);
  CHECK(shaw.shaw_index(15, 0) == 0);
  CHECK(shaw.shaw_index(5, 6) == 3);
}

TEST_CASE("thin curves keep the envelope", "[view-items]") {
  std::vector<double> values(100000);
  for (std::size_t m = 0; m < values.size(); ++m) values[m] = std::sin(0.37 * static_cast<double>(m));
  values[54321] = 5.0;
  const DecayCurve curve = thin_curve(values);
  CHECK(curve.x.size() <= static_cast<std::size_t>(max_decay_points));
  CHECK(*std::max_element(curve.y.begin(), curve.y.end()) == 5.0);
  CHECK(std::is_sorted(curve.x.begin(), curve.x.end()));
  const std::vector<double> small = {1.0, 2.0, 3.0};
  CHECK(thin_curve(small).y == small);
}

TEST_CASE("view settings round-trip in a session; older sessions load; bad values are refused",
          "[view-items][session]") {
  AppState state;
  state.views.rope.model = "llama-3.1-8b";
  state.views.rope.scaling_a = switch_scaling_type(RopeScaling{}, RopeScalingType::llama3, 8192);
  state.views.rope.scaling_b.truncate = false;
  state.views.rope.scaling_b.short_factor = {1.0, 2.0};
  state.views.rope.compare = false;
  state.views.bias.method = BiasMethod::t5;
  state.views.bias.seed = 12345678901234ULL;
  state.views.attention.order = {5, 4, 3, 2, 1, 0};
  state.views.norms.lengths = {1, 8, 2};
  state.views.norms.count_padding = false;
  state.views.pca.components = 3;
  state.views.pca.yaw = -1.25;
  const SessionLoad load = load_views_session(session_to_text(state));
  REQUIRE(load.problems.empty());
  REQUIRE(load.state.has_value());
  CHECK(load.state->views == state.views);

  const SessionLoad old = load_views_session(R"({"pelab_session": 2, "configs": [{"kind": "binary"}]})");
  REQUIRE(old.state.has_value());
  CHECK(old.state->views == ViewSettings{});

  const SessionLoad bad = load_views_session(
      R"({"pelab_session": 2, "views": {"attention": {"order": [0, 0, 1, 2, 3, 4]},
          "norms": {"lengths": [3, 9]}, "rope": {"a": {"type": "warp"}, "dims": 0},
          "bias": {"method": "sinusoid", "heads": 99}, "pca": {"components": 4}, "extra": 1}})");
  CHECK_FALSE(bad.state.has_value());
  CHECK(mentions(bad.problems, "views.attention.order"));
  CHECK(mentions(bad.problems, "views.norms.lengths"));
  CHECK(mentions(bad.problems, "views.rope.a.type"));
  CHECK(mentions(bad.problems, "views.rope.dims"));
  CHECK(mentions(bad.problems, "views.bias.method"));
  CHECK(mentions(bad.problems, "views.bias.heads"));
  CHECK(mentions(bad.problems, "views.pca.components"));
  CHECK(mentions(bad.problems, "views.extra"));
}

TEST_CASE("the attention order and the norms batch are worker items keyed by the views' settings",
          "[view-items]") {
  ViewDataCache cache;
  EncodingParams e;
  e.dims = 16;
  ComputeRequest request;
  request.table = table_key(e);
  request.needs = item_attention | item_norms;
  request.attention_order = {1, 0, 2, 3, 4, 5};  // the first two words swapped
  request.norm_lengths = {3, 2};
  const auto data = cache.compute(request);
  REQUIRE(data->attention_order);
  REQUIRE(data->norms_result);
  CHECK(data->has(item_attention | item_norms));
  const AttentionOrderData& swapped = *data->attention_order;
  CHECK(swapped.order == request.attention_order);
  // Without positions the outputs move with their words: slot 0 holds token 1's original row.
  const Matrix& original = data->attention->original.output_without;
  CHECK((swapped.demo.output_without.row(0) - original.row(1)).cwiseAbs().maxCoeff() < 1e-12);
  CHECK((swapped.demo.output_without.row(1) - original.row(0)).cwiseAbs().maxCoeff() < 1e-12);
  CHECK(swapped.moved_without.maxCoeff() < 1e-12);
  CHECK(swapped.moved_with.maxCoeff() > 1e-3);  // positions stay with the slots
  // Batch {3, 2}: steps 1 and 2 have two real tokens, step 3 one.
  const NormsResult& norms = *data->norms_result;
  CHECK(norms.batch.steps == 3);
  CHECK(norms.without_padding.counted == std::vector<std::int64_t>{2, 2, 1});

  // A new order recomputes the demo for it, not the sentence's inputs; a new batch likewise.
  request.attention_order = {0, 1, 2, 3, 5, 4};
  request.norm_lengths = {1, 4};
  const auto again = cache.compute(request);
  CHECK(cache.recomputations().attention == 1);
  CHECK(cache.recomputations().attention_order == 2);
  CHECK(cache.recomputations().norms == 1);
  CHECK(cache.recomputations().norms_result == 2);
  CHECK(again->attention_order->order == request.attention_order);
  CHECK(again->norms_result->without_padding.counted == std::vector<std::int64_t>{2, 1, 1, 1});
  // An order that is not a permutation of the sentence is shown as the identity.
  request.attention_order = {0, 0, 1, 2, 3, 4};
  CHECK(cache.compute(request)->attention_order->order == AttentionViewSettings{}.order);
}
