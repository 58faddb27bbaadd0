// RoPE frequency scaling (transformers' rope_type semantics) and model presets from config.json,
// against values derived by hand below, limits, and the shipped presets.
//
// The small cases use D = 8 rotated dimensions and base 10000, so the unscaled inverse
// frequencies are theta_i = 10000^(-2i/8) = 10^(-i) = 1, 0.1, 0.01, 0.001 and the wavelengths
// 2 pi / theta_i = 2 pi, 20 pi, 200 pi, 2000 pi (6.28, 62.8, 628.3, 6283.2 positions).
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <numbers>
#include <string>
#include <vector>

#include "pelab/config_spec.hpp"
#include "pelab/encodings.hpp"
#include "pelab/model_config.hpp"
#include "pelab/relative.hpp"
#include "pelab/rope_scaling.hpp"

using namespace pelab;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

const std::vector<double> kTheta8 = {1.0, 0.1, 0.01, 0.001};

RopeScaling scaling(RopeScalingType type) {
  RopeScaling s;
  s.type = type;
  return s;
}

void check_values(const std::vector<double>& got, const std::vector<double>& want, double rel = 1e-15) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    INFO("pair " << i);
    CHECK_THAT(got[i], WithinRel(want[i], rel));
  }
}

// The message of the pelab::Error that `f` throws ("" when it does not throw).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

std::filesystem::path models_dir() {
  return std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() / "assets" / "models";
}

}  // namespace

TEST_CASE("rope scaling names", "[rope_scaling]") {
  for (RopeScalingType type : all_rope_scaling_types())
    CHECK(parse_rope_scaling_type(to_string(type)) == type);
  CHECK(parse_rope_scaling_type("default") == RopeScalingType::none);
  CHECK(parse_rope_scaling_type("su") == RopeScalingType::longrope);  // Phi-3's first name for it
  CHECK_FALSE(parse_rope_scaling_type("YARN"));
  for (RopeParam p : all_rope_params()) CHECK(!to_string(p).empty());
}

TEST_CASE("none, linear, ntk and dynamic at D = 8, base 10000, factor 4, worked by hand", "[rope_scaling]") {
  const RopeFrequencies none = rope_frequencies(8, 10000.0, scaling(RopeScalingType::none));
  check_values(none.inv_freq, kTheta8);
  check_values(none.base_inv_freq, kTheta8);
  CHECK(none.attention_factor == 1.0);
  CHECK(none.effective_base == 10000.0);

  // Position interpolation divides every frequency by S = 4.
  RopeScaling linear = scaling(RopeScalingType::linear);
  linear.factor = 4.0;
  const RopeFrequencies lin = rope_frequencies(8, 10000.0, linear);
  check_values(lin.inv_freq, {0.25, 0.025, 0.0025, 0.00025});
  CHECK(lin.attention_factor == 1.0);

  // NTK-aware: base' = 10000 * 4^(8/6) = 10000 * 2^(8/3) = 63496.042078727978...; then
  // theta'_i = base'^(-i/4) = 10^(-i) * 2^(-2i/3): 1, 0.1 * 2^(-2/3), 0.01 * 2^(-4/3), 0.001 / 4.
  RopeScaling ntk = scaling(RopeScalingType::ntk);
  ntk.factor = 4.0;
  const RopeFrequencies n = rope_frequencies(8, 10000.0, ntk);
  CHECK_THAT(n.effective_base, WithinRel(63496.042078727978, 1e-15));
  check_values(n.inv_freq, {1.0, 0.1 * 0.62996052494743658, 0.01 * 0.39685026299204984, 0.00025}, 1e-14);

  // Dynamic NTK with L = 16: at n <= 16 nothing changes (exactly); at n = 32 the multiplier is
  // S n / L - (S - 1) = 4 * 2 - 3 = 5, so theta'_i = 10^(-i) * 5^(-i/3): 1, 0.1 * 0.584803547642573,
  // 0.01 * 0.341995189335339, 0.001 / 5.
  RopeScaling dynamic = scaling(RopeScalingType::dynamic);
  dynamic.factor = 4.0;
  dynamic.original_max = 16;
  for (std::int64_t seq : {1, 8, 16}) {
    dynamic.seq_len = seq;
    const RopeFrequencies d = rope_frequencies(8, 10000.0, dynamic);
    CHECK(d.inv_freq == rope_inverse_frequencies(8, 10000.0));
    CHECK(d.effective_factor == 1.0);
  }
  dynamic.seq_len.reset();  // transformers' default: seq_len = L
  CHECK(rope_frequencies(8, 10000.0, dynamic).inv_freq == rope_inverse_frequencies(8, 10000.0));
  dynamic.seq_len = 32;
  const RopeFrequencies d32 = rope_frequencies(8, 10000.0, dynamic);
  CHECK(d32.effective_factor == 5.0);
  check_values(d32.inv_freq, {1.0, 0.1 * 0.58480354764257321, 0.01 * 0.34199518933533940, 0.0002}, 1e-14);
  CHECK(d32.attention_factor == 1.0);
}

TEST_CASE("yarn at D = 8, base 10000, factor 4, L = 8192, worked by hand", "[rope_scaling]") {
  // With D = 8 and base 10^4 the correction dimension D ln(L / (2 pi r)) / (2 ln base) is simply
  // log10(L / (2 pi r)). beta_fast 32: log10(8192 / (64 pi)) = log10(40.74) = 1.61 -> floor 1;
  // beta_slow 1: log10(8192 / (2 pi)) = log10(1303.8) = 3.115 -> ceil 4 (<= D - 1 = 7).
  // Ramp r_i = clamp((i - 1) / 3): 0, 0, 1/3, 2/3; theta'_i = theta_i (1 - r) + theta_i / 4 r:
  // 1, 0.1, 0.01 (2/3 + 1/12) = 0.0075, 0.001 (1/3 + 1/6) = 0.0005. Attention 0.1 ln 4 + 1.
  RopeScaling yarn = scaling(RopeScalingType::yarn);
  yarn.factor = 4.0;
  yarn.original_max = 8192;
  const RopeFrequencies y = rope_frequencies(8, 10000.0, yarn);
  check_values(y.inv_freq, {1.0, 0.1, 0.0075, 0.0005}, 1e-14);
  CHECK(y.inv_freq[0] == 1.0);  // r = 0 is exactly the unscaled frequency
  CHECK(y.inv_freq[1] == rope_inverse_frequencies(8, 10000.0)[1]);
  CHECK_THAT(y.attention_factor, WithinRel(0.1 * std::log(4.0) + 1.0, 1e-15));
  const YarnRange range = yarn_correction_range(8, 10000.0, 8192, 32.0, 1.0, true);
  CHECK(range.low == 1.0);
  CHECK(range.high == 4.0);
  CHECK_THAT(yarn_correction_dim(32.0, 8, 10000.0, 8192),
             WithinRel(std::log10(128.0 / std::numbers::pi), 1e-14));

  // truncate off: low = log10(128 / pi), high = log10(4096 / pi), the ramp is no longer integral.
  yarn.truncate = false;
  const double low = std::log10(128.0 / std::numbers::pi), high = std::log10(4096.0 / std::numbers::pi);
  const double r2 = (2.0 - low) / (high - low), r3 = (3.0 - low) / (high - low);
  const RopeFrequencies yt = rope_frequencies(8, 10000.0, yarn);
  check_values(yt.inv_freq, {1.0, 0.1, 0.01 * (1.0 - r2 + r2 / 4.0), 0.001 * (1.0 - r3 + r3 / 4.0)}, 1e-14);
  yarn.truncate = true;

  // The attention factor: given, or mscale(S, m) / mscale(S, m_all), or mscale(S).
  yarn.mscale = 1.0;
  yarn.mscale_all_dim = 0.707;
  CHECK_THAT(rope_frequencies(8, 10000.0, yarn).attention_factor,
             WithinRel((0.1 * std::log(4.0) + 1.0) / (0.0707 * std::log(4.0) + 1.0), 1e-15));
  yarn.mscale_all_dim = 1.0;  // DeepSeek-V3's 1.0 / 1.0: the factor is exactly 1
  CHECK(rope_frequencies(8, 10000.0, yarn).attention_factor == 1.0);
  yarn.mscale.reset();
  yarn.mscale_all_dim.reset();
  yarn.attention_factor = 0.5;
  CHECK(rope_frequencies(8, 10000.0, yarn).attention_factor == 0.5);
  CHECK(yarn_mscale(1.0) == 1.0);
  CHECK(yarn_mscale(0.5) == 1.0);
  CHECK_THAT(yarn_mscale(40.0, 0.707), WithinRel(0.0707 * std::log(40.0) + 1.0, 1e-15));

  // beta_fast / beta_slow move the ramp: beta_fast 4 -> log10(8192 / (8 pi)) = 2.51 -> low 2,
  // beta_slow 2 -> log10(8192 / (4 pi)) = 2.81 -> high 3; ramp 0, 0, 0, 1.
  yarn.attention_factor.reset();
  yarn.beta_fast = 4.0;
  yarn.beta_slow = 2.0;
  check_values(rope_frequencies(8, 10000.0, yarn).inv_freq, {1.0, 0.1, 0.01, 0.00025}, 1e-14);
}

TEST_CASE("llama3 and longrope at D = 8, base 10000, factor 4, worked by hand", "[rope_scaling]") {
  // llama3, L = 1000, low 1, high 4: kept below 1000 / 4 = 250 positions, divided above 1000.
  // Wavelengths 6.28 and 62.8 are kept; 6283 is divided (0.001 / 4); 628.3 is blended with
  // smooth = (1000 / (200 pi) - 1) / 3 = (5/pi - 1) / 3, giving
  // 0.01 ((1 - smooth) / 4 + smooth) = 0.01 (1 + 3 smooth) / 4 = 0.01 (5 / pi) / 4 = 0.0125 / pi.
  RopeScaling llama = scaling(RopeScalingType::llama3);
  llama.factor = 4.0;
  llama.original_max = 1000;
  llama.low_freq_factor = 1.0;
  llama.high_freq_factor = 4.0;
  const RopeFrequencies l = rope_frequencies(8, 10000.0, llama);
  check_values(l.inv_freq, {1.0, 0.1, 0.0125 / std::numbers::pi, 0.00025}, 1e-14);
  CHECK(l.attention_factor == 1.0);

  // longrope, L = 16: theta_i / f_i with the long list when the context exceeds L.
  RopeScaling lr = scaling(RopeScalingType::longrope);
  lr.original_max = 16;
  lr.short_factor = {1.0, 1.5, 2.0, 3.0};
  lr.long_factor = {1.0, 2.0, 4.0, 8.0};
  lr.max_positions = 64;  // S = M / L = 4: attention sqrt(1 + ln 4 / ln 16) = sqrt(1.5)
  lr.seq_len = 17;        // a sequence longer than L: the long factors
  const RopeFrequencies lo = rope_frequencies(8, 10000.0, lr);
  CHECK(lo.long_factors);
  check_values(lo.inv_freq, {1.0, 0.05, 0.0025, 0.000125}, 1e-14);
  CHECK_THAT(lo.attention_factor, WithinRel(std::sqrt(1.5), 1e-15));
  CHECK(lo.effective_factor == 4.0);
  lr.max_positions = 16;  // M = L: S = 1, attention 1; no sequence length: the short factors
  lr.seq_len.reset();
  const RopeFrequencies sh = rope_frequencies(8, 10000.0, lr);
  CHECK_FALSE(sh.long_factors);
  check_values(sh.inv_freq, {1.0, 0.1 / 1.5, 0.005, 0.001 / 3.0}, 1e-14);
  CHECK(sh.attention_factor == 1.0);
  // seq_len decides when given (transformers' run-time choice): 10 <= 16 short, 17 > 16 long.
  lr.max_positions = 64;
  lr.seq_len = 10;
  CHECK_FALSE(rope_frequencies(8, 10000.0, lr).long_factors);
  lr.seq_len = 17;
  CHECK(rope_frequencies(8, 10000.0, lr).long_factors);
  // An explicit factor sets the attention factor (S = 16: sqrt(1 + ln 16 / ln 16) = sqrt 2).
  lr.factor = 16.0;
  CHECK_THAT(rope_frequencies(8, 10000.0, lr).attention_factor, WithinRel(std::sqrt(2.0), 1e-15));
  lr.attention_factor = 1.25;
  CHECK(rope_frequencies(8, 10000.0, lr).attention_factor == 1.25);
  // Without a sequence length the short list, whatever S (transformers' _compute_longrope_parameters
  // with seq_len None, the model's initial inv_freq).
  RopeScaling only = scaling(RopeScalingType::longrope);
  only.original_max = 16;
  only.short_factor = lr.short_factor;
  only.long_factor = lr.long_factor;
  only.factor = 2.0;
  CHECK_FALSE(rope_frequencies(8, 10000.0, only).long_factors);
  only.max_positions = 64;
  CHECK_FALSE(rope_frequencies(8, 10000.0, only).long_factors);
  // Phi-3.5-MoE's short_mscale / long_mscale replace the attention factor of the list in use
  // (transformers' PhimoeRotaryEmbedding; its test config uses 1.243163121016122 for both).
  only.short_mscale = 1.243163121016122;
  only.long_mscale = 1.5;
  CHECK(rope_frequencies(8, 10000.0, only).attention_factor == 1.243163121016122);
  only.seq_len = 17;
  CHECK(rope_frequencies(8, 10000.0, only).attention_factor == 1.5);
}

TEST_CASE("factor 1 leaves the frequencies unscaled for every type", "[rope_scaling]") {
  for (std::int64_t d : {2, 8, 64, 128}) {
    for (double base : {10000.0, 500000.0}) {
      const std::vector<double> theta = rope_inverse_frequencies(d, base);
      for (RopeScalingType type : all_rope_scaling_types()) {
        RopeScaling s = scaling(type);
        if (type != RopeScalingType::none && type != RopeScalingType::longrope) s.factor = 1.0;
        if (type == RopeScalingType::dynamic || type == RopeScalingType::yarn ||
            type == RopeScalingType::llama3 || type == RopeScalingType::longrope)
          s.original_max = 4096;
        if (type == RopeScalingType::llama3) {
          s.low_freq_factor = 1.0;
          s.high_freq_factor = 4.0;
        }
        if (type == RopeScalingType::longrope) {
          s.short_factor.assign(static_cast<std::size_t>(d / 2), 1.0);
          s.long_factor = s.short_factor;
          s.max_positions = 4096;
        }
        INFO(to_string(type) << " D=" << d << " base=" << base);
        const RopeFrequencies f = rope_frequencies(d, base, s);
        check_values(f.inv_freq, theta, 1e-15);
        CHECK(f.attention_factor == 1.0);
      }
    }
  }
  // D = 2: the only pair has exponent 0, so NTK and dynamic leave theta_0 = 1 whatever base' is
  // (transformers' D / (D - 2) divides by zero there).
  RopeScaling ntk2 = scaling(RopeScalingType::ntk);
  ntk2.factor = 4.0;
  CHECK(rope_frequencies(2, 10000.0, ntk2).inv_freq == std::vector<double>{1.0});
  RopeScaling dyn2 = scaling(RopeScalingType::dynamic);
  dyn2.factor = 4.0;
  dyn2.original_max = 16;
  dyn2.seq_len = 64;
  CHECK(rope_frequencies(2, 10000.0, dyn2).inv_freq == std::vector<double>{1.0});
  // A factor beyond the table's range (which also keeps NTK's base' finite) is refused by name.
  ntk2.factor = 1e300;
  CHECK_THAT(error_of([&] { rope_frequencies(8, 10000.0, ntk2); }),
             Contains("factor must be within 1e-06 .. 1000000 (got 1e+300)"));
  // Dynamic with S = 1 past L is not the identity in transformers: the multiplier is n / L.
  RopeScaling dyn = scaling(RopeScalingType::dynamic);
  dyn.factor = 1.0;
  dyn.original_max = 100;
  dyn.seq_len = 300;
  RopeScaling ntk = scaling(RopeScalingType::ntk);
  ntk.factor = 3.0;
  check_values(rope_frequencies(8, 10000.0, dyn).inv_freq, rope_frequencies(8, 10000.0, ntk).inv_freq, 1e-15);
}

TEST_CASE("yarn keeps its highest frequencies and divides its lowest by the factor", "[rope_scaling]") {
  // D = 128, base 10^4, L = 4096: low = floor(64 log_1e4(4096 / (64 pi))) = floor(20.94) = 20,
  // high = ceil(64 log_1e4(4096 / (2 pi))) = ceil(45.03) = 46.
  const double low = 64.0 * std::log10(4096.0 / (64.0 * std::numbers::pi)) / 4.0;
  const double high = 64.0 * std::log10(4096.0 / (2.0 * std::numbers::pi)) / 4.0;
  REQUIRE(std::floor(low) == 20.0);
  REQUIRE(std::ceil(high) == 46.0);
  for (double factor : {2.0, 16.0, 40.0}) {
    RopeScaling yarn = scaling(RopeScalingType::yarn);
    yarn.factor = factor;
    yarn.original_max = 4096;
    const RopeFrequencies y = rope_frequencies(128, 10000.0, yarn);
    for (std::size_t i = 0; i < 64; ++i) {
      INFO("pair " << i << " factor " << factor);
      const double theta = y.base_inv_freq[i];
      if (i <= 20) {
        CHECK(y.inv_freq[i] == theta);
      } else if (i >= 46) {
        CHECK_THAT(y.inv_freq[i], WithinRel(theta / factor, 1e-15));
      } else {
        CHECK(y.inv_freq[i] < theta);
        CHECK(y.inv_freq[i] > theta / factor);
      }
    }
    const RopeScalingAnalysis a = analyze_rope_scaling(128, 10000.0, yarn);
    CHECK(a.yarn_range->low == 20.0);
    CHECK(a.yarn_range->high == 46.0);
    CHECK(a.pairs[20].regime == RopePairRegime::unchanged);
    CHECK(a.pairs[21].regime == RopePairRegime::blended);
    CHECK_THAT(a.pairs[33].ramp, WithinRel(13.0 / 26.0, 1e-15));
    CHECK(a.pairs[46].regime == RopePairRegime::interpolated);
  }
}

TEST_CASE("llama3 with Llama 3.1's parameters: the high band is kept, the low band divided",
          "[rope_scaling]") {
  RopeScaling llama = scaling(RopeScalingType::llama3);
  llama.factor = 8.0;
  llama.original_max = 8192;
  llama.low_freq_factor = 1.0;
  llama.high_freq_factor = 4.0;
  const RopeFrequencies f = rope_frequencies(128, 500000.0, llama);
  int kept = 0, divided = 0, blended = 0;
  for (std::size_t i = 0; i < 64; ++i) {
    const double theta = f.base_inv_freq[i];
    const double wavelength = 2.0 * std::numbers::pi / theta;
    if (wavelength < 2048.0) {
      CHECK(f.inv_freq[i] == theta);
      ++kept;
    } else if (wavelength > 8192.0) {
      CHECK(f.inv_freq[i] == theta / 8.0);
      ++divided;
    } else {
      CHECK(f.inv_freq[i] < theta);
      CHECK(f.inv_freq[i] > theta / 8.0);
      ++blended;
    }
  }
  // 2 pi 500000^(2i/128) < 2048 <=> i < 64 ln(2048 / 2 pi) / ln 500000 = 28.24: pairs 0..28 kept;
  // > 8192 <=> i > 64 ln(8192 / 2 pi) / ln 500000 = 34.58: pairs 35..63 divided; 29..34 blended.
  CHECK(kept == 29);
  CHECK(blended == 6);
  CHECK(divided == 29);
  const RopeScalingAnalysis a = analyze_rope_scaling(128, 500000.0, llama);
  CHECK(a.pairs[28].regime == RopePairRegime::unchanged);
  CHECK(a.pairs[29].regime == RopePairRegime::blended);
  CHECK(a.pairs[35].regime == RopePairRegime::interpolated);
  CHECK(*a.llama3_high_freq_wavelength == 2048.0);
  CHECK(*a.llama3_low_freq_wavelength == 8192.0);
}

TEST_CASE("per-pair analysis: wavelengths, turns, regimes and the critical dimension", "[rope_scaling]") {
  RopeScaling llama = scaling(RopeScalingType::llama3);
  llama.factor = 4.0;
  llama.original_max = 1000;
  llama.low_freq_factor = 1.0;
  llama.high_freq_factor = 4.0;
  const RopeScalingAnalysis a = analyze_rope_scaling(8, 10000.0, llama);
  REQUIRE(a.pairs.size() == 4);
  CHECK(a.context == 1000);
  // Wavelengths 2 pi 10^i; turns in L = 1000 positions: 1000 / (2 pi 10^i).
  for (std::size_t i = 0; i < 4; ++i) {
    CHECK_THAT(a.pairs[i].wavelength_before,
               WithinRel(2.0 * std::numbers::pi * std::pow(10.0, static_cast<double>(i)), 1e-14));
    CHECK_THAT(a.pairs[i].turns_before,
               WithinRel(1000.0 / (2.0 * std::numbers::pi * std::pow(10.0, static_cast<double>(i))), 1e-14));
  }
  CHECK(a.pairs[0].regime == RopePairRegime::unchanged);
  CHECK(a.pairs[1].regime == RopePairRegime::unchanged);
  CHECK(a.pairs[2].regime == RopePairRegime::blended);
  CHECK(a.pairs[3].regime == RopePairRegime::interpolated);
  CHECK_THAT(a.pairs[2].ramp, WithinRel(1.0 - (5.0 / std::numbers::pi - 1.0) / 3.0, 1e-14));
  CHECK_THAT(a.pairs[2].wavelength_after,
             WithinRel(160.0 * std::numbers::pi * std::numbers::pi, 1e-14));  // 2 pi / (0.0125 / pi)
  CHECK_THAT(a.pairs[3].turns_after, WithinRel(1000.0 * 0.00025 / (2.0 * std::numbers::pi), 1e-14));
  // Pair 3 (wavelength 6283 > 1000) is the first that never completes a period in training:
  // critical pair 3, critical dimension 6; the real crossing is log10(1000 / 2 pi) = 2.2018.
  CHECK(a.critical_pair == 3);
  CHECK(a.critical_dimension == 6);
  CHECK_THAT(a.critical_pair_exact, WithinRel(std::log10(1000.0 / (2.0 * std::numbers::pi)), 1e-14));

  // yarn (L = 8192 as above): ramp 0, 0, 1/3, 2/3.
  RopeScaling yarn = scaling(RopeScalingType::yarn);
  yarn.factor = 4.0;
  yarn.original_max = 8192;
  const RopeScalingAnalysis y = analyze_rope_scaling(8, 10000.0, yarn);
  CHECK(y.pairs[0].ramp == 0.0);
  CHECK(y.pairs[1].regime == RopePairRegime::unchanged);
  CHECK_THAT(y.pairs[2].ramp, WithinRel(1.0 / 3.0, 1e-15));
  CHECK(y.pairs[3].regime == RopePairRegime::blended);
  CHECK(y.critical_pair == 4);  // 2000 pi = 6283 < 8192: every pair turns at least once in training
  CHECK(y.critical_dimension == 8);

  // ntk: theta'_i = theta_i S^(-2i/(D-2)): ramp 2i/6 = 0, 1/3, 2/3, 1.
  RopeScaling ntk = scaling(RopeScalingType::ntk);
  ntk.factor = 4.0;
  const RopeScalingAnalysis n = analyze_rope_scaling(8, 10000.0, ntk, 1000);
  CHECK(n.pairs[0].regime == RopePairRegime::unchanged);
  CHECK_THAT(n.pairs[1].ramp, WithinRel(1.0 / 3.0, 1e-15));
  CHECK(n.pairs[2].regime == RopePairRegime::blended);
  CHECK(n.pairs[3].regime == RopePairRegime::interpolated);
  for (const RopePairInfo& p : n.pairs)
    CHECK_THAT(p.inv_freq_before / p.inv_freq_after, WithinRel(std::pow(4.0, p.ramp), 1e-14));

  // linear: everything interpolated; none: everything unchanged; dynamic below L: unchanged.
  RopeScaling linear = scaling(RopeScalingType::linear);
  linear.factor = 2.0;
  for (const RopePairInfo& p : analyze_rope_scaling(8, 10000.0, linear, 100).pairs) {
    CHECK(p.regime == RopePairRegime::interpolated);
    CHECK(p.ramp == 1.0);
    CHECK_THAT(p.wavelength_after, WithinRel(2.0 * p.wavelength_before, 1e-15));
  }
  for (const RopePairInfo& p : analyze_rope_scaling(8, 10000.0, scaling(RopeScalingType::none), 100).pairs)
    CHECK(p.regime == RopePairRegime::unchanged);
  RopeScaling dyn = scaling(RopeScalingType::dynamic);
  dyn.factor = 4.0;
  dyn.original_max = 16;
  for (const RopePairInfo& p : analyze_rope_scaling(8, 10000.0, dyn).pairs)
    CHECK(p.regime == RopePairRegime::unchanged);
  dyn.seq_len = 64;
  CHECK(analyze_rope_scaling(8, 10000.0, dyn).pairs[3].regime == RopePairRegime::interpolated);

  // longrope: rescaled pairs, ramp = ln f_i / ln S.
  RopeScaling lr = scaling(RopeScalingType::longrope);
  lr.original_max = 16;
  lr.max_positions = 64;
  lr.short_factor = {1.0, 1.0, 1.0, 1.0};
  lr.long_factor = {1.0, 2.0, 4.0, 8.0};
  lr.seq_len = 64;
  const RopeScalingAnalysis l = analyze_rope_scaling(8, 10000.0, lr);
  CHECK(l.pairs[0].regime == RopePairRegime::unchanged);
  CHECK(l.pairs[1].regime == RopePairRegime::rescaled);
  CHECK_THAT(l.pairs[2].ramp, WithinRel(1.0, 1e-15));  // ln 4 / ln 4
  CHECK_THAT(l.pairs[3].ramp, WithinRel(1.5, 1e-15));

  // A context is needed: none has no L of its own.
  CHECK_THAT(error_of([] { analyze_rope_scaling(8, 10000.0, scaling(RopeScalingType::none)); }),
             Contains("needs a context length"));
  CHECK_THAT(error_of([] { analyze_rope_scaling(8, 10000.0, scaling(RopeScalingType::none), 0); }),
             Contains("at least 1"));
  CHECK(to_string(RopePairRegime::blended) == "blended");
}

TEST_CASE("invalid scalings are refused with one line naming the parameters", "[rope_scaling]") {
  auto refuse = [](const RopeScaling& s, const std::string& part, std::int64_t dims = 8,
                   double base = 10000.0) {
    const std::string message = error_of([&] { rope_frequencies(dims, base, s); });
    INFO(message);
    CHECK_THAT(message, Contains(part));
    CHECK(message.find('\n') == std::string::npos);
  };
  refuse(scaling(RopeScalingType::linear), "linear scaling needs factor");
  refuse(scaling(RopeScalingType::ntk), "ntk scaling needs factor");
  RopeScaling s = scaling(RopeScalingType::yarn);
  refuse(s, "yarn scaling needs factor and original_max");
  s.factor = 4.0;
  refuse(s, "yarn scaling needs original_max");
  s = scaling(RopeScalingType::llama3);
  s.factor = 8.0;
  s.original_max = 8192;
  refuse(s, "llama3 scaling needs low_freq_factor and high_freq_factor");
  s.low_freq_factor = 4.0;
  s.high_freq_factor = 1.0;
  refuse(s, "high_freq_factor (1) must be above low_freq_factor (4)");
  s.low_freq_factor = 1.0;
  s.high_freq_factor = 4.0;
  s.beta_fast = 32.0;
  refuse(s, "beta_fast does not apply to llama3 scaling");
  s.beta_fast.reset();
  s.truncate = false;
  refuse(s, "truncate does not apply to llama3 scaling");
  RopeScaling none = scaling(RopeScalingType::none);
  none.factor = 2.0;
  none.seq_len = 10;
  refuse(none, "factor and seq_len do not apply to none scaling");
  RopeScaling lin = scaling(RopeScalingType::linear);
  for (double bad : {0.0, -1.0, std::nan(""), HUGE_VAL}) {
    lin.factor = bad;
    refuse(lin, "factor must be a finite number above 0");
  }
  lin.factor = 2.0;
  refuse(lin, "even number of rotated dimensions", 7);
  refuse(lin, "even number of rotated dimensions", 0);
  refuse(lin, "base must be", 8, -1.0);
  RopeScaling y = scaling(RopeScalingType::yarn);
  y.factor = 4.0;
  y.original_max = 4096;
  refuse(y, "yarn scaling needs base above 1", 8, 1.0);
  refuse(y, "yarn scaling needs base above 1", 8, 0.5);
  y.mscale = 1.0;
  refuse(y, "mscale needs mscale_all_dim");
  y.mscale_all_dim = 1.0;
  y.attention_factor = 1.1;
  refuse(y, "attention_factor contradicts mscale and mscale_all_dim");
  y.mscale.reset();
  y.mscale_all_dim.reset();
  y.attention_factor = -1.0;
  refuse(y, "attention_factor must be a finite number above 0");
  y.attention_factor.reset();
  y.beta_slow = 0.0;
  refuse(y, "beta_slow must be a finite number above 0");
  y.beta_slow.reset();
  y.original_max = 0;
  refuse(y, "original_max must be at least 1");
  RopeScaling d = scaling(RopeScalingType::dynamic);
  d.factor = 2.0;
  d.original_max = 16;
  d.seq_len = 0;
  refuse(d, "seq_len must be at least 1");
  RopeScaling lr = scaling(RopeScalingType::longrope);
  refuse(lr, "longrope scaling needs original_max, short_factor, long_factor and factor or max_positions");
  lr.original_max = 16;
  lr.short_factor = {1.0, 1.0, 1.0};
  lr.long_factor = {1.0, 1.0, 1.0, 1.0};
  lr.max_positions = 64;
  refuse(lr, "short_factor has 3 values but 4 are needed");
  lr.short_factor = {1.0, 1.0, 0.0, 1.0};
  refuse(lr, "short_factor[2] must be a finite number above 0");
  lr.short_factor = {1.0, 1.0, 1.0, 1.0};
  lr.original_max = 1;
  refuse(lr, "original_max 2 or more");
  lr.attention_factor = 1.0;  // no default attention factor needed: fine
  CHECK_NOTHROW(rope_frequencies(8, 10000.0, lr));
  // seq_len and attention_factor alone decide everything longrope needs.
  RopeScaling lr2 = scaling(RopeScalingType::longrope);
  lr2.original_max = 16;
  lr2.short_factor = lr.short_factor;
  lr2.long_factor = lr.long_factor;
  lr2.seq_len = 20;
  refuse(lr2, "longrope scaling needs factor or max_positions");
  lr2.attention_factor = 1.0;
  CHECK(rope_frequencies(8, 10000.0, lr2).long_factors);
  // rope_params_missing / applies, used by the CLI to name its options.
  CHECK(rope_params_missing(scaling(RopeScalingType::llama3)) ==
        std::vector<RopeParam>{RopeParam::factor, RopeParam::original_max, RopeParam::low_freq_factor,
                               RopeParam::high_freq_factor});
  CHECK(rope_param_applies(RopeScalingType::longrope, RopeParam::seq_len));
  CHECK_FALSE(rope_param_applies(RopeScalingType::ntk, RopeParam::original_max));
}

TEST_CASE("partial rotary factor: rotated dimensions int(D x factor)", "[rope_scaling]") {
  CHECK(rope_rotated_dims(128) == 128);
  CHECK(rope_rotated_dims(128, 0.25) == 32);
  CHECK(rope_rotated_dims(80, 0.4) == 32);  // Phi-2: int(80 x 0.4) = 32
  CHECK(rope_rotated_dims(96, 0.5) == 48);
  CHECK_THAT(error_of([] { rope_rotated_dims(10, 0.5); }), Contains("= 5 dimensions; that must be even"));
  CHECK_THAT(error_of([] { rope_rotated_dims(7); }), Contains("= 7 dimensions"));
  CHECK_THAT(error_of([] { rope_rotated_dims(128, 0.0); }),
             Contains("partial_rotary_factor must be above 0"));
  CHECK_THAT(error_of([] { rope_rotated_dims(128, 1.5); }), Contains("at most 1"));
  CHECK_THAT(error_of([] { rope_rotated_dims(0); }), Contains("head_dim must be at least 1"));
}

TEST_CASE("rope_apply_frequencies: the unscaled case is rope_apply; partial rotary and attention factor",
          "[rope_scaling]") {
  Matrix x(5, 8);
  for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = std::sin(1.7 * static_cast<double>(i) + 0.3);
  for (RopePairing pairing : {RopePairing::adjacent, RopePairing::half}) {
    const std::vector<double> theta = rope_inverse_frequencies(8, 100.0);
    const Matrix a = rope_apply_frequencies(x, theta, pairing, 7);
    const Matrix b = rope_apply(x, 100.0, pairing, 7);
    CHECK((a - b).cwiseAbs().maxCoeff() < 1e-14);
    // Partial rotary: 2 pairs rotate columns 0..3 (pairs within them), columns 4..7 pass through.
    const std::vector<double> two = rope_inverse_frequencies(4, 100.0);
    const Matrix p = rope_apply_frequencies(x, two, pairing, 7);
    CHECK(p.rightCols(4) == x.rightCols(4));
    const Matrix head = x.leftCols(4);
    CHECK((p.leftCols(4) - rope_apply(head, 100.0, pairing, 7)).cwiseAbs().maxCoeff() < 1e-14);
    // The attention factor scales the rotated coordinates (transformers multiplies cos and sin).
    const Matrix s = rope_apply_frequencies(x, two, pairing, 7, 1.5);
    CHECK((s.leftCols(4) - 1.5 * p.leftCols(4)).cwiseAbs().maxCoeff() < 1e-14);
    CHECK(s.rightCols(4) == x.rightCols(4));
  }
  CHECK_THAT(error_of([&] { rope_apply_frequencies(x, std::vector<double>(5, 1.0), RopePairing::half); }),
             Contains("rotates 10 columns but the matrix has 8"));
  CHECK_THAT(error_of([&] { rope_apply_frequencies(x, std::vector<double>(), RopePairing::half); }),
             Contains("at least one"));
}

TEST_CASE("model presets: the shipped config.json files", "[rope_scaling]") {
  const std::filesystem::path dir = models_dir();
  const ModelConfig llama2 = load_model_config(dir / "llama-2-7b.json");
  CHECK(llama2.model_type == "llama");
  CHECK(llama2.head_dim == 128);
  CHECK(llama2.rope_theta == 10000.0);
  CHECK(llama2.max_position_embeddings == 4096);
  CHECK(llama2.scaling.type == RopeScalingType::none);
  CHECK(llama2.warnings.empty());

  const ModelConfig llama31 = load_model_config(dir / "llama-3.1-8b.json");
  CHECK(llama31.head_dim == 128);
  CHECK(llama31.rope_theta == 500000.0);
  CHECK(llama31.max_position_embeddings == 131072);
  CHECK(llama31.scaling.type == RopeScalingType::llama3);
  CHECK(llama31.scaling.factor == 8.0);
  CHECK(llama31.scaling.low_freq_factor == 1.0);
  CHECK(llama31.scaling.high_freq_factor == 4.0);
  CHECK(llama31.scaling.original_max == 8192);
  CHECK(llama31.warnings.empty());
  const RopeFrequencies f = rope_frequencies(llama31.rotated_dims(), llama31.rope_theta, llama31.scaling);
  REQUIRE(f.inv_freq.size() == 64);
  CHECK(f.inv_freq[0] == 1.0);
  CHECK_THAT(f.inv_freq[63], WithinRel(std::pow(500000.0, -126.0 / 128.0) / 8.0, 1e-14));

  const ModelConfig qwen = load_model_config(dir / "qwen2-7b.json");
  CHECK(qwen.head_dim == 128);  // 3584 / 28
  CHECK(qwen.rope_theta == 1000000.0);
  CHECK(qwen.scaling.type == RopeScalingType::none);

  const ModelConfig qwen_yarn = load_model_config(dir / "qwen2-7b-instruct-yarn.json");
  CHECK(qwen_yarn.scaling.type == RopeScalingType::yarn);  // from the older "type" key
  CHECK(qwen_yarn.scaling.factor == 4.0);
  CHECK(qwen_yarn.scaling.original_max == 32768);
  CHECK_FALSE(qwen_yarn.scaling.beta_fast);  // default 32
  CHECK_THAT(rope_frequencies(128, 1e6, qwen_yarn.scaling).attention_factor,
             WithinRel(0.1 * std::log(4.0) + 1.0, 1e-15));

  const ModelConfig mistral = load_model_config(dir / "mistral-7b-v0.1.json");
  CHECK(mistral.head_dim == 128);
  CHECK(mistral.rope_theta == 10000.0);
  CHECK(mistral.max_position_embeddings == 32768);
  CHECK(mistral.scaling.type == RopeScalingType::none);
  CHECK(mistral.warnings.empty());

  CHECK_THAT(error_of([&] { load_model_config(dir / "no-such-model.json"); }),
             Contains("no-such-model.json"));
}

TEST_CASE("model configs: transformers' reading rules", "[rope_scaling]") {
  // rope_theta defaults to 10000; head_dim wins over hidden_size / heads; partial rotary factor.
  ModelConfig c = parse_model_config(R"({"hidden_size": 2560, "num_attention_heads": 32, "head_dim": 128,
                                         "partial_rotary_factor": 0.25, "max_position_embeddings": 2048})",
                                     "c.json");
  CHECK(c.head_dim == 128);
  CHECK(c.rope_theta == 10000.0);
  CHECK_FALSE(c.rope_theta_given);
  CHECK(c.rotated_dims() == 32);
  // transformers 5's rope_parameters, with rope_theta and partial_rotary_factor inside.
  c = parse_model_config(
      R"({"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 131072,
        "rope_parameters": {"rope_type": "llama3", "rope_theta": 500000.0, "factor": 8.0, "low_freq_factor": 1.0,
        "high_freq_factor": 4.0, "original_max_position_embeddings": 8192, "partial_rotary_factor": 0.5}})",
      "v5.json");
  CHECK(c.rope_theta == 500000.0);
  CHECK(c.rotated_dims() == 64);
  CHECK(c.scaling.type == RopeScalingType::llama3);
  // Phi-3 style longrope: original_max_position_embeddings at the top level, factor = M / L.
  std::string shortf = "[", longf = "[";
  for (int i = 0; i < 48; ++i) {
    shortf += std::string(i ? "," : "") + "1.0";
    longf += std::string(i ? "," : "") + std::to_string(1.0 + i * 0.5);
  }
  shortf += "]";
  longf += "]";
  c = parse_model_config(
      R"({"hidden_size": 3072, "num_attention_heads": 32, "max_position_embeddings": 131072,
        "original_max_position_embeddings": 4096, "rope_theta": 10000.0,
        "rope_scaling": {"type": "longrope", "short_factor": )" +
          shortf + R"(, "long_factor": )" + longf + "}}",
      "phi3.json");
  CHECK(c.head_dim == 96);
  CHECK(c.scaling.original_max == 4096);
  CHECK(c.scaling.max_positions == 131072);
  CHECK_FALSE(c.scaling.factor);
  CHECK_FALSE(rope_frequencies(96, 10000.0, c.scaling).long_factors);  // no sequence length: short
  RopeScaling long_context = c.scaling;
  long_context.seq_len = 4097;
  const RopeFrequencies lr = rope_frequencies(96, 10000.0, long_context);
  CHECK(lr.long_factors);
  CHECK_THAT(lr.attention_factor, WithinRel(std::sqrt(1.0 + std::log(32.0) / std::log(4096.0)), 1e-15));
  // DeepSeek-style yarn: mscale pair; beta 0 means the default (Python's `or`); unknown keys warn.
  c = parse_model_config(R"({"head_dim": 64, "max_position_embeddings": 163840, "rope_scaling": {
        "type": "yarn", "factor": 40, "original_max_position_embeddings": 4096, "beta_fast": 0, "beta_slow": 1,
        "mscale": 0.707, "mscale_all_dim": 0.707, "finetuned": true}})",
                         "ds.json");
  CHECK(c.scaling.factor == 40.0);
  CHECK_FALSE(c.scaling.beta_fast);
  CHECK(c.scaling.mscale == 0.707);
  CHECK(rope_frequencies(64, 10000.0, c.scaling).attention_factor == 1.0);
  REQUIRE(c.warnings.size() == 2);
  CHECK_THAT(c.warnings[0], Contains("rope_theta is not set: 10000"));
  CHECK_THAT(c.warnings[1], Contains("rope_scaling.finetuned is not a RoPE parameter"));
  // mscale alone is ignored (with a warning), as transformers does; yarn's L falls back to M.
  c = parse_model_config(
      R"({"head_dim": 64, "max_position_embeddings": 2048, "rope_theta": 10000, "rope_scaling": {"rope_type":
          "yarn", "factor": 2, "mscale": 0.5, "truncate": false, "beta_fast": 32, "beta_slow": 1}})",
      "y.json");
  CHECK_FALSE(c.scaling.mscale);
  CHECK(c.scaling.original_max == 2048);
  CHECK_FALSE(c.scaling.truncate);
  REQUIRE(c.warnings.size() == 1);
  CHECK_THAT(c.warnings[0], Contains("rope_scaling.mscale is ignored without the other one"));
  // dynamic uses max_position_embeddings, ignoring rope_scaling's original (with a warning).
  c = parse_model_config(
      R"({"head_dim": 64, "max_position_embeddings": 4096, "rope_theta": 10000, "rope_scaling": {"type": "dynamic",
        "factor": 2.0, "original_max_position_embeddings": 1024}})",
      "d.json");
  CHECK(c.scaling.original_max == 4096);
  CHECK(c.warnings.size() == 1);
  // "default" is none; linear and pelab's ntk need a factor.
  c = parse_model_config(R"({"head_dim": 64, "rope_scaling": {"rope_type": "default"}})", "n.json");
  CHECK(c.scaling.type == RopeScalingType::none);
  c = parse_model_config(R"({"head_dim": 64, "rope_scaling": {"rope_type": "ntk", "factor": 3}})", "k.json");
  CHECK(c.scaling.type == RopeScalingType::ntk);
  // Switching a preset's scaling keeps the model's context lengths.
  const ModelConfig llama31 = load_model_config(models_dir() / "llama-3.1-8b.json");
  const RopeScaling as_yarn = model_scaling_for(llama31, RopeScalingType::yarn);
  CHECK(as_yarn.type == RopeScalingType::yarn);
  CHECK(as_yarn.original_max == 8192);
  CHECK_FALSE(as_yarn.factor);
  CHECK(model_scaling_for(llama31, RopeScalingType::dynamic).original_max == 131072);
  CHECK(model_scaling_for(llama31, RopeScalingType::llama3) == llama31.scaling);
  CHECK(model_scaling_for(llama31, RopeScalingType::longrope).max_positions == 131072);
}

TEST_CASE("model configs: malformed files are refused naming the field", "[rope_scaling]") {
  const std::string heads = R"("hidden_size": 4096, "num_attention_heads": 32)";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"{", "bad.json: not valid JSON"},
      {"[1, 2]", "must be a JSON object"},
      {R"({"hidden_size": "4096", "num_attention_heads": 32})", "hidden_size must be a positive integer"},
      {R"({"hidden_size": 4096})", "missing num_attention_heads"},
      {R"({"model_type": "llama"})",
       "needs head_dim, or hidden_size and num_attention_heads (missing all three)"},
      {R"({"hidden_size": 4096, "num_attention_heads": 30})",
       "hidden_size 4096 is not a multiple of num_attention_heads 30"},
      {R"({"head_dim": 0})", "head_dim must be an integer from 1"},
      {R"({"head_dim": -64})", "head_dim must be at least 1"},
      {R"({"head_dim": 64.5})", "head_dim must be a positive integer"},
      {R"({"head_dim": 63})", "= 63 dimensions; that must be even"},
      {"{" + heads + R"(, "rope_theta": -10})", "rope_theta must be above 0"},
      {"{" + heads + R"(, "rope_theta": "10000"})", "rope_theta must be a number"},
      {"{" + heads + R"(, "rope_theta": 1e999})", "not valid JSON"},  // nlohmann-json refuses the overflow
      {"{" + heads + R"(, "max_position_embeddings": 4096.5})",
       "max_position_embeddings must be a positive integer"},
      {"{" + heads + R"(, "partial_rotary_factor": 1.5})", "partial_rotary_factor must be at most 1"},
      {"{" + heads + R"(, "rope_scaling": "llama3"})", "rope_scaling must be an object or null"},
      {"{" + heads + R"(, "rope_scaling": {"rope_type": "magic", "factor": 2}})",
       "rope_scaling.rope_type \"magic\" is not a supported rope type (default, linear, ntk, dynamic, yarn, "
       "llama3, longrope, su, mrope)"},
      {"{" + heads + R"(, "rope_scaling": {"rope_type": "none"}})", "\"none\" is not a supported rope type"},
      {"{" + heads + R"(, "rope_scaling": {"rope_type": 3}})", "rope_scaling.rope_type must be a string"},
      {"{" + heads + R"(, "rope_scaling": {"rope_type": "linear"}})",
       "linear scaling needs rope_scaling.factor"},
      {"{" + heads + R"(, "rope_scaling": {"rope_type": "linear", "factor": "8"}})",
       "rope_scaling.factor must be a number (got \"8\")"},
      {"{" + heads + R"(, "rope_scaling": {"rope_type": "linear", "factor": 0}})",
       "rope_scaling.factor must be above 0"},
      {"{" + heads +
           R"(, "max_position_embeddings": 131072, "rope_scaling": {"rope_type": "llama3", "factor": 8,
          "high_freq_factor": 4, "original_max_position_embeddings": 8192}})",
       "llama3 scaling needs rope_scaling.low_freq_factor"},
      {"{" + heads + R"(, "rope_scaling": {"rope_type": "llama3", "factor": 8, "low_freq_factor": 1,
          "high_freq_factor": 4}})",
       "llama3 scaling needs rope_scaling.original_max_position_embeddings"},
      {"{" + heads + R"(, "rope_scaling": {"rope_type": "llama3", "factor": 8, "low_freq_factor": 4,
          "high_freq_factor": 1, "original_max_position_embeddings": 8192}})",
       "rope_scaling (llama3): high_freq_factor (1) must be above low_freq_factor (4)"},
      {"{" + heads + R"(, "rope_scaling": {"rope_type": "yarn", "factor": 4}})",
       "yarn scaling needs rope_scaling.original_max_position_embeddings or max_position_embeddings"},
      {"{" + heads + R"(, "max_position_embeddings": 4096, "rope_scaling": {"rope_type": "yarn", "factor": 4,
          "truncate": "yes"}})",
       "rope_scaling.truncate must be true or false"},
      {"{" + heads + R"(, "max_position_embeddings": 4096, "rope_scaling": {"rope_type": "yarn", "factor": 4,
          "beta_fast": -2}})",
       "rope_scaling.beta_fast must be above 0"},
      {"{" + heads + R"(, "rope_scaling": {"rope_type": "dynamic", "factor": 2}})",
       "dynamic scaling needs max_position_embeddings"},
      {"{" + heads + R"(, "max_position_embeddings": 4096, "rope_scaling": {"rope_type": "longrope",
          "short_factor": [1, 1], "long_factor": [1, 1]}})",
       "rope_scaling (longrope): short_factor has 2 values but 64 are needed"},
      {"{" + heads + R"(, "max_position_embeddings": 4096, "rope_scaling": {"rope_type": "longrope",
          "short_factor": [1, "a"], "long_factor": [1, 1]}})",
       "rope_scaling.short_factor[1] must be a number"},
      {"{" + heads + R"(, "max_position_embeddings": 4096, "rope_scaling": {"rope_type": "longrope",
          "short_factor": 1.0, "long_factor": [1, 1]}})",
       "rope_scaling.short_factor must be a list of numbers"},
      {"{" + heads + R"(, "max_position_embeddings": 4096, "rope_scaling": {"rope_type": "longrope",
          "long_factor": [1, 1]}})",
       "longrope scaling needs rope_scaling.short_factor"},
      {"{" + heads + R"(, "rope_scaling": {"rope_type": "linear", "factor": 2}, "rope_parameters":
          {"rope_type": "linear", "factor": 2}})",
       "rope_scaling and rope_parameters are both set"},
      {"{" + heads + R"(, "rope_parameters": {"full_attention": {"rope_type": "default"},
          "sliding_attention": {"rope_type": "default", "rope_theta": 10000}}})",
       "the model has two RoPEs, global (rope_parameters.full_attention) and local"},
      {"{" + heads +
           R"(, "rope_theta": 10000, "rope_parameters": {"rope_type": "default", "rope_theta": 500000}})",
       "rope_theta (10000) and rope_parameters.rope_theta (500000) contradict each other"},
      {"{" + heads +
           R"(, "original_max_position_embeddings": 4096, "rope_scaling": {"rope_type": "yarn", "factor": 4,
          "original_max_position_embeddings": 8192}})",
       "contradict each other"},
      {"{" + heads + R"(, "hidden_size": 2048})", "the key \"hidden_size\" appears twice"},
      {R"({"text_config": {"hidden_size": 4096}})", "(missing text_config.num_attention_heads)"},
  };
  for (const auto& [json, part] : cases) {
    const std::string message = error_of([&] { parse_model_config(json, "bad.json"); });
    INFO(json);
    INFO(message);
    CHECK_THAT(message, Contains(part));
    CHECK_THAT(message, Contains("bad.json: "));
    CHECK(message.find('\n') == std::string::npos);
  }
}

TEST_CASE("sinusoidal-concat with D = 1 is tensor2tensor's single zero column", "[rope_scaling]") {
  // tensor2tensor's get_timing_signal_1d: num_timescales = channels // 2 = 0, so the sines and
  // cosines are empty and tf.pad adds mod(channels, 2) = 1 zero column.
  EncodingParams p;
  p.kind = EncodingKind::sinusoidal_concat;
  p.positions = 5;
  p.dims = 1;
  p.start = 3;
  CHECK_NOTHROW(validate(p));
  const Matrix t = encode(p);
  REQUIRE(t.rows() == 5);
  REQUIRE(t.cols() == 1);
  CHECK(t.cwiseAbs().maxCoeff() == 0.0);
  const ConfigSpec spec = parse_config_spec("sinusoidal-concat:dims=1,positions=5");
  CHECK(spec.encoding.dims == 1);
  CHECK(encode(spec.encoding).cwiseAbs().maxCoeff() == 0.0);
}
