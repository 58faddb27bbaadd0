#pragma once
// UI strings, one catalogue per language. Every string the window shows is looked up by a key:
//   ImGui::TextUnformatted(tr("sidebar.section.encoding"));
// A language is data, never code: a directory i18n/<code>/ of pelab's data directory holding
//   language.json   {"name": "한국어", "script": "Hangul", "fonts": ["NanumGothic.ttf"]}
//                   name: what the language switch shows; script: the letters its lesson texts must
//                   contain ("Hangul"), or "Latin" (must contain no Hangul); fonts: font files merged
//                   into the atlas for its glyphs (found in share/pelab/fonts or the system's fonts)
//   *.json          flat objects "key": "text", one file per area of the UI.
// Every directory is discovered at start. English ("en") is required: a key missing in the current
// language falls back to English, then to the key itself (visible, so a gap is noticed).
#include <exception>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pelab/text.hpp"

namespace pelab::app {

// The loaded languages and the one in use: made explicitly by whoever shows text (pelab's main,
// pelab-cli, a test), as ImGui's context is, and made current with set_string_catalog. Every function
// below reads the current one; with none, tr() gives the key and load_strings refuses.
class StringCatalog {
 public:
  StringCatalog();
  ~StringCatalog();  // the current catalogue is then none, if it was this one
  StringCatalog(const StringCatalog&) = delete;
  StringCatalog& operator=(const StringCatalog&) = delete;

  struct Languages;  // i18n.cpp
  Languages& languages() { return *languages_; }

 private:
  std::unique_ptr<Languages> languages_;
};
// `catalog` (nullptr: none) becomes the one tr() and the others read. The compute workers may read it
// at any time: set it before they start, and keep it alive until they have stopped.
void set_string_catalog(StringCatalog* catalog);
StringCatalog* string_catalog();

// A language's code: the name of its directory under i18n/ ("en", "ko").
using Language = std::string;
// The language every text falls back to.
inline constexpr std::string_view fallback_language = "en";

// The languages loaded by load_strings, English first, then by code.
std::vector<Language> available_languages();
// `code` when it has the form of a language code (2 or 3 lowercase letters), loaded or not.
std::optional<Language> parse_language_code(std::string_view code);
// `code` when that language is loaded; nullopt otherwise.
std::optional<Language> parse_language(std::string_view code);
// "en, ko": the loaded codes, for messages.
std::string language_list();
// From LC_ALL, LC_MESSAGES or LANG (the first one set): the loaded language whose code the value
// starts with ("ko_KR.UTF-8" -> "ko"), else English.
Language system_language();
// language.json's name (the code when it gives none) and script ("" when it gives none).
std::string language_name(std::string_view code);
std::string language_script(std::string_view code);
// The font files of every loaded language that names some, in load order (file names or paths).
std::vector<std::string> language_font_files();

// Loads every language under `dir` (the data directory's i18n/). Returns false with `problems` (file
// and key) when a file is not a flat JSON object of strings, a language.json is malformed or English
// is missing; what loaded is kept.
bool load_strings(const std::filesystem::path& dir, std::vector<std::string>& problems);
// A language that is not loaded falls back to English.
void set_language(const Language& language);
Language current_language();

// The text of `key` in the current language (stable pointer, valid until the next load_strings).
const char* tr(const char* key);
// The translation of `key` when the current language has one, else `fallback` (core's English text
// for rules about an encoding, which live in core).
std::string tr_or(const char* key, std::string_view fallback);
// A sentence from core in the current language: the translation of "core.<id>" with the
// sentence's arguments formatted in, else core's English.
std::string tr_text(const Text& text);
// The message of a caught exception for the user: a pelab::Error's sentence in the current language
// when it carries one (tr_text), else what() as it is.
std::string error_message(const std::exception& error);
// The text with {0}, {1}, ... replaced by the arguments (core's format_pattern: one grammar).
std::string trf(const char* key, std::initializer_list<std::string_view> arguments);
// Every text of every language joined (the font atlas takes its glyphs from it).
std::string all_strings_text();
// The keys loaded for a language, sorted (tests check that both languages hold the same keys).
std::vector<std::string> string_keys(const Language& language);

}  // namespace pelab::app
