#pragma once
// Model presets from a Hugging Face config.json: the numbers that decide a model's RoPE (base,
// rotated dimensions, training context, scaling), read as transformers reads them.
//
// Read: rope_theta (default 10000, the default of transformers' Llama, Mistral and Qwen2 configs),
// rope_scaling or (transformers 5) rope_parameters, max_position_embeddings,
// original_max_position_embeddings (top level, Phi-3 style), head_dim or
// hidden_size / num_attention_heads, partial_rotary_factor (top level or in rope_parameters).
// The scaling follows modeling_rope_utils.py: "type" is accepted for "rope_type"; "default" is
// none; yarn's original_max_position_embeddings falls back to max_position_embeddings, beta_fast /
// beta_slow of null or 0 mean the defaults 32 / 1 (Python's `or`), mscale and mscale_all_dim count
// only when both are non-zero and attention_factor is unset; dynamic's L is
// max_position_embeddings (transformers ignores rope_scaling's original_max_position_embeddings
// there); longrope's L is original_max_position_embeddings (rope_scaling or top level, else
// max_position_embeddings), its factor the given one or max_position_embeddings / L, and its
// max_positions max_position_embeddings. "ntk" is accepted as pelab's static NTK-aware type.
// Keys transformers would warn about and ignore (unknown, or not used by the type) are ignored
// and listed in `warnings`.
//
// Strict otherwise: malformed JSON, a field of the wrong type or out of range, a missing required
// field, contradicting fields (rope_scaling and rope_parameters both set, "type" and "rope_type"
// differing, two different original_max_position_embeddings) or per-layer rope_parameters throw
// pelab::Error with one line naming the field.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pelab/rope_scaling.hpp"

namespace pelab {

struct ModelConfig {
  std::string source;      // the file name (or the name given to parse_model_config), for messages
  std::string model_type;  // "model_type" when present ("llama", "qwen2", ...), else empty
  std::int64_t head_dim = 0;
  double rope_theta = 10000.0;
  bool rope_theta_given = false;
  double partial_rotary_factor = 1.0;
  std::optional<std::int64_t> max_position_embeddings;
  std::optional<std::int64_t> original_max_position_embeddings;  // the one the scaling uses, if any
  RopeScaling scaling;                                           // complete and valid for rotated_dims()
  std::vector<std::string> warnings;

  std::int64_t rotated_dims() const { return rope_rotated_dims(head_dim, partial_rotary_factor); }
};

// Parses a config.json held in memory. `source` names it in messages.
ModelConfig parse_model_config(std::string_view json_text, std::string_view source);
// Reads and parses a file (at most 16 MiB). A path that starts with "hf:" names a model in the local
// Hugging Face cache (hf:ORG/NAME[@REVISION], pelab/io/hf_cache.hpp): its snapshot's config.json.
ModelConfig load_model_config(const std::filesystem::path& path);

// The model's scaling when `type` is its own; otherwise a scaling of `type` carrying only what the
// model fixes: original_max (dynamic: max_position_embeddings; yarn, llama3, longrope: the model's
// original_max_position_embeddings, else max_position_embeddings) and, for longrope,
// max_positions = max_position_embeddings. Used when a view or the CLI switches a preset's scaling.
RopeScaling model_scaling_for(const ModelConfig& config, RopeScalingType type);

}  // namespace pelab
