// The CONFIG grammar: KIND[:KEY=VALUE{,KEY=VALUE}] (see config_spec.hpp).
//
// Choices made here, so a reader does not have to infer them from the code:
// - The kind ends at the first ':'; items are split at every ','; an item is split at its first
//   '=', so a value may contain '=' and ':' but never ',' (a table path with a comma cannot be
//   written as a CONFIG).
// - Nothing is trimmed. A space in the kind, a key or a number is an error that says CONFIG takes
//   no spaces; label, table and tensor may contain spaces inside ("label=GPT-2 wpe") but not at
//   either end. Control characters (tab, newline, ...) are refused everywhere, so every message
//   stays one line.
// - The values are judged by ParameterReader, which pelab-cli's options go through as well
//   (read_parameters): numbers as number_text.hpp reads them (decimal integers with an optional
//   leading '+', reals as std::from_chars reads them, never NaN, infinity or hexadecimal).
// - format_config_spec leaves out the keys the kind does not read (base of an integer table,
//   sigma of a loaded table, ...), because the app keeps such values around while they mean
//   nothing; it throws pelab::Error when the rest cannot be written so that it parses back (a
//   ',' in a path, a label above 64 bytes, N = 0, ...).
#include "pelab/config_spec.hpp"

#include "pelab/file_names.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

#include "pelab/io/hf_cache.hpp"
#include "pelab/kinds.hpp"
#include "pelab/number_text.hpp"
#include "pelab/types.hpp"

namespace pelab {
namespace {

constexpr std::size_t kMaxLabelBytes = 64;

enum class Key { positions, dims, base, start, signed_bits, sigma, seed, table, tensor, label };
// Indexed by Key.
constexpr std::array<ConfigKey, 10> kKeys = {{
    {"positions", ConfigValueType::integer, std::nullopt},
    {"dims", ConfigValueType::integer, std::nullopt},
    {"base", ConfigValueType::real, KindParameter::base},
    {"start", ConfigValueType::integer, std::nullopt},
    {"signed", ConfigValueType::flag, KindParameter::binary_signed},
    {"sigma", ConfigValueType::real, KindParameter::sigma},
    {"seed", ConfigValueType::integer, KindParameter::seed},
    {"table", ConfigValueType::text, KindParameter::table},
    {"tensor", ConfigValueType::text, KindParameter::table},
    {"label", ConfigValueType::text, std::nullopt},
}};

std::string_view key_name(Key key) { return kKeys[static_cast<std::size_t>(key)].name; }

std::optional<Key> find_key(std::string_view name) {
  for (std::size_t i = 0; i < kKeys.size(); ++i) {
    if (kKeys[i].name == name) return static_cast<Key>(i);
  }
  return std::nullopt;
}

std::vector<std::string_view> key_names() {
  std::vector<std::string_view> names;
  for (const ConfigKey& key : kKeys) names.push_back(key.name);
  return names;
}

std::string joined(auto&& names) {
  std::string list;
  for (const auto& name : names) {
    if (!list.empty()) list += ", ";
    list += name;
  }
  return list;
}

std::string kind_list() { return kind_names(); }

bool is_control(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte < 0x20 || byte == 0x7f;
}

// The one reader of encoding parameters (see read_parameters in config_spec.hpp): pelab-cli's
// options and a CONFIG's items both end here, so a value is refused with the same words whichever
// front end it came through; only the spelling of the key differs ("--base" or "base").
class ParameterReader {
 public:
  ParameterReader(EncodingKind kind, ParameterSpelling spelling) : spelling_(spelling) {
    spec_.encoding.kind = kind;
  }

  // `key` without dashes; an unknown key is the front end's error (it knows its own syntax).
  void add(Key key, std::string_view value) {
    auto& seen = seen_[static_cast<std::size_t>(key)];
    if (seen) throw Error(name(key) + " is given twice");
    seen = true;
    check_applies(key);
    set_value(key, value);
  }

  // Rules that involve more than one key.
  ConfigSpec finish() {
    const bool has_table = seen(Key::table);
    if (seen(Key::tensor) && !has_table) {
      throw Error(name(Key::tensor) + " needs " + with_value(Key::table, "FILE") +
                  " (it names a tensor inside a .safetensors table)");
    }
    for (Key key : {Key::sigma, Key::seed}) {
      if (has_table && seen(key)) {
        throw Error(name(key) + " does not apply with " + name(Key::table) +
                    " (sigma and seed draw the seeded table; a loaded table is used as it is)");
      }
    }
    EncodingParams& p = spec_.encoding;
    // A loaded table decides N when positions is not given, so start + N is checked against the
    // given N only.
    if ((!has_table || spec_.positions_given) && p.start > position_limit - p.positions) {
      throw Error(name(Key::start) + " + " + name(Key::positions) +
                  " must stay at most 2^52 so positions are exact in double precision (got " +
                  std::to_string(p.start) + " + " + std::to_string(p.positions) + ")");
    }
    return spec_;
  }

  // The "key the kind does not read" rule: kinds.hpp states it for base, signed, sigma and seed;
  // table and tensor belong to learned only.
  void check_applies(Key key) const {
    const EncodingKind kind = spec_.encoding.kind;
    const std::optional<KindParameter> parameter = kKeys[static_cast<std::size_t>(key)].parameter;
    if (parameter && !reads(kind, *parameter))
      throw Error(not_applicable_message(name(key), kind, *parameter));
  }

  std::string name(Key key) const {
    return spelling_ == ParameterSpelling::cli_option ? "--" + std::string(key_name(key))
                                                      : std::string(key_name(key));
  }

 private:
  std::string with_value(Key key, std::string_view placeholder) const {
    return name(key) + (spelling_ == ParameterSpelling::cli_option ? " " : "=") + std::string(placeholder);
  }

  std::int64_t integer(Key key, std::string_view value, const ParameterRange<std::int64_t>& range) const {
    const std::int64_t result = parse_integer_text(name(key), value);
    require_at_least(name(key), result, range.lowest);
    require_at_most(name(key), result, range.highest);
    return result;
  }

  double real(Key key, std::string_view value) const { return parse_real_text(name(key), value); }

  void set_value(Key key, std::string_view value) {
    EncodingParams& p = spec_.encoding;
    switch (key) {
      case Key::positions:
        p.positions = integer(key, value, positions_range);
        spec_.positions_given = true;
        break;
      case Key::dims:
        p.dims = integer(key, value, dims_range);
        spec_.dims_given = true;
        break;
      case Key::start:
        p.start = integer(key, value, start_range);
        break;
      case Key::base: {
        const double base = real(key, value);
        const std::string got = " (got " + std::string(value) + ")";
        if (base <= 0.0) throw Error(name(key) + " must be above 0" + got);
        if (!base_range.contains(base)) throw Error(name(key) + " must be " + base_range_text() + got);
        p.base = base;
        break;
      }
      case Key::signed_bits:
        if (value == "true" || value == "1") {
          p.binary_signed = true;
        } else if (value == "false" || value == "0") {
          p.binary_signed = false;
        } else {
          throw Error(name(key) + ": '" + std::string(value) + "' is not true, false, 1 or 0");
        }
        break;
      case Key::sigma: {
        const double sigma = real(key, value);
        if (sigma < sigma_range.lowest)
          throw Error(name(key) + " must be 0 or more (got " + std::string(value) + ")");
        p.sigma = sigma;
        break;
      }
      case Key::seed:
        p.seed = parse_unsigned_text(name(key), value);
        break;
      case Key::table:
        spec_.table = std::string(value);
        break;
      case Key::tensor:
        if (value.empty()) throw Error(name(key) + " needs a tensor name (got '')");
        spec_.tensor = std::string(value);
        break;
      case Key::label:
        spec_.label = std::string(value);
        if (spec_.label.size() > kMaxLabelBytes) {
          throw Error(name(key) + " is " + std::to_string(value.size()) + " bytes, above the limit of " +
                      std::to_string(kMaxLabelBytes));
        }
        break;
    }
  }

  bool seen(Key key) const { return seen_[static_cast<std::size_t>(key)]; }

  ParameterSpelling spelling_;
  ConfigSpec spec_;
  std::array<bool, kKeys.size()> seen_{};
};

// Splits one CONFIG into its kind and items and hands them to the reader; every error names the
// CONFIG first.
class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  ConfigSpec run() {
    if (text_.empty()) fail("empty; expected KIND[:KEY=VALUE,...] with a kind out of " + kind_list());
    for (char c : text_) {
      if (is_control(c)) fail("contains a control character; CONFIG is one line of printable text");
    }
    const std::size_t colon = text_.find(':');
    if (names_table_file(text_)) return table_file();
    ParameterReader reader(parse_kind(text_.substr(0, colon)), ParameterSpelling::config_key);
    if (colon == std::string_view::npos) return named([&] { return reader.finish(); });

    const std::string_view rest = text_.substr(colon + 1);
    if (rest.empty()) fail("nothing after ':' (remove the ':' or add KEY=VALUE)");
    std::size_t begin = 0;
    bool first = true;
    while (true) {
      const std::size_t comma = rest.find(',', begin);
      const std::string_view item =
          rest.substr(begin, comma == std::string_view::npos ? comma : comma - begin);
      if (item.empty()) {
        if (first) fail("empty item right after ':'");
        if (comma == std::string_view::npos) fail("empty item after the last ','");
        fail("empty item between two ','");
      }
      parse_item(reader, item);
      first = false;
      if (comma == std::string_view::npos) break;
      begin = comma + 1;
    }
    return named([&] { return reader.finish(); });
  }

 private:
  // A whole CONFIG that is a table file's path (what a file manager's "Open with" passes):
  // learned:table=PATH, judged as that value. A path cannot hold ',' for the reason any value cannot
  // (format_config_spec could not write it back).
  ConfigSpec table_file() const {
    if (text_.find(',') != std::string_view::npos)
      fail("a table path cannot contain ','; rename the file or copy it to a name without one");
    // A path ending in .npy cannot end in a space, but an hf: name can ("hf:org/name "): refused as
    // the key=value form refuses it, so every accepted CONFIG can be written back.
    if (text_.front() == ' ') fail("a table path cannot start with a space");
    if (text_.back() == ' ') fail("a table path cannot end with a space");
    ParameterReader reader(EncodingKind::learned, ParameterSpelling::config_key);
    return named([&] {
      reader.add(Key::table, text_);
      return reader.finish();
    });
  }

  [[noreturn]] void fail(const std::string& what) const { throw Error(config_message(text_, what)); }

  // The reader's messages name a key, not the CONFIG: fail() names the CONFIG once. (Messages of
  // this parser's own are already named, so the reader's calls are wrapped one by one.)
  template <typename Call>
  std::invoke_result_t<Call&> named(Call&& call) const {
    try {
      return call();
    } catch (const Error& e) {
      fail(e.what());
    }
  }

  void reject_spaces(std::string_view what, std::string_view text) const {
    if (text.find(' ') != std::string_view::npos) {
      fail(std::string(what) + " " + quote_user_text(text) +
           " contains a space; CONFIG takes no spaces (write e.g. sinusoidal:base=100,dims=16)");
    }
  }

  EncodingKind parse_kind(std::string_view name) const {
    if (name.empty()) fail("no kind before ':' (kinds: " + kind_list() + ")");
    reject_spaces("kind", name);
    const std::optional<EncodingKind> kind = parse_encoding_kind(name);
    if (!kind) fail("unknown kind " + quote_user_text(name) + " (kinds: " + kind_list() + ")");
    return *kind;
  }

  // CONFIG's own syntax: KEY=VALUE, no spaces in keys and numbers, none around the text values.
  void parse_item(ParameterReader& reader, std::string_view item) const {
    const std::size_t equals = item.find('=');
    if (equals == 0) fail("item " + quote_user_text(item) + " has no key before '='");
    const std::string_view name = item.substr(0, equals);
    reject_spaces("key", name);
    const std::optional<Key> key = find_key(name);
    if (!key) fail("unknown key " + quote_user_text(name) + " (keys: " + joined(key_names()) + ")");
    if (equals == std::string_view::npos) {
      fail("key " + quote_user_text(name) + " has no '=' and no value (write " + std::string(name) +
           "=VALUE)");
    }
    const std::string_view value = item.substr(equals + 1);
    if (value.empty()) fail("key " + quote_user_text(name) + " has no value after '='");
    const bool is_text = kKeys[static_cast<std::size_t>(*key)].type == ConfigValueType::text;
    if (!is_text) {
      reject_spaces(key_name(*key), value);
    } else if (value.front() == ' ' || value.back() == ' ') {
      fail(std::string(name) + " " + quote_user_text(value) +
           " starts or ends with a space; CONFIG takes no spaces around ':', ',' and '='");
    }
    named([&] { reader.add(*key, value); });
  }

  std::string_view text_;
};

std::string shortest(double value) {
  char buffer[64];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  if (ec != std::errc()) throw Error("format_config_spec: cannot write a number");
  return std::string(buffer, end);
}

// `spec` with the fields that CONFIG cannot or need not carry reset to their defaults.
ConfigSpec normalized(const ConfigSpec& spec) {
  const ConfigSpec defaults;
  ConfigSpec n = spec;
  EncodingParams& p = n.encoding;
  const EncodingKind kind = p.kind;
  if (!reads(kind, KindParameter::base)) p.base = defaults.encoding.base;
  if (!reads(kind, KindParameter::binary_signed)) p.binary_signed = defaults.encoding.binary_signed;
  if (!reads(kind, KindParameter::sigma) || !n.table.empty()) p.sigma = defaults.encoding.sigma;
  if (!reads(kind, KindParameter::seed) || !n.table.empty()) p.seed = defaults.encoding.seed;
  if (!reads(kind, KindParameter::table)) n.table.clear();
  if (n.table.empty()) n.tensor.clear();
  n.positions_given = n.positions_given || p.positions != defaults.encoding.positions;
  n.dims_given = n.dims_given || p.dims != defaults.encoding.dims;
  return n;
}

}  // namespace

std::string not_applicable_message(std::string_view option, EncodingKind kind, KindParameter parameter) {
  std::string text = std::string(option) + " does not apply to kind " + std::string(to_string(kind)) +
                     " (only to " + kinds_reading(parameter) + ")";
  if (const std::optional<std::string_view> reason = unused_parameter_reason(kind, parameter))
    text += "; " + std::string(*reason);
  return text;
}

bool names_table_file(std::string_view text) {
  if (parse_encoding_kind(text.substr(0, text.find(':')))) return false;  // KIND:... is never a path
  if (names_hf_model(text)) return true;  // a model in the local Hugging Face cache
  return ends_with_ascii_nocase(text, ".npy") || ends_with_ascii_nocase(text, ".safetensors");
}

std::string config_message(std::string_view text, std::string_view why) {
  return "CONFIG " + quote_user_text(text) + ": " + std::string(why);
}

ConfigSpec parse_config_spec(std::string_view text) { return Parser(text).run(); }

ConfigSpec read_parameters(EncodingKind kind, std::span<const ParameterItem> items,
                           ParameterSpelling spelling) {
  ParameterReader reader(kind, spelling);
  std::vector<Key> keys;
  for (const ParameterItem& item : items) {
    const std::optional<Key> key = find_key(item.key);
    if (!key) throw Error("unknown encoding parameter '" + std::string(item.key) + "'");
    keys.push_back(*key);
  }
  // A parameter the kind does not read is named before any value is judged: it is the bigger mistake.
  for (Key key : keys) reader.check_applies(key);
  for (std::size_t i = 0; i < keys.size(); ++i) reader.add(keys[i], items[i].value);
  return reader.finish();
}

std::string format_config_spec(const ConfigSpec& spec) {
  const ConfigSpec n = normalized(spec);
  const ConfigSpec defaults;
  const EncodingParams& p = n.encoding;
  const EncodingParams& d = defaults.encoding;
  std::string items;
  auto add = [&items](std::string_view key, const std::string& value) {
    items += items.empty() ? ":" : ",";
    items += key;
    items += '=';
    items += value;
  };
  if (n.positions_given) add("positions", std::to_string(p.positions));
  if (n.dims_given) add("dims", std::to_string(p.dims));
  if (p.base != d.base) add("base", shortest(p.base));
  if (p.start != d.start) add("start", std::to_string(p.start));
  if (p.binary_signed != d.binary_signed) add("signed", p.binary_signed ? "true" : "false");
  if (p.sigma != d.sigma) add("sigma", shortest(p.sigma));
  if (p.seed != d.seed) add("seed", std::to_string(p.seed));
  for (const auto& [key, value] : {std::pair<std::string_view, const std::string&>{"table", n.table},
                                   {"tensor", n.tensor},
                                   {"label", n.label}}) {
    if (value.empty()) continue;
    if (value.find(',') != std::string::npos) {
      throw Error("format_config_spec: " + std::string(key) + " " + quote_user_text(value) +
                  " contains ',', which a CONFIG cannot hold (',' separates its items)");
    }
    add(key, value);
  }
  std::string text = std::string(to_string(p.kind)) + items;

  // Refuse to hand out a CONFIG that would not read back as this configuration.
  ConfigSpec back;
  try {
    back = parse_config_spec(text);
  } catch (const Error& e) {
    throw Error(std::string("format_config_spec: this configuration cannot be written as a CONFIG: ") +
                e.what());
  }
  if (!(back == n)) {
    throw Error("format_config_spec: " + quote_user_text(text) +
                " does not read back as the configuration it was written from");
  }
  return text;
}

std::string config_spec_help() {
  return "CONFIG names one encoding configuration in one word: KIND[:KEY=VALUE[,KEY=VALUE...]]\n"
         "  KIND    " +
         kind_names() + "\n" +
         "  KEYs    positions=N, dims=D (integers, at least 1), start=P (integer, at least 0),\n"
         "          base=B (" +
         base_range_text() + "; " + kinds_reading(KindParameter::base) + "),\n" +
         "          signed=true|false (" + kinds_reading(KindParameter::binary_signed) +
         "), sigma=S (at least 0) and seed=U (0 to 2^64-1)\n"
         "          (" +
         kinds_reading(KindParameter::sigma) + ", seeded table), table=FILE (" +
         kinds_reading(KindParameter::table) +
         ": a .npy or .safetensors table, or hf:ORG/NAME),\n"
         "          tensor=NAME (with table: the tensor inside a .safetensors file),\n"
         "          label=TEXT (shown above the configuration, at most 64 bytes)\n"
         "  A key the kind does not read is an error; so are repeated keys and spaces around ':', ',' and\n"
         "  '='. label, table and tensor may hold spaces inside (quote the CONFIG for the shell); no value\n"
         "  can contain ',' (so neither can a table path).\n"
         "  A CONFIG that is a path ending in .npy or .safetensors, or hf:ORG/NAME (a model in the local\n"
         "  Hugging Face cache), means learned:table=PATH.\n"
         "  Examples: sinusoidal:base=100\n"
         "            learned:table=gpt2_wpe_64x768.npy sinusoidal:dims=768,positions=64\n"
         "            binary:signed=true,dims=16,label=bits\n";
}

std::span<const ConfigKey> config_keys() { return kKeys; }

const ConfigKey* find_config_key(std::string_view name) {
  const std::optional<Key> key = find_key(name);
  return key ? &kKeys[static_cast<std::size_t>(*key)] : nullptr;
}

}  // namespace pelab
