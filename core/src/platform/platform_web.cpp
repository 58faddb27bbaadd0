// The platform seam in the browser (pelab/platform.hpp), built with emscripten: one process, no
// executable file, a virtual file system in memory (MEMFS) holding the data the page preloads.
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <ctime>
#include <system_error>

#include "pelab/platform.hpp"

namespace pelab {

// scripts/build-web.sh preloads the data to /pelab/share/pelab, where data_dir.cpp's lookup beside the
// executable (share/pelab one level up) finds it, as it finds an install's.
std::filesystem::path executable_path() { return "/pelab/bin/pelab"; }

// The preloaded data's fonts/ is searched before these (data_dir.cpp); the browser exposes no others.
std::vector<std::filesystem::path> system_font_dirs() { return {}; }

std::string run_in_place(const std::filesystem::path&, const std::vector<std::string>&) {
  return "a web page cannot start another program";
}

// Emscripten's HOME is /home/web_user (in memory, gone when the page closes): settings last a visit.
std::filesystem::path user_config_home() { return "/home/web_user/.config"; }

int directory_write_error(const std::filesystem::path& directory) {
  return ::access(directory.c_str(), W_OK | X_OK) == 0 ? 0 : errno;
}

// Web workers have no priorities.
void lower_this_thread_priority() {}

namespace {
double clock_milliseconds(clockid_t clock) {
  timespec time{};
  clock_gettime(clock, &time);
  return 1e3 * static_cast<double>(time.tv_sec) + 1e-6 * static_cast<double>(time.tv_nsec);
}
}  // namespace

// Emscripten has no CPU-time clocks per thread: wall clock (the benchmarks that use these are not
// run in the browser).
double thread_cpu_milliseconds() { return clock_milliseconds(CLOCK_MONOTONIC); }
double process_cpu_milliseconds() { return clock_milliseconds(CLOCK_MONOTONIC); }

// The wasm memory is not resident memory: unknown.
long peak_resident_kib() { return 0; }

}  // namespace pelab
