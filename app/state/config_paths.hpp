#pragma once
// Where pelab keeps its own files: $XDG_CONFIG_HOME/pelab, or ~/.config/pelab without it, on Linux;
// %APPDATA%\pelab on Windows (pelab::user_config_home); never the working directory, which belongs
// to the user's project.
#include <filesystem>

namespace pelab::app {

// The directory (not created here); empty when the environment names no config home.
std::filesystem::path config_dir();
// Creates the directory if needed; false when that fails.
bool ensure_config_dir();

// Each is empty when config_dir() is.
std::filesystem::path imgui_ini_path();        // config_dir()/imgui.ini (ImGui's window state)
std::filesystem::path settings_path();         // config_dir()/settings.json (font size, theme)
std::filesystem::path default_session_path();  // config_dir()/session.json (Ctrl+S)
std::filesystem::path user_lessons_dir();      // config_dir()/lessons (lessons made in the app)

}  // namespace pelab::app
