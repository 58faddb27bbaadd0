// write_file_atomic / read_file_bytes: all-or-nothing writes, clear errors, nothing left behind.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "pelab/io/atomic_file.hpp"
#include "temp_dir.hpp"

using Catch::Matchers::Contains;
using pelab::test::TempDir;

namespace {

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("atomic write creates a file with exactly the bytes given", "[io][atomic]") {
  TempDir dir;
  const std::string bytes("a\0b\nc\xff", 6);
  pelab::write_file_atomic(dir.path / "out.bin", bytes);
  CHECK(slurp(dir.path / "out.bin") == bytes);
  CHECK(dir.entries() == std::set<std::string>{"out.bin"});
}

TEST_CASE("atomic write over an existing file replaces it wholly", "[io][atomic]") {
  TempDir dir;
  const auto target = dir.path / "table.npy";
  pelab::write_file_atomic(target, std::string(10000, 'x'));
  pelab::write_file_atomic(target, "short");
  CHECK(slurp(target) == "short");
  pelab::write_file_atomic(target, "");
  CHECK(slurp(target).empty());
  CHECK(dir.entries() == std::set<std::string>{"table.npy"});
}

TEST_CASE("atomic write keeps the permission bits of the file it replaces", "[io][atomic]") {
  TempDir dir;
  const auto target = dir.path / "private.csv";
  pelab::write_file_atomic(target, "1");
  REQUIRE(::chmod(target.c_str(), 0640) == 0);
  pelab::write_file_atomic(target, "2");
  struct stat info {};
  REQUIRE(::stat(target.c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0640);
}

TEST_CASE("atomic write into a missing directory throws and leaves nothing", "[io][atomic]") {
  TempDir dir;
  const auto target = dir.path / "no_such_dir" / "out.npy";
  try {
    pelab::write_file_atomic(target, "data");
    FAIL("no error");
  } catch (const pelab::Error& error) {
    CHECK_THAT(error.what(), Contains("does not exist") && Contains("no_such_dir") && Contains("out.npy"));
  }
  CHECK(dir.entries().empty());
  CHECK_FALSE(std::filesystem::exists(dir.path / "no_such_dir"));
}

TEST_CASE("atomic write refuses a directory or a path without a file name", "[io][atomic]") {
  TempDir dir;
  std::filesystem::create_directory(dir.path / "sub");
  CHECK_THROWS_WITH(pelab::write_file_atomic(dir.path / "sub", "x"), Contains("directory"));
  CHECK_THROWS_AS(pelab::write_file_atomic(dir.path / "sub" / "", "x"), pelab::Error);
  CHECK_THROWS_AS(pelab::write_file_atomic("", "x"), pelab::Error);
  CHECK(dir.entries() == std::set<std::string>{"sub"});
  CHECK(std::filesystem::is_empty(dir.path / "sub"));
}

TEST_CASE("atomic write through a regular file used as a directory throws", "[io][atomic]") {
  TempDir dir;
  pelab::write_file_atomic(dir.path / "plain", "x");
  CHECK_THROWS_WITH(pelab::write_file_atomic(dir.path / "plain" / "out.npy", "y"), Contains("plain"));
  CHECK(dir.entries() == std::set<std::string>{"plain"});
}

TEST_CASE("atomic write into a read-only directory reports permission denied", "[io][atomic]") {
  if (::geteuid() == 0) {
    WARN("running as root: directory permissions are not enforced, skipping");
    return;
  }
  TempDir dir;
  const auto locked = dir.path / "locked";
  std::filesystem::create_directory(locked);
  REQUIRE(::chmod(locked.c_str(), 0500) == 0);
  CHECK_THROWS_WITH(pelab::write_file_atomic(locked / "out.npy", "x"), Contains("ermission denied"));
  REQUIRE(::chmod(locked.c_str(), 0700) == 0);
  CHECK(std::filesystem::is_empty(locked));
}

TEST_CASE("many atomic writes leave no temporary files", "[io][atomic]") {
  TempDir dir;
  for (int i = 0; i < 50; ++i) {
    std::string name = "f";
    name += std::to_string(i % 5);
    pelab::write_file_atomic(dir.path / name, std::to_string(i));
  }
  CHECK(dir.entries() == std::set<std::string>{"f0", "f1", "f2", "f3", "f4"});
  CHECK(slurp(dir.path / "f4") == "49");
}

TEST_CASE("atomic write works for the longest file names", "[io][atomic]") {
  TempDir dir;
  const std::string name(250, 'n');
  pelab::write_file_atomic(dir.path / name, "long");
  CHECK(slurp(dir.path / name) == "long");
  CHECK(dir.entries() == std::set<std::string>{name});
}

TEST_CASE("read_file_bytes returns the whole file", "[io][atomic]") {
  TempDir dir;
  std::string bytes(200000, '\0');
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 7);
  pelab::write_file_atomic(dir.path / "big", bytes);
  CHECK(pelab::read_file_bytes(dir.path / "big") == bytes);
  pelab::write_file_atomic(dir.path / "empty", "");
  CHECK(pelab::read_file_bytes(dir.path / "empty").empty());
}

TEST_CASE("read_file_bytes explains missing, directory and oversized files", "[io][atomic]") {
  TempDir dir;
  CHECK_THROWS_WITH(pelab::read_file_bytes(dir.path / "model.npy"),
                    Contains("model.npy") && Contains("does not exist"));
  CHECK_THROWS_WITH(pelab::read_file_bytes(dir.path), Contains("directory"));
  pelab::write_file_atomic(dir.path / "hundred", std::string(100, 'x'));
  CHECK_THROWS_WITH(pelab::read_file_bytes(dir.path / "hundred", 99), Contains("limit"));
  CHECK(pelab::read_file_bytes(dir.path / "hundred", 100).size() == 100);
}
