// Models by name from the local Hugging Face cache (pelab/io/hf_cache.hpp): the cache's directory
// from the environment, a name's snapshot through refs/, and where a model type keeps its learned
// position table. Only small files (refs, config.json, the index) and checkpoint headers are read.
#include "pelab/io/hf_cache.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <optional>
#include <system_error>

#include "pelab/io/atomic_file.hpp"
#include "pelab/io/table_file.hpp"
#include "pelab/types.hpp"

namespace pelab {
namespace {

using Json = nlohmann::json;
namespace fs = std::filesystem;

constexpr std::string_view prefix = "hf:";
constexpr std::uint64_t small_file_bytes = std::uint64_t{16} << 20;  // refs, config.json, an index
constexpr std::string_view single_file = "model.safetensors";
constexpr std::string_view index_file = "model.safetensors.index.json";

bool name_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
         c == '.';
}

// One ORG or NAME part: the characters the hub allows, not "." or "..", no "--" (the cache joins
// ORG and NAME with it).
bool valid_part(std::string_view part) {
  if (part.empty() || part == "." || part == "..") return false;
  if (part.find("--") != std::string_view::npos) return false;
  return std::all_of(part.begin(), part.end(), name_character);
}

bool valid_revision(std::string_view revision) {
  if (revision.empty()) return false;
  std::size_t begin = 0;
  while (true) {
    const std::size_t slash = revision.find('/', begin);
    const std::string_view part =
        revision.substr(begin, slash == std::string_view::npos ? slash : slash - begin);
    if (part.empty() || part == "." || part == "..") return false;
    if (!std::all_of(part.begin(), part.end(), name_character)) return false;
    if (slash == std::string_view::npos) return true;
    begin = slash + 1;
  }
}

bool commit_hash(std::string_view text) {
  return text.size() == 40 && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

// The command that would fetch the model's files (pelab itself never downloads).
std::string download_command(const HfModelName& name, std::string_view files) {
  std::string command = "huggingface-cli download " + name.repo_id + " " + std::string(files);
  if (name.revision_given) command += " --revision " + name.revision;
  return command;
}

constexpr std::string_view fetch_files = "config.json model.safetensors";

std::string environment_value(const char* variable) {
  const char* value = std::getenv(variable);
  return value ? std::string(value) : std::string();
}

// Python's os.path.expanduser for the one form a variable uses: a leading "~" or "~/".
fs::path expand_home(const std::string& value, const std::string& home) {
  if (!home.empty() && (value == "~" || value.starts_with("~/")))
    return fs::path(home) / value.substr(value.size() > 1 ? 2 : 1);
  return fs::path(value);
}

bool file_exists(const fs::path& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);  // follows links: a dangling link into blobs/ is not a file
}

bool dir_exists(const fs::path& path) {
  std::error_code ec;
  return fs::is_directory(path, ec);
}

std::string file_text(const fs::path& path) { return read_file_bytes(path, small_file_bytes); }

// The snapshot's config.json as a JSON object.
Json read_config(const HfSnapshot& snapshot) {
  const fs::path path = hf_snapshot_file(snapshot, "config.json");
  const std::string bytes = file_text(path);
  Json config = Json::parse(bytes, nullptr, false);
  if (config.is_discarded() || !config.is_object())
    throw Error(Text{TextId::hf_config_invalid, {snapshot.name.text, path.string()}});
  return config;
}

// A non-negative integer field of config.json, or nullopt when absent or null.
std::optional<std::int64_t> integer_field(const Json& config, const char* key, const HfSnapshot& snapshot) {
  const auto found = config.find(key);
  if (found == config.end() || found->is_null()) return std::nullopt;
  if (!found->is_number_integer() || found->get<std::int64_t>() < 0)
    throw Error(Text{TextId::hf_config_field, {snapshot.name.text, "config.json", key}});
  return found->get<std::int64_t>();
}

// One model type with a learned table: the names it is saved under (with and without the task
// model's prefix, in the order tried) and how its row offset is found.
enum class Offset { none, two, padding_plus_one };
struct TableRule {
  std::string_view model_type;
  std::array<std::string_view, 2> tensors;
  Offset offset;
};

// GPT-2 and GPT-Neo: wpe, offset 0. OPT: OPTLearnedPositionalEmbedding looks position p up at row
// p + 2 (its `offset` of 2). BERT, DistilBERT, ELECTRA: row p is position p. RoBERTa and the models
// built on it (XLM-R, CamemBERT) number positions from padding_idx + 1 (create_position_ids_from_
// input_ids: cumsum of the non-padding mask plus padding_idx), padding_idx being pad_token_id.
constexpr std::array<TableRule, 9> table_rules = {{
    {"gpt2", {"wpe.weight", "transformer.wpe.weight"}, Offset::none},
    {"gpt_neo", {"transformer.wpe.weight", "wpe.weight"}, Offset::none},
    {"opt", {"model.decoder.embed_positions.weight", "decoder.embed_positions.weight"}, Offset::two},
    {"bert",
     {"bert.embeddings.position_embeddings.weight", "embeddings.position_embeddings.weight"},
     Offset::none},
    {"distilbert",
     {"distilbert.embeddings.position_embeddings.weight", "embeddings.position_embeddings.weight"},
     Offset::none},
    {"electra",
     {"electra.embeddings.position_embeddings.weight", "embeddings.position_embeddings.weight"},
     Offset::none},
    {"roberta",
     {"roberta.embeddings.position_embeddings.weight", "embeddings.position_embeddings.weight"},
     Offset::padding_plus_one},
    {"xlm-roberta",
     {"roberta.embeddings.position_embeddings.weight", "embeddings.position_embeddings.weight"},
     Offset::padding_plus_one},
    {"camembert",
     {"roberta.embeddings.position_embeddings.weight", "embeddings.position_embeddings.weight"},
     Offset::padding_plus_one},
}};

// Model types whose attention rotates queries and keys: they have no table (their config.json goes
// to --config).
constexpr std::array<std::string_view, 30> rotary_types = {
    "llama",       "mistral", "mixtral",  "qwen2",       "qwen2_moe", "qwen3",    "qwen3_moe", "qwen2_vl",
    "gemma",       "gemma2",  "gemma3",   "gemma3_text", "phi",       "phi3",     "phimoe",    "gpt_neox",
    "gptj",        "codegen", "stablelm", "olmo",        "olmo2",     "cohere",   "internlm2", "deepseek_v2",
    "deepseek_v3", "gpt_oss", "granite",  "starcoder2",  "persimmon", "nemotron",
};

bool has_rotary_keys(const Json& config) {
  for (const char* key : {"rope_theta", "rope_scaling", "rope_parameters", "rotary_dim", "rotary_pct",
                          "rotary_emb_base", "partial_rotary_factor"}) {
    if (config.contains(key)) return true;
  }
  return false;
}

std::int64_t alibi_heads(const Json& config, const HfSnapshot& snapshot) {
  for (const char* key : {"n_head", "n_heads", "num_attention_heads"}) {
    if (const std::optional<std::int64_t> heads = integer_field(config, key, snapshot); heads && *heads > 0)
      return *heads;
  }
  throw Error(Text{TextId::hf_config_missing, {snapshot.name.text, "config.json", "n_head"}});
}

// Whether the model's attention uses ALiBi: BLOOM always; MPT unless attn_config.alibi is false (then
// it has a learned wpe); Falcon when "alibi" is true (else it rotates).
std::optional<bool> uses_alibi(const std::string& type, const Json& config) {
  if (type == "bloom") return true;
  if (type == "mpt") {
    const auto attn = config.find("attn_config");
    if (attn != config.end() && attn->is_object()) {
      const auto alibi = attn->find("alibi");
      if (alibi != attn->end() && alibi->is_boolean()) return alibi->get<bool>();
    }
    return true;
  }
  if (type == "falcon" || type == "RefinedWeb" || type == "RefinedWebModel") {
    const auto alibi = config.find("alibi");
    return alibi != config.end() && alibi->is_boolean() && alibi->get<bool>();
  }
  return std::nullopt;
}

const TableRule* rule_of(const std::string& model_type) {
  for (const TableRule& rule : table_rules) {
    if (rule.model_type == model_type) return &rule;
  }
  return nullptr;
}

// The kind of positions a model type (and its config) has; hf_find_position_table decides the same.
HfPositions positions_of(const std::string& model_type, const Json& config) {
  if (rule_of(model_type)) return HfPositions::learned_table;
  if (const std::optional<bool> alibi = uses_alibi(model_type, config)) {
    if (*alibi) return HfPositions::alibi;
    return model_type == "mpt" ? HfPositions::learned_table : HfPositions::rotary;
  }
  if (std::find(rotary_types.begin(), rotary_types.end(), model_type) != rotary_types.end() ||
      has_rotary_keys(config))
    return HfPositions::rotary;
  return HfPositions::unknown;
}

// The tensors of the snapshot's checkpoint and the file each lives in: model.safetensors's header,
// or the index's weight_map.
struct Checkpoint {
  fs::path single;                                       // model.safetensors, when that is the checkpoint
  fs::path index;                                        // else the index
  std::vector<std::pair<std::string, std::string>> map;  // index: tensor -> file name
  std::vector<std::string> names;                        // every tensor (single file: from its header)
};

Checkpoint read_checkpoint(const HfSnapshot& snapshot) {
  Checkpoint checkpoint;
  const fs::path single = snapshot.dir / single_file;
  const fs::path index = snapshot.dir / index_file;
  if (file_exists(single)) {
    checkpoint.single = single;
    for (const TensorInfo& info : list_table_tensors(single)) checkpoint.names.push_back(info.name);
    return checkpoint;
  }
  if (!file_exists(index)) {
    throw Error(
        Text{TextId::hf_no_checkpoint,
             {snapshot.name.text, snapshot.dir.string(), download_command(snapshot.name, fetch_files)}});
  }
  checkpoint.index = index;
  const Json root = Json::parse(file_text(index), nullptr, false);
  if (root.is_discarded() || !root.is_object())
    throw Error(Text{TextId::hf_index_invalid, {snapshot.name.text, index.string()}});
  const auto map = root.find("weight_map");
  if (map == root.end() || !map->is_object())
    throw Error(Text{TextId::hf_index_no_map, {snapshot.name.text, index.string()}});
  for (const auto& [tensor, file] : map->items()) {
    // A shard is a file beside the index: a plain name, never a path that leaves the snapshot.
    const std::string name = file.is_string() ? file.get<std::string>() : std::string();
    const bool plain =
        !name.empty() && name != "." && name != ".." && name.find_first_of("/\\:") == std::string::npos;
    if (!plain)
      throw Error(Text{TextId::hf_index_bad_file,
                       {snapshot.name.text, index.string(), quoted_tensor_name(tensor), file.dump()}});
    checkpoint.map.emplace_back(tensor, name);
    checkpoint.names.push_back(tensor);
  }
  return checkpoint;
}

// The file holding `tensor`, or an empty path when the checkpoint has no such tensor.
fs::path file_of(const Checkpoint& checkpoint, const HfSnapshot& snapshot, std::string_view tensor) {
  if (!checkpoint.single.empty()) {
    return std::find(checkpoint.names.begin(), checkpoint.names.end(), tensor) != checkpoint.names.end()
               ? checkpoint.single
               : fs::path();
  }
  for (const auto& [name, file] : checkpoint.map) {
    if (name == tensor) return hf_snapshot_file(snapshot, file);
  }
  return {};
}

std::string checkpoint_name(const Checkpoint& checkpoint) {
  return (checkpoint.single.empty() ? checkpoint.index : checkpoint.single).string();
}

}  // namespace

bool names_hf_model(std::string_view text) { return text.starts_with(prefix); }

HfModelName parse_hf_model_name(std::string_view text) {
  HfModelName name;
  name.text = std::string(text);
  const auto refuse = [&] { return Error(Text{TextId::hf_bad_name, {name.text}}); };
  if (!names_hf_model(text)) throw refuse();
  std::string_view rest = text.substr(prefix.size());
  const std::size_t at = rest.find('@');
  if (at != std::string_view::npos) {
    name.revision = std::string(rest.substr(at + 1));
    name.revision_given = true;
    if (!valid_revision(name.revision)) throw refuse();
    rest = rest.substr(0, at);
  } else {
    name.revision = "main";
  }
  const std::size_t slash = rest.find('/');
  if (slash == std::string_view::npos) {
    if (!valid_part(rest)) throw refuse();
  } else if (!valid_part(rest.substr(0, slash)) || !valid_part(rest.substr(slash + 1))) {
    throw refuse();
  }
  name.repo_id = std::string(rest);
  return name;
}

HfEnvironment hf_environment() {
  HfEnvironment env;
  env.hf_hub_cache = environment_value("HF_HUB_CACHE");
  env.huggingface_hub_cache = environment_value("HUGGINGFACE_HUB_CACHE");
  env.hf_home = environment_value("HF_HOME");
  env.xdg_cache_home = environment_value("XDG_CACHE_HOME");
#ifdef _WIN32
  env.home = environment_value("USERPROFILE");
#else
  env.home = environment_value("HOME");
#endif
  return env;
}

fs::path hf_hub_cache_dir(const HfEnvironment& env, std::string_view name_for_messages) {
  if (!env.hf_hub_cache.empty()) return expand_home(env.hf_hub_cache, env.home);
  if (!env.huggingface_hub_cache.empty()) return expand_home(env.huggingface_hub_cache, env.home);
  if (!env.hf_home.empty()) return expand_home(env.hf_home, env.home) / "hub";
  if (!env.xdg_cache_home.empty()) return expand_home(env.xdg_cache_home, env.home) / "huggingface" / "hub";
  if (!env.home.empty()) return fs::path(env.home) / ".cache" / "huggingface" / "hub";
  throw Error(Text{TextId::hf_no_cache, {std::string(name_for_messages)}});
}

HfSnapshot hf_find_snapshot(std::string_view text, const HfEnvironment& env) {
  HfSnapshot snapshot;
  snapshot.name = parse_hf_model_name(text);
  const HfModelName& name = snapshot.name;
  std::string folder = "models--" + name.repo_id;
  if (const std::size_t slash = folder.find('/'); slash != std::string::npos) folder.replace(slash, 1, "--");
  snapshot.model_dir = hf_hub_cache_dir(env, name.text) / folder;
  if (!dir_exists(snapshot.model_dir)) {
    throw Error(Text{TextId::hf_not_cached,
                     {name.text, snapshot.model_dir.string(), download_command(name, fetch_files)}});
  }
  const fs::path ref = snapshot.model_dir / "refs" / fs::path(name.revision);
  if (file_exists(ref)) {
    std::string commit = file_text(ref);
    while (!commit.empty() && (commit.back() == '\n' || commit.back() == '\r' || commit.back() == ' '))
      commit.pop_back();
    if (!commit_hash(commit)) throw Error(Text{TextId::hf_bad_ref, {name.text, ref.string()}});
    snapshot.commit = commit;
    snapshot.dir = snapshot.model_dir / "snapshots" / commit;
    if (!dir_exists(snapshot.dir)) {
      throw Error(Text{
          TextId::hf_no_snapshot,
          {name.text, ref.string(), commit, snapshot.dir.string(), download_command(name, fetch_files)}});
    }
    return snapshot;
  }
  if (commit_hash(name.revision) && dir_exists(snapshot.model_dir / "snapshots" / name.revision)) {
    snapshot.commit = name.revision;
    snapshot.dir = snapshot.model_dir / "snapshots" / name.revision;
    return snapshot;
  }
  throw Error(Text{TextId::hf_no_revision,
                   {name.text, name.revision, ref.string(), download_command(name, fetch_files)}});
}

fs::path hf_snapshot_file(const HfSnapshot& snapshot, std::string_view file) {
  const fs::path path = snapshot.dir / fs::path(std::string(file));
  if (!file_exists(path)) {
    throw Error(Text{TextId::hf_file_missing,
                     {snapshot.name.text, snapshot.dir.string(), std::string(file),
                      download_command(snapshot.name, std::string(file))}});
  }
  return path;
}

HfPositions hf_model_positions(const HfSnapshot& snapshot) {
  const Json config = read_config(snapshot);
  const auto type = config.find("model_type");
  const std::string model_type = type != config.end() && type->is_string() ? type->get<std::string>() : "";
  return positions_of(model_type, config);
}

std::optional<std::int64_t> hf_alibi_heads(const HfSnapshot& snapshot) {
  const Json config = read_config(snapshot);
  const auto type = config.find("model_type");
  const std::string model_type = type != config.end() && type->is_string() ? type->get<std::string>() : "";
  const std::optional<bool> alibi = uses_alibi(model_type, config);
  if (!alibi || !*alibi) return std::nullopt;
  return alibi_heads(config, snapshot);
}

std::vector<std::string_view> hf_table_model_types() {
  std::vector<std::string_view> types;
  for (const TableRule& rule : table_rules) types.push_back(rule.model_type);
  types.push_back("mpt");  // with attn_config.alibi false
  return types;
}

HfPositionTable hf_find_position_table(const HfSnapshot& snapshot, std::string_view tensor) {
  const Json config = read_config(snapshot);
  HfPositionTable table;
  const auto type = config.find("model_type");
  if (type != config.end() && type->is_string()) table.model_type = type->get<std::string>();
  if (table.model_type.empty() && tensor.empty())
    throw Error(Text{TextId::hf_config_missing, {snapshot.name.text, "config.json", "model_type"}});

  const TableRule* rule = rule_of(table.model_type);
  table.kind = positions_of(table.model_type, config);
  std::array<std::string_view, 2> usual{};
  std::size_t usual_count = 0;
  if (rule) {
    usual = rule->tensors;
    usual_count = 2;
  } else if (table.kind == HfPositions::learned_table) {  // MPT without ALiBi
    usual = {"transformer.wpe.weight", "wpe.weight"};
    usual_count = 2;
  } else if (table.kind == HfPositions::alibi) {
    table.alibi_heads = alibi_heads(config, snapshot);
  }

  if (tensor.empty()) {
    switch (table.kind) {
      case HfPositions::alibi:
        throw Error(Text{TextId::hf_alibi,
                         {snapshot.name.text, table.model_type, std::to_string(table.alibi_heads)}});
      case HfPositions::rotary:
        throw Error(Text{TextId::hf_rotary, {snapshot.name.text, table.model_type}});
      case HfPositions::unknown: {
        std::string known;
        for (std::string_view t : hf_table_model_types())
          known += (known.empty() ? "" : ", ") + std::string(t);
        throw Error(Text{TextId::hf_unknown_type, {snapshot.name.text, table.model_type, known}});
      }
      case HfPositions::learned_table:
        break;
    }
  }

  const Checkpoint checkpoint = read_checkpoint(snapshot);
  if (!tensor.empty()) {
    table.tensor = std::string(tensor);
  } else {
    for (std::size_t i = 0; i < usual_count && table.tensor.empty(); ++i) {
      if (std::find(checkpoint.names.begin(), checkpoint.names.end(), usual[i]) != checkpoint.names.end())
        table.tensor = std::string(usual[i]);
    }
    if (table.tensor.empty()) {
      std::string names;
      for (std::size_t i = 0; i < usual_count; ++i) names += (i ? ", " : "") + quoted_tensor_name(usual[i]);
      throw Error(Text{TextId::hf_no_usual_tensor,
                       {snapshot.name.text, table.model_type, names, checkpoint_name(checkpoint)}});
    }
  }
  table.file = file_of(checkpoint, snapshot, table.tensor);
  if (table.file.empty()) {
    throw Error(Text{TextId::hf_no_tensor,
                     {snapshot.name.text, checkpoint_name(checkpoint), quoted_tensor_name(table.tensor)}});
  }

  // The offset applies to the model's own table, also when that table was named explicitly.
  const bool own_table = usual_count > 0 && (table.tensor == usual[0] || table.tensor == usual[1]);
  if (rule && own_table) {
    switch (rule->offset) {
      case Offset::none:
        break;
      case Offset::two:
        table.row_offset = 2;
        break;
      case Offset::padding_plus_one: {
        // RobertaConfig's pad_token_id defaults to 1.
        const std::optional<std::int64_t> pad = integer_field(config, "pad_token_id", snapshot);
        table.row_offset = (pad ? *pad : 1) + 1;
        break;
      }
    }
  }
  return table;
}

}  // namespace pelab
