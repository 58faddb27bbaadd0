// Low-level file access on POSIX systems (platform/file_io.hpp): the system calls themselves.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "file_io.hpp"

namespace pelab::file_io {
namespace {

FileInfo from_stat(const struct stat& s) {
  return FileInfo{S_ISDIR(s.st_mode), S_ISREG(s.st_mode), static_cast<std::uint64_t>(s.st_size),
                  static_cast<unsigned>(s.st_mode & 07777)};
}

}  // namespace

int open_for_reading(const std::filesystem::path& path) { return ::open(path.c_str(), O_RDONLY | O_CLOEXEC); }

int create_new(const std::filesystem::path& path) {
  return ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
}

std::int64_t read_some(int fd, void* buffer, std::size_t length) { return ::read(fd, buffer, length); }

std::int64_t read_at(int fd, void* buffer, std::size_t length, std::uint64_t offset) {
  return ::pread(fd, buffer, length, static_cast<off_t>(offset));
}

std::int64_t write_some(int fd, const void* buffer, std::size_t length) {
  return ::write(fd, buffer, length);
}

bool info(const std::filesystem::path& path, FileInfo& result) {
  struct stat s {};
  if (::stat(path.c_str(), &s) != 0) return false;
  result = from_stat(s);
  return true;
}

bool info(int fd, FileInfo& result) {
  struct stat s {};
  if (::fstat(fd, &s) != 0) return false;
  result = from_stat(s);
  return true;
}

bool set_permissions(int fd, unsigned permissions) {
  return ::fchmod(fd, static_cast<mode_t>(permissions)) == 0;
}

bool flush_to_disk(int fd) { return ::fsync(fd) == 0; }

bool close_file(int fd) { return ::close(fd) == 0; }

bool replace(const std::filesystem::path& from, const std::filesystem::path& to) {
  return ::rename(from.c_str(), to.c_str()) == 0;
}

void remove_quietly(const std::filesystem::path& path) { ::unlink(path.c_str()); }

}  // namespace pelab::file_io
