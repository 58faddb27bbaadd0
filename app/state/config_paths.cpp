#include "state/config_paths.hpp"

#include "pelab/platform.hpp"

namespace pelab::app {

std::filesystem::path config_dir() {
  const std::filesystem::path home = user_config_home();
  return home.empty() ? home : home / "pelab";
}

bool ensure_config_dir() {
  const std::filesystem::path dir = config_dir();
  if (dir.empty()) return false;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  return std::filesystem::is_directory(dir, ec);
}

namespace {
// Empty when there is no config directory, so nothing ever lands in the working directory.
std::filesystem::path in_config_dir(const char* file_name) {
  const std::filesystem::path dir = config_dir();
  return dir.empty() ? dir : dir / file_name;
}
}  // namespace

std::filesystem::path imgui_ini_path() { return in_config_dir("imgui.ini"); }
std::filesystem::path settings_path() { return in_config_dir("settings.json"); }
std::filesystem::path default_session_path() { return in_config_dir("session.json"); }
std::filesystem::path user_lessons_dir() { return in_config_dir("lessons"); }

}  // namespace pelab::app
