// pelab-cli with models named hf:ORG/NAME: --table and --config read from a Hugging Face cache that
// the test writes in a temporary directory and hands to the child through HF_HUB_CACHE.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "../io/hf_cache_tree.hpp"
#include "../io/safetensors_bytes.hpp"
#include "cli_runner.hpp"

using namespace cli_test;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

// HF_HUB_CACHE for the children started while it lives.
class HubCacheEnv {
 public:
  explicit HubCacheEnv(const std::string& value) {
    if (const char* old = std::getenv("HF_HUB_CACHE")) old_ = old;
    setenv("HF_HUB_CACHE", value.c_str(), 1);
  }
  ~HubCacheEnv() {
    if (old_) {
      setenv("HF_HUB_CACHE", old_->c_str(), 1);
    } else {
      unsetenv("HF_HUB_CACHE");
    }
  }
  HubCacheEnv(const HubCacheEnv&) = delete;
  HubCacheEnv& operator=(const HubCacheEnv&) = delete;

 private:
  std::optional<std::string> old_;
};

// The cache: an OPT model whose 6 x 4 F32 table holds 100 r + c at stored row r (OPT reserves rows 0
// and 1, so position p is stored row p + 2), sharded with the table in the second shard, and a Llama
// config.json.
void write_cache(const std::filesystem::path& hub) {
  const std::string commit = pelab::test::commit_of('7');
  pelab::test::HfCacheModel opt(hub, "facebook/opt-tiny");
  std::string table;
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 4; ++c) table += pelab::test::f32s({static_cast<float>(100 * r + c)});
  const std::string header =
      "{" + pelab::test::entry("model.decoder.embed_positions.weight", "F32", "[6, 4]", 0, 96) + "}";
  opt.link(commit, "config.json", "{\"model_type\": \"opt\", \"pad_token_id\": 1}");
  opt.link(
      commit, "model-00001-of-00002.safetensors",
      pelab::test::safetensors_bytes("{" + pelab::test::entry("lm_head.weight", "F32", "[1, 1]", 0, 4) + "}",
                                     pelab::test::f32s({9})));
  opt.link(commit, "model-00002-of-00002.safetensors", pelab::test::safetensors_bytes(header, table));
  opt.link(commit, "model.safetensors.index.json",
           "{\"weight_map\": {\"lm_head.weight\": \"model-00001-of-00002.safetensors\", "
           "\"model.decoder.embed_positions.weight\": \"model-00002-of-00002.safetensors\"}}");
  opt.ref("main", commit);

  pelab::test::HfCacheModel llama(hub, "meta-llama/Llama-tiny");
  llama.link(commit, "config.json",
             "{\"model_type\": \"llama\", \"hidden_size\": 64, \"num_attention_heads\": 4, "
             "\"max_position_embeddings\": 2048, \"rope_theta\": 500000.0}");
  llama.ref("main", commit);
}

}  // namespace

TEST_CASE("hf: encode learned --table hf:ORG/NAME reads the cached table from position 0", "[hf]") {
  TempDir dir;
  write_cache(dir.path() / "hub");
  const HubCacheEnv env((dir.path() / "hub").string());
  const pelab::NpyArray table = run_npy({"encode", "learned", "--table", "hf:facebook/opt-tiny"}, dir);
  REQUIRE(table.shape == std::vector<std::int64_t>{4, 4});
  for (std::int64_t p = 0; p < 4; ++p)
    for (std::int64_t c = 0; c < 4; ++c) CHECK(at(table, p, c) == static_cast<double>(100 * (p + 2) + c));
  // --start and --positions count positions, not stored rows.
  const pelab::NpyArray part =
      run_npy({"encode", "learned", "--table", "hf:facebook/opt-tiny", "--start", "1", "--positions", "2"},
              dir, "part.npy");
  REQUIRE(part.shape == std::vector<std::int64_t>{2, 4});
  CHECK(at(part, 0, 0) == 300.0);
  CHECK(at(part, 1, 3) == 403.0);
  // Past the last position: refused as for any table.
  const RunResult past = run_cli({"encode", "learned", "--table", "hf:facebook/opt-tiny", "--positions", "5",
                                  "--out", dir.file("x.npy")});
  CHECK(past.exit_code == 1);
  CHECK_THAT(past.err, Contains("has 4 rows (positions 0..3)"));
}

TEST_CASE("hf: rope-frequencies --config hf:ORG/NAME reads the cached config.json", "[hf]") {
  TempDir dir;
  write_cache(dir.path() / "hub");
  const HubCacheEnv env((dir.path() / "hub").string());
  const RunResult r = run_cli({"rope-frequencies", "--config", "hf:meta-llama/Llama-tiny", "--json"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  // head_dim 64 / 4 = 16: 8 frequencies 500000^(-2i/16).
  REQUIRE(j.at("inv_freq").size() == 8);
  for (std::size_t i = 0; i < 8; ++i) {
    INFO("pair " << i);
    CHECK_THAT(j.at("inv_freq")[i].get<double>(),
               Catch::Matchers::WithinRel(std::pow(500000.0, -2.0 * static_cast<double>(i) / 16.0), 1e-14));
  }
}

TEST_CASE("hf: a model missing from the cache is one line with the command that fetches it", "[hf]") {
  TempDir dir;
  write_cache(dir.path() / "hub");
  const HubCacheEnv env((dir.path() / "hub").string());
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"encode", "learned", "--table", "hf:openai-community/gpt2", "--out",
                                 dir.file("o.npy")},
        std::vector<std::string>{"rope-frequencies", "--config", "hf:openai-community/gpt2", "--json"}}) {
    const RunResult r = run_cli(args);
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK(is_one_error_line(r.err));
    CHECK_THAT(r.err,
               Contains("hf:openai-community/gpt2: not in the local Hugging Face cache") &&
                   Contains("huggingface-cli download openai-community/gpt2 config.json model.safetensors"));
    CHECK(r.out.empty());
  }
  CHECK_FALSE(std::filesystem::exists(dir.file("o.npy")));
  // A RoPE model has no table: the refusal points at --config.
  const RunResult rope =
      run_cli({"encode", "learned", "--table", "hf:meta-llama/Llama-tiny", "--out", dir.file("o.npy")});
  CHECK(rope.exit_code == 1);
  CHECK(is_one_error_line(rope.err));
  CHECK_THAT(rope.err, Contains("read its config.json with --config hf:meta-llama/Llama-tiny"));
}
