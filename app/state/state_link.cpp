#include "state/state_link.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <system_error>

#include "pelab/config_spec.hpp"
#include "pelab/file_names.hpp"
#include "pelab/types.hpp"
#include "state/view_options.hpp"

namespace pelab::app {
namespace {

using nlohmann::json;

constexpr std::array<std::string_view, 9> link_parameters = {"c",    "view",   "p",    "k",  "i",
                                                             "lang", "lesson", "step", "set"};
// The highest p, k or i a link may give: the largest table's last row (stored as given, clamped where
// used, as a session's selection is).
constexpr std::int64_t max_link_index = max_start + max_positions;

std::string parameter_list() {
  std::string text;
  for (std::string_view name : link_parameters) text += (text.empty() ? "" : ", ") + std::string(name);
  return text;
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

void read_index(std::string_view name, std::string_view value, std::optional<std::int64_t>& into,
                std::vector<std::string>& problems) {
  const std::optional<std::int64_t> number = whole_number(value);
  if (!number || *number < 0 || *number > max_link_index) {
    problems.push_back(
        refused(name, value, "expected a whole number from 0 to " + std::to_string(max_link_index)));
  } else {
    into = number;
  }
}

// A setting's value as --set reads it: JSON, except a string that does not read as JSON, which is
// written bare (bias.method=t5 rather than bias.method="t5").
std::string setting_text(const json& value) {
  if (value.is_string() && json::parse(value.get<std::string>(), nullptr, false).is_discarded())
    return value.get<std::string>();
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

json views_json(const AppState& state) { return json::parse(session_to_text(state)).at("views"); }

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
    if (std::find(link_parameters.begin(), link_parameters.end(), name) == link_parameters.end()) {
      problems.push_back("unknown parameter '" + name + "' (known: " + parameter_list() + ")");
      continue;
    }
    if (name != "c" && name != "set" && std::find(seen.begin(), seen.end(), name) != seen.end()) {
      problems.push_back(refused(name, value, "given twice; the first one applies"));
      continue;
    }
    const std::size_t problems_before = problems.size();
    if (name == "c") {
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
      if (std::find(views.begin(), views.end(), std::string_view(value)) == views.end()) {
        std::string choices;
        for (std::string_view id : views) choices += (choices.empty() ? "" : ", ") + std::string(id);
        problems.push_back(refused(name, value, "no such view (one of " + choices + ")"));
      } else {
        link.view = value;
      }
    } else if (name == "p") {
      read_index(name, value, link.position, problems);
    } else if (name == "k") {
      read_index(name, value, link.offset, problems);
    } else if (name == "i") {
      read_index(name, value, link.dimension, problems);
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
  if (link.position) add("p", std::to_string(*link.position));
  if (link.offset) add("k", std::to_string(*link.offset));
  if (link.dimension) add("i", std::to_string(*link.dimension));
  if (link.language) add("lang", *link.language);
  if (!link.lesson.empty()) add("lesson", link.lesson);
  if (link.step) add("step", std::to_string(*link.step));
  for (const std::string& option : link.view_options) add("set", option);
  return "pelab:?" + query;
}

StateLink state_link_of(const AppState& state, std::vector<std::string>& left_out) {
  StateLink link;
  for (const Slot& slot : state.slots) {
    ConfigSpec spec;
    spec.encoding = slot.config.encoding;
    // A table's N and D are written: they may be a window of the file's (default: from the file).
    spec.positions_given = spec.dims_given = !slot.config.table_path.empty();
    spec.table = slot.config.table_path;
    spec.tensor = slot.config.tensor;
    spec.label = slot.config.label;
    try {
      link.configs.push_back(format_config_spec(spec));
    } catch (const std::exception& error) {
      left_out.push_back(display_label(slot.config) + ": " + error.what());
    }
  }
  link.view = state.layout.maximized;
  const Selection& selection = state.active_slot().selection;
  link.position = selection.position;
  link.offset = selection.offset;
  link.dimension = selection.dimension;
  link.language = state.ui.language;
  // Each view setting apart from its default, in the session's keys (as --set takes them).
  const json settings = views_json(state), defaults = views_json(AppState{});
  for (const auto& [view, fields] : settings.items()) {
    const bool preset = view == "rope" && !fields.value("model", std::string()).empty();
    if (preset) link.view_options.push_back("rope.model=" + fields["model"].get<std::string>());
    for (const auto& [key, value] : fields.items()) {
      if (preset && key == "model") continue;
      if (preset || !defaults.contains(view) || defaults[view].value(key, json()) != value)
        link.view_options.push_back(view + "." + key + "=" + setting_text(value));
    }
  }
  return link;
}

StateLink state_link_of(const AppModel& model, std::vector<std::string>& left_out) {
  if (!model.lessons.lesson) return state_link_of(model.state, left_out);
  StateLink link;
  link.lesson = model.lessons.lesson->id;
  link.step = static_cast<std::int64_t>(model.lessons.step) + 1;
  link.language = model.state.ui.language;
  return link;
}

}  // namespace pelab::app
