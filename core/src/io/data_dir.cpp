#include "pelab/io/data_dir.hpp"

#include <cstdlib>
#include <string>
#include <system_error>
#include <vector>

#include "pelab/types.hpp"

namespace pelab {
namespace {

bool holds_data(const std::filesystem::path& dir) {
  std::error_code ec;
  return std::filesystem::is_directory(dir / "i18n", ec);
}

// The places searched, in order (docs in data_dir.hpp).
std::vector<std::filesystem::path> candidate_dirs() {
  std::vector<std::filesystem::path> dirs;
  if (const char* override_dir = std::getenv("PELAB_DATA_DIR"); override_dir && *override_dir) {
    dirs.emplace_back(override_dir);
    return dirs;  // an explicit choice is never second-guessed with another tree's data
  }
  const std::filesystem::path exe = executable_path();
  if (exe.empty()) return dirs;
  std::filesystem::path dir = exe.parent_path();
  for (int level = 0; level <= 3 && !dir.empty(); ++level) {
    dirs.push_back(dir / "share" / "pelab");
    if (dir == dir.parent_path()) break;
    dir = dir.parent_path();
  }
  return dirs;
}

}  // namespace

std::optional<std::filesystem::path> find_data_dir() {
  for (const std::filesystem::path& dir : candidate_dirs()) {
    if (holds_data(dir)) return dir.lexically_normal();
  }
  return std::nullopt;
}

std::filesystem::path data_dir() {
  if (std::optional<std::filesystem::path> dir = find_data_dir()) return *dir;
  std::string searched;
  for (const std::filesystem::path& dir : candidate_dirs()) {
    searched += (searched.empty() ? "" : ", ") + dir.lexically_normal().string();
  }
  const char* override_dir = std::getenv("PELAB_DATA_DIR");
  if (override_dir && *override_dir) {
    throw Error("PELAB_DATA_DIR=" + std::string(override_dir) +
                " holds no pelab data (no i18n/ inside): point it at an install's share/pelab or unset it");
  }
  throw Error("cannot find pelab's data (share/pelab with i18n/ inside) in " +
              (searched.empty() ? std::string("any place: the executable's own path is unknown") : searched) +
              ": reinstall pelab, or set PELAB_DATA_DIR to the data directory");
}

std::filesystem::path find_font_file(const std::string& name) {
  std::error_code ec;
  if (std::filesystem::path(name).is_absolute() && std::filesystem::is_regular_file(name, ec)) return name;
  if (const std::optional<std::filesystem::path> data = find_data_dir()) {
    const std::filesystem::path shipped = *data / "fonts" / name;
    if (std::filesystem::is_regular_file(shipped, ec)) return shipped;
  }
  for (const std::filesystem::path& dir : system_font_dirs()) {
    std::filesystem::recursive_directory_iterator it(
        dir, std::filesystem::directory_options::skip_permission_denied, ec);
    for (; !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
      if (it->path().filename() == name && it->is_regular_file(ec)) return it->path();
    }
    ec.clear();
  }
  return {};
}

}  // namespace pelab
