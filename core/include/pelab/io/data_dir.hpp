#pragma once
// Where pelab's own data lives: shaders, translations (i18n), lessons, presets and model configs.
// Never a path compiled in: the data directory is found at run time, so a build tree, an install
// tree moved anywhere and a package all work from any working directory.
//   1. $PELAB_DATA_DIR, when set (a user's or a test's override);
//   2. share/pelab beside the executable's directory or up to three levels above it: an install tree
//      (P/bin/pelab -> P/share/pelab) and the build tree (build/app/pelab and
//      build/app/cli/pelab-cli -> build/share/pelab, which the build fills from assets/ and shaders/).
// A directory counts when it holds i18n/ (docs/architecture.md lists what the directory holds).
#include <filesystem>
#include <optional>
#include <string>

#include "pelab/platform.hpp"

namespace pelab {

// The data directory, or nullopt when none of the places above has one.
std::optional<std::filesystem::path> find_data_dir();

// find_data_dir(), or a pelab::Error naming every place that was searched and PELAB_DATA_DIR.
std::filesystem::path data_dir();

// A font file by name ("DejaVuSans.ttf"): an absolute path as it is, else the data directory's
// fonts/ (a package or a Windows zip ships its fonts there), else the system's font directories
// (platform.hpp), searched recursively. Empty when none has it.
std::filesystem::path find_font_file(const std::string& name);

}  // namespace pelab
