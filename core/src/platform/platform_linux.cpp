// The platform seam on Linux (pelab/platform.hpp).
#include <sys/resource.h>
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

std::filesystem::path user_config_home() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  if (xdg && *xdg && std::filesystem::path(xdg).is_absolute()) return xdg;
  const char* home = std::getenv("HOME");
  if (home && *home) return std::filesystem::path(home) / ".config";
  return {};
}

int directory_write_error(const std::filesystem::path& directory) {
  return ::access(directory.c_str(), W_OK | X_OK) == 0 ? 0 : errno;
}

// Linux's nice value is per thread, so this leaves the rest of the process where it was.
void lower_this_thread_priority() { setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10); }

namespace {
double cpu_milliseconds(int who) {
  rusage usage{};
  getrusage(who, &usage);
  return 1e3 * static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         1e-3 * static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}
}  // namespace

double thread_cpu_milliseconds() { return cpu_milliseconds(RUSAGE_THREAD); }
double process_cpu_milliseconds() { return cpu_milliseconds(RUSAGE_SELF); }

long peak_resident_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

}  // namespace pelab
