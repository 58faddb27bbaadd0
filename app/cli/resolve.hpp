#pragma once
// Turning captured option text into validated values: the checks every command shares (required
// options, --max-bytes, --out, encoding options and their applicability to KIND) and the loading
// of .npy and .safetensors inputs. Command-line problems throw UsageError; input-file problems throw
// FileError.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "command_line.hpp"
#include "output.hpp"
#include "pelab/encodings.hpp"

namespace pelab::cli {

// Unknown options or stray arguments left over by CLI11 -> UsageError naming the first one.
void reject_extras(const CLI::App& command);

// UsageError "<command> needs <option> <placeholder>" unless the option was given.
void require(const Arg& arg, std::string_view command, std::string_view placeholder);

// Parsers for a given option (call only when arg.given()).
std::int64_t integer_value(const Arg& arg);
double real_value(const Arg& arg);

// --out FILE, required by every command but check. "-" means standard output (output.hpp).
std::filesystem::path out_path(const CommonArgs& common, std::string_view command);

// The format of `out` (from out_path): for a file, its extension (choose_format), which --format,
// when given, must agree with; for "-" (standard output), --format, or .npy when it is not given
// and `allowed` has it (a command that writes only pictures needs --format png then). UsageError
// for an unknown --format, one `command` does not write, or a disagreement.
Format output_format(const CommonArgs& common, const std::filesystem::path& out,
                     std::initializer_list<Format> allowed, std::string_view command);

// --base: finite and above 0; 10000 when not given.
double base_value(const Arg& base);

// --max-bytes (default 2 GiB), at least 1.
std::uint64_t max_bytes_value(const CommonArgs& common);

// A 2-D finite matrix from a .npy file. The file may be at most `max_bytes` long. FileError on any problem.
Matrix load_matrix_npy(const std::filesystem::path& path, std::uint64_t max_bytes, std::string_view option);
// A 1-D .npy given to `option` (inverse frequencies, longrope factors): its values. A file that does
// not decode is refused as "OPTION <reader's message>", one of another rank as "OPTION PATH has N
// dimensions; <one_d_is>" (FileError); the caller checks the values.
std::vector<double> load_vector_npy(const std::string& path, std::uint64_t max_bytes,
                                    const std::string& option, std::string_view one_d_is);

// A validated encoding: the core parameters plus the loaded learned table, if any.
struct EncodingSpec {
  EncodingParams params;
  std::optional<Matrix> table;  // learned --table, whole file (row p = position p)
  std::filesystem::path table_path;
  std::string table_tensor;      // the .safetensors tensor used (--tensor or the one chosen); empty for .npy
  bool sizes_from_file = false;  // N or D was taken from --table (size errors are then file errors)
  const Matrix* source() const { return table ? &*table : nullptr; }
  // The loaded table itself when it is exactly the N x D table asked for (start 0, all rows), so a
  // command can use it without copying; otherwise null (encode() then takes the rows asked for).
  const Matrix* exact_table() const;
  bool uses_base() const;
  // "sinusoidal, N=64, D=16, base=10000" (+ start, signed, sigma/seed or table file[:tensor]).
  std::string describe() const;
};

// Step 1, command line only: validates KIND and the encoding options for `command` (strict: an
// option that does not apply to KIND is a UsageError). With --table, N and D may still be open.
EncodingSpec parse_encoding(const EncodingArgs& args, std::string_view command);

// A command's checks of N and D against its budget and limits (throwing UsageError or FileError).
using SizeCheck = std::function<void(const EncodingSpec&)>;

// Step 2, files: loads --table (if given; .npy or .safetensors, with --tensor) into `spec`, takes N
// and D from it where the options left them open and checks that it covers positions
// start..start+N-1 with width D (FileError otherwise). `check_sizes` then runs on the complete
// parameters: with a table, after its header is read and before its data is (so a table of a
// refused shape is never read), without one at once.
void load_encoding_table(EncodingSpec& spec, const EncodingArgs& args, std::uint64_t max_bytes,
                         const SizeCheck& check_sizes = {});

}  // namespace pelab::cli
