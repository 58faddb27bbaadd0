// Models by name from a local Hugging Face cache (pelab/io/hf_cache.hpp) that each test builds in a
// temporary directory: the cache's directory from the environment, refs and snapshots (relative
// links into blobs/ and real copies), the position table found by model type in a single file or
// in one shard of a sharded checkpoint with the model's row offset removed, config.json by name,
// and every refusal. The values loaded are checked against the bytes the test wrote.
#include <bit>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "hf_cache_tree.hpp"
#include "pelab/io/hf_cache.hpp"
#include "pelab/io/table_file.hpp"
#include "pelab/model_config.hpp"
#include "safetensors_bytes.hpp"
#include "temp_dir.hpp"

using namespace pelab::test;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;
using Catch::Matchers::StartsWith;
namespace fs = std::filesystem;

namespace {

// Sets an environment variable for the test's lifetime, then restores it.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_) {
      setenv(name_, old_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// The message of what `load` throws as a pelab::Error ("" when it does not throw).
template <typename F>
std::string refusal(F&& load) {
  try {
    load();
  } catch (const pelab::Error& e) {
    return e.what();
  }
  return "";
}

pelab::LoadedTable load(const std::string& name, const std::string& tensor = {},
                        const pelab::TableWindow& window = {}) {
  return pelab::load_position_table(name, tensor, pelab::default_max_table_bytes, {}, window);
}

// A header of F32 tensors laid out one after another; `data` gets their bytes (values from `values`).
struct Tensor {
  std::string name;
  std::string dtype;
  std::string shape;
  std::string bytes;
};
std::string checkpoint(const std::vector<Tensor>& tensors) {
  std::string header = "{";
  std::string data;
  for (const Tensor& t : tensors) {
    if (header.size() > 1) header += ", ";
    header += entry(t.name, t.dtype, t.shape, data.size(), data.size() + t.bytes.size());
    data += t.bytes;
  }
  return safetensors_bytes(header + "}", data);
}

// bfloat16 is the upper half of a float32 (exact for the values used: at most 8 significant bits).
std::uint16_t bf16_of(float value) {
  return static_cast<std::uint16_t>(std::bit_cast<std::uint32_t>(value) >> 16);
}

std::string one_line_config(const std::string& body) { return "{" + body + "}"; }

// GPT-2: a 5 x 3 F32 wpe, P[r, c] = 10 r + c + 0.5, in model.safetensors linked into blobs/, with
// an unrelated tensor before it.
void add_gpt2(const fs::path& hub) {
  HfCacheModel model(hub, "openai-community/gpt2");
  std::string wpe;
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 3; ++c) wpe += f32s({static_cast<float>(10 * r + c) + 0.5f});
  model.link(commit_of('a'), "config.json", one_line_config("\"model_type\": \"gpt2\", \"n_head\": 12"));
  model.link(
      commit_of('a'), "model.safetensors",
      checkpoint({{"h.0.ln_1.bias", "F32", "[3]", f32s({1, 2, 3})}, {"wpe.weight", "F32", "[5, 3]", wpe}}));
  model.ref("main", commit_of('a'));
}

}  // namespace

TEST_CASE("hf: the hub cache's directory follows huggingface_hub's order of variables", "[hf]") {
  pelab::HfEnvironment env;
  env.home = "/home/u";
  CHECK(pelab::hf_hub_cache_dir(env, "hf:x") == fs::path("/home/u/.cache/huggingface/hub"));
  env.xdg_cache_home = "/xdg";
  CHECK(pelab::hf_hub_cache_dir(env, "hf:x") == fs::path("/xdg/huggingface/hub"));
  env.hf_home = "~/hf";  // expanded as Python's expanduser does
  CHECK(pelab::hf_hub_cache_dir(env, "hf:x") == fs::path("/home/u/hf/hub"));
  env.huggingface_hub_cache = "/old-name";
  CHECK(pelab::hf_hub_cache_dir(env, "hf:x") == fs::path("/old-name"));
  env.hf_hub_cache = "/hub";
  CHECK(pelab::hf_hub_cache_dir(env, "hf:x") == fs::path("/hub"));
  CHECK_THAT(refusal([] { pelab::hf_hub_cache_dir(pelab::HfEnvironment{}, "hf:a/b"); }),
             StartsWith("hf:a/b: cannot find the Hugging Face cache"));
}

TEST_CASE("hf: names are ORG/NAME or NAME with an optional @REVISION", "[hf]") {
  const pelab::HfModelName plain = pelab::parse_hf_model_name("hf:facebook/opt-125m");
  CHECK(plain.repo_id == "facebook/opt-125m");
  CHECK(plain.revision == "main");
  CHECK_FALSE(plain.revision_given);
  const pelab::HfModelName pr = pelab::parse_hf_model_name("hf:gpt2@refs.x/pr/1");
  CHECK(pr.repo_id == "gpt2");
  CHECK(pr.revision == "refs.x/pr/1");
  CHECK(pr.revision_given);
  CHECK(pelab::names_hf_model("hf:anything"));
  CHECK_FALSE(pelab::names_hf_model("gpt2.safetensors"));
  for (const char* bad : {"hf:", "hf:/x", "hf:a/", "hf:a/b/c", "hf:a--b/c", "hf:../x", "hf:a/..", "hf:a/b@",
                          "hf:a/b@x//y", "hf:a/b@../main", "hf:a b/c", "hf:a/b@v1@v2"}) {
    INFO(bad);
    CHECK_THAT(
        refusal([&] { pelab::parse_hf_model_name(bad); }),
        Equals(std::string(bad) +
               ": not a model name: write hf:ORG/NAME or hf:ORG/NAME@REVISION (letters, digits, '-', '_' "
               "and '.')"));
  }
}

TEST_CASE("hf: GPT-2's wpe from model.safetensors linked into blobs/", "[hf]") {
  const TempDir tmp;
  add_gpt2(tmp.path / "hub");
  const ScopedEnv env("HF_HUB_CACHE", (tmp.path / "hub").string());
  const pelab::LoadedTable table = load("hf:openai-community/gpt2");
  REQUIRE(table.values.rows() == 5);
  REQUIRE(table.values.cols() == 3);
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 3; ++c) CHECK(table.values(r, c) == 10 * r + c + 0.5);
  CHECK(table.tensor == "wpe.weight");
  CHECK(table.model_type == "gpt2");
  CHECK(table.row_offset == 0);
  CHECK(table.positions() == 5);
  CHECK(table.path == fs::path("hf:openai-community/gpt2"));
  CHECK(table.description == "hf:openai-community/gpt2: wpe.weight (F32, 5 \u00d7 3)");
  // The tensors of the file that holds the table, by name.
  const std::vector<pelab::TensorInfo> listed = pelab::list_table_tensors("hf:openai-community/gpt2");
  REQUIRE(listed.size() == 2);
  CHECK(listed[1].name == "wpe.weight");
  // HF_HOME/hub when HF_HUB_CACHE is unset: the same model through a different variable.
  const TempDir home;
  add_gpt2(home.path / "hub");
  const ScopedEnv unset_hub("HF_HUB_CACHE", "");
  const ScopedEnv hf_home("HF_HOME", home.path.string());
  CHECK(load("hf:openai-community/gpt2").values(4, 2) == 42.5);
}

TEST_CASE("hf: OPT's table in a real-copy snapshot starts two rows in", "[hf]") {
  const TempDir tmp;
  HfCacheModel model(tmp.path / "hub", "facebook/opt-125m");
  // 7 stored rows x 2, F16, exact halves: row r holds (r - 2, (r - 2) / 4), so position p = r - 2 holds
  // (p, p / 4). Bit patterns: sign, 5 exponent bits biased by 15, 10 fraction bits.
  const std::uint16_t bits[7][2] = {{0xC000, 0xB800},   // -2, -0.5
                                    {0xBC00, 0xB400},   // -1, -0.25
                                    {0x0000, 0x0000},   // 0, 0
                                    {0x3C00, 0x3400},   // 1, 0.25
                                    {0x4000, 0x3800},   // 2, 0.5
                                    {0x4200, 0x3A00},   // 3, 0.75
                                    {0x4400, 0x3C00}};  // 4, 1
  std::string data;
  for (const auto& row : bits) data += u16s({row[0], row[1]});
  model.copy(commit_of('b'), "config.json", one_line_config("\"model_type\": \"opt\", \"pad_token_id\": 1"));
  model.copy(commit_of('b'), "model.safetensors",
             checkpoint({{"model.decoder.embed_positions.weight", "F16", "[7, 2]", data}}));
  model.ref("main", commit_of('b'));
  const ScopedEnv env("HF_HUB_CACHE", (tmp.path / "hub").string());

  const pelab::LoadedTable table = load("hf:facebook/opt-125m");
  CHECK(table.row_offset == 2);
  CHECK(table.stored_rows == 7);
  CHECK(table.positions() == 5);
  REQUIRE(table.values.rows() == 5);
  for (int p = 0; p < 5; ++p) {
    CHECK(table.values(p, 0) == p);
    CHECK(table.values(p, 1) == p / 4.0);
  }
  CHECK(table.dtype == "F16");
  CHECK_THAT(table.description, Contains("5 \u00d7 2") && Contains("position 0 = stored row 2 of 7"));
  // A window counts from position 0 too, and check_shape sees the positions, not the stored rows.
  std::int64_t seen_rows = 0;
  const pelab::LoadedTable part = pelab::load_position_table(
      "hf:facebook/opt-125m", {}, pelab::default_max_table_bytes,
      [&](std::int64_t rows, std::int64_t, std::string_view) { seen_rows = rows; }, pelab::TableWindow{2, 1});
  CHECK(seen_rows == 5);
  REQUIRE(part.values.rows() == 2);
  REQUIRE(part.values.cols() == 1);
  CHECK(part.values(0, 0) == 0.0);
  CHECK(part.values(1, 0) == 1.0);
}

TEST_CASE("hf: RoBERTa in a sharded checkpoint, its table in the second shard", "[hf]") {
  const TempDir tmp;
  HfCacheModel model(tmp.path / "hub", "FacebookAI/roberta-base");
  // 6 stored rows x 2, BF16: row r holds (r, -r / 8); padding_idx 1, so position 0 is stored row 2.
  std::string data;
  for (int r = 0; r < 6; ++r)
    data += u16s({bf16_of(static_cast<float>(r)), bf16_of(-static_cast<float>(r) / 8.0f)});
  const std::string commit = commit_of('c');
  model.link(commit, "config.json", one_line_config("\"model_type\": \"roberta\", \"pad_token_id\": 1"));
  // The first shard's blob is absent: only the shard holding the table may be opened.
  model.link_to(commit, "model-00001-of-00002.safetensors", "missing-blob");
  model.link(commit, "model-00002-of-00002.safetensors",
             checkpoint({{"roberta.embeddings.position_embeddings.weight", "BF16", "[6, 2]", data},
                         {"roberta.embeddings.word_embeddings.weight", "F32", "[1, 2]", f32s({7, 8})}}));
  model.link(commit, "model.safetensors.index.json",
             "{\"metadata\": {\"total_size\": 40}, \"weight_map\": {"
             "\"roberta.embeddings.word_embeddings.weight\": \"model-00002-of-00002.safetensors\", "
             "\"roberta.encoder.layer.0.output.dense.weight\": \"model-00001-of-00002.safetensors\", "
             "\"roberta.embeddings.position_embeddings.weight\": \"model-00002-of-00002.safetensors\"}}");
  model.ref("main", commit);
  const ScopedEnv env("HF_HUB_CACHE", (tmp.path / "hub").string());

  const pelab::LoadedTable table = load("hf:FacebookAI/roberta-base");
  CHECK(table.row_offset == 2);
  REQUIRE(table.values.rows() == 4);
  for (int p = 0; p < 4; ++p) {
    CHECK(table.values(p, 0) == p + 2);
    CHECK(table.values(p, 1) == -(p + 2) / 8.0);
  }
  CHECK(table.dtype == "BF16");

  // padding_idx 0 (pad_token_id 0) puts position 0 at stored row 1.
  HfCacheModel other(tmp.path / "hub", "someone/roberta-pad0");
  other.link(commit, "config.json", one_line_config("\"model_type\": \"xlm-roberta\", \"pad_token_id\": 0"));
  other.link(commit, "model.safetensors",
             checkpoint({{"roberta.embeddings.position_embeddings.weight", "BF16", "[6, 2]", data}}));
  other.ref("main", commit);
  const pelab::LoadedTable pad0 = load("hf:someone/roberta-pad0");
  CHECK(pad0.row_offset == 1);
  CHECK(pad0.values(0, 0) == 1.0);

  // A tensor the index does not map, named explicitly: refused naming the index.
  CHECK_THAT(
      refusal([] { load("hf:FacebookAI/roberta-base", "pooler.dense.weight"); }),
      StartsWith("hf:FacebookAI/roberta-base: ") && Contains("model.safetensors.index.json has no tensor "
                                                             "'pooler.dense.weight'"));
  // The word embeddings named explicitly: read from the shard with no offset (they are not the table).
  const pelab::LoadedTable words =
      load("hf:FacebookAI/roberta-base", "roberta.embeddings.word_embeddings.weight");
  CHECK(words.row_offset == 0);
  CHECK(words.values(0, 1) == 8.0);
}

TEST_CASE("hf: revisions through refs/, commit hashes directly, and bad refs", "[hf]") {
  const TempDir tmp;
  const fs::path hub = tmp.path / "hub";
  add_gpt2(hub);
  HfCacheModel model(hub, "openai-community/gpt2");
  model.link(commit_of('d'), "config.json", one_line_config("\"model_type\": \"gpt2\""));
  model.link(commit_of('d'), "model.safetensors",
             checkpoint({{"wpe.weight", "F32", "[1, 2]", f32s({-3, 4})}}));
  model.ref("v2", commit_of('d') + "\n");  // a trailing newline is tolerated
  const ScopedEnv env("HF_HUB_CACHE", hub.string());
  CHECK(load("hf:openai-community/gpt2@v2").values(0, 0) == -3.0);
  CHECK(load("hf:openai-community/gpt2@" + commit_of('d')).values(0, 1) == 4.0);
  CHECK(load("hf:openai-community/gpt2@" + commit_of('a')).values(0, 0) == 0.5);

  const pelab::HfSnapshot snapshot =
      pelab::hf_find_snapshot("hf:openai-community/gpt2@v2", pelab::hf_environment());
  CHECK(snapshot.commit == commit_of('d'));
  CHECK(snapshot.dir == hub / "models--openai-community--gpt2" / "snapshots" / commit_of('d'));

  const std::string missing = refusal([] { load("hf:openai-community/gpt2@v3"); });
  CHECK_THAT(missing,
             StartsWith("hf:openai-community/gpt2@v3: revision 'v3' is not in the cache") &&
                 Contains("huggingface-cli download openai-community/gpt2 config.json model.safetensors "
                          "--revision v3"));
  model.ref("broken", "not a hash");
  CHECK_THAT(refusal([] { load("hf:openai-community/gpt2@broken"); }),
             Equals("hf:openai-community/gpt2@broken: " + (model.dir() / "refs" / "broken").string() +
                    " does not hold a commit hash (40 hexadecimal digits)"));
  model.ref("gone", commit_of('e'));
  CHECK_THAT(refusal([] { load("hf:openai-community/gpt2@gone"); }),
             Contains("names commit " + commit_of('e') + ", but") && Contains("is missing"));
}

TEST_CASE("hf: a model not in the cache is refused with the command that fetches it", "[hf]") {
  const TempDir tmp;
  fs::create_directories(tmp.path / "hub");
  const ScopedEnv env("HF_HUB_CACHE", (tmp.path / "hub").string());
  const std::string message = refusal([] { load("hf:EleutherAI/gpt-neo-125m"); });
  CHECK(message ==
        "hf:EleutherAI/gpt-neo-125m: not in the local Hugging Face cache (no " +
            (tmp.path / "hub" / "models--EleutherAI--gpt-neo-125m").string() +
            "); pelab never downloads, fetch it with: huggingface-cli download EleutherAI/gpt-neo-125m "
            "config.json model.safetensors");
  CHECK(message.find('\n') == std::string::npos);
  // The same for a config.json asked for by name.
  CHECK_THAT(refusal([] { pelab::load_model_config("hf:meta-llama/Llama-3.1-8B"); }),
             StartsWith("hf:meta-llama/Llama-3.1-8B: not in the local Hugging Face cache") &&
                 Contains("huggingface-cli download meta-llama/Llama-3.1-8B config.json model.safetensors"));
}

TEST_CASE("hf: missing files, missing tensors and malformed indexes are refused", "[hf]") {
  const TempDir tmp;
  const fs::path hub = tmp.path / "hub";
  const ScopedEnv env("HF_HUB_CACHE", hub.string());
  const std::string c = commit_of('f');

  HfCacheModel dangling(hub, "org/dangling");  // config.json links to a blob that is not there
  dangling.link_to(c, "config.json", "gone");
  dangling.ref("main", c);
  CHECK_THAT(
      refusal([] { load("hf:org/dangling"); }),
      StartsWith("hf:org/dangling: the cached snapshot") &&
          Contains("has no config.json; fetch it with: huggingface-cli download org/dangling config.json"));

  HfCacheModel no_weights(hub, "org/no-weights");
  no_weights.link(c, "config.json", one_line_config("\"model_type\": \"gpt2\""));
  no_weights.ref("main", c);
  CHECK_THAT(refusal([] { load("hf:org/no-weights"); }),
             Contains("has neither model.safetensors nor model.safetensors.index.json"));

  HfCacheModel no_wpe(hub, "org/no-wpe");
  no_wpe.link(c, "config.json", one_line_config("\"model_type\": \"gpt2\""));
  no_wpe.link(c, "model.safetensors", checkpoint({{"wte.weight", "F32", "[1, 1]", f32s({1})}}));
  no_wpe.ref("main", c);
  CHECK_THAT(
      refusal([] { load("hf:org/no-wpe"); }),
      Contains("a gpt2 model keeps its position table as 'wpe.weight', 'transformer.wpe.weight', but") &&
          Contains("has none of them"));
  CHECK_THAT(refusal([] { load("hf:org/no-wpe", "lm_head.weight"); }),
             Contains("has no tensor 'lm_head.weight'"));

  HfCacheModel escape(hub, "org/escape");
  escape.link(c, "config.json", one_line_config("\"model_type\": \"gpt2\""));
  escape.link(c, "model.safetensors.index.json", "{\"weight_map\": {\"wpe.weight\": \"../../blobs/x\"}}");
  escape.ref("main", c);
  CHECK_THAT(
      refusal([] { load("hf:org/escape"); }),
      Contains("maps tensor 'wpe.weight' to \"../../blobs/x\", which is not the name of a file beside it"));

  HfCacheModel no_map(hub, "org/no-map");
  no_map.link(c, "config.json", one_line_config("\"model_type\": \"gpt2\""));
  no_map.link(c, "model.safetensors.index.json", "{\"metadata\": {}}");
  no_map.ref("main", c);
  CHECK_THAT(refusal([] { load("hf:org/no-map"); }), Contains("has no \"weight_map\" object"));

  HfCacheModel bad_config(hub, "org/bad-config");
  bad_config.link(c, "config.json", "[1, 2]");
  bad_config.ref("main", c);
  CHECK_THAT(refusal([] { load("hf:org/bad-config"); }), Contains("config.json is not a JSON object"));

  HfCacheModel short_table(hub, "org/short-opt");  // no row past OPT's two reserved ones
  short_table.link(c, "config.json", one_line_config("\"model_type\": \"opt\""));
  short_table.link(c, "model.safetensors",
                   checkpoint({{"model.decoder.embed_positions.weight", "F32", "[2, 1]", f32s({1, 2})}}));
  short_table.ref("main", c);
  CHECK_THAT(refusal([] { load("hf:org/short-opt"); }),
             Contains("has 2 rows, none after the 2 rows kept in front of position 0"));
}

TEST_CASE("hf: models without a table say what they use instead", "[hf]") {
  const TempDir tmp;
  const fs::path hub = tmp.path / "hub";
  const ScopedEnv env("HF_HUB_CACHE", hub.string());
  const std::string c = commit_of('1');
  const auto add = [&](const std::string& repo, const std::string& config) {
    HfCacheModel model(hub, repo);
    model.link(c, "config.json", config);
    model.link(c, "model.safetensors", checkpoint({{"x", "F32", "[2, 2]", f32s({1, 2, 3, 4})}}));
    model.ref("main", c);
  };
  add("bigscience/bloom-560m", one_line_config("\"model_type\": \"bloom\", \"n_head\": 16"));
  add("mosaicml/mpt-7b",
      one_line_config("\"model_type\": \"mpt\", \"n_heads\": 32, \"attn_config\": {\"alibi\": true}"));
  add("meta-llama/Llama-3.2-1B", one_line_config("\"model_type\": \"llama\", \"rope_theta\": 500000.0"));
  add("org/new-kind", one_line_config("\"model_type\": \"something_new\""));
  add("org/bloom-no-heads", one_line_config("\"model_type\": \"bloom\""));
  CHECK(refusal([] { load("hf:bigscience/bloom-560m"); }) ==
        "hf:bigscience/bloom-560m: a bloom model has no position table: it adds ALiBi's linear biases to its "
        "attention "
        "scores, 16 heads (pelab-cli alibi --heads 16 computes them)");
  CHECK_THAT(refusal([] { load("hf:mosaicml/mpt-7b"); }),
             Contains("a mpt model has no position table") && Contains("32 heads"));
  CHECK(refusal([] { load("hf:meta-llama/Llama-3.2-1B"); }) ==
        "hf:meta-llama/Llama-3.2-1B: a llama model has no position table: it rotates queries and keys "
        "(RoPE); read its "
        "config.json with --config hf:meta-llama/Llama-3.2-1B");
  CHECK_THAT(
      refusal([] { load("hf:org/new-kind"); }),
      Contains("does not know where a 'something_new' model keeps its position table (it knows gpt2,"));
  CHECK_THAT(refusal([] { load("hf:org/bloom-no-heads"); }), Contains("config.json has no \"n_head\""));
  // The head count the app's bias view is set to.
  const pelab::HfEnvironment process = pelab::hf_environment();
  CHECK(pelab::hf_alibi_heads(pelab::hf_find_snapshot("hf:bigscience/bloom-560m", process)) == 16);
  CHECK(pelab::hf_alibi_heads(pelab::hf_find_snapshot("hf:mosaicml/mpt-7b", process)) == 32);
  CHECK_FALSE(pelab::hf_alibi_heads(pelab::hf_find_snapshot("hf:meta-llama/Llama-3.2-1B", process)));
  // What each uses, from config.json alone (the app opens the bias or the rope view for them).
  const auto positions = [&](const char* name) {
    return pelab::hf_model_positions(pelab::hf_find_snapshot(name, process));
  };
  CHECK(positions("hf:bigscience/bloom-560m") == pelab::HfPositions::alibi);
  CHECK(positions("hf:mosaicml/mpt-7b") == pelab::HfPositions::alibi);
  CHECK(positions("hf:meta-llama/Llama-3.2-1B") == pelab::HfPositions::rotary);
  CHECK(positions("hf:org/new-kind") == pelab::HfPositions::unknown);
  // Any model's tensor loads when it is named, with no offset.
  const pelab::LoadedTable named = load("hf:org/new-kind", "x");
  CHECK(named.values(1, 0) == 3.0);
  CHECK(named.row_offset == 0);

  // MPT without ALiBi has a learned wpe.
  HfCacheModel mpt(hub, "org/mpt-learned");
  mpt.link(c, "config.json", one_line_config("\"model_type\": \"mpt\", \"attn_config\": {\"alibi\": false}"));
  mpt.link(c, "model.safetensors", checkpoint({{"transformer.wpe.weight", "F32", "[1, 2]", f32s({5, 6})}}));
  mpt.ref("main", c);
  CHECK(load("hf:org/mpt-learned").values(0, 1) == 6.0);
  CHECK(positions("hf:org/mpt-learned") == pelab::HfPositions::learned_table);
}

TEST_CASE("hf: load_model_config reads the snapshot's config.json", "[hf]") {
  const TempDir tmp;
  const fs::path hub = tmp.path / "hub";
  HfCacheModel model(hub, "meta-llama/Llama-3.2-1B");
  model.link(commit_of('2'), "config.json",
             "{\"model_type\": \"llama\", \"hidden_size\": 2048, \"num_attention_heads\": 32, "
             "\"max_position_embeddings\": 131072, \"rope_theta\": 500000.0}");
  model.ref("main", commit_of('2'));
  const ScopedEnv env("HF_HUB_CACHE", hub.string());
  const pelab::ModelConfig config = pelab::load_model_config("hf:meta-llama/Llama-3.2-1B");
  CHECK(config.source == "hf:meta-llama/Llama-3.2-1B");
  CHECK(config.model_type == "llama");
  CHECK(config.head_dim == 64);  // 2048 / 32
  CHECK(config.rope_theta == 500000.0);
  CHECK(config.max_position_embeddings == 131072);
  CHECK_THAT(refusal([] { pelab::load_model_config("hf:meta-llama/Llama-3.2-1B@v9"); }),
             Contains("revision 'v9' is not in the cache"));
}

namespace {

// rchar of /proc/self/io: the bytes this process has read through read-like calls so far.
std::uint64_t bytes_read_so_far() {
  std::ifstream io("/proc/self/io");
  std::string key;
  std::uint64_t value = 0;
  while (io >> key >> value) {
    if (key == "rchar:") return value;
  }
  return 0;
}

}  // namespace

TEST_CASE("hf: only the index, the headers and the table's bytes of a large sparse shard are read", "[hf]") {
  const TempDir tmp;
  const fs::path hub = tmp.path / "hub";
  HfCacheModel model(hub, "org/big-opt");
  const std::string c = commit_of('9');
  // Shard 2: a 512 MiB tensor (a hole: the file is sparse), then OPT's 4 x 2 table holding 1..8.
  const std::uint64_t big = std::uint64_t{512} << 20;
  const std::string header =
      "{" + entry("model.decoder.layers.0.fc1.weight", "F32", "[134217728]", 0, big) + ", " +
      entry("model.decoder.embed_positions.weight", "F32", "[4, 2]", big, big + 32) + "}";
  model.link(c, "model-00002-of-00002.safetensors", "");
  const fs::path shard = model.dir() / "blobs" / (c + "-model-00002-of-00002.safetensors");
  {
    std::ofstream out(shard, std::ios::binary);
    const std::string head = safetensors_bytes(header, "");
    out.write(head.data(), static_cast<std::streamsize>(head.size()));
    out.seekp(static_cast<std::streamoff>(head.size() + big));
    const std::string table = f32s({1, 2, 3, 4, 5, 6, 7, 8});
    out.write(table.data(), static_cast<std::streamsize>(table.size()));
  }
  REQUIRE(fs::file_size(shard) > big);
  model.link(c, "config.json", one_line_config("\"model_type\": \"opt\""));
  model.link(c, "model.safetensors.index.json",
             "{\"weight_map\": {\"model.decoder.layers.0.fc1.weight\": \"model-00002-of-00002.safetensors\", "
             "\"model.decoder.embed_positions.weight\": \"model-00002-of-00002.safetensors\"}}");
  model.ref("main", c);
  const ScopedEnv env("HF_HUB_CACHE", hub.string());
  const std::uint64_t before = bytes_read_so_far();
  const pelab::LoadedTable table = load("hf:org/big-opt");
  const std::uint64_t read = bytes_read_so_far() - before;
  REQUIRE(table.values.rows() == 2);
  CHECK(table.values(0, 0) == 5.0);
  CHECK(table.values(1, 1) == 8.0);
  // The config, the index, the ref, one 8-byte length and the header, and 16 bytes of table: far
  // below a single MiB of the hole.
  INFO("bytes read: " << read);
  CHECK(read < 4096);
}
