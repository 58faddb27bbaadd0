#pragma once
// NumPy .npy files (format versions 1.0, 2.0 and 3.0 read; 1.0 written, byte-for-byte as NumPy
// writes it): how learned position tables come in and how every matrix goes out.
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pelab/types.hpp"

namespace pelab {

// Element types pelab reads (all little-endian) and writes (float32, float64, int64). float16 is
// numpy's '<f2'. bfloat16 has no numpy type code: an array saved by numpy.save with ml_dtypes'
// bfloat16 gets the descr '<V2' (raw 2-byte values, the type lost), which is refused with a hint;
// a header written with descr 'bfloat16' (str(dtype) of ml_dtypes' type, as np.load reads back
// when ml_dtypes is imported) is read as bfloat16. Both convert to double exactly, as the
// .safetensors reader converts F16 and BF16.
enum class NpyDtype { float32, float64, int32, int64, float16, bfloat16 };

// The NumPy descr string for a dtype: "<f4", "<f8", "<i4", "<i8", "<f2", "bfloat16".
std::string_view npy_descr(NpyDtype dtype);

// A decoded .npy array. `data` is in C order (last index fastest) whatever the file's order;
// integers are converted to double (exact up to 2^53 in magnitude). A 0-d array has an empty shape
// and one element.
struct NpyArray {
  NpyDtype dtype = NpyDtype::float64;
  std::vector<std::int64_t> shape;
  std::vector<double> data;
};

// Encodes a C-order array as a complete .npy file (format 1.0; header padded with spaces so the
// data starts at a multiple of 64 bytes, exactly as numpy.save does). Throws pelab::Error if the
// shape has a negative dimension or its element count differs from data.size().
std::string npy_encode(std::span<const double> data, std::span<const std::int64_t> shape);  // '<f8'
std::string npy_encode(std::span<const float> data, std::span<const std::int64_t> shape);   // '<f4'
std::string npy_encode(std::span<const std::int64_t> data,
                       std::span<const std::int64_t> shape);  // '<i8'

// The header alone, as the first bytes of an encoded file (npy_encode is this plus the values): a
// writer can send it and then the values straight from their own buffer.
std::string npy_encode_header(NpyDtype dtype, std::span<const std::int64_t> shape, std::size_t element_count);

// What a .npy header declares and where the data lies. Reading a file in these steps lets a caller
// refuse a shape, or allocate the matrix the values go into, before reading any data:
//   npy_header_size(first bytes) -> npy_parse_layout(header) -> [caller's checks] ->
//   npy_check_data_size -> npy_decode_data (or npy_decode_run on consecutive pieces, C order).
// npy_decode is these steps on bytes in memory, with the same messages in the same order.
struct NpyLayout {
  NpyDtype dtype = NpyDtype::float64;
  bool fortran_order = false;
  std::vector<std::int64_t> shape;
  std::uint64_t data_offset = 0;    // the data starts right after the header
  std::uint64_t element_count = 0;  // product of shape
  std::uint64_t data_bytes = 0;     // element_count * npy_item_size(dtype)
};

// The file's first bytes npy_header_size needs (magic, version, header length).
inline constexpr std::size_t npy_prefix_bytes = 12;
// Bytes per stored element: 2, 4 or 8.
std::size_t npy_item_size(NpyDtype dtype);
// The header's size in bytes (magic and length included), from `prefix` = the file's first
// npy_prefix_bytes bytes, or the whole of a shorter file. Throws pelab::Error when the file is not
// a .npy, has an unknown version or ends before its header does (`file_size` bytes in all).
std::uint64_t npy_header_size(std::string_view prefix, std::uint64_t file_size,
                              std::string_view name_for_messages);
// Parses the header: `header` is the file's first npy_header_size bytes. Throws for a malformed
// header, an unsupported dtype, or a shape whose byte count does not fit in 64 bits.
NpyLayout npy_parse_layout(std::string_view header, std::string_view name_for_messages);
// Throws unless a file of `file_size` bytes holds exactly the data the header declares.
void npy_check_data_size(const NpyLayout& layout, std::uint64_t file_size,
                         std::string_view name_for_messages);
// The values as doubles in C order: `data` is exactly layout.data_bytes, `out` has room for
// layout.element_count.
void npy_decode_data(const NpyLayout& layout, std::string_view data, double* out);
// Consecutive elements of C-order data: `data` holds whole elements of `dtype` (a piece of the file
// at an element boundary); writes data.size() / npy_item_size(dtype) doubles at `out`.
void npy_decode_run(NpyDtype dtype, std::string_view data, double* out);
// Refuses (pelab::Error, the messages of npy_to_matrix) a shape that is not a non-empty 2-D table.
void npy_require_table_shape(std::span<const std::int64_t> shape, std::string_view name_for_messages);

// Decodes a complete .npy file held in memory. Any malformed, truncated or unsupported input
// throws pelab::Error with a one-line message starting with `name_for_messages` (usually the file
// name); it never reads out of bounds. NaN and infinities in the data are kept (they are valid
// NumPy values); see all_finite.
NpyArray npy_decode(std::string_view bytes, std::string_view name_for_messages);

// Reads and decodes a .npy file; messages name the path.
NpyArray read_npy(const std::filesystem::path& path);

// The array as a positions x dims matrix. Throws pelab::Error unless it is 2-D (a 1-D or 3-D
// array is refused with a message explaining that a 2-D table is needed).
Matrix npy_to_matrix(const NpyArray& array, std::string_view name_for_messages);

// npy_decode and npy_to_matrix in one step: the values go straight into the matrix.
Matrix npy_decode_matrix(std::string_view bytes, std::string_view name_for_messages);

// True when no entry is NaN or infinite: callers that need finite tables check loaded data with it.
bool all_finite(const Matrix& matrix);

// Atomically writes a matrix as a 2-D .npy file. `dtype` is float64 (default) or float32 (the
// values rounded to float; throws pelab::Error for integer dtypes).
void write_npy(const std::filesystem::path& path, const Matrix& matrix, NpyDtype dtype = NpyDtype::float64);
// Atomically writes an integer matrix as a 2-D '<i8' .npy file.
void write_npy(const std::filesystem::path& path, const IndexMatrix& matrix);
// Atomically writes any C-order array (e.g. H x N x N ALiBi biases) with the given shape.
void write_npy(const std::filesystem::path& path, std::span<const double> data,
               std::span<const std::int64_t> shape);
void write_npy(const std::filesystem::path& path, std::span<const std::int64_t> data,
               std::span<const std::int64_t> shape);

}  // namespace pelab
