#pragma once
// One function per pelab-cli command. Each validates its options (UsageError), reads its inputs
// (FileError), checks the --max-bytes budget before computing, then writes --out atomically.
#include <cstdint>
#include <ostream>
#include <string>

#include "pelab/encodings.hpp"
#include "pelab/similarity.hpp"

#include "command_line.hpp"

namespace pelab::cli {

// Absolute encodings (commands_absolute.cpp).
void run_encode(const EncodeArgs& args);
void run_similarity(const SimilarityArgs& args);
void run_check(const CheckArgs& args, std::ostream& out);
// Shared with render (render_views.cpp).
SimilarityMetric metric_value(const Arg& metric);
// Bytes of the arrays a similarity matrix needs, and the same in words.
std::uint64_t similarity_memory(const EncodingParams& p);
std::string similarity_memory_text(const EncodingParams& p);

// Rotation, relative and rotary schemes (commands_relative.cpp).
void run_rotation(const RotationArgs& args);
void run_t5_bucket(const T5BucketArgs& args);
void run_shaw(const ShawArgs& args);
void run_alibi(const AlibiArgs& args);

// RoPE and its frequency scaling (commands_rope.cpp).
void run_rope(const RopeArgs& args);
void run_rope_frequencies(const RopeFrequenciesArgs& args, std::ostream& out);
// Exit 0 when the dump agrees with the reference; prints the differences and throws CliError (exit 1)
// when it does not.
void run_rope_check(const RopeCheckArgs& args, std::ostream& out);

}  // namespace pelab::cli
