#pragma once
// The CONFIG grammar that names one encoding configuration in a single word, for the app's command
// line (`pelab sinusoidal:base=100 learned:table=gpt2.npy`) and for scripts:
//   CONFIG := KIND [ ":" KEY "=" VALUE { "," KEY "=" VALUE } ] | TABLE-PATH
// KIND is an encoding kind ("sinusoidal", "sinusoidal-concat", ...). KEYs are pelab-cli's option
// names without the dashes: positions, dims, base, start, signed, sigma, seed, table, tensor, plus
// label (a short name shown above the configuration). A key that the kind does not read is refused,
// as pelab-cli refuses the option. Parsing checks text only; loading `table` is the caller's job.
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "pelab/encodings.hpp"
#include "pelab/kinds.hpp"

namespace pelab {

// What a CONFIG key's value is, and the kinds-table parameter that says which kinds read it (none:
// every kind reads it, or it is not an encoding parameter). One table, in the grammar's order: the
// reader, --help and whoever asks which keys hold a number (the animations) read it.
enum class ConfigValueType { integer, real, flag, text };
struct ConfigKey {
  std::string_view name;
  ConfigValueType type;
  std::optional<KindParameter> parameter;
};
std::span<const ConfigKey> config_keys();
// The key named `name`, or nullptr.
const ConfigKey* find_config_key(std::string_view name);

struct ConfigSpec {
  EncodingParams encoding;  // defaults where a key was not given
  bool positions_given = false;
  bool dims_given = false;
  std::string table;   // learned: path of a .npy or .safetensors table ("" = seeded table)
  std::string tensor;  // learned with a .safetensors table: the tensor's name ("" = pick the usual one)
  std::string label;   // "" = none given
  bool operator==(const ConfigSpec&) const = default;
};

// Throws pelab::Error with one line that quotes the CONFIG and names what is wrong: unknown kind
// (listing the kinds), unknown key (listing the keys), a key the kind does not read, a repeated
// key, a missing '=' or value, a value that is not a number or out of range (positions and dims at
// least 1, start at least 0, base finite and above 0, sigma finite and at least 0, signed = true,
// false, 1 or 0), tensor without table, an empty CONFIG.
// A CONFIG that is the path of a table file (it ends in .npy or .safetensors, in any case, and does
// not start with "KIND:") reads as learned:table=PATH, so `pelab gpt2.npy` and a file manager's
// "Open with pelab" load the file as a learned table; so does hf:ORG/NAME[@REVISION], a model in
// the local Hugging Face cache (pelab/io/hf_cache.hpp).
ConfigSpec parse_config_spec(std::string_view text);

// How every refusal of a CONFIG names it, once: "CONFIG 'text': why", the text quoted as
// quote_user_text quotes it. parse_config_spec's errors use it, and so does a front end that refuses a
// CONFIG after parsing it (a table that does not load).
std::string config_message(std::string_view text, std::string_view why);

// Whether parse_config_spec reads `text` as a table file's path (the rule above).
bool names_table_file(std::string_view text);

// How a front end spells an encoding parameter in its messages: "base" (CONFIG) or "--base"
// (pelab-cli's options).
enum class ParameterSpelling { config_key, cli_option };

// One parameter as typed: the key without dashes (positions, dims, base, start, signed, sigma,
// seed, table, tensor, label) and its text ("true" for pelab-cli's --signed flag).
struct ParameterItem {
  std::string_view key;
  std::string_view value;
};

// The one reader of encoding parameters, behind both parse_config_spec and pelab-cli's options:
// numbers, ranges, the keys a kind does not read, repeated keys, tensor without table, sigma or
// seed with a table, start + positions. Throws pelab::Error with one line that names the key as
// `spelling` writes it, e.g. "--dims: '8x' is not an integer", "base must be above 0 (got 0)".
// What a front end requires beyond this (pelab-cli: --positions and --dims unless --table) is its own.
ConfigSpec read_parameters(EncodingKind kind, std::span<const ParameterItem> items,
                           ParameterSpelling spelling);

// The one message for an encoding option that `kind` does not read, for pelab-cli and CONFIG alike
// (`option` as the front end spells it: "--base", "base"): "<option> does not apply to kind
// integer (only to sigmoid, sinusoidal, sinusoidal-concat); integer ignores base: ...".
std::string not_applicable_message(std::string_view option, EncodingKind kind, KindParameter parameter);

// The shortest CONFIG that parses back to `spec` (keys that differ from the defaults, in the order
// above). parse_config_spec(format_config_spec(s)) == s.
std::string format_config_spec(const ConfigSpec& spec);

// The grammar and the keys, for --help and the README (a few lines, ends with a newline).
std::string config_spec_help();

}  // namespace pelab
