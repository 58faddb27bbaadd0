// PNG encoding through stb_image_write (into memory, then write_file_atomic). Figures with axes and
// text are drawn by the app's own views off screen (app/run/figure.hpp), never here.
#include "pelab/io/png.hpp"

#include <stb_image_write.h>

#include <algorithm>
#include <climits>
#include <cmath>

#include "pelab/io/atomic_file.hpp"

namespace pelab {
namespace {

// --- PNG encoding -----------------------------------------------------------------------------

// Receives the encoder's output; never lets an exception cross the C library.
struct PngSink {
  std::string bytes;
  bool failed = false;
};

void append_to_sink(void* context, void* data, int size) {
  auto* sink = static_cast<PngSink*>(context);
  try {
    sink->bytes.append(static_cast<const char*>(data), static_cast<std::size_t>(size));
  } catch (...) {
    sink->failed = true;
  }
}

}  // namespace

std::string png_encode_rgb(int width, int height, std::span<const std::uint8_t> rgb) {
  if (width <= 0 || height <= 0) {
    throw Error(Text{TextId::png_bad_size, {std::to_string(width), std::to_string(height)}});
  }
  // stb_image_write computes (3 * width + 1) * height in int.
  if ((3 * std::int64_t{width} + 1) * std::int64_t{height} > INT_MAX) {
    throw Error(Text{TextId::png_too_large, {std::to_string(width), std::to_string(height)}});
  }
  if (rgb.size() != std::size_t(width) * std::size_t(height) * 3) {
    throw Error(Text{TextId::png_byte_count,
                     {std::to_string(rgb.size()), std::to_string(width), std::to_string(height)}});
  }
  PngSink sink;
  const int ok = stbi_write_png_to_func(append_to_sink, &sink, width, height, 3, rgb.data(), width * 3);
  if (ok == 0 || sink.failed) throw Error(Text{TextId::png_encoding_failed});
  return std::move(sink.bytes);
}

void write_png_rgb(const std::filesystem::path& path, int width, int height,
                   std::span<const std::uint8_t> rgb) {
  write_file_atomic(path, png_encode_rgb(width, height, rgb));
}

std::vector<std::uint8_t> heatmap_pixels(const Matrix& matrix, Colormap colormap, ValueRange range) {
  const std::array<Rgb8, 256> lut = colormap_lut(colormap);
  std::vector<std::uint8_t> rgb;
  rgb.reserve(static_cast<std::size_t>(matrix.size()) * 3);
  for (Eigen::Index row = 0; row < matrix.rows(); ++row) {
    for (Eigen::Index col = 0; col < matrix.cols(); ++col) {
      const Rgb8 color = lut_color(lut, normalize(matrix(row, col), range));
      rgb.insert(rgb.end(), {color.r, color.g, color.b});
    }
  }
  return rgb;
}

void write_heatmap_png(const std::filesystem::path& path, const Matrix& matrix, Colormap colormap,
                       ValueRange range) {
  if (matrix.size() == 0) throw Error(Text{TextId::png_empty_matrix, {path.string()}});
  if (matrix.rows() > INT_MAX || matrix.cols() > INT_MAX / 3)
    throw Error(Text{TextId::png_matrix_too_large, {path.string()}});
  write_png_rgb(path, static_cast<int>(matrix.cols()), static_cast<int>(matrix.rows()),
                heatmap_pixels(matrix, colormap, range));
}

}  // namespace pelab
