#pragma once
// UI strings in English and Korean. Every string the window shows is looked up by a key:
//   ImGui::TextUnformatted(tr("sidebar.section.encoding"));
// The texts live in assets/i18n/<language>/*.json (flat objects: "key": "text"), one file per area
// of the UI, so a third language is a directory of files and no code. A key missing in the current
// language falls back to English, then to the key itself (visible, so a gap is noticed).
#include <exception>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pelab/text.hpp"

namespace pelab::app {

enum class Language { en, ko };
std::string_view to_string(Language language);  // "en", "ko"
std::optional<Language> parse_language(std::string_view name);
// From LC_ALL, LC_MESSAGES or LANG (the first one set): "ko..." is Korean, anything else English.
Language system_language();

// Loads every language under `dir` (assets/i18n). Returns false with `problems` (file and key) when
// a file is not a flat JSON object of strings; what loaded is kept.
bool load_strings(const std::filesystem::path& dir, std::vector<std::string>& problems);
void set_language(Language language);
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
// The text with {0}, {1}, ... replaced by the arguments in order.
std::string trf(const char* key, std::initializer_list<std::string_view> arguments);
// Every text of every language joined (the font atlas takes its glyphs from it).
std::string all_strings_text();
// The keys loaded for a language, sorted (tests check that both languages hold the same keys).
std::vector<std::string> string_keys(Language language);

}  // namespace pelab::app
