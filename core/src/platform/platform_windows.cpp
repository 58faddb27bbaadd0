// The platform seam on Windows (pelab/platform.hpp).
#include <process.h>
#include <windows.h>

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

}  // namespace pelab
