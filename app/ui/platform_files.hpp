#pragma once
// Files the user asked for, on each platform. On the desktop a written file stays where it was
// written and the app's own path popups (ui/path_popups.cpp) ask which file to open. A web page
// writes into its memory file system, which the user cannot see: there a written file is handed to
// the browser as a download, and "Open" shows the browser's file picker, whose file arrives in the
// memory file system and opens as a dropped file does. One file per platform, chosen by
// app/gui.cmake: platform_files_desktop.cpp, platform_files_web.cpp.
#include <cstdint>
#include <filesystem>

namespace pelab::app::ui {

// An export or a saved session, once written (the desktop: nothing to do; the browser: a download
// named as the file).
void deliver_file(const std::filesystem::path& path);

enum class FileToOpen { session, table };

// Shows the platform's own file picker for `what` and returns true, or returns false where there is
// none (the desktop), and the caller opens its path popup.
bool show_file_picker(FileToOpen what);

// Whether exports go into a folder the user names (the desktop), or each file is handed over on its
// own (the browser's downloads, which land where the browser puts them): the Export menu asks for a
// folder only where there is one.
bool exports_go_to_a_folder();

// Largest table file the browser keeps between visits (its storage quota is the user's disk).
constexpr std::int64_t kept_table_max_bytes = std::int64_t{64} << 20;

// A table just opened from `path`, kept where files do not outlive the app: the browser stores it so
// that the next visit, which restores the last state, finds it again (scripts/web/index.html puts it
// back); the desktop's files stay where they are. False when it cannot be kept (larger than
// kept_table_max_bytes): the caller says so.
bool keep_opened_table(const std::filesystem::path& path);

}  // namespace pelab::app::ui
