#include "state/relative_data.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "pelab/encodings.hpp"
#include "pelab/relative.hpp"
#include "pelab/rope_decay.hpp"
#include "pelab/similarity.hpp"
#include "state/i18n.hpp"

namespace pelab::app {
namespace {

std::int64_t next_power_of_two(std::int64_t n) {
  std::int64_t p = 1;
  while (p < n) p *= 2;
  return p;
}

std::optional<std::int64_t> first_negative_in(const std::vector<double>& values) {
  for (std::size_t m = 1; m < values.size(); ++m)
    if (values[m] < 0.0) return static_cast<std::int64_t>(m);
  return std::nullopt;
}

}  // namespace

DecayCurve thin_curve(const std::vector<double>& values) {
  DecayCurve curve;
  const auto count = static_cast<std::int64_t>(values.size());
  const auto keep = [&](std::int64_t m) {
    curve.x.push_back(static_cast<double>(m));
    curve.y.push_back(values[static_cast<std::size_t>(m)]);
  };
  if (count <= max_decay_points) {
    for (std::int64_t m = 0; m < count; ++m) keep(m);
    return curve;
  }
  // Every point up to `exact`, then buckets whose widths grow geometrically (the plot's distance
  // axis is logarithmic: each bucket spans about the same width on screen), each as its smallest
  // and largest value in order.
  const std::int64_t exact = max_decay_points / 4;
  for (std::int64_t m = 0; m < exact; ++m) keep(m);
  const std::int64_t buckets = (max_decay_points - exact) / 2;
  const double ratio =
      std::log(static_cast<double>(count) / static_cast<double>(exact)) / static_cast<double>(buckets);
  std::int64_t from = exact;
  for (std::int64_t b = 1; b <= buckets && from < count; ++b) {
    const auto edge = static_cast<std::int64_t>(
        std::ceil(static_cast<double>(exact) * std::exp(ratio * static_cast<double>(b))));
    const std::int64_t to = b == buckets ? count : std::clamp<std::int64_t>(edge, from + 1, count);
    std::int64_t low = from, high = from;
    for (std::int64_t m = from; m < to; ++m) {
      if (values[static_cast<std::size_t>(m)] < values[static_cast<std::size_t>(low)]) low = m;
      if (values[static_cast<std::size_t>(m)] > values[static_cast<std::size_t>(high)]) high = m;
    }
    keep(std::min(low, high));
    if (high != low) keep(std::max(low, high));
    from = to;
  }
  return curve;
}

RopeViewData compute_rope_view(const RopeViewSettings& settings) {
  RopeViewData data;
  try {
    validate(RopeScaling{}, settings.dims, settings.base);
    if (settings.context < 1) throw Error("the training context L must be at least 1");
    const std::vector<double> before = rope_inverse_frequencies(settings.dims, settings.base);
    data.pairs = static_cast<std::int64_t>(before.size());
    const auto l = static_cast<double>(settings.context);
    const auto p = static_cast<double>(settings.position);
    for (std::int64_t i = 0; i < data.pairs; ++i) {
      const double theta = before[static_cast<std::size_t>(i)];
      data.pair_index.push_back(static_cast<double>(i));
      data.seen_angle.push_back(l * theta);
      data.wavelength_before.push_back(2.0 * std::numbers::pi / theta);
    }
    // The sides first: the decay range covers the longest context any of them reaches.
    data.side_count = settings.compare ? 2 : 1;
    double longest_factor = 1.0;
    for (int s = 0; s < data.side_count; ++s) {
      RopeSideData& side = data.sides[static_cast<std::size_t>(s)];
      side.scaling = effective_scaling(s == 0 ? settings.scaling_a : settings.scaling_b, settings.context);
      try {
        side.analysis = analyze_rope_scaling(settings.dims, settings.base, side.scaling, settings.context);
        for (const RopePairInfo& pair : side.analysis.pairs) {
          side.angle_before.push_back(p * pair.inv_freq_before);
          side.angle_after.push_back(p * pair.inv_freq_after);
        }
        longest_factor = std::max(longest_factor, side.analysis.frequencies.effective_factor);
      } catch (const std::exception& error) {
        side = RopeSideData{};
        side.scaling = effective_scaling(s == 0 ? settings.scaling_a : settings.scaling_b, settings.context);
        side.error = error_message(error);
      }
    }
    // Twice the scaled context, and far enough to show where the unscaled score turns negative.
    data.first_negative_before =
        rope_first_negative(before, std::min(max_decay_range, (std::int64_t{1} << 27) / data.pairs));
    std::int64_t range = next_power_of_two(static_cast<std::int64_t>(std::ceil(2.0 * longest_factor * l)));
    if (data.first_negative_before)
      range =
          std::max(range, next_power_of_two(*data.first_negative_before + *data.first_negative_before / 2));
    // At most ~2^27 pair rotations per curve (tens of ms), whatever D is.
    const std::int64_t affordable = std::max<std::int64_t>(4096, (std::int64_t{1} << 27) / data.pairs);
    data.decay_range = std::clamp<std::int64_t>(range, 2048, std::min(max_decay_range, affordable));
    const std::vector<double> ones_before = rope_all_ones_score(before, data.decay_range);
    data.decay_before = thin_curve(ones_before);
    for (int s = 0; s < data.side_count; ++s) {
      RopeSideData& side = data.sides[static_cast<std::size_t>(s)];
      if (!side.error.empty()) continue;
      const RopeFrequencies& f = side.analysis.frequencies;
      const std::vector<double> ones = rope_all_ones_score(f.inv_freq, data.decay_range, f.attention_factor);
      side.first_negative = first_negative_in(ones);
      side.decay_ones = thin_curve(ones);
      side.decay_random = thin_curve(
          rope_random_score(f.inv_freq, data.decay_range, decay_samples, decay_seed, f.attention_factor));
    }
  } catch (const std::exception& error) {
    data = RopeViewData{};
    data.error = error_message(error);
  }
  return data;
}

Matrix t5_seeded_bias(std::int64_t buckets, std::int64_t heads, std::uint64_t seed) {
  return learned_table(buckets, heads, 1.0, seed, 0);
}

BiasViewInputs bias_view_inputs(const AppState& state) {
  BiasViewInputs inputs;
  inputs.settings = state.views.bias;
  const EncodingParams& e = state.active_slot().config.encoding;
  if (e.kind == EncodingKind::sinusoidal && e.dims % 2 == 0) {
    inputs.sinusoid_dims = e.dims;
    inputs.sinusoid_base = e.base;
  }
  const RopeViewSettings& rope = state.views.rope;
  if (rope.dims % 2 == 0) inputs.rope_dims = rope.dims;
  inputs.rope_base = rope.base;
  return inputs;
}

BiasViewData compute_bias_view(const BiasViewInputs& inputs) {
  BiasViewData data;
  const BiasViewSettings& settings = inputs.settings;
  try {
    const std::int64_t n = settings.positions, heads = settings.heads;
    data.slopes = alibi_slopes(heads);
    data.t5_table = t5_seeded_bias(settings.t5_buckets, heads, settings.seed);
    switch (settings.method) {
      case BiasMethod::alibi:
        data.heads = alibi_bias(heads, n, settings.causal);
        break;
      case BiasMethod::t5: {
        data.buckets.resize(n, n);
        for (std::int64_t i = 0; i < n; ++i)
          for (std::int64_t j = 0; j < n; ++j)
            data.buckets(i, j) =
                t5_relative_bucket(j - i, settings.causal, settings.t5_buckets, settings.t5_max_distance);
        for (std::int64_t h = 0; h < heads; ++h) {
          Matrix bias = t5_bias_matrix(n, data.t5_table.col(h), settings.causal, settings.t5_buckets,
                                       settings.t5_max_distance);
          // A causal T5 puts every future key in bucket 0; the attention mask removes them.
          if (settings.causal)
            for (std::int64_t i = 0; i < n; ++i)
              for (std::int64_t j = i + 1; j < n; ++j) bias(i, j) = -std::numeric_limits<double>::infinity();
          data.heads.push_back(std::move(bias));
        }
        break;
      }
      case BiasMethod::shaw:
        data.shaw_index = shaw_relative_index(n, n, settings.shaw_clip);
        break;
    }
    // Distances far enough to show T5 saturate (twice its max distance) and the whole query x key grid.
    data.distance_range = std::max<std::int64_t>(2 * settings.t5_max_distance, n);
    const std::int64_t range = data.distance_range;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (std::int64_t r = -range; r <= range; ++r) data.distances.push_back(static_cast<double>(r));
    data.alibi.assign(static_cast<std::size_t>(heads), {});
    for (std::int64_t h = 0; h < heads; ++h) {
      for (std::int64_t r = -range; r <= range; ++r) {
        const bool masked = settings.causal && r > 0;
        data.alibi[static_cast<std::size_t>(h)].push_back(
            masked ? nan : -data.slopes[h] * std::abs(static_cast<double>(r)));
      }
    }
    for (std::int64_t r = -range; r <= range; ++r) {
      const bool masked = settings.causal && r > 0;
      data.t5.push_back(masked ? nan
                               : data.t5_table(t5_relative_bucket(r, settings.causal, settings.t5_buckets,
                                                                  settings.t5_max_distance),
                                               0));
    }
    data.rope_dims = inputs.rope_dims;
    data.rope_base = inputs.rope_base;
    const std::vector<double> rope =
        rope_all_ones_score(rope_inverse_frequencies(inputs.rope_dims, inputs.rope_base), range);
    data.sinusoid_dims = inputs.sinusoid_dims;
    data.sinusoid_base = inputs.sinusoid_base;
    const Vector sinusoid =
        sinusoidal_similarity_by_offset(inputs.sinusoid_dims, inputs.sinusoid_base, range);
    for (std::int64_t r = -range; r <= range; ++r) {
      const std::int64_t a = std::abs(r);
      data.rope.push_back(rope[static_cast<std::size_t>(a)]);
      data.sinusoid.push_back(sinusoid[a]);
    }
  } catch (const std::exception& error) {
    data = BiasViewData{};
    data.error = error_message(error);
  }
  return data;
}

}  // namespace pelab::app
