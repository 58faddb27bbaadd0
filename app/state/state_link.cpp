#include "state/state_link.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <fstream>
#include <nlohmann/json.hpp>
#include <span>
#include <sstream>
#include <system_error>
#include <utility>

#include "pelab/config_spec.hpp"
#include "pelab/file_names.hpp"
#include "pelab/types.hpp"
#include "state/lesson.hpp"
#include "state/view_options.hpp"

namespace pelab::app {
namespace {

using nlohmann::json;

constexpr std::array<std::string_view, 9> link_parameters = {"c",    "view",   "p",    "k",  "i",
                                                             "lang", "lesson", "step", "set"};
// The session's parts a SECTION.KEY parameter may name: every key of these (layout.maximized is
// view=; configurations, the language and the views' settings have their own parameters; a user's
// font and theme are not a link's).
constexpr std::array<std::string_view, 4> setting_sections = {"active", "links", "display", "layout"};
constexpr std::string_view maximized_key = "layout.maximized";
// The highest p, k or i a link may give: the largest table's last row (stored as given, clamped where
// used, as a session's selection is).
constexpr std::int64_t max_link_index = max_start + max_positions;

std::string parameter_list() {
  std::string text;
  for (std::string_view name : link_parameters) text += (text.empty() ? "" : ", ") + std::string(name);
  return text + ", or a session key such as display.metric";
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Characters a query keeps as they are: RFC 3986's unreserved ones and the sub-delimiters the CONFIG
// grammar and --set use that a query allows. '&', '+', '#', '%' and space must be encoded.
bool kept_in_query(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("-._~:,=/@").find(c) != std::string_view::npos;
}

std::optional<std::int64_t> whole_number(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

// "name=value: reason", as the reader reports a refused parameter.
std::string refused(std::string_view name, std::string_view value, std::string_view reason) {
  return std::string(name) + "=" + std::string(value) + ": " + std::string(reason);
}

// One number for every configuration, or one per configuration: "20" or "20,23".
void read_indices(std::string_view name, std::string_view value, std::vector<std::int64_t>& into,
                  std::vector<std::string>& problems) {
  std::vector<std::int64_t> numbers;
  std::string_view rest = value;
  while (true) {
    const std::size_t comma = rest.find(',');
    const std::optional<std::int64_t> number = whole_number(rest.substr(0, comma));
    if (!number || *number < 0 || *number > max_link_index || numbers.size() == max_configs) {
      problems.push_back(refused(name, value,
                                 "expected a whole number from 0 to " + std::to_string(max_link_index) +
                                     ", or one per configuration (at most " + std::to_string(max_configs) +
                                     ") joined by ','"));
      return;
    }
    numbers.push_back(*number);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  into = std::move(numbers);
}

// A setting's value as --set reads it: JSON, except a string that does not read as JSON, which is
// written bare (bias.method=t5 rather than bias.method="t5").
std::string setting_text(const json& value) {
  if (value.is_string() && json::parse(value.get<std::string>(), nullptr, false).is_discarded())
    return value.get<std::string>();
  // A whole number as one (range_max=3, not 3.0): every reader takes it for a real number too.
  if (value.is_number_float() && std::abs(value.get<double>()) < 1e15 &&
      value.get<double>() == std::trunc(value.get<double>()))
    return std::to_string(static_cast<std::int64_t>(value.get<double>()));
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// A SECTION.KEY value: a list as its items joined by ',' (layout.views=rotation,pca), else as --set.
std::string link_setting_text(const json& value) {
  if (!value.is_array()) return setting_text(value);
  std::string text;
  // Appended piece by piece: g++ 12 warns falsely (-Wrestrict) on "," + std::string.
  for (const json& item : value) {
    if (!text.empty()) text += ',';
    text += setting_text(item);
  }
  return text;
}

json json_or_word(const std::string& text) {
  json value = json::parse(text, nullptr, false);
  return value.is_discarded() ? json(text) : value;
}

// The value a SECTION.KEY text stands for where the session has `current` (a list: its items joined
// by ',', or JSON).
json link_setting_value(const std::string& text, const json& current) {
  if (!current.is_array()) return json_or_word(text);
  if (const json whole = json::parse(text, nullptr, false); whole.is_array()) return whole;
  json items = json::array();
  std::string_view rest = text;
  while (!rest.empty()) {
    const std::size_t comma = rest.find(',');
    items.push_back(json_or_word(std::string(rest.substr(0, comma))));
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  return items;
}

json session_json(const AppState& state) { return json::parse(session_to_text(state)); }

// The session's SECTION.KEY controls of `state` with their values, in the session's order (sections
// as setting_sections lists them, keys sorted within one).
std::vector<std::pair<std::string, json>> link_settings_of(const json& session) {
  std::vector<std::pair<std::string, json>> settings;
  for (std::string_view section : setting_sections) {
    const json& part = session.at(std::string(section));
    if (!part.is_object()) {
      settings.emplace_back(section, part);
      continue;
    }
    for (const auto& [key, value] : part.items()) {
      std::string name = std::string(section) + "." + key;
      if (name != maximized_key) settings.emplace_back(std::move(name), value);
    }
  }
  return settings;
}

// Made afresh for each key a link names (a few per link): no state is kept between calls.
bool names_link_setting(const std::string& name) {
  const std::vector<std::pair<std::string, json>> known = link_settings_of(session_json(AppState{}));
  return std::any_of(known.begin(), known.end(), [&](const auto& entry) { return entry.first == name; });
}

// The session's value at SECTION.KEY (one level: the sections hold no nested objects).
json& session_at(json& session, const std::string& name) {
  const std::size_t dot = name.find('.');
  if (dot == std::string::npos) return session[name];
  return session[name.substr(0, dot)][name.substr(dot + 1)];
}

// `settings` applied to `state` through the session reader (its types, ranges and checks): all of
// them, or none with the reader's problems.
bool apply_settings(AppState& state, std::span<const std::pair<std::string, std::string>> settings,
                    ViewIds views, std::vector<std::string>& problems) {
  json session = session_json(state);
  for (const auto& [name, text] : settings) {
    json& at = session_at(session, name);
    at = link_setting_value(text, at);
  }
  SessionLoad load = session_from_text(session.dump(), views);
  if (!load.state) {
    problems = std::move(load.problems);
    return false;
  }
  state.active = load.state->active;
  state.links = load.state->links;
  state.display = load.state->display;
  const std::optional<std::string> maximized = state.layout.maximized;
  state.layout = load.state->layout;
  state.layout.maximized = maximized;
  return true;
}

// Every setting that the session reader accepts with the others (together first, so that a pair
// such as range_min and range_max may move past each other), a problem for each it refuses.
void apply_settings_each(AppState& state, const std::vector<std::pair<std::string, std::string>>& settings,
                         ViewIds views, std::vector<std::string>& problems) {
  std::vector<std::string> together;
  if (settings.empty() || apply_settings(state, settings, views, together)) return;
  for (const auto& setting : settings) {
    std::vector<std::string> one;
    if (apply_settings(state, std::span(&setting, 1), views, one)) continue;
    // The reader names the key ("display.metric: why"): the link names the parameter once.
    std::string_view reason = one.front();
    if (reason.starts_with(setting.first + ": ")) reason.remove_prefix(setting.first.size() + 2);
    problems.push_back(refused(setting.first, setting.second, reason));
  }
}

// Each view setting of the session `state` that differs from the session `base` (with a rope model
// preset: the preset, then every rope setting), as set= writes it.
void add_view_options(const json& base, const json& state, StateLink& link) {
  const json& settings = state.at("views");
  const json& defaults = base.at("views");
  for (const auto& [view, fields] : settings.items()) {
    if (defaults.contains(view) && defaults[view] == fields) continue;
    const bool preset = view == "rope" && !fields.value("model", std::string()).empty();
    if (preset) link.view_options.push_back("rope.model=" + fields["model"].get<std::string>());
    for (const auto& [key, value] : fields.items()) {
      if (preset && key == "model") continue;
      if (preset || !defaults.contains(view) || defaults[view].value(key, json()) != value)
        link.view_options.push_back(view + "." + key + "=" + setting_text(value));
    }
  }
}

std::string config_of(const Slot& slot) {
  ConfigSpec spec;
  spec.encoding = slot.config.encoding;
  // A table's N and D are written: they may be a window of the file's (default: from the file).
  spec.positions_given = spec.dims_given = !slot.config.table_path.empty();
  spec.table = slot.config.table_path;
  spec.tensor = slot.config.tensor;
  spec.label = slot.config.label;
  return format_config_spec(spec);
}

// Whether the configurations are not those of `base` as a link writes them (a parameter the kind
// does not read is not a difference; one that cannot be written is compared as it is).
bool configs_differ(const AppState& base, const AppState& state) {
  if (base.slots.size() != state.slots.size()) return true;
  for (std::size_t n = 0; n < state.slots.size(); ++n) {
    try {
      if (config_of(base.slots[n]) != config_of(state.slots[n])) return true;
    } catch (const std::exception&) {
      Config a = base.slots[n].config, b = state.slots[n].config;
      a.id = b.id;
      if (a != b) return true;
    }
  }
  return false;
}

// p, k or i of every slot; the link's list for them (empty when as in `base`).
std::vector<std::int64_t> selection_list(const AppState& base, const AppState& state,
                                         std::int64_t Selection::*member) {
  std::vector<std::int64_t> values;
  bool differs = false;
  for (std::size_t n = 0; n < state.slots.size(); ++n) {
    values.push_back(state.slots[n].selection.*member);
    const Selection& before = n < base.slots.size() ? base.slots[n].selection : Selection{};
    differs = differs || values.back() != before.*member;
  }
  if (!differs) return {};
  if (std::all_of(values.begin(), values.end(), [&](std::int64_t v) { return v == values.front(); }))
    values.resize(1);
  return values;
}

void apply_selection(AppState& state, std::string_view name, const std::vector<std::int64_t>& values,
                     std::int64_t Selection::*member, std::vector<std::string>& problems) {
  if (values.empty()) return;
  if (values.size() != 1 && values.size() != state.slots.size()) {
    std::string text;
    for (const std::int64_t v : values) {
      if (!text.empty()) text += ',';
      text += std::to_string(v);
    }
    problems.push_back(refused(name, text,
                               std::to_string(values.size()) + " values for " +
                                   std::to_string(state.slots.size()) + " configurations"));
    return;
  }
  for (std::size_t n = 0; n < state.slots.size(); ++n)
    state.slots[n].selection.*member = values[values.size() == 1 ? 0 : n];
}

}  // namespace

std::string percent_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t n = 0; n < text.size(); ++n) {
    if (text[n] == '+') {
      out += ' ';
    } else if (text[n] == '%' && n + 2 < text.size() && hex_digit(text[n + 1]) >= 0 &&
               hex_digit(text[n + 2]) >= 0) {
      out += static_cast<char>(hex_digit(text[n + 1]) * 16 + hex_digit(text[n + 2]));
      n += 2;
    } else {
      out += text[n];
    }
  }
  return out;
}

std::string percent_encode(std::string_view text) {
  constexpr std::string_view digits = "0123456789ABCDEF";
  std::string out;
  for (const char c : text) {
    if (kept_in_query(c)) {
      out += c;
    } else {
      const auto byte = static_cast<unsigned char>(c);
      out += '%';
      out += digits[byte >> 4];
      out += digits[byte & 15];
    }
  }
  return out;
}

bool names_state_link(std::string_view argument) {
  const bool scheme =
      argument.starts_with("pelab:") || argument.starts_with("http://") || argument.starts_with("https://");
  return scheme && argument.find('?') != std::string_view::npos;
}

bool names_link_file(std::string_view argument) { return ends_with_ascii_nocase(argument, ".link"); }

std::string read_link_file(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw Error(path.string() + ": cannot be read");
  std::ostringstream content;
  content << file.rdbuf();
  std::string text = content.str();
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!text.empty() && blank(text.back())) text.pop_back();
  text.erase(text.begin(), std::find_if_not(text.begin(), text.end(), blank));
  if (text.find('\n') != std::string::npos || !names_state_link(text))
    throw Error(path.string() + ": not a link (one line, pelab:?... or an http(s) address with a query)");
  return text;
}

StateLinkRead read_state_link(std::string_view text, ViewIds views, const std::filesystem::path& models_dir) {
  StateLinkRead read;
  StateLink& link = read.link;
  std::vector<std::string>& problems = read.problems;
  std::string_view query = text.substr(std::min(text.find('?'), text.size()));
  if (!query.empty()) query.remove_prefix(1);
  query = query.substr(0, query.find('#'));
  std::vector<std::string> seen;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    const std::size_t equals = pair.find('=');
    const std::string name = percent_decode(pair.substr(0, equals));
    const std::string value = equals == std::string_view::npos ? "" : percent_decode(pair.substr(equals + 1));
    const bool setting = names_link_setting(name);
    if (!setting &&
        std::find(link_parameters.begin(), link_parameters.end(), name) == link_parameters.end()) {
      problems.push_back("unknown parameter '" + name + "' (known: " + parameter_list() + ")");
      continue;
    }
    if (name != "c" && name != "set" && std::find(seen.begin(), seen.end(), name) != seen.end()) {
      problems.push_back(refused(name, value, "given twice; the first one applies"));
      continue;
    }
    const std::size_t problems_before = problems.size();
    if (setting) {
      // Checked with the others once all are read (a pair such as range_min and range_max together).
      link.settings.emplace_back(name, value);
    } else if (name == "c") {
      if (link.configs.size() == max_configs) {
        problems.push_back(
            refused(name, value, "at most " + std::to_string(max_configs) + " configurations"));
        continue;
      }
      try {
        parse_config_spec(value);
        link.configs.push_back(value);
      } catch (const std::exception& error) {
        problems.push_back("c: " + std::string(error.what()));  // the message quotes the CONFIG
      }
    } else if (name == "view") {
      if (value != link_grid_view &&
          std::find(views.begin(), views.end(), std::string_view(value)) == views.end()) {
        std::string choices;
        for (std::string_view id : views) choices += (choices.empty() ? "" : ", ") + std::string(id);
        choices += ", or " + std::string(link_grid_view) + " for none";
        problems.push_back(refused(name, value, "no such view (one of " + choices + ")"));
      } else {
        link.view = value;
      }
    } else if (name == "p") {
      read_indices(name, value, link.position, problems);
    } else if (name == "k") {
      read_indices(name, value, link.offset, problems);
    } else if (name == "i") {
      read_indices(name, value, link.dimension, problems);
    } else if (name == "lang") {
      if (const std::optional<Language> language = parse_language(value)) {
        link.language = language;
      } else {
        problems.push_back(refused(name, value, "no such language (" + language_list() + ")"));
      }
    } else if (name == "lesson") {
      if (value.empty()) {
        problems.push_back(refused(name, value, "empty lesson id"));
      } else {
        link.lesson = value;
      }
    } else if (name == "step") {
      const std::optional<std::int64_t> step = whole_number(value);
      if (!step || *step < 1) {
        problems.push_back(refused(name, value, "expected a step number from 1"));
      } else {
        link.step = step;
      }
    } else if (name == "set") {
      ViewSettings scratch;
      const std::vector<std::string> option{value};
      const std::vector<std::string> option_problems = apply_view_options(scratch, option, models_dir);
      if (option_problems.empty()) {
        link.view_options.push_back(value);
      } else {
        // The option's own message names it as the command line spells it ("--set KEY=VALUE: ..."); the
        // link names it as set=KEY=VALUE, once.
        std::string_view reason = option_problems.front();
        const std::string cli_prefix = "--set " + value + ": ";
        if (reason.starts_with(cli_prefix)) reason.remove_prefix(cli_prefix.size());
        problems.push_back(refused(name, value, reason));
      }
    }
    if (problems.size() == problems_before) seen.push_back(name);  // a refused one does not count
  }
  if (link.step && link.lesson.empty()) {
    problems.push_back(refused("step", std::to_string(*link.step), "needs lesson=ID"));
    link.step.reset();
  }
  // The settings' values as the session reader checks them, on the defaults: a refused one is left out.
  AppState scratch;
  std::vector<std::string> setting_problems;
  apply_settings_each(scratch, link.settings, views, setting_problems);
  for (const std::string& problem : setting_problems) {
    const std::string name = problem.substr(0, problem.find('='));
    const auto bad = std::find_if(link.settings.begin(), link.settings.end(), [&](const auto& entry) {
      return entry.first == name && problem.starts_with(entry.first + "=" + entry.second + ": ");
    });
    if (bad != link.settings.end()) link.settings.erase(bad);
    problems.push_back(problem);
  }
  return read;
}

std::string write_state_link(const StateLink& link) {
  std::string query;
  const auto add = [&query](std::string_view name, std::string_view value) {
    if (!query.empty()) query += '&';
    query.append(name).append("=").append(percent_encode(value));
  };
  for (const std::string& config : link.configs) add("c", config);
  if (link.view) add("view", *link.view);
  const auto add_list = [&add](std::string_view name, const std::vector<std::int64_t>& values) {
    if (values.empty()) return;
    std::string text;
    for (const std::int64_t v : values) {
      if (!text.empty()) text += ',';
      text += std::to_string(v);
    }
    add(name, text);
  };
  add_list("p", link.position);
  add_list("k", link.offset);
  add_list("i", link.dimension);
  if (link.language) add("lang", *link.language);
  if (!link.lesson.empty()) add("lesson", link.lesson);
  if (link.step) add("step", std::to_string(*link.step));
  for (const auto& [name, value] : link.settings) add(name, value);
  for (const std::string& option : link.view_options) add("set", option);
  return "pelab:?" + query;
}

std::vector<Slot> slots_of_link_configs(const std::vector<std::string>& configs) {
  std::vector<Slot> slots;
  for (const std::string& text : configs) {
    const ConfigSpec spec = parse_config_spec(text);
    Slot slot;
    slot.config.id = static_cast<int>(slots.size()) + 1;
    slot.config.encoding = spec.encoding;
    slot.config.label = spec.label;
    slot.config.table_path = spec.table;
    slot.config.tensor = spec.tensor;
    slots.push_back(std::move(slot));
  }
  return slots;
}

StateLink state_link_between(const AppState& base_state, const AppState& whole_state,
                             std::vector<std::string>& left_out) {
  StateLink link;
  AppState base = base_state;
  // The state as the link can carry it: a configuration that no CONFIG can write is left out (and
  // said), and the rest (its selection, `active`) is of the others.
  AppState state = whole_state;
  if (configs_differ(base, state)) {
    for (std::size_t n = 0; n < state.slots.size();) {
      try {
        link.configs.push_back(config_of(state.slots[n]));
        ++n;
      } catch (const std::exception& error) {
        left_out.push_back(display_label(state.slots[n].config) + ": " + error.what());
        state.slots.erase(state.slots.begin() + static_cast<std::ptrdiff_t>(n));
        if (state.active > n) --state.active;
      }
    }
    if (state.slots.empty()) {
      state.slots = base.slots;  // none can be written: the link opens with where it opens
    } else {
      // Where the rest of the link applies: the configurations as opened (apply_state_link).
      base.slots = slots_of_link_configs(link.configs);
      base.active = 0;
      base.links = links_for_slots(base.slots);
    }
    state.active = std::min(state.active, state.slots.size() - 1);
  }
  if (state.layout.maximized != base.layout.maximized)
    link.view = state.layout.maximized.value_or(std::string(link_grid_view));
  link.position = selection_list(base, state, &Selection::position);
  link.offset = selection_list(base, state, &Selection::offset);
  link.dimension = selection_list(base, state, &Selection::dimension);
  link.language = state.ui.language;
  const json state_session = session_json(state), base_session = session_json(base);
  const std::vector<std::pair<std::string, json>> now = link_settings_of(state_session),
                                                  before = link_settings_of(base_session);
  // A maximised view is added to the shown ones by the reader unless the link lists them: listed
  // when the maximised one is hidden.
  const auto& shown = state.layout.views;
  const bool hidden_maximized = link.view && link.view != link_grid_view &&
                                std::find(shown.begin(), shown.end(), *link.view) == shown.end();
  for (std::size_t n = 0; n < now.size(); ++n) {
    if (n < before.size() && before[n] == now[n] && !(hidden_maximized && now[n].first == "layout.views"))
      continue;
    link.settings.emplace_back(now[n].first, link_setting_text(now[n].second));
  }
  add_view_options(base_session, state_session, link);
  return link;
}

StateLink state_link_of(const AppState& state, std::vector<std::string>& left_out) {
  return state_link_between(AppState{}, state, left_out);
}

StateLink state_link_of(const AppModel& model, std::vector<std::string>& left_out) {
  const LessonPlayer& player = model.lessons;
  if (!player.lesson) return state_link_of(model.state, left_out);
  AppState shown = model.state;
  if (player.presenting) shown.layout.show_sidebar = player.sidebar_before;
  StateLink link;
  if (player.step < player.lesson->steps.size()) {
    // Opened by someone else, the step shows over pelab's defaults (step_state_shown).
    const AppState base = step_state_shown(player.lesson->steps[player.step].state, AppState{}, false);
    link = state_link_between(base, shown, left_out);
  }
  link.lesson = player.lesson->id;
  link.step = static_cast<std::int64_t>(player.step) + 1;
  link.language = model.state.ui.language;
  return link;
}

std::vector<std::string> apply_state_link(AppState& state, const StateLink& link, ViewIds views,
                                          const std::filesystem::path& models_dir) {
  std::vector<std::string> problems;
  if (!link.configs.empty()) {
    for (Slot& slot : state.slots) slot.selection = Selection{};
    state.active = 0;
    state.links = links_for_slots(state.slots);
  }
  apply_selection(state, "p", link.position, &Selection::position, problems);
  apply_selection(state, "k", link.offset, &Selection::offset, problems);
  apply_selection(state, "i", link.dimension, &Selection::dimension, problems);
  apply_settings_each(state, link.settings, views, problems);
  if (link.view == link_grid_view) {
    state.layout.maximized.reset();
  } else if (link.view) {
    state.layout.maximized = *link.view;
    // Shown, unless the link lists the views itself (then as it lists them).
    const bool listed = std::any_of(link.settings.begin(), link.settings.end(),
                                    [](const auto& entry) { return entry.first == "layout.views"; });
    auto& shown = state.layout.views;
    if (!listed && std::find(shown.begin(), shown.end(), *link.view) == shown.end())
      shown.push_back(*link.view);
  }
  if (link.language) state.ui.language = link.language;
  if (!link.view_options.empty()) {
    const std::vector<std::string> refused_options =
        apply_view_options(state.views, link.view_options, models_dir);
    problems.insert(problems.end(), refused_options.begin(), refused_options.end());
  }
  return problems;
}

bool link_sets_state(const StateLink& link) {
  return !link.configs.empty() || link.view || !link.position.empty() || !link.offset.empty() ||
         !link.dimension.empty() || !link.settings.empty() || !link.view_options.empty();
}

AppState open_state_link(const AppState& base, const StateLink& link, ViewIds views,
                         const std::filesystem::path& models_dir, std::vector<std::string>& problems) {
  AppState state = base;
  if (!link.configs.empty()) {
    state.slots = slots_of_link_configs(link.configs);
    state.active = 0;
  }
  std::vector<std::string> applied = apply_state_link(state, link, views, models_dir);
  problems.insert(problems.end(), applied.begin(), applied.end());
  return state;
}

}  // namespace pelab::app
