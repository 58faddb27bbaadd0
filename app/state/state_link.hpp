#pragma once
// Links to a state: one line that opens pelab as someone else had it, for a slide, a chat or the
// browser's address bar. The desktop app takes `pelab:?QUERY` (or any http(s) address with a query,
// such as the web build's page) as a command-line argument, or a file ending in .link that holds one;
// the web build hands its page's query to the same reader. QUERY is a URL query string
// (application/x-www-form-urlencoded: '&' between parameters, %XX and '+' for space):
//   c=CONFIG          a configuration, the command line's CONFIG grammar (pelab/config_spec.hpp);
//                     repeatable, at most max_configs, side by side in the order given
//   view=NAME         the view shown maximised (the view registry's ids), or view=grid for none
//   p=N k=N i=N       the selected position, offset and dimension: one number for every
//                     configuration, or one per configuration in their order (p=20,23)
//   lang=CODE         the UI's language (a loaded one: en, ko)
//   lesson=ID step=N  start a lesson (id, number or file, as --lesson) at step N (1 = first)
//   SECTION.KEY=VALUE any other control a session saves, by its session key: display.metric=cosine,
//                     display.colormap=magma, display.range_mode=fixed, layout.views=rotation,pca,
//                     links.base=true, active=1 (the keys of the session's "active", "links",
//                     "display" and "layout" but layout.maximized, which is view=). VALUE as --set
//                     takes it (JSON, else a word); a list is its items joined by ','.
//   set=VIEW.KEY=VALUE  a view's setting, as the command line's --set (repeatable)
// A link holds only what differs from where it opens: the defaults, or with lesson= the step as it
// opens (what the user changed since). Reading keeps going past a bad parameter: each problem is one
// line naming the parameter, and the rest applies. The writer gives back what the reader reads:
// read(write(link)) == link, and the state a link opens is the state it was written from.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "state/app_model.hpp"
#include "state/session.hpp"

namespace pelab::app {

struct StateLink {
  std::vector<std::string> configs;  // CONFIG words, each accepted by parse_config_spec
  std::optional<std::string> view;   // a view id, or "grid"
  // p, k, i: empty = as where it opens; one value = every configuration; else one per configuration.
  std::vector<std::int64_t> position, offset, dimension;
  std::optional<Language> language;
  std::string lesson;                // "" = none
  std::optional<std::int64_t> step;  // 1-based; only with a lesson
  // SECTION.KEY and VALUE as the link spells them ("display.metric", "cosine"), in the order given.
  std::vector<std::pair<std::string, std::string>> settings;
  std::vector<std::string> view_options;  // VIEW.KEY=VALUE, each accepted by apply_view_options
  bool operator==(const StateLink&) const = default;
};

// view=grid: no view maximised (no view has this id).
inline constexpr std::string_view link_grid_view = "grid";

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

// The link from `base` (where it will open) to `state`: every configuration when they differ from
// base's (leaving out, with a line in `left_out`, one that format_config_spec cannot write), then each
// other control whose value differs from the one it has where the link opens (after the link's
// configurations, when it gives them: the selection, `active` and the links as pelab sets them for
// configurations opened together), the language when one was chosen, and each view setting that
// differs (with a rope model preset: the preset, then every rope setting). A user's font size and
// theme are theirs, not the link's.
StateLink state_link_between(const AppState& base, const AppState& state, std::vector<std::string>& left_out);
// The link of a state from pelab's defaults.
StateLink state_link_of(const AppState& state, std::vector<std::string>& left_out);
// The same for the app's model; while a lesson is being taught, the link is the lesson, its step and
// what changed since the step opened (the sidebar as it was before presenting hid it).
StateLink state_link_of(const AppModel& model, std::vector<std::string>& left_out);

// The link's configurations as slots (their parameters as the CONFIG gives them, ids 1, 2, ...): what
// pelab opens for c= when no learned table needs reading for its N and D (main.cpp loads them).
std::vector<Slot> slots_of_link_configs(const std::vector<std::string>& configs);
// Applies the link over `state`, whose slots already hold the link's configurations when it gives
// any (they start with the default selection, the first one active, linked as configurations opened
// together are): p, k, i, view, the SECTION.KEY settings, the language and set=. Its lesson and step
// are the caller's (applied first: this goes over the step). Returns one line per refused value; the
// rest applies.
std::vector<std::string> apply_state_link(AppState& state, const StateLink& link, ViewIds views,
                                          const std::filesystem::path& models_dir);
// Whether the link changes anything of the state beyond its lesson, step and language.
bool link_sets_state(const StateLink& link);
// The state a link opens over `base` (pelab's defaults, or the lesson step as shown): its
// configurations as slots_of_link_configs gives them, then apply_state_link.
AppState open_state_link(const AppState& base, const StateLink& link, ViewIds views,
                         const std::filesystem::path& models_dir, std::vector<std::string>& problems);

// The query's own pieces, for the reader and for tests: %XX decoded ('+' is a space, a '%' not
// followed by two hex digits stays as it is, as the URL standard says), and encoded.
std::string percent_decode(std::string_view text);
std::string percent_encode(std::string_view text);

}  // namespace pelab::app
