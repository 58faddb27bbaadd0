#pragma once
// Files the user asked for, on each platform. On the desktop a written file stays where it was
// written and the app's own path popups (ui/path_popups.cpp) ask which file to open. A web page
// writes into its memory file system, which the user cannot see: there a written file is handed to
// the browser as a download, and "Open" shows the browser's file picker, whose file arrives in the
// memory file system and opens as a dropped file does. One file per platform, chosen by
// app/gui.cmake: platform_files_desktop.cpp, platform_files_web.cpp.
#include <filesystem>

namespace pelab::app::ui {

// An export or a saved session, once written (the desktop: nothing to do; the browser: a download
// named as the file).
void deliver_file(const std::filesystem::path& path);

enum class FileToOpen { session, table };

// Shows the platform's own file picker for `what` and returns true, or returns false where there is
// none (the desktop), and the caller opens its path popup.
bool show_file_picker(FileToOpen what);

}  // namespace pelab::app::ui
