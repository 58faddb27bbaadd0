#pragma once
// Model presets from a Hugging Face config.json: the numbers that decide a model's RoPE (base,
// rotated dimensions, training context, scaling), read as transformers reads them.
//
// Read (transformers' names, aliases and model defaults):
// - the language model: the top level, or text_config when the file has one (multimodal configs);
// - the rotated width: qk_rope_head_dim (DeepSeek-V2/V3: RoPE turns only q_pe/k_pe), else head_dim,
//   else hidden_size (n_embd) / num_attention_heads (n_head), as GPT-J's and Falcon's attribute_map;
// - partial rotary: partial_rotary_factor (top level or in the block), rotary_pct (GPT-NeoX,
//   default 0.25 there), rotary_dim (GPT-J, CodeGen: the rotated width itself, default 64);
// - the base: rope_theta, rotary_emb_base (GPT-NeoX), rope_parameters.rope_theta; the model type's
//   default when absent (10000; Gemma 3 1e6), said in `warnings`;
// - rope_scaling or (transformers 5) rope_parameters, "rope_type" over "type" (a differing "type"
//   is ignored with a warning), legacy names from the type table ("default", "su" for longrope),
//   "mrope" (Qwen2-VL) read as the default RoPE of text positions with mrope_section checked to
//   sum to D/2; every parameter by its row's hf_key in rope_table.cpp;
// - max_position_embeddings (n_positions), original_max_position_embeddings (top level, Phi-3
//   style, or in the block).
// The scaling follows modeling_rope_utils.py: yarn's original_max_position_embeddings falls back to
// max_position_embeddings and its factor to max_position_embeddings / original when absent; keys
// whose row says so read 0 as unset (Python's `or`); mscale and mscale_all_dim count only when both
// are non-zero and attention_factor is unset; dynamic's L is max_position_embeddings; longrope's L
// is the top-level original_max_position_embeddings (then its factor is max_position_embeddings /
// L, as transformers computes it), else the block's, else max_position_embeddings.
// Two RoPEs in one model (Gemma 3: rope_theta for global layers, rope_local_base_freq for local
// ones; transformers 5's per-layer rope_parameters) are refused unless `layers` names one.
// Models without RoPE (GPT-2, OPT, BERT, BLOOM, MPT, Falcon with alibi) are refused.
// A key that is unknown but near a RoPE key (edit distance), or inside the block, is named in
// `warnings` with the nearest known key; keys transformers would ignore for the type are listed too.
//
// Strict otherwise: malformed JSON, a field of the wrong type or out of range, a missing required
// field, contradicting fields (rope_scaling and rope_parameters both set, two spellings of one
// quantity with different values) throw pelab::Error with one line naming the field.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pelab/rope_scaling.hpp"

namespace pelab {

struct ModelConfig {
  std::string source;         // the file name (or the name given to parse_model_config), for messages
  std::string model_type;     // "model_type" when present ("llama", "qwen2", ...), else empty
  std::int64_t head_dim = 0;  // the width RoPE sees (qk_rope_head_dim for DeepSeek)
  std::optional<std::int64_t> rotary_dim;  // GPT-J / CodeGen: the rotated width itself
  std::string layers;                      // the RoPE chosen of a model with two ("global", "local")
  double rope_theta = 10000.0;
  bool rope_theta_given = false;
  double partial_rotary_factor = 1.0;
  std::optional<std::int64_t> max_position_embeddings;
  std::optional<std::int64_t> original_max_position_embeddings;  // the one the scaling uses, if any
  RopeScaling scaling;                                           // complete and valid for rotated_dims()
  std::vector<std::string> warnings;

  std::int64_t rotated_dims() const;
};

struct ModelConfigOptions {
  std::string layers;  // which RoPE of a model with two: "global" or "local" (Gemma 3); "" none chosen
};

// Parses a config.json held in memory. `source` names it in messages.
ModelConfig parse_model_config(std::string_view json_text, std::string_view source,
                               const ModelConfigOptions& options = {});
// Reads and parses a file (at most 16 MiB). A path that starts with "hf:" names a model in the local
// Hugging Face cache (hf:ORG/NAME[@REVISION], pelab/io/hf_cache.hpp): its snapshot's config.json.
ModelConfig load_model_config(const std::filesystem::path& path, const ModelConfigOptions& options = {});
// Levenshtein distance, for "did you mean" warnings.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The model's scaling when `type` is its own; otherwise a scaling of `type` carrying only what the
// model fixes: original_max (dynamic: max_position_embeddings; yarn, llama3, longrope: the model's
// original_max_position_embeddings, else max_position_embeddings) and, for longrope,
// max_positions = max_position_embeddings. Used when a view or the CLI switches a preset's scaling.
RopeScaling model_scaling_for(const ModelConfig& config, RopeScalingType type);

}  // namespace pelab
