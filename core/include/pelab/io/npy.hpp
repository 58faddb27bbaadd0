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

// Element types pelab reads (all little-endian) and writes (float32, float64, int64).
enum class NpyDtype { float32, float64, int32, int64 };

// The NumPy descr string for a dtype: "<f4", "<f8", "<i4", "<i8".
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
