// All-or-nothing file writes (temporary file + fsync + rename) and bounded whole-file reads, on
// file descriptors (platform/file_io.hpp) so that every OS error is seen with its errno.
#include "pelab/io/atomic_file.hpp"

#include <cerrno>
#include <cstdio>
#include <random>
#include <system_error>

#include "../platform/file_io.hpp"
#include "pelab/types.hpp"

namespace pelab {
namespace {

// "cannot write <path>: <reason>" with a friendlier reason for the common missing-directory case.
Error write_error(const std::filesystem::path& path, int error_number) {
  if (error_number == ENOENT) {
    std::filesystem::path directory = path.parent_path();
    if (directory.empty()) directory = ".";
    std::error_code ignored;
    if (!std::filesystem::is_directory(directory, ignored))
      return Error(Text{TextId::write_no_directory, {path.string(), directory.string()}});
  }
  return Error(Text{TextId::write_failed, {path.string()}, {os_error_text(error_number)}});
}

// Owns the temporary file while it is being written: closes the descriptor and deletes the file
// unless release() was called after a successful rename.
struct TemporaryFile {
  std::filesystem::path path;
  int fd = -1;
  bool keep = false;

  TemporaryFile() = default;
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  ~TemporaryFile() {
    if (fd >= 0) file_io::close_file(fd);
    if (!keep && !path.empty()) file_io::remove_quietly(path);
  }
};

// Creates a new, uniquely named file next to `target` (O_EXCL, so two writers never share one).
void create_temporary_next_to(const std::filesystem::path& target, TemporaryFile& temporary) {
  std::filesystem::path directory = target.parent_path();
  std::random_device entropy;
  for (int attempt = 0; attempt < 32; ++attempt) {
    char suffix[32];
    std::snprintf(suffix, sizeof suffix, ".pelab-tmp-%08x%08x", entropy(), entropy());
    std::string hidden_name(1, '.');  // (built stepwise: GCC 12 misreports "." + string as -Wrestrict)
    hidden_name += target.filename().string().substr(0, 200);  // stay under NAME_MAX (255)
    hidden_name += suffix;
    const std::filesystem::path candidate = directory / hidden_name;
    int fd = file_io::create_new(candidate);
    if (fd >= 0) {
      temporary.path = candidate;
      temporary.fd = fd;
      return;
    }
    if (errno != EEXIST) throw write_error(target, errno);
  }
  throw Error(Text{TextId::write_no_temporary, {target.string()}});
}

// Writes every byte, retrying after signals and short writes.
void write_all(int fd, std::string_view bytes, const std::filesystem::path& target) {
  while (!bytes.empty()) {
    const std::int64_t written = file_io::write_some(fd, bytes.data(), bytes.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      throw write_error(target, errno);
    }
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
}

}  // namespace

void write_file_atomic(const std::filesystem::path& path, std::string_view bytes) {
  write_file_atomic(path, std::span<const std::string_view>(&bytes, 1));
}

void write_file_atomic(const std::filesystem::path& path, std::span<const std::string_view> pieces) {
  if (path.empty() || !path.has_filename()) {
    throw Error(Text{TextId::write_not_a_file, {path.string()}});
  }
  file_io::FileInfo existing;
  const bool target_exists = file_io::info(path, existing);
  if (target_exists && existing.directory) {
    throw Error(Text{TextId::write_is_directory, {path.string()}});
  }

  TemporaryFile temporary;
  create_temporary_next_to(path, temporary);
  for (std::string_view piece : pieces) write_all(temporary.fd, piece, path);
  if (target_exists && !file_io::set_permissions(temporary.fd, existing.permissions)) {
    throw write_error(path, errno);
  }
  if (!file_io::flush_to_disk(temporary.fd)) throw write_error(path, errno);
  const int fd = temporary.fd;
  temporary.fd = -1;
  if (!file_io::close_file(fd)) throw write_error(path, errno);
  if (!file_io::replace(temporary.path, path)) throw write_error(path, errno);
  temporary.keep = true;
}

std::string read_file_bytes(const std::filesystem::path& path, std::uint64_t max_bytes) {
  const std::string name = path.string();
  int fd = file_io::open_for_reading(path);
  if (fd < 0) {
    if (errno == ENOENT) throw Error(Text{TextId::read_not_found, {name}});
    throw Error(Text{TextId::read_failed, {name}, {os_error_text(errno)}});
  }
  struct ClosesOnExit {
    int fd;
    ~ClosesOnExit() { file_io::close_file(fd); }
  } closer{fd};

  file_io::FileInfo info;
  if (!file_io::info(fd, info)) throw Error(Text{TextId::read_failed, {name}, {os_error_text(errno)}});
  if (info.directory) throw Error(Text{TextId::read_is_directory, {name}});
  const auto too_large = [&] {
    return Error(Text{TextId::read_too_large, {name, std::to_string(max_bytes)}});
  };
  if (info.regular && info.size > max_bytes) throw too_large();

  std::string bytes;
  if (info.regular) bytes.reserve(static_cast<std::size_t>(info.size));
  char buffer[1 << 16];
  for (;;) {
    const std::int64_t got = file_io::read_some(fd, buffer, sizeof buffer);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw Error(Text{TextId::read_failed, {name}, {os_error_text(errno)}});
    }
    if (got == 0) break;
    if (bytes.size() + static_cast<std::uint64_t>(got) > max_bytes) throw too_large();
    bytes.append(buffer, static_cast<std::size_t>(got));
  }
  return bytes;
}

}  // namespace pelab
