#include "state/config_paths.hpp"

#include <cstdlib>

namespace pelab::app {

std::filesystem::path config_dir() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  if (xdg && *xdg && std::filesystem::path(xdg).is_absolute()) return std::filesystem::path(xdg) / "pelab";
  const char* home = std::getenv("HOME");
  if (home && *home) return std::filesystem::path(home) / ".config" / "pelab";
  return {};
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

}  // namespace pelab::app
