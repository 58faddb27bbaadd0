#include "state/view_settings.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace pelab::app {
namespace {

constexpr std::array<std::int64_t, 6> sentence_tokens = {0, 1, 2, 3, 0, 4};
constexpr std::array<std::string_view, 6> sentence_words = {"the", "cat", "sat", "on", "the", "mat"};

}  // namespace

std::string_view to_string(BiasMethod method) {
  switch (method) {
    case BiasMethod::alibi:
      return "alibi";
    case BiasMethod::t5:
      return "t5";
    case BiasMethod::shaw:
      return "shaw";
  }
  return "alibi";
}

std::optional<BiasMethod> parse_bias_method(std::string_view name) {
  for (BiasMethod method : {BiasMethod::alibi, BiasMethod::t5, BiasMethod::shaw})
    if (to_string(method) == name) return method;
  return std::nullopt;
}

RopeScaling effective_scaling(const RopeScaling& scaling, std::int64_t context) {
  RopeScaling out = scaling;
  if (rope_param_applies(out.type, RopeParam::original_max)) {
    out.original_max = context;
  } else {
    out.original_max.reset();
  }
  return out;
}

RopeScaling switch_scaling_type(const RopeScaling& from, RopeScalingType type, std::int64_t context) {
  RopeScaling out;
  out.type = type;
  // Keep what still applies (a factor, yarn's betas, ...), drop the rest.
  const auto keep = [&](RopeParam param, auto member) {
    if (rope_param_applies(type, param)) out.*member = from.*member;
  };
  keep(RopeParam::factor, &RopeScaling::factor);
  keep(RopeParam::seq_len, &RopeScaling::seq_len);
  keep(RopeParam::max_positions, &RopeScaling::max_positions);
  keep(RopeParam::beta_fast, &RopeScaling::beta_fast);
  keep(RopeParam::beta_slow, &RopeScaling::beta_slow);
  keep(RopeParam::mscale, &RopeScaling::mscale);
  keep(RopeParam::mscale_all_dim, &RopeScaling::mscale_all_dim);
  keep(RopeParam::attention_factor, &RopeScaling::attention_factor);
  keep(RopeParam::low_freq_factor, &RopeScaling::low_freq_factor);
  keep(RopeParam::high_freq_factor, &RopeScaling::high_freq_factor);
  keep(RopeParam::short_factor, &RopeScaling::short_factor);
  keep(RopeParam::long_factor, &RopeScaling::long_factor);
  if (rope_param_applies(type, RopeParam::truncate)) out.truncate = from.truncate;
  // Fill what the new type needs with the usual values.
  if (rope_param_applies(type, RopeParam::factor) && !out.factor) out.factor = 4.0;
  if (type == RopeScalingType::llama3) {
    if (!out.low_freq_factor) out.low_freq_factor = 1.0;
    if (!out.high_freq_factor) out.high_freq_factor = 4.0;
  }
  if (type == RopeScalingType::dynamic && !out.seq_len) {
    out.seq_len = static_cast<std::int64_t>(2.0 * out.factor.value_or(4.0) * static_cast<double>(context));
  }
  out.original_max.reset();  // stored without L: the view's context supplies it (effective_scaling)
  return out;
}

RopeViewSettings rope_settings_for_model(const ModelConfig& model, const std::string& name) {
  RopeViewSettings settings;
  settings.model = name;
  settings.dims = model.rotated_dims();
  settings.base = model.rope_theta;
  settings.context = model.original_max_position_embeddings
                         ? *model.original_max_position_embeddings
                         : model.scaling.original_max.value_or(model.max_position_embeddings.value_or(4096));
  const RopeScalingType own = model.scaling.type;
  settings.scaling_a = own == RopeScalingType::none
                           ? switch_scaling_type(RopeScaling{}, RopeScalingType::linear, settings.context)
                           : model.scaling;
  settings.scaling_a.original_max.reset();  // L is settings.context
  const RopeScalingType other =
      own == RopeScalingType::yarn ? RopeScalingType::llama3 : RopeScalingType::yarn;
  RopeScaling factor_only;
  factor_only.factor = settings.scaling_a.factor;
  settings.scaling_b = switch_scaling_type(factor_only, other, settings.context);
  settings.compare = true;
  const double factor = settings.scaling_a.factor.value_or(4.0);
  settings.position = std::clamp<std::int64_t>(
      static_cast<std::int64_t>(std::llround(factor * static_cast<double>(settings.context))), 1,
      max_rope_position);
  return settings;
}

std::span<const std::int64_t> attention_sentence_tokens() { return sentence_tokens; }
std::span<const std::string_view> attention_sentence_words() { return sentence_words; }

bool valid_attention_order(const std::vector<std::int64_t>& order) {
  if (order.size() != sentence_tokens.size()) return false;
  std::vector<std::int64_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 0; i < sorted.size(); ++i)
    if (sorted[i] != static_cast<std::int64_t>(i)) return false;
  return true;
}

}  // namespace pelab::app
