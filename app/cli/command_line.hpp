#pragma once
// The command-line grammar of pelab-cli, declared with CLI11. Every value is captured as text and
// parsed strictly later (values.hpp), so messages are uniform and nothing is silently coerced.
// Each subcommand allows "extras" so that unknown options are reported by pelab-cli itself, before
// any missing required option (CLI11 would report those first).
#include <CLI/CLI.hpp>
#include <array>
#include <memory>
#include <string>
#include <string_view>

#include "pelab/rope_scaling.hpp"

namespace pelab::cli {

// An option captured as text.
struct Arg {
  CLI::Option* option = nullptr;
  std::string text;
  std::string name;  // e.g. "--positions"
  bool given() const { return option != nullptr && option->count() > 0; }
};

// A flag such as --causal.
struct Flag {
  CLI::Option* option = nullptr;
  bool value = false;
  std::string name;
  bool given() const { return option != nullptr && option->count() > 0; }
};

// Options every command has.
struct CommonArgs {
  Arg out;
  Arg max_bytes;
  Arg format;  // with --out -: npy (default), csv or png (render); not registered for check
};

// KIND and the options that define an absolute encoding (encode, similarity, check, render).
struct EncodingArgs {
  std::string kind;
  CLI::Option* kind_option = nullptr;
  Arg positions, dims, base, start, sigma, seed, table, tensor;
  Flag signed_bits;
};

struct EncodeArgs {
  CLI::App* app = nullptr;
  CommonArgs common;
  EncodingArgs encoding;
};

struct SimilarityArgs {
  CLI::App* app = nullptr;
  CommonArgs common;
  EncodingArgs encoding;
  Arg metric;
};

struct RotationArgs {
  CLI::App* app = nullptr;
  CommonArgs common;
  Arg dims, base, shift, convention;
};

struct T5BucketArgs {
  CLI::App* app = nullptr;
  CommonArgs common;
  Arg from, to, buckets, max_distance;
  Flag causal;
};

struct ShawArgs {
  CLI::App* app = nullptr;
  CommonArgs common;
  Arg queries, keys, clip;
};

struct AlibiArgs {
  CLI::App* app = nullptr;
  CommonArgs common;
  Arg heads, positions;
  Flag causal;
};

// The RoPE frequency-scaling options shared by rope and rope-frequencies.
// The RoPE scaling options: one per row of core's parameter table (rope_table.cpp), indexed by
// RopeParam; a flag row (truncate) uses `flags`, every other row `params`.
struct RopeScalingArgs {
  Arg scaling, config, layers;
  std::array<Arg, rope_param_count> params;
  std::array<Flag, rope_param_count> flags;
  const Arg& arg(RopeParam param) const { return params[static_cast<std::size_t>(param)]; }
  const Flag& flag(RopeParam param) const { return flags[static_cast<std::size_t>(param)]; }
};

struct RopeArgs {
  CLI::App* app = nullptr;
  CommonArgs common;
  Arg in, base, pairing, start;
  RopeScalingArgs scaling;
};

struct RopeFrequenciesArgs {
  CLI::App* app = nullptr;
  CommonArgs common;
  Arg dims, base;
  RopeScalingArgs scaling;
  Flag json;
};

struct CheckArgs {
  CLI::App* app = nullptr;
  CommonArgs common;
  EncodingArgs encoding;
  Flag json;
};

struct RenderArgs {
  CLI::App* app = nullptr;
  CommonArgs common;
  EncodingArgs encoding;
  Arg view, colormap, metric;
  Arg size, title, lang;  // drawn by the app's views (pelab-cli built with the app)
};

// The whole grammar. Built once; CLI11 writes into the members, so it is not copyable or movable.
struct RopeCheckArgs {
  CLI::App* app = nullptr;
  CommonArgs common;
  Arg dims, base, inv_freq, cos, sin, rtol, pairing;
  RopeScalingArgs scaling;
};
struct CommandLine {
  CLI::App app;
  EncodeArgs encode;
  SimilarityArgs similarity;
  RotationArgs rotation;
  T5BucketArgs t5_bucket;
  ShawArgs shaw;
  AlibiArgs alibi;
  RopeArgs rope;
  RopeFrequenciesArgs rope_frequencies;
  RopeCheckArgs rope_check;
  CheckArgs check;
  RenderArgs render;

  CommandLine();
  CommandLine(const CommandLine&) = delete;
  CommandLine& operator=(const CommandLine&) = delete;
};

// The command names in help order: encode, similarity, rotation, t5-bucket, shaw, alibi, rope,
// rope-frequencies, check, render.
std::string command_list();
bool is_command(std::string_view name);

}  // namespace pelab::cli
