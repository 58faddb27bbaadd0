#pragma once
// PNG export: encoding RGB pixels, and raw heatmaps (one pixel per matrix cell). Annotated figures
// are the app's views drawn off screen (app/run/figure.hpp, `pelab-cli render`).
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "pelab/io/colormap.hpp"
#include "pelab/types.hpp"

namespace pelab {

// Encodes 8-bit RGB pixels (row-major, top row first, 3 bytes per pixel) as PNG file bytes.
// Throws pelab::Error if the size is not positive, rgb.size() != width * height * 3, or the
// image is too large for the PNG encoder (about 2 GiB of pixels).
std::string png_encode_rgb(int width, int height, std::span<const std::uint8_t> rgb);

// Atomically writes png_encode_rgb(width, height, rgb) to `path`.
void write_png_rgb(const std::filesystem::path& path, int width, int height,
                   std::span<const std::uint8_t> rgb);

// One RGB pixel per cell, row 0 at the top, coloured through colormap_lut with lut_color (the same
// colours the GUI shows); NaN cells get nan_color. Returns rows * cols * 3 bytes.
std::vector<std::uint8_t> heatmap_pixels(const Matrix& matrix, Colormap colormap, ValueRange range);

// Atomically writes heatmap_pixels as a cols x rows PNG. Throws pelab::Error for an empty matrix.
void write_heatmap_png(const std::filesystem::path& path, const Matrix& matrix, Colormap colormap,
                       ValueRange range);

}  // namespace pelab
