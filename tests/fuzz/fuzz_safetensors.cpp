// Fuzz harness for the .safetensors reader: pelab::safetensors_index, safetensors_matrix and
// decode_position_table.
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_checks.hpp"
#include "pelab/io/npy.hpp"
#include "pelab/io/safetensors.hpp"
#include "pelab/io/table_file.hpp"

namespace pelab::fuzz {
namespace {

bool same_bits(const Matrix& a, const Matrix& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         (a.size() == 0 ||
          std::memcmp(a.data(), b.data(), static_cast<std::size_t>(a.size()) * sizeof(double)) == 0);
}

// Every tensor the index lists as a readable table decodes with the declared rows and columns.
std::string check_index(std::string_view bytes) {
  const std::vector<TensorInfo> index = safetensors_index(bytes, "fuzz.safetensors");
  (void)table_tensor_list(index, 3);
  for (const TensorInfo& info : index) {
    const auto dims = table_dims(info.shape);
    if (!dims || !safetensors_dtype_readable(info.dtype)) continue;
    try {
      const Matrix m = safetensors_matrix(bytes, info.name, "fuzz.safetensors");
      if (m.rows() != dims->first || m.cols() != dims->second) {
        return "safetensors_matrix(" + quoted_tensor_name(info.name) + ") is " + std::to_string(m.rows()) +
               " x " + std::to_string(m.cols()) + ", the header says " + shape_text(info.shape);
      }
    } catch (const Error&) {
    }
  }
  return {};
}

// A loaded table is finite and not empty, and an F64 file written from it reads back bit for bit.
std::string check_safetensors_table(std::string_view bytes, const char* name) {
  LoadedTable table;
  try {
    table = decode_position_table(bytes, name);
  } catch (const Error&) {
    return {};
  }
  const std::string what = std::string("decode_position_table(") + name + ")";
  if (table.values.rows() < 1 || table.values.cols() < 1) return what + " returned an empty table";
  if (!all_finite(table.values)) return what + " kept NaN or inf";
  if (table.tensor.empty()) return {};  // a .npy file, found by its content
  const std::string again = safetensors_encode({{table.tensor, table.values}}, "F64");
  if (!same_bits(safetensors_matrix(again, table.tensor, "fuzz-roundtrip.safetensors"), table.values)) {
    return what + ": safetensors_encode/safetensors_matrix round trip changed the table";
  }
  return {};
}

}  // namespace

std::string check_safetensors(std::string_view bytes) {
  try {
    const std::string broken = check_index(bytes);
    if (!broken.empty()) return broken;
  } catch (const Error&) {
  }
  std::string broken = check_safetensors_table(bytes, "fuzz.safetensors");
  if (broken.empty()) broken = check_safetensors_table(bytes, "fuzz.bin");  // the type from the content
  return broken;
}

}  // namespace pelab::fuzz

#ifdef PELAB_LIBFUZZER
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return pelab::fuzz::run_check(pelab::fuzz::check_safetensors, data, size);
}
#endif
