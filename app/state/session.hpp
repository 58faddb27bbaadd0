#pragma once
// Session files: all configurations, selections, display settings and the layout as JSON, e.g.
//   {"pelab_session": 2,
//    "configs": [{"label": "A", "kind": "sinusoidal", "positions": 64, "dims": 64, "base": 10000,
//                 "table": "", "tensor": "", "selection": {"position": 20, "offset": 4, "dimension": 6}}],
//    "active": 0, "links": {"positions": true, ...}, "display": {"colormap": "viridis", ...},
//    "layout": {"views": ["heatmap", "curves"], "maximized": "heatmap", "sidebar_width": 18,
//               "show_sidebar": true},
//    "ui": {"font_size": 20, "theme": "dark"}}
// Version 1 files (one "encodings" entry holding encoding, selection and display settings) still load.
// Every key is optional (missing = default). Loading is all or nothing: text that is not JSON, an
// unknown key, a wrong type or a value outside its control's range refuses the whole file and lists
// every problem, so the caller can show them and keep its defaults. A half-applied session would
// leave the user guessing which values came from where.
#include <exception>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "state/params.hpp"

namespace pelab::app {

inline constexpr int session_format_version = 2;

// The view ids a session may name (the view registry's), so a file cannot name a view that does not exist.
using ViewIds = std::span<const std::string_view>;

// The session as JSON, "pelab_session" (the format number) its first key: the desktop's MIME type
// for sessions (packaging/pelab-mime.xml) recognises a saved file by that key near its start.
std::string session_to_text(const AppState& state);

// Whether a command-line argument of pelab names a session file rather than a CONFIG: it ends in
// .json (any case), as every session pelab saves and ships does. A file manager's "Open with pelab"
// passes such paths.
bool names_session_file(std::string_view argument);

struct SessionLoad {
  std::optional<AppState> state;      // set when the file was accepted
  std::vector<std::string> problems;  // why it was refused ("encodings[0].dims: ...")
};
SessionLoad session_from_text(std::string_view text, ViewIds views);
// Why a session's or a lesson's text is not JSON: the line and column of nlohmann-json's parse error
// with the parser's own words, or its whole message for anything else (a number like 1e999).
Text json_problem_text(const std::exception& error);

// The "views" object of a session alone ({"rope": {...}, "pca": {...}}): only the keys present
// change `views`; problems as for a session, each naming its key from this object ("rope.dims: ...").
void view_settings_from_text(std::string_view text, ViewSettings& views, std::vector<std::string>& problems);

// Same as session_from_text on the file's content; problems start with the path.
SessionLoad load_session_file(const std::filesystem::path& path, ViewIds views);
// Atomic (temporary file + rename); throws pelab::Error naming the path and the reason.
void save_session_file(const std::filesystem::path& path, const AppState& state);

// settings.json in the config directory: font size and theme, which belong to the user, not a session.
std::string settings_to_text(const UiSettings& settings);
std::optional<UiSettings> settings_from_text(std::string_view text, std::vector<std::string>& problems);

}  // namespace pelab::app
