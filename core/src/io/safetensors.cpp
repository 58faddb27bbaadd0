// .safetensors: a strict header validator, a decoder for the float dtypes a position table comes
// in (F16, BF16, F32, F64), and a small writer. The JSON is parsed by nlohmann-json; everything it
// says is checked here before a single data byte is touched.
#include "pelab/io/safetensors.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>

namespace pelab {
namespace {

using Json = nlohmann::json;

constexpr std::string_view metadata_key = "__metadata__";
constexpr std::size_t length_field_size = 8;

struct DtypeBits {
  std::string_view name;
  unsigned bits;
};

// Every dtype the reference implementation knows, with its size in bits.
constexpr std::array<DtypeBits, 20> known_dtypes = {{
    {"BOOL", 8}, {"U8", 8},   {"I8", 8},    {"F8_E5M2", 8}, {"F8_E4M3", 8}, {"F8_E8M0", 8}, {"I16", 16},
    {"U16", 16}, {"F16", 16}, {"BF16", 16}, {"I32", 32},    {"U32", 32},    {"F32", 32},    {"C64", 64},
    {"I64", 64}, {"U64", 64}, {"F64", 64},  {"F4", 4},      {"F6_E2M3", 6}, {"F6_E3M2", 6},
}};

std::uint64_t load_u64_le(std::string_view bytes) {
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < length_field_size; ++i)
    value |= std::uint64_t{static_cast<unsigned char>(bytes[i])} << (8 * i);
  return value;
}

void append_le(std::string& out, std::uint64_t bits, std::size_t size) {
  for (std::size_t i = 0; i < size; ++i) out.push_back(static_cast<char>((bits >> (8 * i)) & 0xffu));
}

std::uint64_t load_le(const char* p, std::size_t size) {
  std::uint64_t bits = 0;
  for (std::size_t i = 0; i < size; ++i) bits |= std::uint64_t{static_cast<unsigned char>(p[i])} << (8 * i);
  return bits;
}

// IEEE 754 binary16 to double, exactly: every half value is a double value.
double half_to_double(std::uint16_t bits) {
  const bool negative = (bits & 0x8000u) != 0;
  const int exponent = (bits >> 10) & 0x1f;
  const int fraction = bits & 0x3ff;
  double magnitude = 0.0;
  if (exponent == 0) {
    magnitude = std::ldexp(static_cast<double>(fraction), -24);  // zero or subnormal
  } else if (exponent == 31) {
    magnitude =
        fraction == 0 ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
  } else {
    magnitude = std::ldexp(static_cast<double>(fraction + 1024), exponent - 25);
  }
  return negative ? -magnitude : magnitude;
}

// bfloat16 is the upper half of a float32.
double bfloat16_to_double(std::uint16_t bits) {
  return static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16));
}

// Everything the parser reports goes through here: "<name>: malformed .safetensors header: <what>".
[[noreturn]] void malformed(std::string_view name, Text what) {
  throw Error(Text{TextId::st_malformed, {std::string(name)}, {std::move(what)}});
}

// What is wrong with one tensor's entry: `id`'s pattern starts "tensor {0}: ", {0} the quoted name.
Text entry_problem(std::string_view tensor, TextId id, std::vector<std::string> args = {},
                   std::vector<Text> parts = {}) {
  args.insert(args.begin(), quoted_tensor_name(tensor));
  return Text{id, std::move(args), std::move(parts)};
}

// A JSON value as a non-negative integer, if it is one.
std::optional<std::uint64_t> unsigned_value(const Json& value) {
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  return std::nullopt;
}

Text json_type(const Json& value) {
  if (value.is_number_unsigned()) return TextId::json_integer;
  if (value.is_number_integer())
    return TextId::json_negative_integer;  // nlohmann-json keeps n >= 0 as unsigned
  if (value.is_number_float()) return TextId::json_float;
  return Text{TextId::json_type, {value.type_name()}};
}

std::vector<std::int64_t> parse_shape(const Json& value, std::string_view name, std::string_view tensor) {
  if (!value.is_array())
    malformed(name, entry_problem(tensor, TextId::st_shape_not_array, {}, {json_type(value)}));
  std::vector<std::int64_t> shape;
  shape.reserve(value.size());
  for (const Json& dimension : value) {
    const auto d = unsigned_value(dimension);
    if (!d) {
      malformed(name, entry_problem(tensor, TextId::st_shape_not_unsigned, {}, {json_type(dimension)}));
    }
    if (*d > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
      malformed(name, entry_problem(tensor, TextId::st_dimension_too_large, {std::to_string(*d)}));
    shape.push_back(static_cast<std::int64_t>(*d));
  }
  return shape;
}

// Bytes a tensor of this shape and dtype takes, or nullopt if the count overflows 64 bits or does
// not fill whole bytes.
std::optional<std::uint64_t> tensor_bytes(const std::vector<std::int64_t>& shape, unsigned bits) {
  std::uint64_t count = 1;
  for (std::int64_t dimension : shape) {
    const auto d = static_cast<std::uint64_t>(dimension);
    if (d == 0) return 0;
    if (count > std::numeric_limits<std::uint64_t>::max() / d) return std::nullopt;
    count *= d;
  }
  if (count > std::numeric_limits<std::uint64_t>::max() / bits) return std::nullopt;
  const std::uint64_t total_bits = count * bits;
  if (total_bits % 8 != 0) return std::nullopt;
  return total_bits / 8;
}

SafetensorsEntry parse_entry(const std::string& tensor, const Json& value, std::uint64_t data_size,
                             std::string_view name) {
  if (!value.is_object())
    malformed(name, entry_problem(tensor, TextId::st_entry_not_object, {}, {json_type(value)}));
  for (const auto& field : value.items()) {
    if (field.key() != "dtype" && field.key() != "shape" && field.key() != "data_offsets")
      malformed(name, entry_problem(tensor, TextId::st_unexpected_field, {quoted_tensor_name(field.key())}));
  }
  for (const char* field : {"dtype", "shape", "data_offsets"}) {
    if (!value.contains(field)) malformed(name, entry_problem(tensor, TextId::st_missing_field, {field}));
  }
  SafetensorsEntry entry;
  entry.info.name = tensor;

  const Json& dtype = value.at("dtype");
  if (!dtype.is_string())
    malformed(name, entry_problem(tensor, TextId::st_dtype_not_string, {}, {json_type(dtype)}));
  entry.info.dtype = dtype.get<std::string>();
  const std::optional<unsigned> bits = safetensors_dtype_bits(entry.info.dtype);
  if (!bits) {
    malformed(name, entry_problem(tensor, TextId::st_unknown_dtype, {quoted_tensor_name(entry.info.dtype)}));
  }

  entry.info.shape = parse_shape(value.at("shape"), name, tensor);

  const Json& offsets = value.at("data_offsets");
  const bool pair = offsets.is_array() && offsets.size() == 2;
  const std::optional<std::uint64_t> first = pair ? unsigned_value(offsets[0]) : std::nullopt;
  const std::optional<std::uint64_t> second = pair ? unsigned_value(offsets[1]) : std::nullopt;
  if (!first || !second) malformed(name, entry_problem(tensor, TextId::st_offsets_not_pair));
  const std::uint64_t begin = first.value_or(0);
  const std::uint64_t end = second.value_or(0);
  if (begin > end) {
    malformed(name, entry_problem(tensor, TextId::st_offsets_reversed,
                                  {std::to_string(begin), std::to_string(end)}));
  }
  if (end > data_size) {
    malformed(name, entry_problem(tensor, TextId::st_offsets_past_end,
                                  {std::to_string(begin), std::to_string(end), std::to_string(data_size)}));
  }
  entry.begin = begin;
  entry.end = end;

  const std::optional<std::uint64_t> expected = tensor_bytes(entry.info.shape, *bits);
  if (!expected) {
    malformed(name, entry_problem(tensor, TextId::st_shape_too_large,
                                  {shape_text(entry.info.shape), entry.info.dtype}));
  }
  if (*expected != end - begin) {
    malformed(name, entry_problem(tensor, TextId::st_shape_size_mismatch,
                                  {shape_text(entry.info.shape), entry.info.dtype, std::to_string(*expected),
                                   std::to_string(begin), std::to_string(end), std::to_string(end - begin)}));
  }
  return entry;
}

// The tensors must tile the data section: sorted by offset, each starts where the previous ended,
// the first at 0, the last at the end of the file.
void check_layout(const std::vector<SafetensorsEntry>& entries, std::uint64_t data_size,
                  std::string_view name) {
  std::vector<const SafetensorsEntry*> by_offset;
  by_offset.reserve(entries.size());
  for (const SafetensorsEntry& entry : entries) by_offset.push_back(&entry);
  std::sort(by_offset.begin(), by_offset.end(), [](const SafetensorsEntry* a, const SafetensorsEntry* b) {
    return a->begin != b->begin ? a->begin < b->begin : a->end < b->end;
  });
  std::uint64_t covered = 0;
  const SafetensorsEntry* previous = nullptr;
  for (const SafetensorsEntry* entry : by_offset) {
    if (entry->begin < covered) {
      malformed(name, entry_problem(entry->info.name, TextId::st_overlap,
                                    {std::to_string(entry->begin), std::to_string(entry->end),
                                     quoted_tensor_name(previous->info.name)}));
    }
    if (entry->begin > covered) {
      malformed(name, Text{TextId::st_gap,
                           {std::to_string(entry->begin - covered), quoted_tensor_name(entry->info.name)}});
    }
    covered = entry->end;
    previous = entry;
  }
  if (covered != data_size) {
    malformed(name, Text{TextId::st_tail, {std::to_string(data_size - covered)}});
  }
}

// Parses the JSON text, refusing duplicate keys (nlohmann-json would silently keep the last one).
Json parse_json(std::string_view text, std::string_view name) {
  std::vector<std::set<std::string>> open_objects;
  std::optional<std::string> duplicate;
  const Json::parser_callback_t note_keys = [&](int, Json::parse_event_t event, Json& parsed) {
    if (event == Json::parse_event_t::object_start) {
      open_objects.emplace_back();
    } else if (event == Json::parse_event_t::object_end) {
      if (!open_objects.empty()) open_objects.pop_back();
    } else if (event == Json::parse_event_t::key && !open_objects.empty() && parsed.is_string()) {
      if (!open_objects.back().insert(parsed.get<std::string>()).second && !duplicate)
        duplicate = parsed.get<std::string>();
    }
    return true;
  };
  Json header;
  try {
    header = Json::parse(text.begin(), text.end(), note_keys);
  } catch (const Json::parse_error& e) {
    malformed(name, Text{TextId::st_json_near, {std::to_string(e.byte)}});
  } catch (const Json::exception&) {
    malformed(name, TextId::st_json);
  }
  if (duplicate) malformed(name, Text{TextId::st_duplicate_key, {quoted_tensor_name(*duplicate)}});
  return header;
}

const SafetensorsEntry* find_entry(const SafetensorsHeader& header, std::string_view tensor) {
  const auto it =
      std::lower_bound(header.entries.begin(), header.entries.end(), tensor,
                       [](const SafetensorsEntry& e, std::string_view n) { return e.info.name < n; });
  return it != header.entries.end() && it->info.name == tensor ? &*it : nullptr;
}

}  // namespace

std::optional<unsigned> safetensors_dtype_bits(std::string_view dtype) {
  for (const DtypeBits& known : known_dtypes) {
    if (known.name == dtype) return known.bits;
  }
  return std::nullopt;
}

bool safetensors_dtype_readable(std::string_view dtype) {
  return dtype == "F16" || dtype == "BF16" || dtype == "F32" || dtype == "F64";
}

std::string quoted_tensor_name(std::string_view name) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string text = "'";
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      text += "\\x";
      text += hex[u >> 4];
      text += hex[u & 0xf];
    } else {
      text += c;
    }
  }
  return text + "'";
}

std::string shape_text(const std::vector<std::int64_t>& shape) {
  std::string text = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) text += ", ";
    text += std::to_string(shape[i]);
  }
  return text + "]";
}

std::optional<std::pair<std::int64_t, std::int64_t>> table_dims(const std::vector<std::int64_t>& shape) {
  if (shape.size() < 2) return std::nullopt;
  for (std::size_t axis = 0; axis + 2 < shape.size(); ++axis) {
    if (shape[axis] != 1) return std::nullopt;
  }
  return std::pair{shape[shape.size() - 2], shape[shape.size() - 1]};
}

namespace {

// The listed tensors ("'a' (F32, [2, 3]), ...") and how many more there are beyond `limit`.
std::pair<std::string, std::size_t> listed_tensors(const std::vector<TensorInfo>& tensors,
                                                   std::size_t limit) {
  std::string text;
  std::size_t listed = 0, more = 0;
  for (const TensorInfo& info : tensors) {
    if (!table_dims(info.shape)) continue;
    if (listed == limit) {
      ++more;
      continue;
    }
    if (listed > 0) text += ", ";
    text += quoted_tensor_name(info.name) + " (" + info.dtype + ", " + shape_text(info.shape) + ")";
    ++listed;
  }
  return {text, more};
}

}  // namespace

std::string table_tensor_list(const std::vector<TensorInfo>& tensors, std::size_t limit) {
  auto [list, more] = listed_tensors(tensors, limit);
  if (list.empty()) return english(TextId::tensor_list_none);
  if (more > 0) return english(Text{TextId::tensor_list_more, {std::move(list), std::to_string(more)}});
  return list;
}

void append_tensor_list(Text& text, const std::vector<TensorInfo>& tensors, std::size_t limit) {
  auto [list, more] = listed_tensors(tensors, limit);
  if (list.empty()) {
    text.parts.emplace_back(TextId::tensor_list_none);
  } else if (more > 0) {
    text.parts.push_back(Text{TextId::tensor_list_more, {std::move(list), std::to_string(more)}});
  } else {
    text.args.push_back(std::move(list));
  }
}

SafetensorsHeader safetensors_parse_header(std::string_view prefix, std::uint64_t file_size,
                                           std::string_view name_for_messages) {
  const std::string name(name_for_messages);
  if (prefix.size() > file_size) throw Error(name + ": internal error: more bytes than the file size");
  if (file_size < length_field_size) {
    throw Error(Text{TextId::st_truncated, {name, std::to_string(file_size)}});
  }
  if (prefix.size() < length_field_size)
    throw Error(name + ": internal error: the header length was not read");
  const std::uint64_t header_length = load_u64_le(prefix);
  if (header_length > file_size - length_field_size) {
    throw Error(
        Text{TextId::st_length_past_end, {name, std::to_string(header_length), std::to_string(file_size)}});
  }
  if (header_length > safetensors_max_header_bytes) {
    throw Error(Text{TextId::st_length_limit,
                     {name, std::to_string(header_length), std::to_string(safetensors_max_header_bytes)}});
  }
  if (prefix.size() - length_field_size < header_length)
    throw Error(name + ": internal error: the header was not read completely");

  const std::string_view text = prefix.substr(length_field_size, static_cast<std::size_t>(header_length));
  if (text.empty() || text.front() != '{') malformed(name, TextId::st_not_brace);
  const Json json = parse_json(text, name);
  if (!json.is_object()) malformed(name, Text{TextId::st_not_object, {}, {json_type(json)}});

  SafetensorsHeader header;
  header.data_start = length_field_size + header_length;
  header.data_size = file_size - header.data_start;
  for (const auto& item : json.items()) {
    if (item.key() == metadata_key) {
      if (!item.value().is_object())
        malformed(name, Text{TextId::st_metadata_not_object, {}, {json_type(item.value())}});
      for (const auto& pair : item.value().items()) {
        if (!pair.value().is_string()) {
          malformed(
              name,
              Text{TextId::st_metadata_value, {quoted_tensor_name(pair.key())}, {json_type(pair.value())}});
        }
        header.metadata.emplace_back(pair.key(), pair.value().get<std::string>());
      }
      continue;
    }
    header.entries.push_back(parse_entry(item.key(), item.value(), header.data_size, name));
  }
  // nlohmann::json keeps object keys in a std::map, so both lists are sorted already; make it explicit.
  std::sort(header.entries.begin(), header.entries.end(),
            [](const SafetensorsEntry& a, const SafetensorsEntry& b) { return a.info.name < b.info.name; });
  std::sort(header.metadata.begin(), header.metadata.end());
  check_layout(header.entries, header.data_size, name);
  return header;
}

Matrix safetensors_entry_matrix(const SafetensorsEntry& entry, std::string_view data,
                                std::string_view name_for_messages) {
  const std::string name(name_for_messages);
  const std::string tensor = quoted_tensor_name(entry.info.name);
  if (!safetensors_dtype_readable(entry.info.dtype))
    throw Error(Text{TextId::st_tensor_dtype, {name, tensor, entry.info.dtype}});
  const auto dims = table_dims(entry.info.shape);
  if (!dims) {
    const std::size_t rank = entry.info.shape.size();
    throw Error(
        Text{TextId::st_tensor_shape, {name, tensor, shape_text(entry.info.shape), std::to_string(rank)}});
  }
  const auto [rows, cols] = *dims;
  if (rows == 0 || cols == 0) {
    throw Error(Text{TextId::st_tensor_empty, {name, tensor, shape_text(entry.info.shape)}});
  }
  // Entries from safetensors_parse_header are consistent; one built by hand may not be.
  const std::size_t size = safetensors_item_size(entry.info.dtype);
  const auto r = static_cast<std::uint64_t>(rows), c = static_cast<std::uint64_t>(cols);
  const bool valid = rows > 0 && cols > 0 && r <= std::numeric_limits<std::uint64_t>::max() / c &&
                     r * c <= std::numeric_limits<std::uint64_t>::max() / size;
  const std::uint64_t count = valid ? r * c : 0;
  if (!valid || entry.end < entry.begin || entry.end - entry.begin != count * size ||
      data.size() != count * size) {
    throw Error(
        Text{TextId::st_tensor_bytes,
             {name, tensor, std::to_string(data.size()), shape_text(entry.info.shape), entry.info.dtype}});
  }
  Matrix matrix(rows, cols);
  safetensors_decode_run(entry.info.dtype, data, matrix.data());
  return matrix;
}

std::size_t safetensors_item_size(std::string_view dtype) {
  return dtype == "F64" ? 8 : dtype == "F32" ? 4 : dtype == "F16" || dtype == "BF16" ? 2 : 0;
}

void safetensors_decode_run(std::string_view dtype, std::string_view data, double* out) {
  const char* p = data.data();
  if (dtype == "F64") {
    const std::size_t count = data.size() / 8;
    for (std::size_t i = 0; i < count; ++i) out[i] = std::bit_cast<double>(load_le(p + 8 * i, 8));
  } else if (dtype == "F32") {
    const std::size_t count = data.size() / 4;
    for (std::size_t i = 0; i < count; ++i)
      out[i] = static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(load_le(p + 4 * i, 4))));
  } else if (dtype == "F16") {
    const std::size_t count = data.size() / 2;
    for (std::size_t i = 0; i < count; ++i)
      out[i] = half_to_double(static_cast<std::uint16_t>(load_le(p + 2 * i, 2)));
  } else if (dtype == "BF16") {
    const std::size_t count = data.size() / 2;
    for (std::size_t i = 0; i < count; ++i)
      out[i] = bfloat16_to_double(static_cast<std::uint16_t>(load_le(p + 2 * i, 2)));
  }
}

std::vector<TensorInfo> safetensors_index(std::string_view bytes, std::string_view name_for_messages) {
  return safetensors_tensor_infos(safetensors_parse_header(bytes, bytes.size(), name_for_messages));
}

Matrix safetensors_matrix(std::string_view bytes, std::string_view tensor,
                          std::string_view name_for_messages) {
  const SafetensorsHeader header = safetensors_parse_header(bytes, bytes.size(), name_for_messages);
  const SafetensorsEntry* entry = find_entry(header, tensor);
  if (entry == nullptr) {
    Text text{TextId::table_no_tensor, {std::string(name_for_messages), quoted_tensor_name(tensor)}};
    append_tensor_list(text, safetensors_tensor_infos(header));
    throw Error(std::move(text));
  }
  const std::string_view data = bytes.substr(static_cast<std::size_t>(header.data_start + entry->begin),
                                             static_cast<std::size_t>(entry->end - entry->begin));
  return safetensors_entry_matrix(*entry, data, name_for_messages);
}

std::string safetensors_encode(const std::vector<std::pair<std::string, Matrix>>& tensors,
                               std::string_view dtype) {
  if (dtype != "F32" && dtype != "F64") {
    throw Error(Text{TextId::st_encode_dtype, {quoted_tensor_name(dtype)}});
  }
  const std::size_t size = dtype == "F64" ? 8 : 4;
  Json header = Json::object();
  std::string data;
  for (const auto& [tensor, matrix] : tensors) {
    if (tensor.empty() || tensor == metadata_key)
      throw Error(Text{TextId::st_encode_name, {quoted_tensor_name(tensor)}});
    if (header.contains(tensor)) throw Error(Text{TextId::st_encode_twice, {quoted_tensor_name(tensor)}});
    const std::uint64_t begin = data.size();
    const double* values = matrix.data();
    for (Eigen::Index i = 0; i < matrix.size(); ++i) {
      if (size == 8) {
        append_le(data, std::bit_cast<std::uint64_t>(values[i]), 8);
      } else {
        append_le(data, std::bit_cast<std::uint32_t>(static_cast<float>(values[i])), 4);
      }
    }
    header[tensor] = {{"dtype", std::string(dtype)},
                      {"shape", {matrix.rows(), matrix.cols()}},
                      {"data_offsets", {begin, static_cast<std::uint64_t>(data.size())}}};
  }
  std::string text;
  try {
    text = header.dump();
  } catch (const Json::exception&) {
    throw Error(Text{TextId::st_encode_utf8});
  }
  if (text.size() % 8 != 0) text.append(8 - text.size() % 8, ' ');
  std::string out;
  out.reserve(length_field_size + text.size() + data.size());
  append_le(out, text.size(), length_field_size);
  out += text;
  out += data;
  return out;
}

std::vector<TensorInfo> safetensors_tensor_infos(const SafetensorsHeader& header) {
  std::vector<TensorInfo> list;
  list.reserve(header.entries.size());
  for (const SafetensorsEntry& entry : header.entries) list.push_back(entry.info);
  return list;
}

}  // namespace pelab
