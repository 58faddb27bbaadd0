// The table of RoPE scaling types and their parameters (rope_scaling.hpp): one row per type and
// per parameter, checked at compile time against RopeScalingType and RopeParam, so adding a type
// or a parameter without its row, or rows out of order, does not build. Everything that names a
// type or a parameter (validation, pelab-cli's options and help, sessions, config.json, the RoPE
// view) reads these rows.
#include <cmath>
#include <iterator>
#include <string>

#include "pelab/rope_scaling.hpp"

namespace pelab {
namespace {

using T = RopeScalingType;
using P = RopeParam;
using S = RopeScaling;

constexpr RopeTypeInfo kTypeRows[] = {
    {T::none, "none", "default", "theta_i = base^(-2i/D), unchanged"},
    {T::linear, "linear", "", "position interpolation: theta_i / S"},
    {T::ntk, "ntk", "", "NTK-aware base: base' = base S^(D/(D-2))"},
    {T::dynamic, "dynamic", "", "dynamic NTK: base' as ntk with S n/L - (S-1), n = max(seq-len, L)"},
    {T::yarn, "yarn", "", "YaRN: a ramp between theta_i (fast pairs) and theta_i / S (slow pairs)"},
    {T::llama3, "llama3", "",
     "Llama 3.1: wavelengths below L/B kept, above L/A divided by S, blended between"},
    {T::longrope, "longrope", "su", "LongRoPE: theta_i / f_i, the short factors, or the long ones past L"},
};

constexpr double kMaxLength = 4503599627370496.0;  // 2^52: positions stay exact in double
constexpr RopeTypeSet kAllScaled = rope_types(T::linear, T::ntk, T::dynamic, T::yarn, T::llama3, T::longrope);
constexpr RopeTypeSet kWithContext = rope_types(T::dynamic, T::yarn, T::llama3, T::longrope);

constexpr RopeParamInfo kParamRows[] = {
    {.param = P::factor,
     .name = "factor",
     .option = "--factor",
     .placeholder = "S",
     .hf_key = "factor",
     .session = true,
     .value = RopeValue::real,
     .real = &S::factor,
     .lo = 1e-6,
     .hi = 1e6,
     .usual = 4.0,
     .slider_lo = 1.0,
     .slider_hi = 64.0,
     .slider_em = 4.5f,
     .view_label = "×",
     .view_tip = "views.rope.factor.tip",
     .applies = kAllScaled,
     .required = rope_types(T::linear, T::ntk, T::dynamic, T::yarn, T::llama3),
     .help = "scaling factor S, finite > 0"},
    {.param = P::original_max,
     .name = "original_max",
     .option = "--original-max",
     .placeholder = "L",
     .hf_key = "original_max_position_embeddings",
     .session = false,
     .value = RopeValue::length,
     .length = &S::original_max,
     .lo = 1.0,
     .hi = kMaxLength,
     .applies = kWithContext,
     .required = kWithContext,
     .help = "training context L, >= 1"},
    {.param = P::seq_len,
     .name = "seq_len",
     .option = "--seq-len",
     .placeholder = "N",
     .session = true,
     .value = RopeValue::length,
     .length = &S::seq_len,
     .lo = 1.0,
     .hi = kMaxLength,
     .applies = rope_types(T::dynamic, T::longrope),
     .help = "current sequence length, >= 1: dynamic changes the frequencies only when N > L, longrope takes "
             "the long factors when N > L and the short ones without N"},
    {.param = P::max_positions,
     .name = "max_positions",
     .option = "--max-positions",
     .placeholder = "M",
     .session = true,
     .value = RopeValue::length,
     .length = &S::max_positions,
     .lo = 1.0,
     .hi = kMaxLength,
     .applies = rope_types(T::longrope),
     .help = "extended context M, default S = M/L"},
    {.param = P::beta_fast,
     .name = "beta_fast",
     .option = "--beta-fast",
     .placeholder = "A",
     .hf_key = "beta_fast",
     .session = true,
     .value = RopeValue::real,
     .real = &S::beta_fast,
     .lo = 1e-6,
     .hi = 1e6,
     .fallback = 32.0,
     .has_fallback = true,
     .hf_zero_unset = true,
     .slider_lo = 1.0,
     .slider_hi = 128.0,
     .slider_em = 6.0f,
     .view_label = "β_fast",
     .view_tip = "views.rope.beta_fast.tip",
     .applies = rope_types(T::yarn),
     .help = "turns in L above which pairs are kept, > 0"},
    {.param = P::beta_slow,
     .name = "beta_slow",
     .option = "--beta-slow",
     .placeholder = "B",
     .hf_key = "beta_slow",
     .session = true,
     .value = RopeValue::real,
     .real = &S::beta_slow,
     .lo = 1e-6,
     .hi = 1e6,
     .fallback = 1.0,
     .has_fallback = true,
     .hf_zero_unset = true,
     .slider_lo = 0.125,
     .slider_hi = 16.0,
     .slider_em = 6.0f,
     .view_label = "β_slow",
     .view_tip = "views.rope.beta_slow.tip",
     .applies = rope_types(T::yarn),
     .help = "turns in L below which pairs are interpolated, > 0"},
    {.param = P::mscale,
     .name = "mscale",
     .option = "--mscale",
     .placeholder = "M",
     .hf_key = "mscale",
     .session = true,
     .value = RopeValue::real,
     .real = &S::mscale,
     .lo = 1e-6,
     .hi = 1e6,
     .hf_zero_unset = true,
     .applies = rope_types(T::yarn),
     .help = "with --mscale-all-dim: attention factor mscale(S,M)/mscale(S,M2)"},
    {.param = P::mscale_all_dim,
     .name = "mscale_all_dim",
     .option = "--mscale-all-dim",
     .placeholder = "M2",
     .hf_key = "mscale_all_dim",
     .session = true,
     .value = RopeValue::real,
     .real = &S::mscale_all_dim,
     .lo = 1e-6,
     .hi = 1e6,
     .hf_zero_unset = true,
     .applies = rope_types(T::yarn),
     .help = "with --mscale"},
    {.param = P::attention_factor,
     .name = "attention_factor",
     .option = "--attention-factor",
     .placeholder = "A",
     .hf_key = "attention_factor",
     .session = true,
     .value = RopeValue::real,
     .real = &S::attention_factor,
     .lo = 1e-6,
     .hi = 1e6,
     .applies = rope_types(T::yarn, T::longrope),
     .help = "the attention factor (default: the type's formula)"},
    {.param = P::truncate,
     .name = "truncate",
     .option = "--no-truncate",
     .hf_key = "truncate",
     .session = true,
     .value = RopeValue::flag,
     .flag = &S::truncate,
     .applies = rope_types(T::yarn),
     .help = "do not floor/ceil the correction range"},
    {.param = P::low_freq_factor,
     .name = "low_freq_factor",
     .option = "--low-freq-factor",
     .placeholder = "A",
     .hf_key = "low_freq_factor",
     .session = true,
     .value = RopeValue::real,
     .real = &S::low_freq_factor,
     .lo = 1e-6,
     .hi = 1e6,
     .usual = 1.0,
     .slider_lo = 0.25,
     .slider_hi = 16.0,
     .slider_em = 5.5f,
     .view_label = "views.rope.low_freq",
     .view_tip = "views.rope.low_freq.tip",
     .applies = rope_types(T::llama3),
     .required = rope_types(T::llama3),
     .help = "wavelengths above L/A are divided by S"},
    {.param = P::high_freq_factor,
     .name = "high_freq_factor",
     .option = "--high-freq-factor",
     .placeholder = "B",
     .hf_key = "high_freq_factor",
     .session = true,
     .value = RopeValue::real,
     .real = &S::high_freq_factor,
     .lo = 1e-6,
     .hi = 1e6,
     .usual = 4.0,
     .slider_lo = 0.25,
     .slider_hi = 64.0,
     .slider_em = 5.5f,
     .view_label = "views.rope.high_freq",
     .view_tip = "views.rope.high_freq.tip",
     .applies = rope_types(T::llama3),
     .required = rope_types(T::llama3),
     .help = "wavelengths below L/B are kept, B > A"},
    {.param = P::short_factor,
     .name = "short_factor",
     .option = "--short-factors",
     .placeholder = "F.npy",
     .hf_key = "short_factor",
     .session = true,
     .value = RopeValue::list,
     .list = &S::short_factor,
     .lo = 1e-6,
     .hi = 1e6,
     .applies = rope_types(T::longrope),
     .required = rope_types(T::longrope),
     .help = "1-D .npy of D/2 factors, used for short contexts"},
    {.param = P::long_factor,
     .name = "long_factor",
     .option = "--long-factors",
     .placeholder = "F.npy",
     .hf_key = "long_factor",
     .session = true,
     .value = RopeValue::list,
     .list = &S::long_factor,
     .lo = 1e-6,
     .hi = 1e6,
     .applies = rope_types(T::longrope),
     .required = rope_types(T::longrope),
     .help = "1-D .npy of D/2 factors, used past L"},
    {.param = P::short_mscale,
     .name = "short_mscale",
     .option = "--short-mscale",
     .placeholder = "A",
     .hf_key = "short_mscale",
     .session = true,
     .value = RopeValue::real,
     .real = &S::short_mscale,
     .lo = 1e-6,
     .hi = 1e6,
     .applies = rope_types(T::longrope),
     .help = "the attention factor with the short factors (Phi-3.5-MoE)"},
    {.param = P::long_mscale,
     .name = "long_mscale",
     .option = "--long-mscale",
     .placeholder = "A",
     .hf_key = "long_mscale",
     .session = true,
     .value = RopeValue::real,
     .real = &S::long_mscale,
     .lo = 1e-6,
     .hi = 1e6,
     .applies = rope_types(T::longrope),
     .help = "the attention factor with the long factors (Phi-3.5-MoE)"},
};

static_assert(std::size(kTypeRows) == rope_scaling_type_count, "one row per RopeScalingType");
static_assert(std::size(kParamRows) == rope_param_count, "one row per RopeParam");

constexpr bool rows_in_order() {
  for (std::size_t i = 0; i < std::size(kTypeRows); ++i)
    if (static_cast<std::size_t>(kTypeRows[i].type) != i) return false;
  for (std::size_t i = 0; i < std::size(kParamRows); ++i) {
    const RopeParamInfo& row = kParamRows[i];
    if (static_cast<std::size_t>(row.param) != i) return false;
    // Exactly the member pointer of its value kind is set, and what is required applies.
    const int members =
        (row.real != nullptr) + (row.length != nullptr) + (row.flag != nullptr) + (row.list != nullptr);
    if (members != 1) return false;
    if ((row.value == RopeValue::real) != (row.real != nullptr)) return false;
    if ((row.value == RopeValue::length) != (row.length != nullptr)) return false;
    if ((row.value == RopeValue::flag) != (row.flag != nullptr)) return false;
    if ((row.required & ~row.applies) != 0) return false;
  }
  return true;
}
static_assert(rows_in_order(), "rows in the order of the enums, each with one member of its kind");

}  // namespace

std::span<const RopeTypeInfo> rope_type_table() { return kTypeRows; }
std::span<const RopeParamInfo> rope_param_table() { return kParamRows; }
const RopeTypeInfo& rope_type_info(RopeScalingType type) { return kTypeRows[static_cast<std::size_t>(type)]; }
const RopeParamInfo& rope_param_info(RopeParam param) { return kParamRows[static_cast<std::size_t>(param)]; }

std::string rope_scaling_type_names() {
  std::string list;
  for (const RopeTypeInfo& row : kTypeRows) {
    if (!list.empty()) list += ", ";
    list += row.name;
  }
  return list;
}

std::string rope_types_reading(RopeParam param) {
  std::string list;
  for (const RopeTypeInfo& row : kTypeRows) {
    if ((rope_param_info(param).applies & rope_type_bit(row.type)) == 0) continue;
    if (!list.empty()) list += ", ";
    list += row.name;
  }
  return list;
}

double rope_real_or_fallback(const RopeScaling& scaling, RopeParam param) {
  const RopeParamInfo& row = rope_param_info(param);
  const std::optional<double>& value = scaling.*row.real;
  return value ? *value : row.fallback;
}

}  // namespace pelab
