#pragma once
// The RoPE options shared by rope and rope-frequencies: base, head dimension, frequency scaling
// and --config FILE (a Hugging Face config.json). Step 1 reads the command line only (UsageError);
// step 2 reads the files (--config, --short-factors, --long-factors: FileError) and merges them:
// the model's values are defaults and every option given overrides its counterpart; --scaling TYPE
// replaces the model's scaling, keeping the model's context lengths (pelab::model_scaling_for).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "command_line.hpp"
#include "pelab/model_config.hpp"
#include "pelab/rope_scaling.hpp"

namespace pelab::cli {

// The command line's RoPE options, parsed and checked on their own.
struct RopeOptions {
  std::string command;
  std::optional<RopeScalingType> type;  // --scaling
  std::optional<std::int64_t> dims;     // --dims (rope-frequencies only)
  std::optional<double> base;           // --base
  RopeScaling values;                   // the scaling options given (type unused; lists empty)
  std::array<std::string, rope_param_count>
      files;           // a list parameter's .npy path, by RopeParam ("": not given)
  std::string config;  // --config FILE, empty when not given
  std::string layers;  // --layers NAME
  bool given(RopeParam param) const;
};

// The resolved setup a command computes with.
struct RopeSetup {
  std::int64_t head_dim = 0;      // D: --dims, the input's columns (rope), or the model's head_dim
  std::int64_t rotated_dims = 0;  // int(D x partial_rotary_factor)
  double base = 10000.0;
  RopeScaling scaling;  // complete and valid for rotated_dims and base
  std::optional<ModelConfig> model;
  std::vector<std::string> warnings;  // the model's, and defaults the command line left in place
};

// The option that sets a parameter ("--factor", "--no-truncate", "--short-factors", ...).
std::string_view option_name(RopeParam param);

// Step 1. `dims` is rope-frequencies' --dims, nullptr for rope.
RopeOptions parse_rope_options(const RopeScalingArgs& args, const Arg* dims, const Arg& base,
                               std::string_view command);

// Step 2. `columns`: rope's input width (its D); std::nullopt for rope-frequencies.
RopeSetup resolve_rope_setup(const RopeOptions& options, std::uint64_t max_bytes,
                             std::optional<std::int64_t> columns);

}  // namespace pelab::cli
