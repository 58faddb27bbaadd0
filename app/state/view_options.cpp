#include "state/view_options.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "pelab/model_config.hpp"
#include "state/i18n.hpp"
#include "state/session.hpp"

namespace pelab::app {
namespace {

using nlohmann::json;

// "rope.a.type" -> {"rope": {"a": {"type": value}}}, merged into `root`.
bool put(json& root, const std::string& key, json value) {
  json* at = &root;
  std::size_t from = 0;
  while (true) {
    const std::size_t dot = key.find('.', from);
    const std::string part = key.substr(from, dot == std::string::npos ? std::string::npos : dot - from);
    if (part.empty()) return false;
    if (dot == std::string::npos) {
      (*at)[part] = std::move(value);
      return true;
    }
    json& next = (*at)[part];
    if (!next.is_object()) next = json::object();
    at = &next;
    from = dot + 1;
  }
}

}  // namespace

std::vector<std::string> apply_view_options(ViewSettings& views, std::span<const std::string> options,
                                            const std::filesystem::path& models_dir) {
  std::vector<std::string> problems;
  ViewSettings result = views;
  json root = json::object();
  for (const std::string& option : options) {
    const std::size_t equals = option.find('=');
    if (equals == std::string::npos || equals == 0) {
      problems.push_back("--set " + option + ": expected VIEW.KEY=VALUE, e.g. rope.dims=64");
      continue;
    }
    const std::string key = option.substr(0, equals), text = option.substr(equals + 1);
    if (key == "rope.model") {
      // A name from the models folder, never a path: a link may carry this setting, and must not make
      // pelab read a file elsewhere.
      if (text.empty() || text.front() == '.' || text.find_first_of("/\\:") != std::string::npos) {
        problems.push_back("--set " + option + ": a model's name (as in the models folder), not a path");
        continue;
      }
      const std::filesystem::path file = models_dir / (text + ".json");
      try {
        result.rope = rope_settings_for_model(load_model_config(file), text);
      } catch (const std::exception& error) {
        problems.push_back("--set " + option + ": " + error_message(error));
      }
      continue;
    }
    // JSON when it parses as JSON (numbers, booleans, lists, objects), else the text as a string.
    json value = json::parse(text, nullptr, false);
    if (value.is_discarded()) value = text;
    if (!put(root, key, std::move(value))) problems.push_back("--set " + option + ": empty part in the key");
  }
  if (!root.empty()) {
    std::vector<std::string> read;
    view_settings_from_text(root.dump(), result, read);
    // A problem names its key ("bias.heads: why"); when that is an option's key, the option as the
    // user typed it ("--set bias.heads=99: why"), else the key (a part of a JSON value).
    for (const std::string& problem : read) {
      const std::string key = problem.substr(0, problem.find(": "));
      const auto typed = std::find_if(options.begin(), options.end(), [&](const std::string& option) {
        return option.size() > key.size() && option.compare(0, key.size(), key) == 0 &&
               option[key.size()] == '=';
      });
      problems.push_back("--set " + (typed == options.end() ? problem : *typed + problem.substr(key.size())));
    }
  }
  if (problems.empty()) views = result;
  return problems;
}

}  // namespace pelab::app
