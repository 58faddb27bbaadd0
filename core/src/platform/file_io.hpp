#pragma once
// Low-level file access for atomic writes and bounded reads (io/atomic_file.cpp, io/table_file.cpp):
// a seam, one file per platform chosen by core/CMakeLists.txt (file_io_posix.cpp, file_io_windows.cpp).
// Every call reports failure as -1 (or false) with the reason in errno, so that callers word the
// message once for both platforms.
#include <cstddef>
#include <cstdint>
#include <filesystem>

namespace pelab::file_io {

struct FileInfo {
  bool directory = false;
  bool regular = false;
  std::uint64_t size = 0;
  unsigned permissions = 0;  // POSIX mode bits; 0 where the platform has none
};

// A descriptor for reading, or -1.
int open_for_reading(const std::filesystem::path& path);
// A new file that did not exist (exclusive creation: two writers never share one), or -1.
int create_new(const std::filesystem::path& path);
// Bytes read (0 at the end) or written, -1 on error; interrupted calls are retried by the callers.
std::int64_t read_some(int fd, void* buffer, std::size_t length);
std::int64_t read_at(int fd, void* buffer, std::size_t length, std::uint64_t offset);
std::int64_t write_some(int fd, const void* buffer, std::size_t length);
// False when the file cannot be examined.
bool info(const std::filesystem::path& path, FileInfo& result);
bool info(int fd, FileInfo& result);
// Gives the file the permissions another had (a rewritten file keeps its mode); true where the
// platform has no such bits.
bool set_permissions(int fd, unsigned permissions);
bool flush_to_disk(int fd);
bool close_file(int fd);
// Moves `from` over `to`, replacing it in one step.
bool replace(const std::filesystem::path& from, const std::filesystem::path& to);
void remove_quietly(const std::filesystem::path& path);

}  // namespace pelab::file_io
