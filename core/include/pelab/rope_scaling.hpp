#pragma once
// RoPE frequency scaling: how long-context models rescale RoPE's inverse frequencies
// theta_i = base^(-2i/D), i = 0 .. D/2 - 1, with the semantics of Hugging Face transformers'
// `rope_type` functions (src/transformers/modeling_rope_utils.py, ROPE_INIT_FUNCTIONS), computed
// in double (transformers evaluates the powers in float32, so its values agree to about 1e-7
// relative). D is the number of rotated dimensions (head_dim x partial_rotary_factor).
//
//   none      theta_i unchanged, attention factor 1.
//   linear    position interpolation (Chen et al. 2023; kaiokendev): theta_i / S.
//   ntk       NTK-aware base scaling (bloc97, 2023): base' = base S^(D/(D-2)); the first pair
//             keeps its frequency and the last is divided by exactly S. Released transformers has
//             no static "ntk" rope_type; one revision of modeling_rope_utils.py had
//             `_compute_ntk_parameters` with exactly this formula (huggingface/transformers
//             commit 0044e3b), and "dynamic" below is its sequence-length-dependent form.
//   dynamic   dynamic NTK (bloc97, emozilla): with n = max(seq_len, L),
//             base' = base (S n / L - (S - 1))^(D/(D-2)); for n <= L the frequencies are exactly
//             the unscaled ones.
//   yarn      YaRN (Peng et al. 2023): per pair a ramp r_i in [0, 1] between extrapolation
//             (theta_i, r = 0) and interpolation (theta_i / S, r = 1), r_i = clamp((i - low) /
//             (high - low)), low/high from the dimensions that turn beta_fast / beta_slow times in
//             L positions (floor/ceil unless truncate is off); attention factor
//             attention_factor, else mscale(S, mscale) / mscale(S, mscale_all_dim) when both are
//             set, else mscale(S) = 0.1 ln S + 1 (1 when S <= 1).
//   llama3    Llama 3.1: wavelength 2 pi / theta_i below L / high_freq_factor kept, above
//             L / low_freq_factor divided by S, in between blended with
//             smooth = (L / wavelength - low) / (high - low).
//   longrope  LongRoPE / Phi-3: theta_i / f_i with f the long factors when the context is longer
//             than L (seq_len > L), else the short factors: without seq_len the short ones, as
//             transformers computes them when given no sequence length; attention factor
//             short_mscale / long_mscale for the list used when given (Phi-3.5-MoE), else
//             attention_factor, else sqrt(1 + ln S / ln L) with S = factor, or M / L when no factor
//             is given (1 when S <= 1).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pelab/relative.hpp"
#include "pelab/types.hpp"

namespace pelab {

// Every scaling type and every parameter has one row in core/src/rope_table.cpp (rope_type_table,
// rope_param_table): names, options, session and config.json keys, ranges, defaults, which types
// read it and the help texts. Validation, pelab-cli's options and help, sessions, config.json
// parsing and the RoPE view read those rows; the counts below are checked against them at compile
// time, and tests/core/test_rope_table.cpp checks that every value has its row.
enum class RopeScalingType { none, linear, ntk, dynamic, yarn, llama3, longrope };
inline constexpr std::size_t rope_scaling_type_count = 7;

// The type's name in the table ("none", "linear", ...).
std::string_view to_string(RopeScalingType type);
// A table name, or one of a row's aliases ("default" for none, "su" for longrope).
std::optional<RopeScalingType> parse_rope_scaling_type(std::string_view name);
std::span<const RopeScalingType> all_rope_scaling_types();
// "none, linear, ntk, dynamic, yarn, llama3, longrope": the table's names, for help and messages.
std::string rope_scaling_type_names();

// The parameters of a scaling. Unset optionals are "not given"; which ones a type needs or
// accepts is fixed (rope_param_applies, rope_params_missing), and validate() refuses the rest.
struct RopeScaling {
  RopeScalingType type = RopeScalingType::none;
  std::optional<double> factor;               // S: linear, ntk, dynamic, yarn, llama3, longrope
  std::optional<std::int64_t> original_max;   // L, the training context: dynamic, yarn, llama3, longrope
  std::optional<std::int64_t> seq_len;        // dynamic (default L: unchanged); longrope (picks the factors)
  std::optional<std::int64_t> max_positions;  // M: longrope (its default S = M / L)
  std::optional<double> beta_fast;            // yarn (default 32)
  std::optional<double> beta_slow;            // yarn (default 1)
  std::optional<double> mscale;               // yarn, together with mscale_all_dim
  std::optional<double> mscale_all_dim;       // yarn, together with mscale
  std::optional<double> attention_factor;     // yarn, longrope: overrides the default
  bool truncate = true;                       // yarn: floor/ceil the correction range
  std::optional<double> low_freq_factor;      // llama3
  std::optional<double> high_freq_factor;     // llama3
  std::vector<double> short_factor;           // longrope: D/2 values (empty = not given)
  std::vector<double> long_factor;            // longrope: D/2 values (empty = not given)
  std::optional<double> short_mscale;  // longrope (Phi-3.5-MoE): attention factor with the short factors
  std::optional<double> long_mscale;   // longrope (Phi-3.5-MoE): attention factor with the long factors
  bool operator==(const RopeScaling&) const = default;
};

// The parameters by name, for messages and for applicability checks.
enum class RopeParam {
  factor,
  original_max,
  seq_len,
  max_positions,
  beta_fast,
  beta_slow,
  mscale,
  mscale_all_dim,
  attention_factor,
  truncate,
  low_freq_factor,
  high_freq_factor,
  short_factor,
  long_factor,
  short_mscale,
  long_mscale
};
inline constexpr std::size_t rope_param_count = 16;
// "factor", "original_max", "seq_len", ... (the member names above).
std::string_view to_string(RopeParam param);
std::span<const RopeParam> all_rope_params();

// A set of scaling types, one bit each.
using RopeTypeSet = std::uint32_t;
constexpr RopeTypeSet rope_type_bit(RopeScalingType type) {
  return RopeTypeSet{1} << static_cast<unsigned>(type);
}
template <class... Types>
constexpr RopeTypeSet rope_types(Types... types) {
  return (RopeTypeSet{0} | ... | rope_type_bit(types));
}

// What a parameter holds, and so which member pointer of its row is set.
enum class RopeValue { real, length, flag, list };

// One scaling type.
struct RopeTypeInfo {
  RopeScalingType type;
  std::string_view name;     // "yarn": pelab's name, the CLI's --scaling, sessions, transformers' rope_type
  std::string_view aliases;  // other names config.json files use, space separated ("default", "su")
  std::string_view formula;  // one line for --help
};

// One parameter.
struct RopeParamInfo {
  RopeParam param = RopeParam::factor;
  std::string_view name = {};    // the member and the session key ("beta_fast")
  std::string_view option = {};  // pelab-cli's option ("--beta-fast"; a flag for truncate: "--no-truncate")
  std::string_view placeholder = {};  // the option's value in help and messages ("A")
  std::string_view hf_key = {};       // its key inside config.json's rope_scaling ("" when none)
  bool session = true;                // stored in sessions (original_max is not: the view's context is L)
  RopeValue value = RopeValue::real;
  std::optional<double> RopeScaling::*real = nullptr;
  std::optional<std::int64_t> RopeScaling::*length = nullptr;
  bool RopeScaling::*flag = nullptr;
  std::vector<double> RopeScaling::*list = nullptr;
  double lo = 0.0, hi = 0.0;  // accepted values (sessions, lists); reals and lengths also by validate()
  double fallback = 0.0;      // value used when unset, when has_fallback (yarn's beta_fast 32)
  bool has_fallback = false;
  bool hf_zero_unset = false;  // config.json: 0 means unset (transformers reads it with Python's `or`)
  double usual = 0.0;          // value a new scaling of a type that needs it starts with (0: none)
  double slider_lo = 0.0, slider_hi = 0.0;  // the RoPE view's logarithmic slider (both 0: no slider)
  float slider_em = 0.0f;                   // its width in font heights
  std::string_view view_label = {};         // the slider's label: text, or an i18n key "views.rope..."
  std::string_view view_tip = {};           // the slider's tooltip, an i18n key
  RopeTypeSet applies = 0;                  // the types that read it
  RopeTypeSet required = 0;                 // the types that cannot do without it
  std::string_view help = {};               // pelab-cli --help, after the option
};

std::span<const RopeTypeInfo> rope_type_table();
std::span<const RopeParamInfo> rope_param_table();
const RopeTypeInfo& rope_type_info(RopeScalingType type);
const RopeParamInfo& rope_param_info(RopeParam param);
// "yarn, llama3": the types that read `param`.
std::string rope_types_reading(RopeParam param);
// The value used when `param` is unset: its row's fallback (beta_fast 32, beta_slow 1) or `value`.
double rope_real_or_fallback(const RopeScaling& scaling, RopeParam param);
// Whether `param` means anything for `type` (e.g. beta_fast only for yarn).
bool rope_param_applies(RopeScalingType type, RopeParam param);
// The parameters set in `scaling` (truncate counts when it is false).
std::vector<RopeParam> rope_params_given(const RopeScaling& scaling);
// Required parameters that are unset, in the order of RopeParam. For longrope, when neither factor
// nor max_positions is set and one of them is needed (no seq_len to pick the factors, or no
// attention_factor), both come first: {factor, max_positions, ...} means "factor or max_positions".
std::vector<RopeParam> rope_params_missing(const RopeScaling& scaling);

// Throws pelab::Error with one line naming the parameters that are missing, do not apply to the
// type, contradict each other or are out of range. `dims` is the number of rotated dimensions
// (even, >= 2); base as validate_base (yarn also needs base > 1: its ramp divides by ln base).
void validate(const RopeScaling& scaling, std::int64_t dims, double base);

// Rotated dimensions int(head_dim * partial_rotary_factor), as transformers computes them.
// Throws unless head_dim >= 1, 0 < factor <= 1 and the result is even and >= 2.
std::int64_t rope_rotated_dims(std::int64_t head_dim, double partial_rotary_factor = 1.0);

// The unscaled theta_i = 1 / base^(2i/D), i = 0 .. D/2 - 1 (transformers' default rope).
std::vector<double> rope_inverse_frequencies(std::int64_t dims, double base);

struct RopeFrequencies {
  std::vector<double> inv_freq;       // D/2 scaled inverse frequencies
  std::vector<double> base_inv_freq;  // D/2 unscaled ones, 1 / base^(2i/D)
  double attention_factor = 1.0;      // multiplies cos and sin (the rotated coordinates)
  double effective_base = 0.0;        // ntk, dynamic: base'; otherwise base
  double effective_factor = 1.0;      // dynamic: S n / L - (S - 1) (1 when n <= L); longrope: S
                                      // (given or M / L); none: 1; otherwise S
  bool long_factors = false;          // longrope: the long list was used
};

// The inverse frequencies and attention factor of `scaling` for `dims` rotated dimensions.
// Validates first (throws pelab::Error).
RopeFrequencies rope_frequencies(std::int64_t dims, double base, const RopeScaling& scaling);

// YaRN's correction dimension: the (real) pair index whose frequency turns `rotations` times in
// `original_max` positions, D ln(L / (2 pi r)) / (2 ln base).
double yarn_correction_dim(double rotations, std::int64_t dims, double base, std::int64_t original_max);
// YaRN's ramp bounds [low, high] as transformers computes them: correction dims of beta_fast and
// beta_slow, floored/ceiled when truncate is set, then clamped to low >= 0, high <= D - 1.
struct YarnRange {
  double low = 0.0;
  double high = 0.0;
};
YarnRange yarn_correction_range(std::int64_t dims, double base, std::int64_t original_max, double beta_fast,
                                double beta_slow, bool truncate);
// YaRN's attention scale 0.1 m ln s + 1 (1 when s <= 1).
double yarn_mscale(double scale, double m = 1.0);

// What scaling does to each pair (for teaching views).
enum class RopePairRegime {
  unchanged,     // keeps theta_i: yarn r = 0, llama3 high-frequency band, dynamic at n <= L, none
  blended,       // between the two: yarn 0 < r < 1, llama3 smoothed band, ntk/dynamic inner pairs
  interpolated,  // divided by the full factor: yarn r = 1, llama3 low band, linear, ntk last pair
  rescaled       // longrope: divided by its own listed factor (not 1)
};
std::string_view to_string(RopePairRegime regime);  // "unchanged", "blended", "interpolated", "rescaled"

struct RopePairInfo {
  double inv_freq_before = 0.0, inv_freq_after = 0.0;
  double wavelength_before = 0.0, wavelength_after = 0.0;  // 2 pi / theta, in positions
  double turns_before = 0.0, turns_after = 0.0;            // context * theta / (2 pi)
  // 0 = keeps its frequency .. 1 = divided by the full factor: yarn's ramp r_i; llama3 0 (high
  // band), 1 - smooth (smoothed band), 1 (low band); linear 1; none 0; ntk and dynamic (when
  // active) 2i / (D - 2), the log-fraction of S applied; longrope ln f_i / ln S (0 when S <= 1).
  double ramp = 0.0;
  RopePairRegime regime = RopePairRegime::unchanged;
};

struct RopeScalingAnalysis {
  RopeFrequencies frequencies;
  std::int64_t context = 0;  // the training context used for turns and the critical dimension
  std::vector<RopePairInfo> pairs;
  // The first pair whose unscaled wavelength exceeds the context: it and every later pair never
  // complete a period in training (D/2 when every pair does). The critical dimension of Liu et al.
  // 2023 ("Scaling laws of RoPE-based extrapolation") is 2 * critical_pair dimensions.
  std::int64_t critical_pair = 0;
  std::int64_t critical_dimension = 0;
  // The real-valued crossing (D/2) ln(context / 2 pi) / ln base (yarn_correction_dim with 1 turn).
  double critical_pair_exact = 0.0;
  std::optional<YarnRange> yarn_range;                // yarn: the ramp bounds
  std::optional<double> llama3_high_freq_wavelength;  // llama3: L / high_freq_factor
  std::optional<double> llama3_low_freq_wavelength;   // llama3: L / low_freq_factor
};

// Per-pair before/after numbers. `context` defaults to scaling.original_max; throws when neither is set.
RopeScalingAnalysis analyze_rope_scaling(std::int64_t dims, double base, const RopeScaling& scaling,
                                         std::optional<std::int64_t> context = std::nullopt);

// RoPE with given inverse frequencies (K = inv_freq.size() pairs): row r is rotated by position
// start + r in its first 2K columns (pairing within them: adjacent (2k, 2k+1) or half (k, k + K)),
// the rotated coordinates are multiplied by attention_factor (transformers multiplies cos and sin),
// and columns 2K.. pass through unchanged (partial rotary). Throws if x has fewer than 2K columns
// or K = 0, or any input is not finite.
Matrix rope_apply_frequencies(const Matrix& x, std::span<const double> inv_freq, RopePairing pairing,
                              std::int64_t start = 0, double attention_factor = 1.0);

}  // namespace pelab
