// Low-level file access on Windows (platform/file_io.hpp): the C runtime's descriptor functions with
// wide-character paths, in binary mode, and MoveFileExW to replace a file (rename refuses to).
#include <fcntl.h>
#include <io.h>
#include <sys/stat.h>
#include <windows.h>

#include <cerrno>
#include <climits>

#include "file_io.hpp"

namespace pelab::file_io {
namespace {

FileInfo from_stat(const struct _stat64& s) {
  return FileInfo{(s.st_mode & _S_IFMT) == _S_IFDIR, (s.st_mode & _S_IFMT) == _S_IFREG,
                  static_cast<std::uint64_t>(s.st_size), 0};
}

unsigned int chunk(std::size_t length) {
  return length > INT_MAX ? INT_MAX : static_cast<unsigned int>(length);
}

}  // namespace

int open_for_reading(const std::filesystem::path& path) {
  return ::_wopen(path.c_str(), _O_RDONLY | _O_BINARY);
}

int create_new(const std::filesystem::path& path) {
  return ::_wopen(path.c_str(), _O_WRONLY | _O_CREAT | _O_EXCL | _O_BINARY, _S_IREAD | _S_IWRITE);
}

std::int64_t read_some(int fd, void* buffer, std::size_t length) {
  return ::_read(fd, buffer, chunk(length));
}

// Descriptors are never shared between threads here, so seeking then reading is as good as pread.
std::int64_t read_at(int fd, void* buffer, std::size_t length, std::uint64_t offset) {
  if (::_lseeki64(fd, static_cast<__int64>(offset), SEEK_SET) < 0) return -1;
  return ::_read(fd, buffer, chunk(length));
}

std::int64_t write_some(int fd, const void* buffer, std::size_t length) {
  return ::_write(fd, buffer, chunk(length));
}

bool info(const std::filesystem::path& path, FileInfo& result) {
  struct _stat64 s {};
  if (::_wstat64(path.c_str(), &s) != 0) return false;
  result = from_stat(s);
  return true;
}

bool info(int fd, FileInfo& result) {
  struct _stat64 s {};
  if (::_fstat64(fd, &s) != 0) return false;
  result = from_stat(s);
  return true;
}

bool set_permissions(int, unsigned) { return true; }

bool flush_to_disk(int fd) { return ::_commit(fd) == 0; }

bool close_file(int fd) { return ::_close(fd) == 0; }

bool replace(const std::filesystem::path& from, const std::filesystem::path& to) {
  if (MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)) return true;
  const DWORD error = GetLastError();
  errno = error == ERROR_ACCESS_DENIED ? EACCES : error == ERROR_PATH_NOT_FOUND ? ENOENT : EIO;
  return false;
}

void remove_quietly(const std::filesystem::path& path) { ::_wunlink(path.c_str()); }

}  // namespace pelab::file_io
