// The platform seam on Linux (pelab/platform.hpp).
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <system_error>

#include "pelab/platform.hpp"

namespace pelab {

std::filesystem::path executable_path() {
  std::error_code ec;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path() : exe;
}

std::vector<std::filesystem::path> system_font_dirs() {
  std::vector<std::filesystem::path> dirs{"/usr/share/fonts", "/usr/local/share/fonts"};
  if (const char* home = std::getenv("HOME"); home && *home)
    dirs.push_back(std::filesystem::path(home) / ".local/share/fonts");
  return dirs;
}

std::string run_in_place(const std::filesystem::path& program, const std::vector<std::string>& args) {
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  ::execv(program.c_str(), argv.data());
  return std::strerror(errno);  // execv returns only on failure
}

}  // namespace pelab
