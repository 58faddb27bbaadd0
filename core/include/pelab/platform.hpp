#pragma once
// What differs between platforms, behind one declaration each. Each platform has its own source file
// (core/src/platform/*_linux.cpp, *_windows.cpp), chosen by core/CMakeLists.txt: no #ifdef in shared code.
#include <filesystem>
#include <string>
#include <vector>

namespace pelab {

// The running program's own file (empty when the platform cannot tell).
std::filesystem::path executable_path();

// Where the system keeps its fonts, most general first (searched for a font file by name).
std::vector<std::filesystem::path> system_font_dirs();

// Runs `program` with `args` (args[0] is the name it sees) in place of this process: its output goes
// where ours goes and its exit status becomes ours. Returns only when the program could not be
// started, with the reason.
std::string run_in_place(const std::filesystem::path& program, const std::vector<std::string>& args);

// Where programs keep the user's settings: $XDG_CONFIG_HOME (when absolute) or ~/.config on Linux,
// %APPDATA% on Windows; empty when the environment names none.
std::filesystem::path user_config_home();

// 0 when a file can be created in `directory`, else the errno value saying why not.
int directory_write_error(const std::filesystem::path& directory);

// Puts the calling thread below the others (a background computation yields to drawing).
void lower_this_thread_priority();

// CPU time (user + system) in milliseconds used so far by the calling thread, and by the process.
double thread_cpu_milliseconds();
double process_cpu_milliseconds();
// The process's peak resident memory in KiB (ru_maxrss; Windows: the peak working set).
long peak_resident_kib();

}  // namespace pelab
