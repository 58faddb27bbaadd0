// .npy encoding and a strict, bounds-checked decoder. The header is a Python dict literal; we
// parse the small subset NumPy writes ({'descr': str, 'fortran_order': bool, 'shape': tuple})
// with our own cursor instead of evaluating anything.
#include "pelab/io/npy.hpp"

#include <bit>
#include <cstring>
#include <limits>
#include <optional>
#include <type_traits>

#include "pelab/io/atomic_file.hpp"
#include "pelab/io/safetensors.hpp"

namespace pelab {
namespace {

constexpr std::string_view magic_prefix = "\x93NUMPY";
constexpr std::size_t header_alignment = 64;        // numpy.lib.format.ARRAY_ALIGN
constexpr std::size_t growth_axis_max_digits = 21;  // numpy.lib.format.GROWTH_AXIS_MAX_DIGITS
constexpr std::size_t max_dimensions = 64;          // NumPy 2's limit (NumPy 1 allows 32)

// Python's repr of a shape tuple: "()", "(3,)", "(2, 3)".
std::string shape_repr(std::span<const std::int64_t> shape) {
  std::string text = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) text += ", ";
    text += std::to_string(shape[i]);
  }
  if (shape.size() == 1) text += ",";
  return text + ")";
}

// Number of elements of `shape`, or nullopt if a dimension is negative or the count (ignoring
// zero dimensions, so absurd shapes are refused even when empty) exceeds `limit`.
std::optional<std::uint64_t> checked_element_count(std::span<const std::int64_t> shape, std::uint64_t limit) {
  std::uint64_t count = 1;
  std::uint64_t count_without_zeros = 1;
  for (std::int64_t dimension : shape) {
    if (dimension < 0) return std::nullopt;
    const auto d = static_cast<std::uint64_t>(dimension);
    if (d != 0) {
      if (count_without_zeros > limit / d) return std::nullopt;
      count_without_zeros *= d;
    }
    count *= d;  // never exceeds count_without_zeros
  }
  return count;
}

// Appends the low `size` bytes of `bits`, least significant first.
void append_little_endian(std::string& out, std::uint64_t bits, std::size_t size) {
  for (std::size_t i = 0; i < size; ++i) out.push_back(static_cast<char>((bits >> (8 * i)) & 0xffu));
}

// Reads `size` (<= 8) bytes at `p` as a little-endian unsigned integer.
std::uint64_t load_little_endian(const char* p, std::size_t size) {
  std::uint64_t bits = 0;
  for (std::size_t i = 0; i < size; ++i) bits |= std::uint64_t{static_cast<unsigned char>(p[i])} << (8 * i);
  return bits;
}

}  // namespace

// Magic, version 1.0, header length, and the dict padded exactly as numpy.lib.format does it.
std::string npy_encode_header(NpyDtype dtype, std::span<const std::int64_t> shape,
                              std::size_t element_count) {
  for (std::int64_t dimension : shape) {
    if (dimension < 0) throw Error(Text{TextId::npy_encode_negative, {shape_repr(shape)}});
  }
  auto count = checked_element_count(shape, std::numeric_limits<std::uint64_t>::max() / 8);
  if (!count || *count != element_count) {
    throw Error(Text{TextId::npy_encode_mismatch, {shape_repr(shape), std::to_string(element_count)}});
  }
  std::string dict = "{'descr': '" + std::string(npy_descr(dtype)) +
                     "', 'fortran_order': False, 'shape': " + shape_repr(shape) + ", }";
  if (!shape.empty()) {
    // NumPy leaves room to grow the first axis in place.
    const std::size_t digits = std::to_string(shape.front()).size();
    if (digits < growth_axis_max_digits) dict.append(growth_axis_max_digits - digits, ' ');
  }
  const std::size_t prefix_size = magic_prefix.size() + 2 + 2;  // magic, version, uint16 length
  const std::size_t unpadded = dict.size() + 1;                 // + '\n'
  const std::size_t padding = header_alignment - (prefix_size + unpadded) % header_alignment;
  const std::size_t header_size = unpadded + padding;
  if (header_size > 0xffff) throw Error(Text{TextId::npy_encode_too_long, {shape_repr(shape)}});

  std::string out(magic_prefix);
  out.push_back('\x01');
  out.push_back('\x00');
  append_little_endian(out, header_size, 2);
  out += dict;
  out.append(padding, ' ');
  out.push_back('\n');
  return out;
}

namespace {

// --- header parsing --------------------------------------------------------------------------

// A position in the header text plus the name used in error messages.
struct HeaderCursor {
  std::string_view text;
  std::size_t pos = 0;
  std::string_view name;
};

// "<name>: malformed .npy header: <what> (at header byte <pos>)".
[[noreturn]] void fail(const HeaderCursor& cursor, Text what) {
  throw Error(Text{TextId::npy_malformed_header,
                   {std::string(cursor.name), std::to_string(cursor.pos)},
                   {std::move(what)}});
}

void skip_space(HeaderCursor& cursor) {
  while (cursor.pos < cursor.text.size()) {
    char c = cursor.text[cursor.pos];
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
    ++cursor.pos;
  }
}

// Skips spaces and tells whether the next character is `c` (consuming it if so).
bool accept(HeaderCursor& cursor, char c) {
  skip_space(cursor);
  if (cursor.pos < cursor.text.size() && cursor.text[cursor.pos] == c) {
    ++cursor.pos;
    return true;
  }
  return false;
}

// `missing` says which character was expected where.
void expect(HeaderCursor& cursor, char c, TextId missing) {
  if (!accept(cursor, c)) fail(cursor, missing);
}

// What a quoted string is for, in messages: a header key or the value of 'descr'.
enum class StringRole { key, descr };

// A single- or double-quoted string without escapes.
std::string_view parse_string(HeaderCursor& cursor, StringRole role) {
  const bool key = role == StringRole::key;
  skip_space(cursor);
  if (cursor.pos >= cursor.text.size() ||
      (cursor.text[cursor.pos] != '\'' && cursor.text[cursor.pos] != '"')) {
    fail(cursor, key ? TextId::npy_header_key_not_string : TextId::npy_header_descr_not_string);
  }
  const char quote = cursor.text[cursor.pos++];
  const std::size_t start = cursor.pos;
  while (cursor.pos < cursor.text.size() && cursor.text[cursor.pos] != quote) {
    const unsigned char c = static_cast<unsigned char>(cursor.text[cursor.pos]);
    if (c == '\\' || c < 0x20 || c >= 0x7f)
      fail(cursor, key ? TextId::npy_header_key_bad_character : TextId::npy_header_descr_bad_character);
    ++cursor.pos;
  }
  if (cursor.pos >= cursor.text.size())
    fail(cursor, key ? TextId::npy_header_key_unterminated : TextId::npy_header_descr_unterminated);
  return cursor.text.substr(start, cursor.pos++ - start);
}

bool parse_bool(HeaderCursor& cursor) {
  skip_space(cursor);
  const std::string_view rest = cursor.text.substr(cursor.pos);
  if (rest.starts_with("True")) {
    cursor.pos += 4;
    return true;
  }
  if (rest.starts_with("False")) {
    cursor.pos += 5;
    return false;
  }
  fail(cursor, TextId::npy_header_fortran_order);
}

// A decimal integer, optionally negative, optionally with Python 2's 'L' suffix.
std::int64_t parse_dimension(HeaderCursor& cursor) {
  skip_space(cursor);
  bool negative = false;
  if (cursor.pos < cursor.text.size() && cursor.text[cursor.pos] == '-') {
    negative = true;
    ++cursor.pos;
  }
  const std::size_t start = cursor.pos;
  std::uint64_t value = 0;
  while (cursor.pos < cursor.text.size() && cursor.text[cursor.pos] >= '0' &&
         cursor.text[cursor.pos] <= '9') {
    const auto digit = static_cast<std::uint64_t>(cursor.text[cursor.pos] - '0');
    if (value > (std::uint64_t{std::numeric_limits<std::int64_t>::max()} - digit) / 10) {
      fail(cursor, TextId::npy_header_dimension_too_large);
    }
    value = value * 10 + digit;
    ++cursor.pos;
  }
  if (cursor.pos == start) fail(cursor, TextId::npy_header_shape_not_integers);
  if (cursor.pos < cursor.text.size() && (cursor.text[cursor.pos] == 'L' || cursor.text[cursor.pos] == 'l')) {
    ++cursor.pos;
  }
  if (negative && value != 0) {
    throw Error(Text{TextId::npy_negative_dimension, {std::string(cursor.name), std::to_string(value)}});
  }
  return static_cast<std::int64_t>(value);
}

// "()", "(3,)", "(2, 3)", "(2, 3,)"; "(3)" is an int in Python, not a tuple, and is refused.
std::vector<std::int64_t> parse_shape(HeaderCursor& cursor) {
  expect(cursor, '(', TextId::npy_header_expected_open_shape);
  std::vector<std::int64_t> shape;
  if (accept(cursor, ')')) return shape;
  for (;;) {
    if (shape.size() == max_dimensions) {
      fail(cursor, Text{TextId::npy_header_too_many_dimensions, {std::to_string(max_dimensions)}});
    }
    shape.push_back(parse_dimension(cursor));
    const bool comma = accept(cursor, ',');
    if (accept(cursor, ')')) {
      if (shape.size() == 1 && !comma) fail(cursor, TextId::npy_header_shape_not_tuple);
      return shape;
    }
    if (!comma) fail(cursor, TextId::npy_header_shape_separator);
  }
}

// Human description of a NumPy kind letter, for "unsupported dtype" messages.
Text describe_kind(char kind, std::size_t size) {
  switch (kind) {
    case 'f':
      return {TextId::npy_kind_float, {std::to_string(size * 8)}};
    case 'i':
      return {TextId::npy_kind_integer, {std::to_string(size * 8)}};
    case 'u':
      return TextId::npy_kind_unsigned;
    case 'c':
      return TextId::npy_kind_complex;
    case 'b':
    case '?':
      return TextId::npy_kind_bool;
    case 'O':
      return TextId::npy_kind_objects;
    case 'S':
    case 'a':
      return TextId::npy_kind_bytes;
    case 'U':
      return TextId::npy_kind_unicode;
    case 'V':
      return TextId::npy_kind_raw;
    case 'M':
      return TextId::npy_kind_datetime;
    case 'm':
      return TextId::npy_kind_timedelta;
    default:
      return TextId::npy_kind_unknown;
  }
}

// Maps a descr string ("<f8", "=i8", ...) to a supported dtype or throws a message saying why not.
NpyDtype parse_descr(std::string_view descr, std::string_view name) {
  const auto unsupported = [&](Text why) {
    return Error(
        Text{TextId::npy_unsupported_dtype, {std::string(name), std::string(descr)}, {std::move(why)}});
  };
  if (descr == "bfloat16") return NpyDtype::bfloat16;  // ml_dtypes' name, written by hand (npy.hpp)
  // numpy.save's spelling of any 2-byte type it has no code for, bfloat16 among them.
  if (descr == "<V2" || descr == "|V2") throw unsupported(TextId::npy_kind_raw_two);
  std::string_view rest = descr;
  char order = '=';  // no order character means native, as in numpy.dtype("f8")
  if (!rest.empty() && (rest[0] == '<' || rest[0] == '>' || rest[0] == '|' || rest[0] == '=')) {
    order = rest[0];
    rest.remove_prefix(1);
  }
  if (rest.empty()) throw unsupported(TextId::npy_dtype_no_type_code);
  const char kind = rest[0];
  rest.remove_prefix(1);
  std::size_t size = 0;
  bool plain_size = !rest.empty() && rest.size() <= 3;
  for (char c : rest) {
    plain_size = plain_size && c >= '0' && c <= '9';
    if (plain_size) size = size * 10 + static_cast<std::size_t>(c - '0');
  }
  if (!plain_size) {
    const bool non_numeric_kind = std::string_view("OSUVabMm?").find(kind) != std::string_view::npos;
    throw unsupported(non_numeric_kind ? describe_kind(kind, 0) : Text(TextId::npy_dtype_not_plain));
  }
  std::optional<NpyDtype> dtype;
  if (kind == 'f' && size == 4) dtype = NpyDtype::float32;
  if (kind == 'f' && size == 8) dtype = NpyDtype::float64;
  if (kind == 'f' && size == 2) dtype = NpyDtype::float16;
  if (kind == 'i' && size == 4) dtype = NpyDtype::int32;
  if (kind == 'i' && size == 8) dtype = NpyDtype::int64;
  if (!dtype) throw unsupported(describe_kind(kind, size));
  if (order == '>') throw unsupported(TextId::npy_dtype_big_endian);
  if (order == '|') throw unsupported(TextId::npy_dtype_no_byte_order);
  if (order == '=' && std::endian::native != std::endian::little)
    throw unsupported(TextId::npy_dtype_native_big_endian);
  return *dtype;
}

// Everything the header declares.
struct NpyHeader {
  NpyDtype dtype = NpyDtype::float64;
  bool fortran_order = false;
  std::vector<std::int64_t> shape;
};

NpyHeader parse_header(std::string_view text, std::string_view name) {
  HeaderCursor cursor{text, 0, name};
  NpyHeader header;
  bool has_descr = false, has_order = false, has_shape = false;
  expect(cursor, '{', TextId::npy_header_expected_open_dict);
  while (!accept(cursor, '}')) {
    const std::string_view key = parse_string(cursor, StringRole::key);
    expect(cursor, ':', TextId::npy_header_expected_colon);
    if (key == "descr") {
      if (has_descr) fail(cursor, Text{TextId::npy_header_duplicate_key, {"descr"}});
      skip_space(cursor);
      if (cursor.pos < text.size() && text[cursor.pos] == '[') {
        throw Error(Text{TextId::npy_structured_dtype, {std::string(name)}});
      }
      header.dtype = parse_descr(parse_string(cursor, StringRole::descr), name);
      has_descr = true;
    } else if (key == "fortran_order") {
      if (has_order) fail(cursor, Text{TextId::npy_header_duplicate_key, {"fortran_order"}});
      header.fortran_order = parse_bool(cursor);
      has_order = true;
    } else if (key == "shape") {
      if (has_shape) fail(cursor, Text{TextId::npy_header_duplicate_key, {"shape"}});
      header.shape = parse_shape(cursor);
      has_shape = true;
    } else {
      fail(cursor, Text{TextId::npy_header_unexpected_key, {std::string(key)}});
    }
    if (!accept(cursor, ',')) {
      expect(cursor, '}', TextId::npy_header_expected_close_dict);
      break;
    }
  }
  skip_space(cursor);
  if (cursor.pos != text.size()) fail(cursor, TextId::npy_header_trailing_text);
  if (!has_descr) fail(cursor, Text{TextId::npy_header_missing_key, {"descr"}});
  if (!has_order) fail(cursor, Text{TextId::npy_header_missing_key, {"fortran_order"}});
  if (!has_shape) fail(cursor, Text{TextId::npy_header_missing_key, {"shape"}});
  return header;
}

// Converts one stored element to double.
double decode_element(const char* p, NpyDtype dtype) {
  switch (dtype) {
    case NpyDtype::float32:
      return static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(load_little_endian(p, 4))));
    case NpyDtype::float64:
      return std::bit_cast<double>(load_little_endian(p, 8));
    case NpyDtype::int32:
      return static_cast<double>(
          static_cast<std::int32_t>(static_cast<std::uint32_t>(load_little_endian(p, 4))));
    case NpyDtype::int64:
      return static_cast<double>(static_cast<std::int64_t>(load_little_endian(p, 8)));
    case NpyDtype::float16:
    case NpyDtype::bfloat16: {
      double value = 0.0;
      safetensors_decode_run(dtype == NpyDtype::float16 ? "F16" : "BF16", std::string_view(p, 2), &value);
      return value;
    }
  }
  return 0.0;
}

// Appends the values as little-endian bytes: on a little-endian machine (every platform pelab builds
// for) that is their memory, copied in one piece; numpy writes a 2000 x 1600 table the same way.
template <class T>
void append_values(std::string& out, std::span<const T> data) {
  if (data.empty()) return;  // an empty span's data() may be null, which memcpy must not be given
  if constexpr (std::endian::native == std::endian::little) {
    out.append(reinterpret_cast<const char*>(data.data()), data.size_bytes());
  } else {
    out.reserve(out.size() + data.size_bytes());
    for (T value : data) {
      std::uint64_t bits;
      if constexpr (sizeof(T) == 8) {
        bits = std::bit_cast<std::uint64_t>(value);
      } else {
        bits = std::bit_cast<std::uint32_t>(value);
      }
      append_little_endian(out, bits, sizeof(T));
    }
  }
}

// Decodes `count` contiguous elements (C order) into out: one copy for little-endian float64, a tight
// loop of fixed-size loads for the other dtypes (the compiler turns each load into one instruction).
template <class Stored>
void decode_run(const char* p, std::size_t count, double* out) {
  for (std::size_t i = 0; i < count; ++i) {
    Stored value;
    if constexpr (std::endian::native == std::endian::little) {
      std::memcpy(&value, p + i * sizeof(Stored), sizeof(Stored));
    } else {
      using Bits = std::conditional_t<sizeof(Stored) == 8, std::uint64_t, std::uint32_t>;
      value = std::bit_cast<Stored>(
          static_cast<Bits>(load_little_endian(p + i * sizeof(Stored), sizeof(Stored))));
    }
    out[i] = static_cast<double>(value);
  }
}

void decode_contiguous(const char* p, std::size_t count, NpyDtype dtype, double* out) {
  if (count == 0) return;  // an empty array's data() may be null, which memcpy must not be given
  switch (dtype) {
    case NpyDtype::float64:
      if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(out, p, count * sizeof(double));
      } else {
        decode_run<double>(p, count, out);
      }
      return;
    case NpyDtype::float32:
      decode_run<float>(p, count, out);
      return;
    case NpyDtype::int32:
      decode_run<std::int32_t>(p, count, out);
      return;
    case NpyDtype::int64:
      decode_run<std::int64_t>(p, count, out);
      return;
    case NpyDtype::float16:
      safetensors_decode_run("F16", std::string_view(p, count * 2), out);
      return;
    case NpyDtype::bfloat16:
      safetensors_decode_run("BF16", std::string_view(p, count * 2), out);
      return;
  }
}

}  // namespace

std::size_t npy_item_size(NpyDtype dtype) {
  switch (dtype) {
    case NpyDtype::float16:
    case NpyDtype::bfloat16:
      return 2;
    case NpyDtype::float32:
    case NpyDtype::int32:
      return 4;
    case NpyDtype::float64:
    case NpyDtype::int64:
      return 8;
  }
  return 8;
}

std::string_view npy_descr(NpyDtype dtype) {
  switch (dtype) {
    case NpyDtype::float32:
      return "<f4";
    case NpyDtype::float64:
      return "<f8";
    case NpyDtype::int32:
      return "<i4";
    case NpyDtype::int64:
      return "<i8";
    case NpyDtype::float16:
      return "<f2";
    case NpyDtype::bfloat16:
      return "bfloat16";
  }
  return "<f8";
}

std::string npy_encode(std::span<const double> data, std::span<const std::int64_t> shape) {
  std::string out = npy_encode_header(NpyDtype::float64, shape, data.size());
  append_values(out, data);
  return out;
}

std::string npy_encode(std::span<const float> data, std::span<const std::int64_t> shape) {
  std::string out = npy_encode_header(NpyDtype::float32, shape, data.size());
  append_values(out, data);
  return out;
}

std::string npy_encode(std::span<const std::int64_t> data, std::span<const std::int64_t> shape) {
  std::string out = npy_encode_header(NpyDtype::int64, shape, data.size());
  append_values(out, data);
  return out;
}

namespace {

// Where the header's dict starts: after the magic, the version and the length field, 2 bytes wide in
// version 1.0 and 4 in 2.0 and 3.0.
std::size_t npy_dict_offset(int major_version) { return 8 + (major_version == 1 ? 2 : 4); }

}  // namespace

std::uint64_t npy_header_size(std::string_view prefix, std::uint64_t file_size,
                              std::string_view name_for_messages) {
  const std::string name(name_for_messages);
  if (!prefix.starts_with(magic_prefix)) {
    if (magic_prefix.starts_with(prefix))
      throw Error(Text{TextId::npy_truncated, {name, std::to_string(prefix.size())}});
    throw Error(Text{TextId::npy_not_npy, {name}});
  }
  if (prefix.size() < magic_prefix.size() + 2) throw Error(Text{TextId::npy_truncated_no_version, {name}});
  const int major = static_cast<unsigned char>(prefix[6]);
  const int minor = static_cast<unsigned char>(prefix[7]);
  if (minor != 0 || major < 1 || major > 3) {
    throw Error(Text{TextId::npy_version, {name, std::to_string(major), std::to_string(minor)}});
  }
  const std::size_t header_start = npy_dict_offset(major);
  const std::size_t length_size = header_start - 8;
  if (prefix.size() < header_start) throw Error(Text{TextId::npy_truncated_no_length, {name}});
  const std::uint64_t header_length = load_little_endian(prefix.data() + 8, length_size);
  if (header_length > file_size - header_start) {
    throw Error(
        Text{TextId::npy_header_past_end, {name, std::to_string(header_length), std::to_string(file_size)}});
  }
  return header_start + header_length;
}

NpyLayout npy_parse_layout(std::string_view header, std::string_view name_for_messages) {
  const std::string name(name_for_messages);
  // The version (checked by npy_header_size) says how wide the length field is.
  const std::size_t header_start =
      header.size() > 6 ? npy_dict_offset(static_cast<unsigned char>(header[6])) : 12;
  if (header.size() < header_start) throw Error(Text{TextId::npy_truncated_no_length, {name}});
  NpyHeader parsed = parse_header(header.substr(header_start), name);
  NpyLayout layout;
  layout.dtype = parsed.dtype;
  layout.fortran_order = parsed.fortran_order;
  layout.shape = std::move(parsed.shape);
  layout.data_offset = header.size();
  const std::size_t size = npy_item_size(layout.dtype);
  const auto count = checked_element_count(layout.shape, std::numeric_limits<std::uint64_t>::max() / size);
  if (!count) throw Error(Text{TextId::npy_shape_too_large, {name, shape_repr(layout.shape)}});
  layout.element_count = *count;
  layout.data_bytes = *count * size;
  return layout;
}

void npy_check_data_size(const NpyLayout& layout, std::uint64_t file_size,
                         std::string_view name_for_messages) {
  const std::uint64_t available = file_size - std::min(file_size, layout.data_offset);
  if (available < layout.data_bytes) {
    throw Error(Text{TextId::npy_data_truncated,
                     {std::string(name_for_messages), shape_repr(layout.shape),
                      std::to_string(layout.data_bytes), std::to_string(available)}});
  }
  if (available > layout.data_bytes) {
    throw Error(Text{TextId::npy_trailing_bytes,
                     {std::string(name_for_messages), std::to_string(available - layout.data_bytes),
                      shape_repr(layout.shape)}});
  }
}

void npy_decode_run(NpyDtype dtype, std::string_view data, double* out) {
  decode_contiguous(data.data(), data.size() / npy_item_size(dtype), dtype, out);
}

void npy_decode_data(const NpyLayout& layout, std::string_view data, double* out) {
  const std::size_t size = npy_item_size(layout.dtype);
  const auto count = static_cast<std::size_t>(layout.element_count);
  if (!layout.fortran_order || layout.shape.size() < 2) {
    decode_contiguous(data.data(), count, layout.dtype, out);
    return;
  }
  // Fortran order: the first index varies fastest in the file. Walk the C-order multi-index and
  // keep the matching Fortran offset up to date.
  const std::size_t rank = layout.shape.size();
  std::vector<std::uint64_t> fortran_stride(rank, 1);
  for (std::size_t axis = 1; axis < rank; ++axis) {
    fortran_stride[axis] = fortran_stride[axis - 1] * static_cast<std::uint64_t>(layout.shape[axis - 1]);
  }
  std::vector<std::int64_t> index(rank, 0);
  std::uint64_t offset = 0;
  for (std::size_t i = 0; i < count; ++i) {
    out[i] = decode_element(data.data() + offset * size, layout.dtype);
    for (std::size_t axis = rank; axis-- > 0;) {
      if (++index[axis] < layout.shape[axis]) {
        offset += fortran_stride[axis];
        break;
      }
      offset -= fortran_stride[axis] * static_cast<std::uint64_t>(index[axis] - 1);
      index[axis] = 0;
    }
  }
}

namespace {

// The steps every in-memory decode shares: header, layout, data size; returns the layout and the data.
std::pair<NpyLayout, std::string_view> checked_layout(std::string_view bytes, std::string_view name) {
  const std::uint64_t header_size =
      npy_header_size(bytes.substr(0, std::min(bytes.size(), npy_prefix_bytes)), bytes.size(), name);
  NpyLayout layout = npy_parse_layout(bytes.substr(0, static_cast<std::size_t>(header_size)), name);
  npy_check_data_size(layout, bytes.size(), name);
  const std::string_view data = bytes.substr(static_cast<std::size_t>(layout.data_offset));
  return {std::move(layout), data};
}

}  // namespace

NpyArray npy_decode(std::string_view bytes, std::string_view name_for_messages) {
  auto [layout, data] = checked_layout(bytes, name_for_messages);
  NpyArray array;
  array.dtype = layout.dtype;
  array.data.resize(static_cast<std::size_t>(layout.element_count));
  npy_decode_data(layout, data, array.data.data());
  array.shape = std::move(layout.shape);
  return array;
}

Matrix npy_decode_matrix(std::string_view bytes, std::string_view name_for_messages) {
  const auto [layout, data] = checked_layout(bytes, name_for_messages);
  npy_require_table_shape(layout.shape, name_for_messages);
  Matrix matrix(layout.shape[0], layout.shape[1]);
  npy_decode_data(layout, data, matrix.data());
  return matrix;
}

NpyArray read_npy(const std::filesystem::path& path) {
  return npy_decode(read_file_bytes(path), path.string());
}

void npy_require_table_shape(std::span<const std::int64_t> shape, std::string_view name_for_messages) {
  const std::string name(name_for_messages);
  if (shape.size() != 2) {
    throw Error(Text{shape.size() == 1 ? TextId::npy_not_2d_one : TextId::npy_not_2d,
                     {name, std::to_string(shape.size()), shape_repr(shape)}});
  }
  if (shape[0] == 0 || shape[1] == 0) throw Error(Text{TextId::npy_empty_table, {name, shape_repr(shape)}});
}

Matrix npy_to_matrix(const NpyArray& array, std::string_view name_for_messages) {
  const std::string name(name_for_messages);
  npy_require_table_shape(array.shape, name);
  if (array.data.size() !=
      static_cast<std::uint64_t>(array.shape[0]) * static_cast<std::uint64_t>(array.shape[1])) {
    throw Error(
        Text{TextId::npy_count_mismatch, {name, std::to_string(array.data.size()), shape_repr(array.shape)}});
  }
  Matrix matrix(array.shape[0], array.shape[1]);
  std::memcpy(matrix.data(), array.data.data(), array.data.size() * sizeof(double));
  return matrix;
}

bool all_finite(const Matrix& matrix) { return matrix.allFinite(); }

namespace {

// The stored bytes of values on a little-endian machine (the only callers): their own memory, so
// that a file is written as its header and then straight from the matrix that holds the values.
template <class T>
std::string_view memory_of(std::span<const T> values) {
  if (values.empty()) return {};
  return {reinterpret_cast<const char*>(values.data()), values.size_bytes()};
}

// Header then values, atomically; on a big-endian machine the values are encoded into a copy.
template <class T>
void write_values(const std::filesystem::path& path, std::span<const T> values,
                  std::span<const std::int64_t> shape) {
  if constexpr (std::endian::native == std::endian::little) {
    constexpr NpyDtype dtype = std::is_same_v<T, double>  ? NpyDtype::float64
                               : std::is_same_v<T, float> ? NpyDtype::float32
                                                          : NpyDtype::int64;
    const std::string header = npy_encode_header(dtype, shape, values.size());
    const std::string_view pieces[2] = {header, memory_of(values)};
    write_file_atomic(path, pieces);
  } else {
    write_file_atomic(path, npy_encode(values, shape));
  }
}

}  // namespace

void write_npy(const std::filesystem::path& path, const Matrix& matrix, NpyDtype dtype) {
  const std::int64_t shape[2] = {matrix.rows(), matrix.cols()};
  const std::span<const double> values(matrix.data(), static_cast<std::size_t>(matrix.size()));
  if (dtype == NpyDtype::float64) {
    write_values(path, values, shape);
  } else if (dtype == NpyDtype::float32) {
    const std::vector<float> rounded(values.begin(), values.end());
    write_values(path, std::span<const float>(rounded), shape);
  } else {
    throw Error(Text{TextId::npy_write_dtype, {path.string(), std::string(npy_descr(dtype))}});
  }
}

void write_npy(const std::filesystem::path& path, const IndexMatrix& matrix) {
  const std::int64_t shape[2] = {matrix.rows(), matrix.cols()};
  write_values(path, std::span<const std::int64_t>(matrix.data(), static_cast<std::size_t>(matrix.size())),
               shape);
}

void write_npy(const std::filesystem::path& path, std::span<const double> data,
               std::span<const std::int64_t> shape) {
  write_values(path, data, shape);
}

void write_npy(const std::filesystem::path& path, std::span<const std::int64_t> data,
               std::span<const std::int64_t> shape) {
  write_values(path, data, shape);
}

}  // namespace pelab
