// Output formats, the size budget and atomic writes for pelab-cli.
#include "output.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstring>
#include <iostream>
#include <system_error>
#include <type_traits>

#include "errors.hpp"
#include "pelab/io/atomic_file.hpp"
#include "pelab/io/csv.hpp"
#include "pelab/io/npy.hpp"
#include "pelab/platform.hpp"
#include "values.hpp"

namespace pelab::cli {
namespace {

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string extension_list(std::initializer_list<Format> formats) {
  std::string list;
  std::size_t i = 0;
  for (Format f : formats) {
    if (i > 0) list += (i + 1 == formats.size()) ? " or " : ", ";
    list += extension_of(f);
    ++i;
  }
  return list;
}

std::ostream* stdout_stream = &std::cout;

// The whole output to standard output, piece after piece, then flushed: binary data passes unchanged.
void write_stdout(std::initializer_list<std::string_view> pieces) {
  for (std::string_view bytes : pieces)
    stdout_stream->write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  stdout_stream->flush();
  if (!*stdout_stream) throw FileError("cannot write to standard output (--out -)");
}

// A .npy file to standard output: its header, then the values straight from their buffer (the bytes
// npy_encode makes, on the little-endian machines pelab runs on, without joining them first).
template <typename Scalar>
void write_npy_stdout(std::span<const Scalar> data, std::span<const std::int64_t> shape) {
  if constexpr (std::endian::native == std::endian::little) {
    constexpr NpyDtype dtype = std::is_same_v<Scalar, double> ? NpyDtype::float64 : NpyDtype::int64;
    std::string header;
    guarded_write([&] { header = npy_encode_header(dtype, shape, data.size()); });
    write_stdout({header, data.empty() ? std::string_view()
                                       : std::string_view(reinterpret_cast<const char*>(data.data()),
                                                          data.size_bytes())});
  } else {
    std::string bytes;
    guarded_write([&] { bytes = npy_encode(data, shape); });
    write_stdout({bytes});
  }
}

// Runs a core write and turns its pelab::Error (which names the path and the OS reason) into a FileError.
template <typename Write>
void guarded_write(Write&& write) {
  try {
    write();
  } catch (const pelab::Error& e) {
    throw FileError(e.what());
  }
}

// A rank-1 or rank-3 array laid out as the 2-D matrix its CSV form shows.
template <typename Scalar>
Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> as_csv_matrix(
    std::span<const Scalar> data, std::span<const std::int64_t> shape) {
  const std::int64_t cols = shape.size() <= 1 ? 1 : shape.back();
  const std::int64_t rows = cols == 0 ? 0 : static_cast<std::int64_t>(data.size()) / cols;
  Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> m(rows, cols);
  std::copy(data.begin(), data.end(), m.data());
  return m;
}

}  // namespace

bool is_stdout(const std::filesystem::path& out) { return out == std::filesystem::path("-"); }

std::ostream* set_stdout_stream(std::ostream* stream) {
  std::ostream* previous = stdout_stream;
  stdout_stream = stream != nullptr ? stream : &std::cout;
  return previous;
}

std::string_view extension_of(Format format) {
  switch (format) {
    case Format::npy:
      return ".npy";
    case Format::csv:
      return ".csv";
    case Format::png:
      return ".png";
  }
  return "";
}

Format choose_format(const std::filesystem::path& out, std::initializer_list<Format> allowed,
                     std::string_view command) {
  const std::string name = out.string();
  if (!out.has_filename()) {
    throw UsageError("--out '" + name + "' does not name a file; " + std::string(command) + " writes " +
                     extension_list(allowed));
  }
  const std::string ext = lowercase(out.extension().string());
  for (Format f : allowed) {
    if (ext == extension_of(f)) return f;
  }
  if (ext == ".png") {
    throw UsageError("--out '" + name + "': " + std::string(command) + " writes " + extension_list(allowed) +
                     ", not .png (pictures come from 'pelab-cli render')");
  }
  if (ext == ".npy" || ext == ".csv") {
    throw UsageError("--out '" + name + "': " + std::string(command) +
                     " writes a picture, so --out must end in " + extension_list(allowed) + " (not " + ext +
                     ")");
  }
  throw UsageError("--out '" + name + "' has " +
                   (ext.empty() ? "no extension" : "the unknown extension " + ext) + "; " +
                   std::string(command) + " writes " + extension_list(allowed));
}

void preflight_output(const std::filesystem::path& out) {
  if (is_stdout(out)) return;
  const std::string name = out.string();
  std::error_code ec;
  if (std::filesystem::is_directory(out, ec)) throw FileError("cannot write " + name + ": it is a directory");
  std::filesystem::path directory = out.parent_path();
  if (directory.empty()) directory = ".";
  const auto status = std::filesystem::status(directory, ec);
  if (!std::filesystem::exists(status)) {
    throw FileError("cannot write " + name + ": directory '" + directory.string() + "' does not exist");
  }
  if (!std::filesystem::is_directory(status)) {
    throw FileError("cannot write " + name + ": '" + directory.string() + "' is not a directory");
  }
  if (const int error = directory_write_error(directory); error != 0) {
    throw FileError("cannot write " + name + ": directory '" + directory.string() +
                    "': " + std::strerror(error));
  }
}

std::uint64_t output_bytes(Format format, std::uint64_t count, bool integer) {
  if (format == Format::csv) return saturating_product({count, integer ? 21u : 25u});
  // The .npy header: magic, version, length and the padded dict. For every array pelab-cli writes
  // (at most 3 dimensions) it is exactly 128 bytes: the dict is over 54 and under 118 characters.
  constexpr std::uint64_t kNpyHeaderBytes = 128;
  return saturating_sum({saturating_product({count, 8u}), kNpyHeaderBytes});
}

void Budget::check_output(std::uint64_t bytes, std::string_view what) const {
  if (bytes <= max_bytes) return;
  const std::string message = "the output would be " + format_bytes(bytes) + ", " + std::string(what) +
                              ", above --max-bytes " + std::to_string(max_bytes) +
                              "; pass a larger --max-bytes to allow it";
  if (from_file) throw FileError(message);
  throw UsageError(message);
}

void Budget::check_memory(std::uint64_t bytes, std::string_view what) const {
  if (bytes <= max_bytes) return;
  const std::string message = "computing this needs " + format_bytes(bytes) + " in memory for " +
                              std::string(what) + ", above --max-bytes " + std::to_string(max_bytes) +
                              "; pass a larger --max-bytes to allow it";
  if (from_file) throw FileError(message);
  throw UsageError(message);
}

std::string shape_text(std::initializer_list<std::int64_t> shape) {
  std::string text;
  for (std::int64_t s : shape) {
    if (!text.empty()) text += " x ";
    text += std::to_string(s);
  }
  return text;
}

namespace {

// write_matrix for a double or an integer matrix: standard output through write_array, a file as CSV
// or .npy in the matrix's own dtype.
template <typename MatrixType>
void write_matrix_of(const std::filesystem::path& out, Format format, const MatrixType& matrix) {
  using Scalar = typename MatrixType::Scalar;
  if (is_stdout(out)) {
    const std::int64_t shape[2] = {matrix.rows(), matrix.cols()};
    write_array(out, format, std::span<const Scalar>(matrix.data(), static_cast<std::size_t>(matrix.size())),
                shape);
    return;
  }
  guarded_write([&] {
    if (format == Format::csv) {
      write_csv(out, matrix);
    } else {
      write_npy(out, matrix);
    }
  });
}

// write_array for doubles or integers: the same matrix type is used for CSV (2-D, or one row).
template <typename MatrixType>
void write_array_of(const std::filesystem::path& out, Format format,
                    std::span<const typename MatrixType::Scalar> data, std::span<const std::int64_t> shape) {
  if (is_stdout(out)) {
    if (format == Format::npy) return write_npy_stdout(data, shape);
    std::string bytes;
    guarded_write([&] { bytes = csv_encode(MatrixType(as_csv_matrix(data, shape))); });
    write_stdout({bytes});
    return;
  }
  guarded_write([&] {
    if (format == Format::csv) {
      write_csv(out, MatrixType(as_csv_matrix(data, shape)));
    } else {
      write_npy(out, data, shape);
    }
  });
}

}  // namespace

void write_matrix(const std::filesystem::path& out, Format format, const Matrix& matrix) {
  write_matrix_of(out, format, matrix);
}

void write_matrix(const std::filesystem::path& out, Format format, const IndexMatrix& matrix) {
  write_matrix_of(out, format, matrix);
}

void write_array(const std::filesystem::path& out, Format format, std::span<const double> data,
                 std::span<const std::int64_t> shape) {
  write_array_of<Matrix>(out, format, data, shape);
}

void write_array(const std::filesystem::path& out, Format format, std::span<const std::int64_t> data,
                 std::span<const std::int64_t> shape) {
  write_array_of<IndexMatrix>(out, format, data, shape);
}

void write_text(const std::filesystem::path& out, std::string_view text) { write_bytes(out, text); }

void write_bytes(const std::filesystem::path& out, std::string_view bytes) {
  if (is_stdout(out)) {
    write_stdout({bytes});
    return;
  }
  guarded_write([&] { write_file_atomic(out, bytes); });
}

}  // namespace pelab::cli
