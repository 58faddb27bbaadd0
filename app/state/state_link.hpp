#pragma once
// Links to a state: one line that opens pelab as someone else had it, for a slide, a chat or the
// browser's address bar. The desktop app takes `pelab:?QUERY` (or any http(s) address with a query,
// such as the web build's page) as a command-line argument, or a file ending in .link that holds one;
// the web build hands its page's query to the same reader. QUERY is a URL query string
// (application/x-www-form-urlencoded: '&' between parameters, %XX and '+' for space):
//   c=CONFIG          a configuration, the command line's CONFIG grammar (pelab/config_spec.hpp);
//                     repeatable, at most max_configs, side by side in the order given
//   view=NAME         the view shown maximised (the view registry's ids)
//   p=N k=N i=N       the selected position, offset and dimension, in every configuration
//   lang=CODE         the UI's language (a loaded one: en, ko)
//   lesson=ID step=N  start a lesson (id, number or file, as --lesson) at step N (1 = first)
//   set=VIEW.KEY=VALUE  a view's setting, as the command line's --set (repeatable)
// Reading keeps going past a bad parameter: each problem is one line naming the parameter, and the
// rest applies. The writer gives back what the reader reads: read(write(link)) == link.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "state/app_model.hpp"
#include "state/session.hpp"

namespace pelab::app {

struct StateLink {
  std::vector<std::string> configs;  // CONFIG words, each accepted by parse_config_spec
  std::optional<std::string> view;   // a view id
  std::optional<std::int64_t> position, offset, dimension;
  std::optional<Language> language;
  std::string lesson;                     // "" = none
  std::optional<std::int64_t> step;       // 1-based; only with a lesson
  std::vector<std::string> view_options;  // VIEW.KEY=VALUE, each accepted by apply_view_options
  bool operator==(const StateLink&) const = default;
};

struct StateLinkRead {
  StateLink link;                     // every parameter that was accepted
  std::vector<std::string> problems;  // one line per refused parameter, naming it
};

// Whether a command-line argument is a link rather than a CONFIG: it starts with "pelab:" or
// with "http://" / "https://" and has a query ('?').
bool names_state_link(std::string_view argument);
// Whether a command-line argument names a file holding a link: it ends in .link (any case).
bool names_link_file(std::string_view argument);

// Reads the link's query (what follows its first '?', up to a '#'). `models_dir` is where set=rope.model
// presets are found (as for --set); the language must be loaded (load_strings) to be accepted.
StateLinkRead read_state_link(std::string_view text, ViewIds views, const std::filesystem::path& models_dir);
// The link held by a file: its content, one line (surrounding white space ignored). Throws
// pelab::Error naming the path when it cannot be read, or holds no link.
std::string read_link_file(const std::filesystem::path& path);

// "pelab:?c=...&view=...": the parameters set, in the order of the grammar above, percent-encoded
// where the query needs it (':' ',' '=' '/' stay readable).
std::string write_state_link(const StateLink& link);

// What a link carries of a state: every configuration (leaving out, with a line in `left_out`, one
// that format_config_spec cannot write), the maximised view, the active configuration's p, k and i,
// the language when one was chosen, and each view setting that differs from its default (with a
// rope model preset: the preset, then every rope setting).
StateLink state_link_of(const AppState& state, std::vector<std::string>& left_out);
// The same for the app's model; while a lesson is being taught, the link is the lesson and its step
// (and the language), which set the rest.
StateLink state_link_of(const AppModel& model, std::vector<std::string>& left_out);

// The query's own pieces, for the reader and for tests: %XX decoded ('+' is a space, a '%' not
// followed by two hex digits stays as it is, as the URL standard says), and encoded.
std::string percent_decode(std::string_view text);
std::string percent_encode(std::string_view text);

}  // namespace pelab::app
