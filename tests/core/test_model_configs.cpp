// The corpus of published config.json files (tests/data/model_configs/, README.md there names each
// model): every file is read as transformers reads it, or refused with its reason. The expected
// numbers are derived here, from the closed forms below, never by running pelab:
//
// - default RoPE (modeling_rope_utils.py, _compute_default_rope_parameters):
//   theta_i = base^(-2i/D'), i = 0 .. D'/2 - 1, D' = int(head_dim * partial_rotary_factor), with
//   head_dim = config.head_dim or hidden_size // num_attention_heads; attention factor 1.
// - where the width comes from: DeepseekV2Config / DeepseekV3Config set head_dim =
//   qk_rope_head_dim (RoPE turns only q_pe and k_pe); GPTNeoXConfig reads rotary_pct as the partial
//   rotary factor and rotary_emb_base as rope_theta; GPTJConfig / CodeGenConfig rotate rotary_dim
//   columns of n_embd / n_head (attribute_map) with base 10000 (create_sinusoidal_positions).
// - linear: theta_i / S. dynamic: unchanged while the sequence is not longer than L.
// - llama3 (_compute_llama3_parameters): wavelength 2 pi / theta_i below L / high_freq_factor kept,
//   above L / low_freq_factor divided by S.
// - yarn (_compute_yarn_parameters): low = floor(D' ln(L / (2 pi beta_fast)) / (2 ln base)),
//   high = ceil(D' ln(L / (2 pi beta_slow)) / (2 ln base)) (no rounding when truncate is false),
//   clamped to [0, D' - 1]; ramp r_i = clamp((i - low) / (high - low)); theta'_i = theta_i (1 - r_i)
//   + theta_i / S r_i; attention factor 0.1 ln S + 1, or get_mscale(S, mscale) /
//   get_mscale(S, mscale_all_dim) when both are set.
// - longrope (_compute_longrope_parameters): theta_i / short_factor_i when no sequence length is
//   given; Phi3Config renames the legacy "su" to longrope; with a top-level
//   original_max_position_embeddings the attention factor is sqrt(1 + ln(M / L) / ln L).
// - mrope (Qwen2VLConfig): "mrope" is the default RoPE; text positions have equal temporal,
//   height and width ids, so their frequencies are the default ones.
// - Gemma3TextConfig: global layers use rope_theta and rope_scaling, local (sliding) layers
//   rope_local_base_freq with the default rope.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <numbers>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "pelab/model_config.hpp"
#include "pelab/rope_scaling.hpp"
#include "pelab/text.hpp"

using pelab::ModelConfig;
using pelab::ModelConfigOptions;
using pelab::RopeScalingType;

namespace {

const std::filesystem::path kCorpus = PELAB_MODEL_CONFIGS_DIR;
constexpr double kPi = std::numbers::pi;

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

nlohmann::json read_json(const std::string& name) {
  return nlohmann::json::parse(read_text(kCorpus / (name + ".json")));
}

double plain(double base, std::size_t i, std::size_t dims) {
  return std::pow(base, -2.0 * static_cast<double>(i) / static_cast<double>(dims));
}

// YaRN's theta'_i, written out from the formulas in the comment at the top.
double yarn(double base, std::size_t i, std::size_t dims, double factor, double original, double beta_fast,
            double beta_slow, bool truncate) {
  const auto d = static_cast<double>(dims);
  const auto correction = [&](double turns) {
    return d * std::log(original / (turns * 2.0 * kPi)) / (2.0 * std::log(base));
  };
  double low = correction(beta_fast), high = correction(beta_slow);
  if (truncate) {
    low = std::floor(low);
    high = std::ceil(high);
  }
  low = std::max(low, 0.0);
  high = std::min(high, d - 1.0);
  if (low == high) high += 0.001;
  const double ramp = std::clamp((static_cast<double>(i) - low) / (high - low), 0.0, 1.0);
  const double theta = plain(base, i, dims);
  return theta * (1.0 - ramp) + theta / factor * ramp;
}

struct Expected {
  std::string file;
  std::string layers;        // ModelConfigOptions::layers
  std::string refused;       // a part of the refusal, or "" when it is read
  std::int64_t rotated = 0;  // D'
  double base = 0.0;
  RopeScalingType type = RopeScalingType::none;
  double attention = 1.0;
  std::vector<std::pair<std::size_t, double>> inv_freq;  // (i, theta'_i)
  std::vector<std::string> warnings;                     // a part of each warning, in order
};

std::vector<Expected> corpus() {
  using T = RopeScalingType;
  const double ln2 = std::log(2.0);
  std::vector<Expected> e;
  // Llama 2: no rope_theta in the file, LlamaConfig's default 10000; 4096 / 32 = 128 wide.
  e.push_back({"llama-2-7b",
               "",
               "",
               128,
               1e4,
               T::none,
               1.0,
               {{0, 1.0}, {1, std::pow(1e4, -2.0 / 128)}, {63, std::pow(1e4, -126.0 / 128)}},
               {"rope_theta is not set: 10000"}});
  e.push_back({"llama-3-8b", "", "", 128, 5e5, T::none, 1.0, {{32, std::pow(5e5, -0.5)}}, {}});
  // Llama 3.1: L = 8192, high band below 8192 / 4 = 2048 positions kept, low band above 8192 divided by 8.
  {
    Expected x{"llama-3.1-8b", "", "", 128, 5e5, T::llama3, 1.0, {}, {}};
    for (std::size_t i = 0; i < 64; ++i) {
      const double theta = plain(5e5, i, 128);
      const double wavelength = 2.0 * kPi / theta;
      if (wavelength < 2048.0) x.inv_freq.push_back({i, theta});
      if (wavelength > 8192.0) x.inv_freq.push_back({i, theta / 8.0});
    }
    REQUIRE(x.inv_freq.size() > 40);
    e.push_back(x);
  }
  e.push_back({"llama-3.2-1b",
               "",
               "",
               64,
               5e5,
               T::llama3,
               1.0,
               {{0, 1.0}, {31, std::pow(5e5, -62.0 / 64) / 32.0}},
               {}});
  e.push_back({"mistral-7b-v0.1", "", "", 128, 1e4, T::none, 1.0, {{10, std::pow(1e4, -20.0 / 128)}}, {}});
  e.push_back({"mixtral-8x7b-v0.1", "", "", 128, 1e6, T::none, 1.0, {{63, std::pow(1e6, -126.0 / 128)}}, {}});
  // Mistral-Nemo: head_dim 128 although 5120 / 32 = 160.
  e.push_back(
      {"mistral-nemo-base-2407", "", "", 128, 1e6, T::none, 1.0, {{1, std::pow(1e6, -2.0 / 128)}}, {}});
  e.push_back({"qwen2-7b", "", "", 128, 1e6, T::none, 1.0, {{5, std::pow(1e6, -10.0 / 128)}}, {}});
  e.push_back(
      {"qwen2.5-7b-instruct", "", "", 128, 1e6, T::none, 1.0, {{64 - 1, std::pow(1e6, -126.0 / 128)}}, {}});
  // Qwen2.5's yarn variant: S = 4, L = 32768, betas left to 32 and 1; attention 0.1 ln 4 + 1.
  {
    Expected x{"qwen2.5-7b-instruct-yarn", "", "", 128, 1e6, T::yarn, 0.1 * std::log(4.0) + 1.0, {}, {}};
    for (std::size_t i : {0, 10, 20, 30, 40, 50, 63})
      x.inv_freq.push_back({i, yarn(1e6, i, 128, 4.0, 32768, 32, 1, true)});
    x.warnings = {"beta_fast is not set: 32", "beta_slow is not set: 1"};
    e.push_back(x);
  }
  e.push_back({"qwen3-8b", "", "", 128, 1e6, T::none, 1.0, {{2, std::pow(1e6, -4.0 / 128)}}, {}});
  // Qwen2-VL: mrope_section 16 + 24 + 24 = 64 = D/2; text positions get the default RoPE.
  e.push_back({"qwen2-vl-7b-instruct",
               "",
               "",
               128,
               1e6,
               T::none,
               1.0,
               {{16, std::pow(1e6, -32.0 / 128)}},
               {"M-RoPE"}});
  // Gemma: head_dim 256 (3072 / 16 = 192 and 3584 / 16 = 224 would be wrong).
  e.push_back({"gemma-7b", "", "", 256, 1e4, T::none, 1.0, {{127, std::pow(1e4, -254.0 / 256)}}, {}});
  e.push_back({"gemma-2-9b", "", "", 256, 1e4, T::none, 1.0, {{64, std::pow(1e4, -0.5)}}, {}});
  // Gemma 3: two RoPEs; refused until one is chosen.
  e.push_back({"gemma-3-1b-it",
               "",
               "two RoPEs, global layers (rope_theta 1000000) and local",
               0,
               0,
               T::none,
               1.0,
               {},
               {}});
  e.push_back({"gemma-3-1b-it", "global", "", 256, 1e6, T::none, 1.0, {{64, 1e-3}}, {}});
  e.push_back({"gemma-3-1b-it", "local", "", 256, 1e4, T::none, 1.0, {{64, 1e-2}}, {}});
  e.push_back({"gemma-3-1b-it",
               "both",
               "layers \"both\" is not one of this model's RoPEs (global, local)",
               0,
               0,
               T::none,
               1.0,
               {},
               {}});
  // gpt-oss: yarn S = 32 with truncate false (no floor/ceil), attention 0.1 ln 32 + 1.
  {
    Expected x{"gpt-oss-20b", "", "", 64, 150000, T::yarn, 0.1 * 5.0 * ln2 + 1.0, {}, {}};
    for (std::size_t i = 0; i < 32; i += 3)
      x.inv_freq.push_back({i, yarn(150000, i, 64, 32.0, 4096, 32, 1, false)});
    e.push_back(x);
  }
  // Falcon 7B: 4544 / 71 = 64; FalconConfig's rope_theta default 10000.
  e.push_back({"falcon-7b",
               "",
               "",
               64,
               1e4,
               T::none,
               1.0,
               {{31, std::pow(1e4, -62.0 / 64)}},
               {"rope_theta is not set: 10000"}});
  e.push_back({"falcon-rw-1b", "", "alibi is true", 0, 0, T::none, 1.0, {}, {}});
  e.push_back({"olmo-7b-hf", "", "", 128, 1e4, T::none, 1.0, {{3, std::pow(1e4, -6.0 / 128)}}, {}});
  e.push_back(
      {"c4ai-command-r-v01", "", "", 128, 8e6, T::none, 1.0, {{63, std::pow(8e6, -126.0 / 128)}}, {}});
  // InternLM2: dynamic NTK x2 with L = max_position_embeddings = 32768; no sequence longer: unchanged.
  e.push_back({"internlm2-7b", "", "", 128, 1e6, T::dynamic, 1.0, {{40, std::pow(1e6, -80.0 / 128)}}, {}});
  // Phi-1.5: 2048 / 32 = 64 wide, half rotated: 32 dims, 16 frequencies.
  e.push_back({"phi-1_5", "", "", 32, 1e4, T::none, 1.0, {{15, std::pow(1e4, -30.0 / 32)}}, {}});
  // Phi-2: 2560 / 32 = 80, int(80 * 0.4) = 32.
  e.push_back({"phi-2", "", "", 32, 1e4, T::none, 1.0, {{8, std::pow(1e4, -0.5)}}, {}});
  e.push_back(
      {"phi-3-mini-4k-instruct", "", "", 96, 1e4, T::none, 1.0, {{47, std::pow(1e4, -94.0 / 96)}}, {}});
  // Phi-3 "su" (longrope): short factors without a sequence length; M / L = 32, ln 32 / ln 4096 = 5/12.
  {
    const nlohmann::json file = read_json("phi-3-vision-128k-instruct-language-su");
    const std::vector<double> short_factor = file["rope_scaling"]["short_factor"].get<std::vector<double>>();
    REQUIRE(short_factor.size() == 48);
    Expected x{"phi-3-vision-128k-instruct-language-su",
               "",
               "",
               96,
               1e4,
               T::longrope,
               std::sqrt(1.0 + 5.0 / 12.0),
               {},
               {"\"su\" is the older name of longrope"}};
    for (std::size_t i : {0, 1, 12, 24, 47}) x.inv_freq.push_back({i, plain(1e4, i, 96) / short_factor[i]});
    e.push_back(x);
  }
  e.push_back({"phi-4", "", "", 128, 250000, T::none, 1.0, {{64 - 1, std::pow(250000.0, -126.0 / 128)}}, {}});
  // StableLM 2: 2048 / 32 = 64, a quarter rotated: 16 dims.
  e.push_back({"stablelm-2-1_6b", "", "", 16, 1e4, T::none, 1.0, {{7, std::pow(1e4, -14.0 / 16)}}, {}});
  // Pythia: 768 / 12 = 64, rotary_pct 0.25: 16 dims. GPT-NeoX-20B: 6144 / 64 = 96 -> 24 dims, 12 frequencies.
  e.push_back({"pythia-160m", "", "", 16, 1e4, T::none, 1.0, {{1, std::pow(1e4, -2.0 / 16)}}, {}});
  e.push_back({"gpt-neox-20b", "", "", 24, 1e4, T::none, 1.0, {{11, std::pow(1e4, -22.0 / 24)}}, {}});
  // GPT-J: n_embd 4096 / n_head 16 = 256 wide, rotary_dim 64 rotated, base 10000.
  e.push_back({"gpt-j-6b",
               "",
               "",
               64,
               1e4,
               T::none,
               1.0,
               {{31, std::pow(1e4, -62.0 / 64)}},
               {"rope_theta is not set: 10000"}});
  e.push_back({"codegen-350m-mono",
               "",
               "",
               32,
               1e4,
               T::none,
               1.0,
               {{15, std::pow(1e4, -30.0 / 32)}},
               {"rope_theta is not set: 10000"}});
  // DeepSeek: qk_rope_head_dim 64 (32 frequencies) although 2048 / 16 = 128 and 7168 / 128 = 56.
  // low = floor(64 ln(4096 / 64 pi) / 2 ln 1e4) = 10, high = ceil(64 ln(4096 / 2 pi) / 2 ln 1e4) = 23.
  for (const char* name : {"deepseek-v2-lite", "deepseek-v3"}) {
    Expected x{name, "", "", 64, 1e4, T::yarn, 1.0, {}, {}};
    x.inv_freq = {{0, 1.0},
                  {10, std::pow(1e4, -20.0 / 64)},
                  {16, std::pow(1e4, -32.0 / 64) * (1.0 - 6.0 / 13.0 + 6.0 / 13.0 / 40.0)},
                  {23, std::pow(1e4, -46.0 / 64) / 40.0},
                  {31, std::pow(1e4, -62.0 / 64) / 40.0}};
    e.push_back(x);
  }
  e.push_back({"gpt2", "", "model_type \"gpt2\" does not use RoPE", 0, 0, T::none, 1.0, {}, {}});
  return e;
}

}  // namespace

TEST_CASE("the corpus holds at least 25 model families, each file with its expectation", "[model_configs]") {
  std::set<std::string> files, expected;
  for (const auto& entry : std::filesystem::directory_iterator(kCorpus))
    if (entry.path().extension() == ".json") files.insert(entry.path().stem().string());
  for (const Expected& x : corpus()) expected.insert(x.file);
  CHECK(files == expected);
  // Families by model_type (Llama 2 and 3 share one, as do Qwen2 and Qwen2.5, Phi-3 and Phi-4).
  std::set<std::string> families;
  for (const std::string& name : files) {
    const nlohmann::json file = read_json(name);
    families.insert(file.value("model_type", std::string("?")) + "/" +
                    name.substr(0, name.find_first_of("-_")));
  }
  CHECK(families.size() >= 25);
}

TEST_CASE("every corpus config is computed as transformers computes it, or refused", "[model_configs]") {
  std::size_t right = 0, refused = 0;
  for (const Expected& x : corpus()) {
    INFO(x.file << (x.layers.empty() ? "" : " layers " + x.layers));
    const std::string text = read_text(kCorpus / (x.file + ".json"));
    if (!x.refused.empty()) {
      try {
        (void)pelab::parse_model_config(text, x.file, ModelConfigOptions{x.layers});
        FAIL("read, but it should be refused: " << x.refused);
      } catch (const pelab::Error& error) {
        CHECK(std::string(error.what()).find(x.refused) != std::string::npos);
        INFO(error.what());
        ++refused;
      }
      continue;
    }
    const ModelConfig c = pelab::parse_model_config(text, x.file, ModelConfigOptions{x.layers});
    const std::int64_t rotated = c.rotated_dims();
    CHECK(rotated == x.rotated);
    CHECK(c.rope_theta == x.base);
    CHECK(c.scaling.type == x.type);
    const pelab::RopeFrequencies f = pelab::rope_frequencies(rotated, c.rope_theta, c.scaling);
    CHECK(f.inv_freq.size() == static_cast<std::size_t>(x.rotated / 2));
    CHECK(f.attention_factor == Approx(x.attention).epsilon(1e-12));
    for (const auto& [i, value] : x.inv_freq) {
      INFO("theta_" << i);
      REQUIRE(i < f.inv_freq.size());
      CHECK(f.inv_freq[i] == Approx(value).epsilon(1e-12));
    }
    // Exactly the warnings expected: a real config says nothing it need not.
    CHECK(c.warnings.size() == x.warnings.size());
    for (std::size_t i = 0; i < std::min(c.warnings.size(), x.warnings.size()); ++i) {
      INFO(c.warnings[i]);
      CHECK(c.warnings[i].find(x.warnings[i]) != std::string::npos);
    }
    ++right;
  }
  CHECK(right == 33);
  CHECK(refused == 4);
}

namespace {

ModelConfig parse(const std::string& json, const std::string& layers = "") {
  return pelab::parse_model_config(json, "m.json", ModelConfigOptions{layers});
}

std::string refusal(const std::string& json, const std::string& layers = "") {
  try {
    (void)parse(json, layers);
  } catch (const pelab::Error& error) {
    return error.what();
  }
  return "";
}

bool warns(const ModelConfig& c, const std::string& part) {
  for (const std::string& w : c.warnings)
    if (w.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("every spelling of the width, the partial rotary and the base", "[model_configs]") {
  // GPT-NeoX's base is rotary_emb_base: 20000 gives theta_1 = 20000^(-2/24) (GPTNeoXConfig).
  ModelConfig c = parse(R"({"model_type": "gpt_neox", "hidden_size": 6144, "num_attention_heads": 64,
      "rotary_pct": 0.25, "rotary_emb_base": 20000, "max_position_embeddings": 2048})");
  CHECK(c.rotated_dims() == 24);
  CHECK(c.rope_theta == 20000.0);
  CHECK(c.warnings.empty());
  // Without rotary_pct, GPTNeoXConfig's default 0.25, said.
  c = parse(
      R"({"model_type": "gpt_neox", "hidden_size": 768, "num_attention_heads": 12, "rotary_emb_base": 10000})");
  CHECK(c.rotated_dims() == 16);
  CHECK(warns(c, "rotary_pct is not set: 0.25"));
  // Two spellings that disagree are refused; equal ones are one value.
  CHECK_THAT(refusal(R"({"hidden_size": 768, "num_attention_heads": 12, "rotary_pct": 0.25,
      "partial_rotary_factor": 0.5})"),
             Catch::Contains("partial_rotary_factor (0.5) and rotary_pct (0.25) contradict each other"));
  CHECK_THAT(refusal(R"({"hidden_size": 768, "num_attention_heads": 12, "rope_theta": 10000,
      "rotary_emb_base": 20000})"),
             Catch::Contains("contradict each other"));
  CHECK(parse(R"({"n_embd": 768, "hidden_size": 768, "n_head": 12})").head_dim == 64);
  // GPT-J keys: n_embd / n_head, rotary_dim; GPTJConfig's rotary_dim default 64, said.
  c = parse(R"({"model_type": "gptj", "n_embd": 4096, "n_head": 16})");
  CHECK(c.head_dim == 256);
  CHECK(c.rotated_dims() == 64);
  CHECK(warns(c, "rotary_dim is not set: 64"));
  CHECK_THAT(refusal(R"({"n_embd": 256, "n_head": 4, "rotary_dim": 96})"), Catch::Contains("rotary_dim"));
  CHECK_THAT(refusal(R"({"n_embd": 256, "n_head": 4, "rotary_dim": 32, "partial_rotary_factor": 0.5})"),
             Catch::Contains("rotary_dim (32) and partial_rotary_factor (0.5) contradict each other"));
  // DeepSeek: qk_rope_head_dim is what RoPE turns (32 frequencies of 64), not 7168 / 128 = 56.
  c = parse(R"({"model_type": "deepseek_v3", "hidden_size": 7168, "num_attention_heads": 128,
      "qk_rope_head_dim": 64, "qk_nope_head_dim": 128, "v_head_dim": 128, "rope_theta": 10000})");
  CHECK(c.head_dim == 64);
  CHECK(c.rotated_dims() == 64);
  CHECK(c.warnings.empty());
  // A nested text_config is the language model.
  c = parse(R"({"model_type": "llava", "vision_config": {"hidden_size": 1024}, "text_config": {"model_type":
      "llama", "hidden_size": 4096, "num_attention_heads": 32, "rope_theta": 500000}})");
  CHECK(c.model_type == "llama");
  CHECK(c.head_dim == 128);
  CHECK(c.rope_theta == 500000.0);
  // The base inside rope_parameters (transformers 5).
  CHECK(parse(R"({"head_dim": 64, "rope_parameters": {"rope_type": "default", "rope_theta": 1e6}})")
            .rope_theta == 1e6);
}

TEST_CASE("misspelt keys and defaults the file may have meant to set are said", "[model_configs]") {
  ModelConfig c = parse(R"({"head_dim": 64, "rope_thetta": 500000})");
  CHECK(c.rope_theta == 10000.0);
  CHECK(warns(c, "rope_thetta is not a key pelab or transformers reads; did you mean rope_theta?"));
  CHECK(warns(c, "rope_theta is not set: 10000"));
  c = parse(R"({"head_dim": 64, "rope_theta": 1e4, "partial_rotary_factr": 0.5})");
  CHECK(warns(c, "did you mean partial_rotary_factor?"));
  c = parse(R"({"head_dim": 64, "rope_theta": 1e4, "max_position_embeddings": 4096,
      "rope_scaling": {"rope_type": "yarn", "factr": 4, "factor": 2, "beta_fast": 16, "beta_slow": 2}})");
  CHECK(warns(c, "rope_scaling.factr is not a RoPE parameter; did you mean rope_scaling.factor?"));
  CHECK(c.warnings.size() == 1);
  // rope_type comes before type (transformers reads rope_type first).
  c = parse(
      R"({"head_dim": 64, "rope_theta": 1e4, "rope_scaling": {"rope_type": "linear", "type": "yarn", "factor": 2}})");
  CHECK(c.scaling.type == RopeScalingType::linear);
  CHECK(warns(c, "rope_scaling.type \"yarn\" is ignored"));
  // yarn without a factor: max_position_embeddings / original (transformers 5's rule), said.
  c = parse(R"({"head_dim": 64, "rope_theta": 1e4, "max_position_embeddings": 163840, "rope_scaling":
      {"rope_type": "yarn", "original_max_position_embeddings": 4096, "beta_fast": 32, "beta_slow": 1}})");
  CHECK(c.scaling.factor == 40.0);
  CHECK(warns(c, "factor is not set: max_position_embeddings"));
}

TEST_CASE("what one frequency list cannot hold is said", "[model_configs]") {
  const std::string mrope = R"({"hidden_size": 3584, "num_attention_heads": 28, "rope_theta": 1e6,
      "rope_scaling": {"type": "mrope", "mrope_section": [16, 24, 20]}})";
  CHECK_THAT(refusal(mrope),
             Catch::Contains("rope_scaling.mrope_section sums to 60 but M-RoPE splits the 64"));
  CHECK_THAT(refusal(R"({"head_dim": 128, "rope_theta": 1e6, "rope_scaling": {"type": "mrope"}})"),
             Catch::Contains("mrope scaling needs rope_scaling.mrope_section"));
  // Gemma 3 inside a multimodal file: text_config, default rope_theta 1e6 said, two RoPEs.
  const std::string gemma = R"({"model_type": "gemma3", "text_config": {"model_type": "gemma3_text",
      "head_dim": 256, "num_attention_heads": 8, "rope_scaling": {"factor": 8.0, "rope_type": "linear"}}})";
  CHECK_THAT(refusal(gemma), Catch::Contains("choose one of global, local"));
  ModelConfig c = parse(gemma, "global");
  CHECK(c.rope_theta == 1e6);
  CHECK(c.scaling.type == RopeScalingType::linear);
  CHECK(warns(c, "text_config.rope_theta is not set: 1000000"));
  c = parse(gemma, "local");
  CHECK(c.rope_theta == 1e4);
  CHECK(c.scaling.type == RopeScalingType::none);
  CHECK(warns(c, "rope_local_base_freq is not set: 10000"));
  // Per-layer rope_parameters (transformers 5): chosen by the layer type's name or its alias.
  const std::string layered = R"({"head_dim": 64, "max_position_embeddings": 8192, "rope_parameters": {
      "full_attention": {"rope_type": "linear", "factor": 8, "rope_theta": 1e6},
      "sliding_attention": {"rope_type": "default", "rope_theta": 1e4}}})";
  CHECK_THAT(refusal(layered), Catch::Contains("global (rope_parameters.full_attention) and local"));
  CHECK(parse(layered, "local").rope_theta == 1e4);
  CHECK(parse(layered, "global").scaling.factor == 8.0);
  CHECK_THAT(refusal(R"({"head_dim": 64})", "local"), Catch::Contains("the model has one RoPE"));
  // Phi-3.5-MoE's short_mscale / long_mscale (transformers' Phimoe test config uses 1.243163121016122);
  // with M / L = 32 the formula would give sqrt(1 + 5/12) = 1.1902 instead.
  std::string factors = "[";
  for (int i = 0; i < 64; ++i) factors += std::string(i ? ", " : "") + "1.0";
  factors += "]";
  c = parse(R"({"model_type": "phimoe", "hidden_size": 4096, "num_attention_heads": 32, "rope_theta": 1e4,
      "max_position_embeddings": 131072, "original_max_position_embeddings": 4096, "rope_scaling": {"type":
      "longrope", "short_mscale": 1.243163121016122, "long_mscale": 1.243163121016122, "short_factor": )" +
            factors + R"(, "long_factor": )" + factors + R"(, "original_max_position_embeddings": 4096}})");
  const pelab::RopeFrequencies f = pelab::rope_frequencies(c.rotated_dims(), c.rope_theta, c.scaling);
  CHECK(f.attention_factor == 1.243163121016122);
  CHECK(std::abs(f.attention_factor - std::sqrt(1.0 + 5.0 / 12.0)) > 0.05);
  // A top-level original_max_position_embeddings makes longrope's factor M / L (transformers 4).
  c = parse(
      R"({"hidden_size": 512, "num_attention_heads": 8, "rope_theta": 1e4, "max_position_embeddings": 8192,
      "original_max_position_embeddings": 1024, "rope_scaling": {"type": "longrope", "factor": 4, "short_factor": )" +
      factors.substr(0, 1 + 32 * 5 - 2) + R"(], "long_factor": )" + factors.substr(0, 1 + 32 * 5 - 2) +
      "]}}");
  CHECK_FALSE(c.scaling.factor);
  CHECK(warns(
      c,
      "rope_scaling.factor 4 is replaced by max_position_embeddings / original_max_position_embeddings = 8"));
}
