#pragma once
// Models by name from the local Hugging Face cache: `hf:ORG/NAME` (or `hf:NAME` for the old
// un-namespaced repositories such as gpt2, or `hf:ORG/NAME@REVISION`) stands wherever a table file or
// a config.json is taken. Nothing here touches the network: a model that is not in the cache is
// refused with the command that would fetch it.
//
// The cache is the one huggingface_hub writes (its "cache-system" layout):
//   HUB/models--ORG--NAME/refs/main              a commit hash (one line)
//   HUB/models--ORG--NAME/snapshots/HASH/FILE     a relative symbolic link into ../../blobs/,
//                                                 or a real copy where links are unavailable (Windows)
//   HUB/models--ORG--NAME/blobs/ETAG              the files' bytes
// HUB is $HF_HUB_CACHE, else $HUGGINGFACE_HUB_CACHE (its older name), else $HF_HOME/hub, else
// $XDG_CACHE_HOME/huggingface/hub, else ~/.cache/huggingface/hub, as huggingface_hub decides it
// (a leading "~/" in a variable is the home directory, as Python's expanduser reads it).
// REVISION is a branch or tag with a file under refs/ (main, refs/pr/1 is "pr/1"), or a commit hash
// with a snapshot directory of its own.
//
// Every failure is a pelab::Error with one line that starts with the name as given.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pelab {

// True when `text` names a cached model ("hf:" in front), whatever follows.
bool names_hf_model(std::string_view text);

// The parts of "hf:ORG/NAME[@REVISION]".
struct HfModelName {
  std::string text;      // as given, for messages
  std::string repo_id;   // "ORG/NAME" or "NAME"
  std::string revision;  // "main" when none is given
  bool revision_given = false;
};

// Throws pelab::Error for an empty or malformed name: ORG and NAME must be non-empty and made of
// letters, digits, '-', '_' and '.', not "." or ".." and without "--" (the cache's own separator);
// a REVISION may hold '/' (pr/1) but no empty, "." or ".." part.
HfModelName parse_hf_model_name(std::string_view text);

// The environment variables the cache location depends on ("" = unset or empty).
struct HfEnvironment {
  std::string hf_hub_cache;           // HF_HUB_CACHE
  std::string huggingface_hub_cache;  // HUGGINGFACE_HUB_CACHE
  std::string hf_home;                // HF_HOME
  std::string xdg_cache_home;         // XDG_CACHE_HOME
  std::string home;                   // HOME (USERPROFILE on Windows)
};

// The process's own environment.
HfEnvironment hf_environment();

// The hub cache directory for `env` (the rule above); throws when the environment names none
// (no variable and no home directory).
std::filesystem::path hf_hub_cache_dir(const HfEnvironment& env, std::string_view name_for_messages);

// One model's snapshot in the cache.
struct HfSnapshot {
  HfModelName name;
  std::filesystem::path model_dir;  // HUB/models--ORG--NAME
  std::string commit;               // the snapshot's hash
  std::filesystem::path dir;        // HUB/models--ORG--NAME/snapshots/HASH
};

// Finds the snapshot `name` refers to. Refused: no such model in the cache (the message names the
// directory looked in and the huggingface-cli command that fetches the model), a revision with
// neither a ref nor a snapshot, a ref that does not hold a commit hash, a ref whose snapshot is
// missing.
HfSnapshot hf_find_snapshot(std::string_view name, const HfEnvironment& env);

// The path of `file` (e.g. "config.json") in the snapshot, after checking it is there (a dangling link
// into blobs/ counts as missing); refused with the command that fetches it.
std::filesystem::path hf_snapshot_file(const HfSnapshot& snapshot, std::string_view file);

// What a model's config.json says about its positions, as far as finding them goes.
enum class HfPositions {
  learned_table,  // a table of learned position vectors (GPT-2, OPT, BERT, RoBERTa, ...)
  alibi,          // none: linear biases on the attention scores (BLOOM, MPT, Falcon with alibi)
  rotary,         // none: queries and keys are rotated (RoPE)
  unknown,        // a model type pelab has no rule for
};

// Where a cached model keeps its learned position table.
struct HfPositionTable {
  std::string model_type;  // config.json's "model_type"
  HfPositions kind = HfPositions::unknown;
  std::int64_t alibi_heads = 0;  // kind == alibi: the head count (n_head, n_heads, num_attention_heads)
  std::string tensor;            // the tensor's name
  std::filesystem::path file;    // the .safetensors file that holds it (a shard of a sharded checkpoint)
  // Stored rows in front of position 0: OPT keeps 2, RoBERTa padding_idx + 1 (so 2 with padding_idx 1);
  // 0 for the others. Row r of the table a caller sees is stored row r + row_offset.
  std::int64_t row_offset = 0;
};

// Reads the snapshot's config.json (model_type, and what the offset and ALiBi's heads depend on)
// and, for a model with a learned table, finds the tensor: the model type's usual names (or
// `tensor` when given, whatever the type) in model.safetensors, or through
// model.safetensors.index.json's weight_map in one shard. Only headers and the index are read.
// Refused with one line: a model type without a table (ALiBi: with its head count; RoPE: pointing
// at --config), an unknown model type without `tensor`, no checkpoint in the snapshot, a malformed
// index or one that maps the tensor to a file outside the snapshot, a tensor found nowhere.
HfPositionTable hf_find_position_table(const HfSnapshot& snapshot, std::string_view tensor = {});

// How the model encodes positions, from its config.json alone (model_type and the keys that decide
// it): no checkpoint is opened. Throws as hf_find_position_table does for an unreadable config.json.
HfPositions hf_model_positions(const HfSnapshot& snapshot);

// The head count of a model whose attention uses ALiBi in place of a table (BLOOM; MPT unless its
// attn_config turns ALiBi off; Falcon with "alibi": true), from its config.json; nullopt for any
// other model. Throws as hf_find_position_table does for an unreadable config.json, or one that
// uses ALiBi but gives no head count.
std::optional<std::int64_t> hf_alibi_heads(const HfSnapshot& snapshot);

// The model types hf_find_position_table finds a learned table for, for messages and docs.
std::vector<std::string_view> hf_table_model_types();

}  // namespace pelab
