#pragma once
// PNG export: raw heatmaps (one pixel per matrix cell) and annotated figures (axes, ticks, colour
// bar, title) for slides, rendered on the CPU so no GPU or display is needed.
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
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

// The figure font when FigureOptions::font_path is empty, found by find_font_file (data_dir.hpp):
// shipped in the data directory's fonts/, or the system's (Debian: fonts-dejavu-core).
inline constexpr std::string_view default_figure_font = "DejaVuSans.ttf";

// What an annotated figure shows. Column c is labelled x_first + c * x_step and row r is labelled
// y_first + r * y_step (e.g. y_first = the first position shown when positions start past 0).
struct FigureOptions {
  Colormap colormap = Colormap::viridis;
  RangeMode range_mode = RangeMode::automatic;
  ValueRange fixed_range{0.0, 1.0};  // used when range_mode == fixed
  std::string title;                 // UTF-8; empty for none
  std::string x_label = "dimension";
  std::string y_label = "position";
  double x_first = 0.0, x_step = 1.0;
  double y_first = 0.0, y_step = 1.0;
  int width = 1200, height = 800;   // output size in pixels; fonts scale with it
  bool equal_aspect = false;        // square cells (a similarity matrix is drawn as a square)
  std::filesystem::path font_path;  // a .ttf file; empty: default_figure_font wherever it is found
};

// Renders the figure: the heatmap fills the plot area (row 0 at the top), with 1-2-5 "nice" ticks
// on both axes, axis labels, a colour bar with values, and the title; white background. Returns
// width * height * 3 RGB bytes. Throws pelab::Error for an empty matrix, a size outside
// 240x160..8192x8192, non-finite or zero steps, or a missing/unusable font file.
std::vector<std::uint8_t> render_heatmap_figure(const Matrix& matrix, const FigureOptions& options);

// Atomically writes render_heatmap_figure as a PNG.
void write_heatmap_figure_png(const std::filesystem::path& path, const Matrix& matrix,
                              const FigureOptions& options);

}  // namespace pelab
