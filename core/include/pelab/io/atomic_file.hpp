#pragma once
// Whole-file reads and all-or-nothing writes: an export either replaces the target completely or
// leaves it (and its directory) exactly as it was.
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>

#include "pelab/types.hpp"

namespace pelab {

// Largest file read_file_bytes accepts by default (4 GiB): bigger files are almost certainly a
// wrong path, and refusing them early beats exhausting memory.
inline constexpr std::uint64_t default_max_read_bytes = std::uint64_t{4} << 30;

// Writes `bytes` to `path` atomically: the data goes to a uniquely named temporary file in the
// same directory, is flushed to disk, and is then renamed over `path`. On any failure the
// temporary file is removed, `path` is untouched, and pelab::Error names the path and the OS
// reason (e.g. "directory ... does not exist", "Permission denied"). If `path` already exists
// its permission bits are kept.
void write_file_atomic(const std::filesystem::path& path, std::string_view bytes);
// The same for a file made of pieces written one after another (a header, then values straight from
// the buffer that holds them), so a large file is never joined into one string first.
void write_file_atomic(const std::filesystem::path& path, std::span<const std::string_view> pieces);

// Reads the whole file. Throws pelab::Error naming the path when it is missing, a directory,
// unreadable, or larger than `max_bytes` (so an absurd file is refused instead of exhausting memory).
std::string read_file_bytes(const std::filesystem::path& path,
                            std::uint64_t max_bytes = default_max_read_bytes);

}  // namespace pelab
