#pragma once
// Hand-building .safetensors bytes for the tests: a JSON header written out by the test itself and
// raw little-endian data, so the reader is checked against bytes it did not produce.
#include <bit>
#include <cstdint>
#include <initializer_list>
#include <string>

namespace pelab::test {

inline void put_le(std::string& out, std::uint64_t bits, int size) {
  for (int i = 0; i < size; ++i) out.push_back(static_cast<char>((bits >> (8 * i)) & 0xffu));
}

// The 8-byte length, the header text as given (no padding), then the data.
inline std::string safetensors_bytes(const std::string& header, const std::string& data) {
  std::string out;
  put_le(out, header.size(), 8);
  return out + header + data;
}

inline std::string u16s(std::initializer_list<std::uint16_t> values) {
  std::string out;
  for (std::uint16_t v : values) put_le(out, v, 2);
  return out;
}

inline std::string f32s(std::initializer_list<float> values) {
  std::string out;
  for (float v : values) put_le(out, std::bit_cast<std::uint32_t>(v), 4);
  return out;
}

inline std::string f64s(std::initializer_list<double> values) {
  std::string out;
  for (double v : values) put_le(out, std::bit_cast<std::uint64_t>(v), 8);
  return out;
}

inline std::string i64s(std::initializer_list<std::int64_t> values) {
  std::string out;
  for (std::int64_t v : values) put_le(out, static_cast<std::uint64_t>(v), 8);
  return out;
}

// One F32 entry of the header: "name": {"dtype": "F32", "shape": [...], "data_offsets": [b, e]}.
inline std::string entry(const std::string& name, const std::string& dtype, const std::string& shape,
                         std::uint64_t begin, std::uint64_t end) {
  return "\"" + name + "\": {\"dtype\": \"" + dtype + "\", \"shape\": " + shape + ", \"data_offsets\": [" +
         std::to_string(begin) + ", " + std::to_string(end) + "]}";
}

}  // namespace pelab::test
