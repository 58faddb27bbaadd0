#pragma once
// Where results go: the --out format chosen from the extension, the --max-bytes budget checked
// before anything is computed, and writes that go through pelab's atomic writer (a temporary
// file renamed over the target), so a failed command never leaves a partial or clobbered file.
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "pelab/types.hpp"

namespace pelab::cli {

inline constexpr std::uint64_t kDefaultMaxBytes = std::uint64_t{2} << 30;  // 2 GiB

enum class Format { npy, csv, png };
std::string_view extension_of(Format format);  // ".npy", ".csv", ".png"

// `--out -`: the output goes to standard output instead of a file, so pelab-cli pipes into numpy or
// pandas. The format then comes from --format (resolve.hpp: output_format), not from an extension.
// Every writer below treats the path "-" as that stream; nothing else is printed to it.
bool is_stdout(const std::filesystem::path& out);
// The stream "-" writes to (cli::run sets it to its `out` for the duration of one command; default
// std::cout). Returns the previous one.
std::ostream* set_stdout_stream(std::ostream* stream);

// The format named by `out`'s extension (case-insensitive), which must be one of `allowed`;
// otherwise UsageError listing the valid extensions for `command`.
Format choose_format(const std::filesystem::path& out, std::initializer_list<Format> allowed,
                     std::string_view command);

// Fails early (FileError) when `out` cannot possibly be written: its directory is missing or not
// a directory, or `out` itself is a directory. The atomic write at the end still has the last
// word (e.g. a read-only directory). Nothing to check for "-" (standard output).
void preflight_output(const std::filesystem::path& out);

// Bytes of a file holding `count` values: .npy exactly 8 per value (float64 or int64), .csv its
// worst case (25 characters per real as printed by %.17g with the separator, 21 per int64).
std::uint64_t output_bytes(Format format, std::uint64_t count, bool integer = false);

// The --max-bytes budget. Each check throws when `bytes` exceeds the limit, with a one-line message
// giving the size, what it is, and the flag to raise it. `from_file` selects the exit code: sizes
// known from the command line are usage errors (2), sizes read from an input file are FileErrors (1).
struct Budget {
  std::uint64_t max_bytes = kDefaultMaxBytes;
  bool from_file = false;
  void check_output(std::uint64_t bytes, std::string_view what) const;
  void check_memory(std::uint64_t bytes, std::string_view what) const;
};

// "3 x 4" for messages.
std::string shape_text(std::initializer_list<std::int64_t> shape);

// Writers. .npy: float64 / int64, C order, little-endian; .csv: one line per row, no header.
// Arrays of rank 1 become one value per line in CSV; rank 3 (H x N x N) becomes H*N lines of N
// values (head h is lines h*N .. h*N+N-1). Any failure is a FileError and leaves no file. With
// `out` = "-" the same bytes go to standard output (a failed write there is a FileError too).
void write_matrix(const std::filesystem::path& out, Format format, const Matrix& matrix);
void write_matrix(const std::filesystem::path& out, Format format, const IndexMatrix& matrix);
void write_array(const std::filesystem::path& out, Format format, std::span<const double> data,
                 std::span<const std::int64_t> shape);
void write_array(const std::filesystem::path& out, Format format, std::span<const std::int64_t> data,
                 std::span<const std::int64_t> shape);
void write_text(const std::filesystem::path& out, std::string_view text);
// Any complete file's bytes (e.g. an encoded PNG), atomically to `out` or to standard output.
void write_bytes(const std::filesystem::path& out, std::string_view bytes);

}  // namespace pelab::cli
