#include "state/i18n.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <span>
#include <sstream>

#include "pelab/types.hpp"

namespace pelab::app {

// Languages live in a map (stable nodes): tr()'s pointers and `current` stay valid when a test loads
// again.
struct StringCatalog::Languages {
  struct Data {
    std::string name, script;
    std::vector<std::string> fonts;
    std::map<std::string, std::string, std::less<>> texts;
  };
  std::map<std::string, Data, std::less<>> by_code;
  // Atomic: compute workers format error messages (error_message) while the UI may switch language.
  // nullptr: English.
  std::atomic<const Data*> current = nullptr;
};

namespace {

using LanguageData = StringCatalog::Languages::Data;

// The catalogue in use, as ImGui's GImGui is its context: set by whoever made one (main, pelab-cli, a
// test). Atomic: the compute workers read it when they format a message.
std::atomic<StringCatalog*> current_catalog = nullptr;

// The current catalogue's languages, or nullptr when none is current.
StringCatalog::Languages* catalog() {
  StringCatalog* current = current_catalog.load();
  return current ? &current->languages() : nullptr;
}

const LanguageData* find_language(std::string_view code) {
  const StringCatalog::Languages* languages = catalog();
  if (languages == nullptr) return nullptr;
  const auto found = languages->by_code.find(code);
  return found == languages->by_code.end() ? nullptr : &found->second;
}

// The current language, then English: where tr() looks, in order.
std::vector<const LanguageData*> lookup_order() {
  std::vector<const LanguageData*> order;
  const StringCatalog::Languages* languages = catalog();
  if (languages == nullptr) return order;
  if (const LanguageData* current = languages->current.load()) order.push_back(current);
  if (const LanguageData* english = find_language(fallback_language);
      english && (order.empty() || order[0] != english))
    order.push_back(english);
  return order;
}

const LanguageData* current_data() {
  const StringCatalog::Languages* languages = catalog();
  if (languages == nullptr) return nullptr;
  if (const LanguageData* current = languages->current.load()) return current;
  return find_language(fallback_language);
}

std::string read_file(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

// language.json: {"name": TEXT, "script": "Hangul" | "Latin", "fonts": [FILE, ...]}, every key optional.
void read_language_file(const std::filesystem::path& file, LanguageData& language,
                        std::vector<std::string>& problems) {
  const nlohmann::json root = nlohmann::json::parse(read_file(file), nullptr, false);
  if (root.is_discarded() || !root.is_object()) {
    problems.push_back(file.string() +
                       ": not a JSON object {\"name\": ..., \"script\": ..., \"fonts\": [...]}");
    return;
  }
  for (const auto& item : root.items()) {
    const std::string& key = item.key();
    if (key == "name" || key == "script") {
      if (!item.value().is_string()) {
        problems.push_back(file.string() + ": " + key + ": must be a string");
        continue;
      }
      (key == "name" ? language.name : language.script) = item.value().get<std::string>();
    } else if (key == "fonts") {
      if (!item.value().is_array()) {
        problems.push_back(file.string() + ": fonts: must be a list of font file names");
        continue;
      }
      language.fonts.clear();
      for (const auto& font : item.value()) {
        if (font.is_string()) {
          language.fonts.push_back(font.get<std::string>());
        } else {
          problems.push_back(file.string() + ": fonts: every entry must be a file name");
        }
      }
    } else {
      problems.push_back(file.string() + ": " + key + ": unknown key (name, script, fonts)");
    }
  }
  if (!language.script.empty() && language.script != "Hangul" && language.script != "Latin")
    problems.push_back(file.string() + ": script: '" + language.script +
                       "' is not one pelab checks (Hangul, Latin)");
}

void load_language(const std::filesystem::path& folder, LanguageData& language,
                   std::vector<std::string>& problems) {
  std::error_code ec;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  // Loading again (a second AppContext, a test) replaces the texts; a key twice in this load is the
  // error. Existing entries are assigned, not erased, so pointers from tr() stay valid.
  std::set<std::string, std::less<>> seen;
  for (const std::filesystem::path& file : files) {
    if (file.filename() == "language.json") {
      read_language_file(file, language, problems);
      continue;
    }
    const nlohmann::json root = nlohmann::json::parse(read_file(file), nullptr, false);
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
        language.texts[item.key()] = item.value().get<std::string>();
      }
    }
  }
}

}  // namespace

StringCatalog::StringCatalog() : languages_(std::make_unique<Languages>()) {}

StringCatalog::~StringCatalog() {
  StringCatalog* self = this;
  current_catalog.compare_exchange_strong(self, nullptr);
}

void set_string_catalog(StringCatalog* catalog) { current_catalog = catalog; }

StringCatalog* string_catalog() { return current_catalog.load(); }

std::vector<Language> available_languages() {
  std::vector<Language> codes;
  const StringCatalog::Languages* languages = catalog();
  if (languages == nullptr) return codes;
  if (find_language(fallback_language)) codes.emplace_back(fallback_language);
  for (const auto& [code, data] : languages->by_code)
    if (code != fallback_language) codes.push_back(code);
  return codes;
}

std::optional<Language> parse_language_code(std::string_view code) {
  if (code.size() < 2 || code.size() > 3 ||
      !std::all_of(code.begin(), code.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
    return std::nullopt;
  return Language(code);
}

std::optional<Language> parse_language(std::string_view code) {
  if (find_language(code) == nullptr) return std::nullopt;
  return Language(code);
}

std::string language_list() {
  std::string list;
  for (const Language& code : available_languages()) list += (list.empty() ? "" : ", ") + code;
  return list;
}

Language system_language() {
  for (const char* variable : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(variable);
    if (value == nullptr || *value == '\0') continue;
    const std::string_view locale(value);
    const std::string_view code = locale.substr(0, locale.find_first_of("_.@"));
    if (find_language(code) != nullptr) return Language(code);
    return Language(fallback_language);
  }
  return Language(fallback_language);
}

std::string language_name(std::string_view code) {
  const LanguageData* language = find_language(code);
  return language && !language->name.empty() ? language->name : std::string(code);
}

std::string language_script(std::string_view code) {
  const LanguageData* language = find_language(code);
  return language ? language->script : std::string();
}

std::vector<std::string> language_font_files() {
  std::vector<std::string> fonts;
  for (const Language& code : available_languages())
    for (const std::string& font : find_language(code)->fonts)
      if (std::find(fonts.begin(), fonts.end(), font) == fonts.end()) fonts.push_back(font);
  return fonts;
}

bool load_strings(const std::filesystem::path& dir, std::vector<std::string>& problems) {
  const std::size_t before = problems.size();
  StringCatalog::Languages* languages = catalog();
  if (languages == nullptr) {
    problems.push_back("no string catalogue to load " + dir.string() + " into (set_string_catalog)");
    return false;
  }
  std::error_code ec;
  std::vector<std::filesystem::path> folders;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.is_directory(ec)) folders.push_back(entry.path());
  std::sort(folders.begin(), folders.end());
  for (const std::filesystem::path& folder : folders) {
    load_language(folder, languages->by_code[folder.filename().string()], problems);
  }
  if (find_language(fallback_language) == nullptr)
    problems.push_back((dir / std::string(fallback_language)).string() +
                       ": no such directory (English is every text's fallback)");
  return problems.size() == before;
}

void set_language(const Language& language) {
  if (StringCatalog::Languages* languages = catalog()) languages->current = find_language(language);
}

Language current_language() {
  const StringCatalog::Languages* languages = catalog();
  if (languages == nullptr) return Language(fallback_language);
  const LanguageData* current = languages->current.load();
  for (const auto& [code, data] : languages->by_code)
    if (&data == current) return code;
  return Language(fallback_language);
}

const char* tr(const char* key) {
  for (const LanguageData* language : lookup_order()) {
    const auto found = language->texts.find(std::string_view(key));
    if (found != language->texts.end()) return found->second.c_str();
  }
  return key;
}

std::string tr_or(const char* key, std::string_view fallback) {
  const LanguageData* language = current_data();
  if (language == nullptr) return std::string(fallback);
  const auto found = language->texts.find(std::string_view(key));
  return found != language->texts.end() ? found->second : std::string(fallback);
}

std::string tr_text(const Text& text) {
  if (text.empty()) return "";
  const LanguageData* language = current_data();
  // The sentence and each of its parts in the current language, else in core's English.
  return format_text(text, [language](TextId id) {
    if (language == nullptr) return text_pattern(id);
    // Appended rather than "core." + std::string(...): GCC 12 warns (-Wrestrict, a false positive)
    // on a literal prepended to a temporary string.
    std::string key = "core.";
    key += text_key(id);
    const auto found = language->texts.find(std::string_view(key));
    return found != language->texts.end() ? std::string_view(found->second) : text_pattern(id);
  });
}

std::string error_message(const std::exception& error) {
  if (const auto* pelab_error = dynamic_cast<const Error*>(&error);
      pelab_error && !pelab_error->text().empty())
    return tr_text(pelab_error->text());
  return error.what();
}

std::string trf(const char* key, std::initializer_list<std::string_view> arguments) {
  return pelab::format_pattern(tr(key),
                               std::span<const std::string_view>(arguments.begin(), arguments.size()));
}

std::string all_strings_text() {
  std::string text;
  const StringCatalog::Languages* languages = catalog();
  if (languages == nullptr) return text;
  for (const auto& [code, language] : languages->by_code) {
    text += language.name;
    for (const auto& [key, value] : language.texts) text += value;
  }
  return text;
}

std::vector<std::string> string_keys(const Language& language) {
  std::vector<std::string> keys;
  if (const LanguageData* data = find_language(language))
    for (const auto& [key, text] : data->texts) keys.push_back(key);
  return keys;
}

}  // namespace pelab::app
