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

}  // namespace pelab
