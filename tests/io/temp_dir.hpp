#pragma once
// A fresh empty directory for one test, removed with everything in it afterwards.
#include <filesystem>
#include <random>
#include <set>
#include <string>

namespace pelab::test {

struct TempDir {
  std::filesystem::path path;

  TempDir() {
    std::random_device entropy;
    path = std::filesystem::temp_directory_path() /
           ("pelab-io-test-" + std::to_string(entropy()) + "-" + std::to_string(entropy()));
    std::filesystem::create_directories(path);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::permissions(path, std::filesystem::perms::owner_all, std::filesystem::perm_options::add,
                                 ignored);
    std::filesystem::remove_all(path, ignored);
  }

  // Names of the entries directly inside the directory (hidden ones included).
  std::set<std::string> entries() const {
    std::set<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(path))
      names.insert(entry.path().filename().string());
    return names;
  }
};

}  // namespace pelab::test
