// RoPE frequency scaling with the semantics of transformers' modeling_rope_utils.py (see the header).
#include "pelab/rope_scaling.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "pelab/encodings.hpp"
#include "pelab/portable_math.hpp"

namespace pelab {
namespace {

using T = RopeScalingType;
using P = RopeParam;

template <class E, std::size_t N>
constexpr std::array<E, N> enum_values() {
  std::array<E, N> values{};
  for (std::size_t i = 0; i < N; ++i) values[i] = static_cast<E>(i);
  return values;
}
constexpr std::array<T, rope_scaling_type_count> kTypes = enum_values<T, rope_scaling_type_count>();
constexpr std::array<P, rope_param_count> kParams = enum_values<P, rope_param_count>();

constexpr double kTwoPi = 2.0 * std::numbers::pi;

// Appends "a", "a and b" or "a, b and c" to `text` as its last argument: `names`, then `last`
// (a sentence of its own) when given.
void append_and_list(Text& text, const std::vector<std::string>& names, std::optional<Text> last = {}) {
  const std::size_t count = names.size() + (last ? 1 : 0);
  if (count == 1) {
    if (last) {
      text.parts.push_back(std::move(*last));
    } else {
      text.args.push_back(names.front());
    }
    return;
  }
  std::string head;
  for (std::size_t i = 0; i + (last ? 0 : 1) < names.size(); ++i) {
    if (!head.empty()) head += ", ";
    head += names[i];
  }
  if (last) {
    text.parts.push_back(Text{TextId::list_and, {head}, {std::move(*last)}});
  } else {
    text.parts.push_back(Text{TextId::list_and, {head, names.back()}});
  }
}

void require_in_range(const std::optional<double>& value, const RopeParamInfo& row) {
  if (!value) return;
  if (!std::isfinite(*value) || *value <= 0.0)
    throw Error(Text{TextId::rope_not_positive, {std::string(row.name), number_text(*value)}});
  if (*value < row.lo || *value > row.hi) {
    throw Error(Text{TextId::rope_out_of_range,
                     {std::string(row.name), number_text(row.lo), number_text(row.hi), number_text(*value)}});
  }
}

void require_length_in_range(const std::optional<std::int64_t>& value, const RopeParamInfo& row) {
  if (!value) return;
  const auto lo = static_cast<std::int64_t>(row.lo), hi = static_cast<std::int64_t>(row.hi);
  if (*value < lo) {
    throw Error(
        Text{TextId::rope_at_least, {std::string(row.name), std::to_string(lo), std::to_string(*value)}});
  }
  if (*value > hi) {
    throw Error(
        Text{TextId::rope_out_of_range,
             {std::string(row.name), std::to_string(lo), std::to_string(hi), std::to_string(*value)}});
  }
}

void check_factor_list(const std::vector<double>& list, P param, std::int64_t pairs) {
  if (list.empty()) return;
  if (static_cast<std::int64_t>(list.size()) != pairs) {
    throw Error(Text{TextId::rope_list_length,
                     {std::string(to_string(param)), std::to_string(list.size()), std::to_string(pairs)}});
  }
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!std::isfinite(list[i]) || list[i] <= 0.0) {
      throw Error(Text{TextId::rope_list_value,
                       {std::string(to_string(param)), std::to_string(i), number_text(list[i])}});
    }
  }
}

// The longrope scale S used for the default attention factor: factor, else M / L.
std::optional<double> longrope_scale(const RopeScaling& s) {
  if (s.factor) return *s.factor;
  if (s.max_positions && s.original_max)
    return static_cast<double>(*s.max_positions) / static_cast<double>(*s.original_max);
  return std::nullopt;
}

// transformers' _compute_longrope_parameters: the long factors when seq_len is given and exceeds L;
// without a sequence length (the model's initial inv_freq) the short ones.
bool longrope_uses_long(const RopeScaling& s) { return s.seq_len && *s.seq_len > *s.original_max; }

}  // namespace

std::string_view to_string(RopeScalingType type) { return rope_type_info(type).name; }

std::optional<RopeScalingType> parse_rope_scaling_type(std::string_view name) {
  for (const RopeTypeInfo& row : rope_type_table()) {
    if (row.name == name) return row.type;
    std::string_view aliases = row.aliases;
    while (!aliases.empty()) {
      const std::size_t space = aliases.find(' ');
      if (aliases.substr(0, space) == name) return row.type;
      aliases = space == std::string_view::npos ? std::string_view() : aliases.substr(space + 1);
    }
  }
  return std::nullopt;
}

std::span<const RopeScalingType> all_rope_scaling_types() { return kTypes; }

std::string_view to_string(RopeParam param) { return rope_param_info(param).name; }

std::span<const RopeParam> all_rope_params() { return kParams; }

bool rope_param_applies(RopeScalingType type, RopeParam param) {
  return (rope_param_info(param).applies & rope_type_bit(type)) != 0;
}

namespace {

bool is_given(const RopeScaling& s, const RopeParamInfo& row) {
  switch (row.value) {
    case RopeValue::real:
      return (s.*row.real).has_value();
    case RopeValue::length:
      return (s.*row.length).has_value();
    case RopeValue::flag:
      return !(s.*row.flag);  // truncate counts when it is switched off
    case RopeValue::list:
      return !(s.*row.list).empty();
  }
  return false;
}

}  // namespace

std::vector<RopeParam> rope_params_given(const RopeScaling& s) {
  std::vector<P> given;
  for (const RopeParamInfo& row : rope_param_table())
    if (is_given(s, row)) given.push_back(row.param);
  return given;
}

std::vector<RopeParam> rope_params_missing(const RopeScaling& s) {
  std::vector<P> missing;
  if (s.type == T::longrope) {
    // Without factor or max_positions nothing gives the default attention factor (unless
    // attention_factor is set) nor, with only a seq_len, the scale the view reports.
    const bool scale_known = s.factor || s.max_positions;
    const bool needs_scale = !s.seq_len || !s.attention_factor;
    if (!scale_known && needs_scale) {
      missing.push_back(P::factor);
      missing.push_back(P::max_positions);
    }
  }
  for (const RopeParamInfo& row : rope_param_table()) {
    if ((row.required & rope_type_bit(s.type)) != 0 && !is_given(s, row)) missing.push_back(row.param);
  }
  return missing;
}

void validate(const RopeScaling& s, std::int64_t dims, double base) {
  if (dims < 2 || dims % 2 != 0) {
    throw Error(Text{TextId::rope_odd_dims, {std::to_string(dims)}});
  }
  validate_base(base);
  std::vector<P> foreign;
  for (P param : rope_params_given(s)) {
    if (!rope_param_applies(s.type, param)) foreign.push_back(param);
  }
  if (!foreign.empty()) {
    std::vector<std::string> names;
    for (P param : foreign) names.emplace_back(to_string(param));
    Text text{foreign.size() == 1 ? TextId::rope_param_not_apply : TextId::rope_params_not_apply,
              {std::string(to_string(s.type))}};
    append_and_list(text, names);
    throw Error(std::move(text));
  }
  const std::vector<P> missing = rope_params_missing(s);
  if (!missing.empty()) {
    const bool either = s.type == T::longrope && missing.front() == P::factor && missing.size() >= 2 &&
                        missing[1] == P::max_positions;
    std::vector<std::string> names;
    for (std::size_t i = either ? 2 : 0; i < missing.size(); ++i) names.emplace_back(to_string(missing[i]));
    Text text{TextId::scaling_needs, {std::string(to_string(s.type))}};
    append_and_list(text, names, either ? std::optional<Text>(TextId::rope_factor_or_max) : std::nullopt);
    throw Error(std::move(text));
  }
  for (const RopeParamInfo& row : rope_param_table()) {
    if (row.value == RopeValue::real) require_in_range(s.*row.real, row);
    if (row.value == RopeValue::length) require_length_in_range(s.*row.length, row);
  }
  if (s.mscale.has_value() != s.mscale_all_dim.has_value()) {
    throw Error(Text{s.mscale ? TextId::rope_mscale_needs_all_dim : TextId::rope_all_dim_needs_mscale});
  }
  if (s.attention_factor && s.mscale) {
    throw Error(Text{TextId::rope_attention_factor_contradicts});
  }
  if (s.low_freq_factor && s.high_freq_factor && *s.high_freq_factor <= *s.low_freq_factor) {
    throw Error(Text{TextId::rope_high_below_low,
                     {number_text(*s.high_freq_factor), number_text(*s.low_freq_factor)}});
  }
  check_factor_list(s.short_factor, P::short_factor, dims / 2);
  check_factor_list(s.long_factor, P::long_factor, dims / 2);
  if (s.type == T::yarn && !(base > 1.0)) {
    throw Error(Text{TextId::rope_yarn_base, {number_text(base)}});
  }
  if (s.type == T::longrope && !s.attention_factor) {
    const std::optional<double> scale = longrope_scale(s);
    if (scale && *scale > 1.0 && *s.original_max < 2) {
      throw Error(Text{TextId::rope_longrope_original});
    }
  }
}

std::int64_t rope_rotated_dims(std::int64_t head_dim, double partial_rotary_factor) {
  if (head_dim < 1) throw Error(Text{TextId::rope_head_dim, {std::to_string(head_dim)}});
  if (!std::isfinite(partial_rotary_factor) || partial_rotary_factor <= 0.0 || partial_rotary_factor > 1.0) {
    throw Error(Text{TextId::rope_prf_range, {number_text(partial_rotary_factor)}});
  }
  // int(head_dim * partial_rotary_factor): truncation, as Python's int() of a positive float.
  const auto rotated = static_cast<std::int64_t>(static_cast<double>(head_dim) * partial_rotary_factor);
  if (rotated < 2 || rotated % 2 != 0) {
    throw Error(
        Text{TextId::rope_rotated_odd,
             {std::to_string(head_dim), number_text(partial_rotary_factor), std::to_string(rotated)}});
  }
  return rotated;
}

std::vector<double> rope_inverse_frequencies(std::int64_t dims, double base) {
  if (dims < 2 || dims % 2 != 0) {
    throw Error(Text{TextId::rope_odd_dims, {std::to_string(dims)}});
  }
  validate_base(base);
  std::vector<double> inv(static_cast<std::size_t>(dims / 2));
  const auto d = static_cast<double>(dims);
  for (std::size_t i = 0; i < inv.size(); ++i)
    inv[i] = 1.0 / portable::pow(base, 2.0 * static_cast<double>(i) / d);
  return inv;
}

double yarn_mscale(double scale, double m) {
  if (scale <= 1.0) return 1.0;
  return 0.1 * m * portable::log(scale) + 1.0;
}

double yarn_correction_dim(double rotations, std::int64_t dims, double base, std::int64_t original_max) {
  return static_cast<double>(dims) * portable::log(static_cast<double>(original_max) / (rotations * kTwoPi)) /
         (2.0 * portable::log(base));
}

YarnRange yarn_correction_range(std::int64_t dims, double base, std::int64_t original_max, double beta_fast,
                                double beta_slow, bool truncate) {
  double low = yarn_correction_dim(beta_fast, dims, base, original_max);
  double high = yarn_correction_dim(beta_slow, dims, base, original_max);
  if (truncate) {
    low = std::floor(low);
    high = std::ceil(high);
  }
  return {std::max(low, 0.0), std::min(high, static_cast<double>(dims - 1))};
}

namespace {

// YaRN's ramp for pair i: clamp((i - low) / (high - low), 0, 1), high nudged by 0.001 when equal.
double yarn_ramp(const YarnRange& range, std::int64_t i) {
  const double low = range.low;
  double high = range.high;
  if (low == high) high += 0.001;
  return std::clamp((static_cast<double>(i) - low) / (high - low), 0.0, 1.0);
}

YarnRange yarn_range_of(std::int64_t dims, double base, const RopeScaling& s) {
  return yarn_correction_range(dims, base, *s.original_max, rope_real_or_fallback(s, P::beta_fast),
                               rope_real_or_fallback(s, P::beta_slow), s.truncate);
}

// NTK-aware base: base * alpha^(D / (D - 2)). D = 2 has one pair with exponent 0, whatever base'.
double ntk_base(double base, double alpha, std::int64_t dims) {
  if (dims == 2 || alpha == 1.0) return base;
  const auto d = static_cast<double>(dims);
  const double scaled = base * portable::pow(alpha, d / (d - 2.0));
  if (!std::isfinite(scaled) || scaled <= 0.0 || !std::isfinite(1.0 / scaled)) {
    throw Error(Text{TextId::rope_ntk_base, {number_text(base), number_text(alpha)}});
  }
  return scaled;
}

// Dynamic NTK's multiplier S n / L - (S - 1) with n = max(seq_len, L), in transformers' order.
double dynamic_alpha(const RopeScaling& s) {
  const std::int64_t l = *s.original_max;
  const std::int64_t n = std::max(s.seq_len.value_or(l), l);
  if (n <= l) return 1.0;
  const double factor = *s.factor;
  return factor * static_cast<double>(n) / static_cast<double>(l) - (factor - 1.0);
}

}  // namespace

RopeFrequencies rope_frequencies(std::int64_t dims, double base, const RopeScaling& s) {
  validate(s, dims, base);
  RopeFrequencies out;
  out.base_inv_freq = rope_inverse_frequencies(dims, base);
  out.effective_base = base;
  out.effective_factor = s.factor.value_or(1.0);
  const std::size_t pairs = out.base_inv_freq.size();
  switch (s.type) {
    case T::none:
      out.inv_freq = out.base_inv_freq;
      out.effective_factor = 1.0;
      break;
    case T::linear:
      out.inv_freq = out.base_inv_freq;
      for (double& v : out.inv_freq) v /= *s.factor;
      break;
    case T::ntk:
    case T::dynamic: {
      const double alpha = s.type == T::ntk ? *s.factor : dynamic_alpha(s);
      out.effective_factor = alpha;
      out.effective_base = ntk_base(base, alpha, dims);
      out.inv_freq =
          out.effective_base == base ? out.base_inv_freq : rope_inverse_frequencies(dims, out.effective_base);
      break;
    }
    case T::yarn: {
      const double factor = *s.factor;
      if (s.attention_factor) {
        out.attention_factor = *s.attention_factor;
      } else if (s.mscale && s.mscale_all_dim) {
        out.attention_factor = yarn_mscale(factor, *s.mscale) / yarn_mscale(factor, *s.mscale_all_dim);
      } else {
        out.attention_factor = yarn_mscale(factor);
      }
      const YarnRange range = yarn_range_of(dims, base, s);
      out.inv_freq.resize(pairs);
      const auto d = static_cast<double>(dims);
      for (std::size_t i = 0; i < pairs; ++i) {
        const double pos_freq = portable::pow(base, 2.0 * static_cast<double>(i) / d);
        const double extrapolation = 1.0 / pos_freq;
        const double interpolation = 1.0 / (factor * pos_freq);
        const double keep =
            1.0 - yarn_ramp(range, static_cast<std::int64_t>(i));  // transformers' extrapolation factor
        out.inv_freq[i] = interpolation * (1.0 - keep) + extrapolation * keep;
      }
      break;
    }
    case T::llama3: {
      const double factor = *s.factor, low = *s.low_freq_factor, high = *s.high_freq_factor;
      const auto l = static_cast<double>(*s.original_max);
      const double low_freq_wavelen = l / low, high_freq_wavelen = l / high;
      out.inv_freq.resize(pairs);
      for (std::size_t i = 0; i < pairs; ++i) {
        const double inv = out.base_inv_freq[i];
        const double wavelen = kTwoPi / inv;
        if (wavelen < high_freq_wavelen) {
          out.inv_freq[i] = inv;
        } else if (wavelen > low_freq_wavelen) {
          out.inv_freq[i] = inv / factor;
        } else {
          const double smooth = (l / wavelen - low) / (high - low);
          out.inv_freq[i] = (1.0 - smooth) * inv / factor + smooth * inv;
        }
      }
      break;
    }
    case T::longrope: {
      const std::optional<double> scale = longrope_scale(s);
      out.effective_factor = scale.value_or(1.0);
      out.long_factors = longrope_uses_long(s);
      // Phi-3.5-MoE (transformers' PhimoeRotaryEmbedding): the mscale of the list in use replaces
      // the attention factor.
      const std::optional<double>& mscale = out.long_factors ? s.long_mscale : s.short_mscale;
      if (mscale) {
        out.attention_factor = *mscale;
      } else if (s.attention_factor) {
        out.attention_factor = *s.attention_factor;
      } else if (scale && *scale > 1.0) {
        out.attention_factor =
            std::sqrt(1.0 + portable::log(*scale) / portable::log(static_cast<double>(*s.original_max)));
      }
      const std::vector<double>& ext = out.long_factors ? s.long_factor : s.short_factor;
      out.inv_freq.resize(pairs);
      const auto d = static_cast<double>(dims);
      for (std::size_t i = 0; i < pairs; ++i)
        out.inv_freq[i] = 1.0 / (ext[i] * portable::pow(base, 2.0 * static_cast<double>(i) / d));
      break;
    }
  }
  return out;
}

std::string_view to_string(RopePairRegime regime) {
  switch (regime) {
    case RopePairRegime::unchanged:
      return "unchanged";
    case RopePairRegime::blended:
      return "blended";
    case RopePairRegime::interpolated:
      return "interpolated";
    case RopePairRegime::rescaled:
      return "rescaled";
  }
  return "unchanged";
}

namespace {

RopePairRegime regime_of_ramp(double ramp) {
  if (ramp <= 0.0) return RopePairRegime::unchanged;
  if (ramp >= 1.0) return RopePairRegime::interpolated;
  return RopePairRegime::blended;
}

}  // namespace

RopeScalingAnalysis analyze_rope_scaling(std::int64_t dims, double base, const RopeScaling& s,
                                         std::optional<std::int64_t> context) {
  RopeScalingAnalysis a;
  a.frequencies = rope_frequencies(dims, base, s);
  if (!context) context = s.original_max;
  if (!context) {
    throw Error(Text{TextId::rope_needs_context, {std::string(to_string(s.type))}});
  }
  if (*context < 1) throw Error(Text{TextId::rope_context_at_least_1, {std::to_string(*context)}});
  a.context = *context;
  const auto l = static_cast<double>(a.context);
  const std::size_t pairs = a.frequencies.inv_freq.size();
  const auto d = static_cast<double>(dims);
  a.critical_pair_exact = portable::log(base) == 0.0 ? std::numeric_limits<double>::quiet_NaN()
                                                     : yarn_correction_dim(1.0, dims, base, a.context);
  a.critical_pair = static_cast<std::int64_t>(pairs);

  std::optional<YarnRange> range;
  if (s.type == T::yarn) {
    range = yarn_range_of(dims, base, s);
    a.yarn_range = range;
  }
  if (s.type == T::llama3) {
    a.llama3_high_freq_wavelength = static_cast<double>(*s.original_max) / *s.high_freq_factor;
    a.llama3_low_freq_wavelength = static_cast<double>(*s.original_max) / *s.low_freq_factor;
  }
  const bool dynamic_active = s.type == T::dynamic && a.frequencies.effective_factor != 1.0;
  const double longrope_scale_log = s.type == T::longrope && a.frequencies.effective_factor > 1.0
                                        ? portable::log(a.frequencies.effective_factor)
                                        : 0.0;

  a.pairs.resize(pairs);
  for (std::size_t i = 0; i < pairs; ++i) {
    RopePairInfo& p = a.pairs[i];
    p.inv_freq_before = a.frequencies.base_inv_freq[i];
    p.inv_freq_after = a.frequencies.inv_freq[i];
    p.wavelength_before = kTwoPi / p.inv_freq_before;
    p.wavelength_after = kTwoPi / p.inv_freq_after;
    p.turns_before = l * p.inv_freq_before / kTwoPi;
    p.turns_after = l * p.inv_freq_after / kTwoPi;
    if (p.wavelength_before > l && a.critical_pair == static_cast<std::int64_t>(pairs))
      a.critical_pair = static_cast<std::int64_t>(i);
    const auto index = static_cast<std::int64_t>(i);
    switch (s.type) {
      case T::none:
        p.ramp = 0.0;
        p.regime = RopePairRegime::unchanged;
        break;
      case T::linear:
        p.ramp = 1.0;
        p.regime = RopePairRegime::interpolated;
        break;
      case T::ntk:
      case T::dynamic:
        // theta'_i = theta_i alpha^(-2i/(D-2)): the log-fraction of alpha applied is 2i/(D-2).
        p.ramp =
            (s.type == T::ntk || dynamic_active) && dims > 2 ? 2.0 * static_cast<double>(i) / (d - 2.0) : 0.0;
        p.regime = regime_of_ramp(p.ramp);
        break;
      case T::yarn:
        p.ramp = yarn_ramp(*range, index);
        p.regime = regime_of_ramp(p.ramp);
        break;
      case T::llama3: {
        const double wavelen = p.wavelength_before;
        if (wavelen < *a.llama3_high_freq_wavelength) {
          p.ramp = 0.0;
          p.regime = RopePairRegime::unchanged;
        } else if (wavelen > *a.llama3_low_freq_wavelength) {
          p.ramp = 1.0;
          p.regime = RopePairRegime::interpolated;
        } else {
          const double smooth = (static_cast<double>(*s.original_max) / wavelen - *s.low_freq_factor) /
                                (*s.high_freq_factor - *s.low_freq_factor);
          p.ramp = 1.0 - smooth;
          p.regime = RopePairRegime::blended;
        }
        break;
      }
      case T::longrope: {
        const std::vector<double>& ext = a.frequencies.long_factors ? s.long_factor : s.short_factor;
        p.ramp = longrope_scale_log > 0.0 ? portable::log(ext[i]) / longrope_scale_log : 0.0;
        p.regime = ext[i] == 1.0 ? RopePairRegime::unchanged : RopePairRegime::rescaled;
        break;
      }
    }
  }
  a.critical_dimension = 2 * a.critical_pair;
  return a;
}

Matrix rope_apply_frequencies(const Matrix& x, std::span<const double> inv_freq, RopePairing pairing,
                              std::int64_t start, double attention_factor) {
  const auto k = static_cast<std::int64_t>(inv_freq.size());
  if (k == 0) throw Error(Text{TextId::rope_no_frequency});
  if (x.cols() < 2 * k) {
    throw Error(Text{TextId::rope_too_few_columns,
                     {std::to_string(k), std::to_string(2 * k), std::to_string(x.cols())}});
  }
  for (double f : inv_freq) {
    if (!std::isfinite(f)) throw Error(Text{TextId::rope_frequencies_not_finite});
  }
  if (!std::isfinite(attention_factor)) throw Error(Text{TextId::rope_attention_not_finite});
  if (start < 0) throw Error(Text{TextId::rope_start_negative, {std::to_string(start)}});
  Matrix out = x;
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    const double pos = static_cast<double>(start + r);
    for (std::int64_t j = 0; j < k; ++j) {
      const Eigen::Index a = pairing == RopePairing::adjacent ? 2 * j : j;
      const Eigen::Index b = pairing == RopePairing::adjacent ? 2 * j + 1 : j + k;
      const double angle = pos * inv_freq[static_cast<std::size_t>(j)];
      const double c = portable::cos(angle) * attention_factor, sn = portable::sin(angle) * attention_factor;
      out(r, a) = x(r, a) * c - x(r, b) * sn;
      out(r, b) = x(r, a) * sn + x(r, b) * c;
    }
  }
  return out;
}

}  // namespace pelab
