// ui/platform_files.hpp on the desktop: the files are where the user asked them to be written, and
// the path popups ask for files to open (Debian's Dear ImGui has no file dialog).
#include "ui/platform_files.hpp"

namespace pelab::app::ui {

void deliver_file(const std::filesystem::path&) {}

bool show_file_picker(FileToOpen) { return false; }

bool exports_go_to_a_folder() { return true; }

bool keep_opened_table(const std::filesystem::path&) { return true; }

}  // namespace pelab::app::ui
