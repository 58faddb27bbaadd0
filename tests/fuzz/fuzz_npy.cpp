// Fuzz harness for the .npy reader: pelab::npy_decode, npy_to_matrix and decode_position_table.
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "fuzz_checks.hpp"
#include "pelab/io/npy.hpp"
#include "pelab/io/table_file.hpp"

namespace pelab::fuzz {
namespace {

bool same_bits(std::span<const double> a, std::span<const double> b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size_bytes()) == 0);
}

// The promises of one decoded array: non-negative dimensions whose product is the element count,
// and an encode/decode round trip (as float64) that keeps shape and bits.
std::string check_array(const NpyArray& array) {
  std::uint64_t count = 1;
  for (std::int64_t dimension : array.shape) {
    if (dimension < 0) return "npy_decode returned a negative dimension";
    const auto d = static_cast<std::uint64_t>(dimension);
    if (d != 0 && count > std::numeric_limits<std::uint64_t>::max() / d) return "shape product overflows";
    count *= d;
  }
  if (count != array.data.size()) {
    return "npy_decode: " + std::to_string(array.data.size()) + " elements for a shape of " +
           std::to_string(count);
  }
  const std::string again = npy_encode(std::span<const double>(array.data), array.shape);
  const NpyArray back = npy_decode(again, "fuzz-roundtrip.npy");
  if (back.dtype != NpyDtype::float64 || back.shape != array.shape || !same_bits(back.data, array.data)) {
    return "npy_encode/npy_decode round trip changed the array";
  }
  if (array.shape.size() == 2) {
    const Matrix m = npy_to_matrix(array, "fuzz.npy");
    if (m.rows() != array.shape[0] || m.cols() != array.shape[1]) return "npy_to_matrix changed the shape";
    if (!same_bits(std::span<const double>(m.data(), static_cast<std::size_t>(m.size())), array.data)) {
      return "npy_to_matrix changed the values";
    }
  }
  return {};
}

// decode_position_table's promise: a finite table.
std::string check_npy_table(std::string_view bytes, const char* name) {
  try {
    const LoadedTable table = decode_position_table(bytes, name);
    if (!all_finite(table.values)) return std::string("decode_position_table(") + name + ") kept NaN or inf";
  } catch (const Error&) {
  }
  return {};
}

}  // namespace

std::string check_npy(std::string_view bytes) {
  try {
    const std::string broken = check_array(npy_decode(bytes, "fuzz.npy"));
    if (!broken.empty()) return broken;
  } catch (const Error&) {
  }
  std::string broken = check_npy_table(bytes, "fuzz.npy");
  if (broken.empty()) broken = check_npy_table(bytes, "fuzz.bin");  // the type from the content
  return broken;
}

}  // namespace pelab::fuzz

#ifdef PELAB_LIBFUZZER
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return pelab::fuzz::run_check(pelab::fuzz::check_npy, data, size);
}
#endif
