#include "state/i18n.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "pelab/types.hpp"

namespace pelab::app {
namespace {

// The catalog: UI state of the app (like ImGui's context), loaded once at start-up.
struct Catalog {
  std::map<std::string, std::string, std::less<>> texts[2];
  // Atomic: compute workers format error messages (error_message) while the UI may switch language.
  std::atomic<Language> language = Language::en;
};

Catalog& catalog() {
  static Catalog instance;
  return instance;
}

std::size_t index(Language language) { return language == Language::ko ? 1 : 0; }

}  // namespace

std::string_view to_string(Language language) { return language == Language::ko ? "ko" : "en"; }

std::optional<Language> parse_language(std::string_view name) {
  if (name == "en") return Language::en;
  if (name == "ko") return Language::ko;
  return std::nullopt;
}

Language system_language() {
  for (const char* variable : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(variable);
    if (value == nullptr || *value == '\0') continue;
    return std::string_view(value).substr(0, 2) == "ko" ? Language::ko : Language::en;
  }
  return Language::en;
}

bool load_strings(const std::filesystem::path& dir, std::vector<std::string>& problems) {
  const std::size_t before = problems.size();
  for (Language language : {Language::en, Language::ko}) {
    const std::filesystem::path folder = dir / std::string(to_string(language));
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec)) {
      problems.push_back(folder.string() + ": no such directory");
      continue;
    }
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
      if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    auto& texts = catalog().texts[index(language)];
    // Loading again (a second AppContext, a test) replaces the texts; a key twice in this load is
    // the error. Existing entries are assigned, not erased, so pointers from tr() stay valid.
    std::set<std::string, std::less<>> seen;
    for (const std::filesystem::path& file : files) {
      std::ifstream in(file);
      std::ostringstream content;
      content << in.rdbuf();
      const nlohmann::json root = nlohmann::json::parse(content.str(), nullptr, false);
      if (root.is_discarded() || !root.is_object()) {
        problems.push_back(file.string() + ": not a JSON object of \"key\": \"text\"");
        continue;
      }
      for (const auto& item : root.items()) {
        if (!item.value().is_string()) {
          problems.push_back(file.string() + ": " + item.key() + ": must be a string");
        } else if (!seen.insert(item.key()).second) {
          problems.push_back(file.string() + ": " + item.key() + ": defined twice");
        } else {
          texts[item.key()] = item.value().get<std::string>();
        }
      }
    }
  }
  return problems.size() == before;
}

void set_language(Language language) { catalog().language = language; }
Language current_language() { return catalog().language; }

const char* tr(const char* key) {
  for (Language language : {catalog().language.load(), Language::en}) {
    const auto& texts = catalog().texts[index(language)];
    const auto found = texts.find(std::string_view(key));
    if (found != texts.end()) return found->second.c_str();
  }
  return key;
}

std::string tr_or(const char* key, std::string_view fallback) {
  const auto& texts = catalog().texts[index(catalog().language)];
  const auto found = texts.find(std::string_view(key));
  return found != texts.end() ? found->second : std::string(fallback);
}

std::string tr_text(const Text& text) {
  if (text.empty()) return "";
  const auto& texts = catalog().texts[index(catalog().language)];
  // The sentence and each of its parts in the current language, else in core's English.
  return format_text(text, [&texts](TextId id) {
    // Appended rather than "core." + std::string(...): GCC 12 warns (-Wrestrict, a false positive)
    // on a literal prepended to a temporary string.
    std::string key = "core.";
    key += text_key(id);
    const auto found = texts.find(std::string_view(key));
    return found != texts.end() ? std::string_view(found->second) : text_pattern(id);
  });
}

std::string error_message(const std::exception& error) {
  if (const auto* pelab_error = dynamic_cast<const Error*>(&error);
      pelab_error && !pelab_error->text().empty())
    return tr_text(pelab_error->text());
  return error.what();
}

std::string trf(const char* key, std::initializer_list<std::string_view> arguments) {
  std::string text = tr(key);
  std::size_t n = 0;
  for (std::string_view argument : arguments) {
    std::string mark = "{";  // appended: see tr_text on GCC 12's -Wrestrict
    mark += std::to_string(n++);
    mark += '}';
    for (std::size_t at = text.find(mark); at != std::string::npos;
         at = text.find(mark, at + argument.size()))
      text.replace(at, mark.size(), argument);
  }
  return text;
}

std::string all_strings_text() {
  std::string text;
  for (const auto& texts : catalog().texts)
    for (const auto& [key, value] : texts) text += value;
  return text;
}

std::vector<std::string> string_keys(Language language) {
  std::vector<std::string> keys;
  for (const auto& [key, text] : catalog().texts[index(language)]) keys.push_back(key);
  return keys;
}

}  // namespace pelab::app
