// The platform seam on Windows (pelab/platform.hpp).
#include <process.h>
#include <windows.h>
// after windows.h, which it needs
#include <psapi.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "pelab/platform.hpp"

namespace pelab {

std::filesystem::path executable_path() {
  std::vector<wchar_t> buffer(MAX_PATH);
  for (;;) {
    const DWORD length = GetModuleFileNameW(nullptr, buffer.data(), static_cast<DWORD>(buffer.size()));
    if (length == 0) return {};
    if (length < buffer.size()) return std::filesystem::path(std::wstring(buffer.data(), length));
    buffer.resize(buffer.size() * 2);  // truncated: try a larger buffer
  }
}

std::vector<std::filesystem::path> system_font_dirs() {
  const char* windows = std::getenv("WINDIR");
  return {std::filesystem::path(windows && *windows ? windows : "C:\\Windows") / "Fonts"};
}

std::string run_in_place(const std::filesystem::path& program, const std::vector<std::string>& args) {
  // Windows has no exec that keeps the console's wait: run the program, wait, exit with its status.
  std::vector<const char*> argv;
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  argv.push_back(nullptr);
  const intptr_t status = _spawnv(_P_WAIT, program.string().c_str(), argv.data());
  if (status == -1) return std::strerror(errno);
  std::exit(static_cast<int>(status));
}

std::filesystem::path user_config_home() {
  const wchar_t* appdata = _wgetenv(L"APPDATA");
  if (appdata && *appdata && std::filesystem::path(appdata).is_absolute()) return appdata;
  return {};
}

// Windows has no "may I create files here" question short of trying: a file is created and removed.
int directory_write_error(const std::filesystem::path& directory) {
  const std::filesystem::path probe =
      directory / (".pelab-write-test-" + std::to_string(GetCurrentProcessId()));
  const HANDLE file = CreateFileW(probe.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW,
                                  FILE_ATTRIBUTE_TEMPORARY | FILE_FLAG_DELETE_ON_CLOSE, nullptr);
  if (file == INVALID_HANDLE_VALUE) return GetLastError() == ERROR_ACCESS_DENIED ? EACCES : EIO;
  CloseHandle(file);
  return 0;
}

void lower_this_thread_priority() { SetThreadPriority(GetCurrentThread(), THREAD_PRIORITY_BELOW_NORMAL); }

namespace {
// FILETIMEs count 100 ns.
double milliseconds(const FILETIME& kernel, const FILETIME& user) {
  const auto ticks = [](const FILETIME& t) {
    return static_cast<double>((static_cast<std::uint64_t>(t.dwHighDateTime) << 32) | t.dwLowDateTime);
  };
  return (ticks(kernel) + ticks(user)) * 1e-4;
}
}  // namespace

double thread_cpu_milliseconds() {
  FILETIME created, exited, kernel, user;
  if (!GetThreadTimes(GetCurrentThread(), &created, &exited, &kernel, &user)) return 0.0;
  return milliseconds(kernel, user);
}

double process_cpu_milliseconds() {
  FILETIME created, exited, kernel, user;
  if (!GetProcessTimes(GetCurrentProcess(), &created, &exited, &kernel, &user)) return 0.0;
  return milliseconds(kernel, user);
}

long peak_resident_kib() {
  PROCESS_MEMORY_COUNTERS counters{};
  if (!GetProcessMemoryInfo(GetCurrentProcess(), &counters, sizeof counters)) return 0;
  return static_cast<long>(counters.PeakWorkingSetSize / 1024);
}

}  // namespace pelab
