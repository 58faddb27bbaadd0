// PNG encoding through stb_image_write (into memory, then write_file_atomic) and a small CPU
// figure renderer: a canvas of RGB bytes, rectangles, and anti-aliased text from stb_truetype.
#include "pelab/io/png.hpp"

#include <stb_image_write.h>
#include <stb_truetype.h>

#include <algorithm>
#include <charconv>
#include <climits>
#include <cmath>

#include "pelab/io/atomic_file.hpp"
#include "pelab/io/data_dir.hpp"

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

// --- canvas -----------------------------------------------------------------------------------

// An RGB image being drawn, 3 bytes per pixel, top row first.
struct Canvas {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgb;
};

Canvas white_canvas(int width, int height) {
  return {width, height, std::vector<std::uint8_t>(std::size_t(width) * std::size_t(height) * 3, 255)};
}

void set_pixel(Canvas& canvas, int x, int y, Rgb8 color) {
  if (x < 0 || y < 0 || x >= canvas.width || y >= canvas.height) return;
  std::uint8_t* p = &canvas.rgb[(std::size_t(y) * std::size_t(canvas.width) + std::size_t(x)) * 3];
  p[0] = color.r;
  p[1] = color.g;
  p[2] = color.b;
}

// Mixes `color` over the pixel with coverage alpha in 0..255.
void blend_pixel(Canvas& canvas, int x, int y, Rgb8 color, int alpha) {
  if (alpha <= 0 || x < 0 || y < 0 || x >= canvas.width || y >= canvas.height) return;
  std::uint8_t* p = &canvas.rgb[(std::size_t(y) * std::size_t(canvas.width) + std::size_t(x)) * 3];
  const auto mix = [alpha](std::uint8_t under, std::uint8_t over) {
    return static_cast<std::uint8_t>((under * (255 - alpha) + over * alpha + 127) / 255);
  };
  p[0] = mix(p[0], color.r);
  p[1] = mix(p[1], color.g);
  p[2] = mix(p[2], color.b);
}

// Fills the pixels x0 <= x < x1, y0 <= y < y1 (clipped to the canvas).
void fill_rect(Canvas& canvas, int x0, int y0, int x1, int y1, Rgb8 color) {
  for (int y = std::max(0, y0); y < std::min(canvas.height, y1); ++y) {
    for (int x = std::max(0, x0); x < std::min(canvas.width, x1); ++x) set_pixel(canvas, x, y, color);
  }
}

// A frame of thickness `line` drawn just outside the box x0 <= x < x1, y0 <= y < y1.
void frame_rect(Canvas& canvas, int x0, int y0, int x1, int y1, int line, Rgb8 color) {
  fill_rect(canvas, x0 - line, y0 - line, x1 + line, y0, color);
  fill_rect(canvas, x0 - line, y1, x1 + line, y1 + line, color);
  fill_rect(canvas, x0 - line, y0, x0, y1, color);
  fill_rect(canvas, x1, y0, x1 + line, y1, color);
}

// --- text -------------------------------------------------------------------------------------

// A loaded TrueType font. stb keeps pointers into `bytes`, so a Font never moves.
struct Font {
  std::string bytes;
  stbtt_fontinfo info{};
  Font() = default;
  Font(const Font&) = delete;
  Font& operator=(const Font&) = delete;
};

void load_font(Font& font, const std::filesystem::path& path) {
  std::error_code ignored;
  if (!std::filesystem::exists(path, ignored)) {
    throw Error(Text{TextId::png_font_missing, {path.string()}});
  }
  font.bytes = read_file_bytes(path, std::uint64_t{64} << 20);
  const auto* data = reinterpret_cast<const unsigned char*>(font.bytes.data());
  const int offset = font.bytes.size() < 12 ? -1 : stbtt_GetFontOffsetForIndex(data, 0);
  if (offset < 0 || stbtt_InitFont(&font.info, data, offset) == 0) {
    throw Error(Text{TextId::png_font_invalid, {path.string()}});
  }
}

// Unicode code points of UTF-8 text; malformed bytes become U+FFFD.
std::vector<int> decode_utf8(std::string_view text) {
  std::vector<int> code_points;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    int length = lead < 0x80           ? 1
                 : (lead >> 5) == 0x6  ? 2
                 : (lead >> 4) == 0xe  ? 3
                 : (lead >> 3) == 0x1e ? 4
                                       : 0;
    int code = length == 1 ? lead : length == 2 ? (lead & 0x1f) : length == 3 ? (lead & 0x0f) : (lead & 0x07);
    bool valid = length > 0 && i + std::size_t(length) <= text.size();
    for (int k = 1; valid && k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + std::size_t(k)]);
      valid = (next & 0xc0) == 0x80;
      code = (code << 6) | (next & 0x3f);
    }
    code_points.push_back(valid ? code : 0xfffd);
    i += valid ? std::size_t(length) : 1;
  }
  return code_points;
}

// Text rendered to a coverage bitmap. The pen starts at (pen_x, baseline) in bitmap pixels.
struct TextImage {
  int width = 0;
  int height = 0;
  int pen_x = 0;
  int baseline = 0;
  double advance = 0.0;     // logical width: where the pen ends
  double ascent = 0.0;      // font ascent above the baseline
  double descent = 0.0;     // font descent below the baseline (positive)
  double cap_height = 0.0;  // height of capitals and digits above the baseline
  std::vector<std::uint8_t> alpha;
};

TextImage render_text(const Font& font, double pixel_height, std::string_view text) {
  const stbtt_fontinfo* info = &font.info;
  const float scale = stbtt_ScaleForPixelHeight(info, static_cast<float>(pixel_height));
  int ascent = 0, descent = 0, line_gap = 0;
  stbtt_GetFontVMetrics(info, &ascent, &descent, &line_gap);
  int box_x0 = 0, box_y0 = 0, box_x1 = 0, box_y1 = 0;
  stbtt_GetCodepointBox(info, 'H', &box_x0, &box_y0, &box_x1, &box_y1);

  const std::vector<int> code_points = decode_utf8(text);
  std::vector<double> pen(code_points.size());
  double x = 0.0;
  for (std::size_t i = 0; i < code_points.size(); ++i) {
    if (i > 0)
      x +=
          scale * static_cast<float>(stbtt_GetCodepointKernAdvance(info, code_points[i - 1], code_points[i]));
    pen[i] = x;
    int advance = 0, left_bearing = 0;
    stbtt_GetCodepointHMetrics(info, code_points[i], &advance, &left_bearing);
    x += scale * static_cast<float>(advance);
  }

  TextImage image;
  image.advance = x;
  image.ascent = scale * static_cast<float>(ascent);
  image.descent = -scale * static_cast<float>(descent);
  image.cap_height = scale * static_cast<float>(box_y1);
  const int margin_x = static_cast<int>(std::ceil(pixel_height * 0.5)) + 2;
  const int margin_y = static_cast<int>(std::ceil(pixel_height * 0.25)) + 2;
  image.pen_x = margin_x;
  image.baseline = margin_y + static_cast<int>(std::ceil(image.ascent));
  image.width = static_cast<int>(std::ceil(x)) + 2 * margin_x;
  image.height = image.baseline + static_cast<int>(std::ceil(image.descent)) + margin_y;
  image.alpha.assign(std::size_t(image.width) * std::size_t(image.height), 0);

  std::vector<unsigned char> glyph;
  for (std::size_t i = 0; i < code_points.size(); ++i) {
    const double glyph_x = image.pen_x + pen[i];
    const double whole = std::floor(glyph_x);
    const auto shift = static_cast<float>(glyph_x - whole);
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    stbtt_GetCodepointBitmapBoxSubpixel(info, code_points[i], scale, scale, shift, 0.0f, &x0, &y0, &x1, &y1);
    const int w = x1 - x0, h = y1 - y0;
    if (w <= 0 || h <= 0) continue;
    glyph.assign(std::size_t(w) * std::size_t(h), 0);
    stbtt_MakeCodepointBitmapSubpixel(info, glyph.data(), w, h, w, scale, scale, shift, 0.0f, code_points[i]);
    for (int gy = 0; gy < h; ++gy) {
      const int ty = image.baseline + y0 + gy;
      if (ty < 0 || ty >= image.height) continue;
      for (int gx = 0; gx < w; ++gx) {
        const int tx = static_cast<int>(whole) + x0 + gx;
        if (tx < 0 || tx >= image.width) continue;
        std::uint8_t& cell = image.alpha[std::size_t(ty) * std::size_t(image.width) + std::size_t(tx)];
        cell = std::max(cell,
                        static_cast<std::uint8_t>(glyph[std::size_t(gy) * std::size_t(w) + std::size_t(gx)]));
      }
    }
  }
  return image;
}

// Draws text with its pen starting at (x, baseline_y), reading left to right.
void draw_text(Canvas& canvas, const TextImage& text, double x, double baseline_y, Rgb8 color) {
  const int origin_x = static_cast<int>(std::lround(x)) - text.pen_x;
  const int origin_y = static_cast<int>(std::lround(baseline_y)) - text.baseline;
  for (int iy = 0; iy < text.height; ++iy) {
    for (int ix = 0; ix < text.width; ++ix) {
      blend_pixel(canvas, origin_x + ix, origin_y + iy, color,
                  text.alpha[std::size_t(iy) * std::size_t(text.width) + std::size_t(ix)]);
    }
  }
}

// Draws text turned 90 degrees counter-clockwise (reading bottom to top, as a y-axis label) with
// its pen starting at (baseline_x, y) and its baseline the vertical line x = baseline_x.
void draw_text_upward(Canvas& canvas, const TextImage& text, double baseline_x, double y, Rgb8 color) {
  const int origin_x = static_cast<int>(std::lround(baseline_x));
  const int origin_y = static_cast<int>(std::lround(y));
  for (int iy = 0; iy < text.height; ++iy) {
    for (int ix = 0; ix < text.width; ++ix) {
      const int along = ix - text.pen_x, below = iy - text.baseline;
      blend_pixel(canvas, origin_x + below, origin_y - along, color,
                  text.alpha[std::size_t(iy) * std::size_t(text.width) + std::size_t(ix)]);
    }
  }
}

// The largest size <= pixel_height (but not below minimum) at which `text` fits in max_width.
TextImage render_text_fitting(const Font& font, double pixel_height, double minimum, std::string_view text,
                              double max_width) {
  TextImage image = render_text(font, pixel_height, text);
  while (image.advance > max_width && pixel_height > minimum) {
    pixel_height = std::max(minimum, pixel_height * max_width / image.advance * 0.98);
    image = render_text(font, pixel_height, text);
  }
  return image;
}

// --- ticks ------------------------------------------------------------------------------------

// The smallest 1, 2 or 5 times a power of ten that is >= raw.
double nice_step(double raw) {
  if (!(raw > 0.0) || !std::isfinite(raw)) return 1.0;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  const double fraction = raw / power;
  const double multiple = fraction <= 1.0 + 1e-9   ? 1.0
                          : fraction <= 2.0 + 1e-9 ? 2.0
                          : fraction <= 5.0 + 1e-9 ? 5.0
                                                   : 10.0;
  return multiple * power;
}

// Multiples of step within [lo, hi] (exact zero instead of rounding noise), at most 1000.
std::vector<double> tick_values(double lo, double hi, double step) {
  std::vector<double> values;
  const double first = std::ceil(lo / step - 1e-9);
  const double last = std::floor(hi / step + 1e-9);
  for (double k = first; k <= last && values.size() < 1000; k += 1.0) {
    const double value = k * step;
    values.push_back(std::abs(value) < step * 1e-9 ? 0.0 : value);
  }
  return values;
}

// A tick label (with a U+2212 minus sign): fixed-point with as many decimals as the step needs, or scientific
// notation when the axis spans very large or very small magnitudes.
std::string format_tick(double value, double step, double magnitude) {
  char buffer[64];
  std::to_chars_result result{};
  const int step_exponent = static_cast<int>(std::floor(std::log10(step) + 1e-9));
  if (magnitude >= 1e9 || step < 1e-4) {
    const int value_exponent =
        value == 0.0 ? step_exponent : static_cast<int>(std::floor(std::log10(std::abs(value))));
    const int digits = std::clamp(value_exponent - step_exponent, 0, 15);
    result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific, digits);
  } else {
    result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed,
                           std::max(0, -step_exponent));
  }
  std::string label(buffer, result.ptr);
  if (label.starts_with('-')) label.replace(0, 1, "\u2212");  // a typographic minus, as in print
  return label;
}

// Tick values and their rendered labels along one axis.
struct AxisTicks {
  std::vector<double> values;
  std::vector<TextImage> labels;
  double widest = 0.0;  // widest label advance
};

// Ticks over [lo, hi] with a step of at least min_step, spaced at least `spacing(widest label)`
// pixels apart given `pixels_per_unit`. Labels show value / label_unit (a power of ten).
template <typename Spacing>
AxisTicks choose_ticks(const Font& font, double pixel_height, double lo, double hi, double min_step,
                       double pixels_per_unit, double label_unit, Spacing spacing) {
  AxisTicks ticks;
  const double magnitude = std::max(std::abs(lo), std::abs(hi));
  const auto build = [&](std::vector<double> values, double step) {
    AxisTicks built;
    built.values = std::move(values);
    for (double value : built.values) {
      const std::string text = format_tick(value / label_unit, step / label_unit, magnitude / label_unit);
      built.labels.push_back(render_text(font, pixel_height, text));
      built.widest = std::max(built.widest, built.labels.back().advance);
    }
    return built;
  };
  if (!(hi > lo) || !std::isfinite(hi - lo)) {
    // A single value (one row or column) or a span too wide to subdivide: label the ends.
    std::vector<double> ends{lo};
    if (hi != lo) ends.push_back(hi);
    return build(ends, nice_step(std::abs(magnitude) > 0.0 ? std::abs(magnitude) / 10.0 : 1.0));
  }
  double step = nice_step(std::max(min_step, (hi - lo) / 12.0));
  for (int attempt = 0; attempt < 40; ++attempt) {
    ticks = build(tick_values(lo, hi, step), step);
    if (step * pixels_per_unit >= spacing(ticks.widest) || ticks.values.size() <= 1) break;
    step = nice_step(step * 1.5);
  }
  return ticks;
}

// The power of ten the colour bar's labels are divided by (shown once as "x10^k" above the bar),
// so that very large or very small values get short labels; 1 for ordinary magnitudes.
double colorbar_label_unit(ValueRange range) {
  const double magnitude = std::max(std::abs(range.lo), std::abs(range.hi));
  if (!std::isfinite(magnitude) || (magnitude < 1e5 && magnitude >= 1e-3) || magnitude == 0.0) return 1.0;
  return std::pow(10.0, std::floor(std::log10(magnitude)));
}

// "\u00d710" followed by the exponent in superscript digits, e.g. "x10^-6" typeset as in print.
std::string power_of_ten_text(int exponent) {
  static constexpr const char* superscript_digits[10] = {"\u2070", "\u00b9", "\u00b2", "\u00b3", "\u2074",
                                                         "\u2075", "\u2076", "\u2077", "\u2078", "\u2079"};
  std::string text = "\u00d710";
  if (exponent < 0) text += "\u207b";
  for (char digit : std::to_string(std::abs(exponent))) text += superscript_digits[digit - '0'];
  return text;
}

// Whether any entry is NaN (those cells get nan_color and the figure explains it).
bool has_nan(const Matrix& matrix) {
  for (Eigen::Index i = 0; i < matrix.size(); ++i) {
    if (std::isnan(matrix.data()[i])) return true;
  }
  return false;
}

// Mean of the non-NaN entries in rows [r0, r1) x cols [c0, c1); NaN when there are none.
double block_mean(const Matrix& matrix, Eigen::Index r0, Eigen::Index r1, Eigen::Index c0, Eigen::Index c1) {
  double sum = 0.0;
  long count = 0;
  for (Eigen::Index r = r0; r < r1; ++r) {
    for (Eigen::Index c = c0; c < c1; ++c) {
      const double v = matrix(r, c);
      if (std::isnan(v)) continue;
      sum += v;
      ++count;
    }
  }
  return count == 0 ? std::nan("") : sum / double(count);
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

std::vector<std::uint8_t> render_heatmap_figure(const Matrix& matrix, const FigureOptions& options) {
  if (matrix.size() == 0) throw Error(Text{TextId::figure_empty_matrix});
  if (options.width < 240 || options.height < 160 || options.width > 8192 || options.height > 8192) {
    throw Error(
        Text{TextId::figure_size_range, {std::to_string(options.width), std::to_string(options.height)}});
  }
  for (double number : {options.x_first, options.x_step, options.y_first, options.y_step}) {
    if (!std::isfinite(number)) throw Error(Text{TextId::figure_axis_not_finite});
  }
  if (options.x_step == 0.0 || options.y_step == 0.0) throw Error(Text{TextId::figure_axis_zero_step});
  if (!std::isfinite(options.x_first + double(matrix.cols() - 1) * options.x_step) ||
      !std::isfinite(options.y_first + double(matrix.rows() - 1) * options.y_step)) {
    throw Error(Text{TextId::figure_axis_overflow});
  }

  const ValueRange range =
      value_range(matrix, options.range_mode, options.fixed_range.lo, options.fixed_range.hi);
  const std::array<Rgb8, 256> lut = colormap_lut(options.colormap);
  Font font;
  std::filesystem::path font_path = options.font_path;
  if (font_path.empty()) {
    font_path = find_font_file(std::string(default_figure_font));
    if (font_path.empty()) throw Error(Text{TextId::png_font_missing, {std::string(default_figure_font)}});
  }
  load_font(font, font_path);

  // Sizes are designed at 1200 x 800 and scale with the smaller ratio.
  const double scale = std::min(options.width / 1200.0, options.height / 800.0);
  const auto scaled = [scale](double size, double minimum) {
    return std::max(minimum, std::round(size * scale));
  };
  const double title_px = scaled(32, 14), label_px = scaled(24, 12), tick_px = scaled(20, 11);
  const int pad = static_cast<int>(scaled(18, 6)), gap = static_cast<int>(scaled(8, 3));
  const int tick_length = static_cast<int>(scaled(7, 3)), line = static_cast<int>(scaled(1.5, 1));
  const int colorbar_width = static_cast<int>(scaled(28, 10)),
            colorbar_gap = static_cast<int>(scaled(28, 10));
  const Rgb8 ink{26, 26, 26}, axis_color{51, 51, 51};
  const int width = options.width, height = options.height;

  const TextImage title = render_text_fitting(font, title_px, 10, options.title, width - 2.0 * pad);
  const TextImage probe = render_text(font, tick_px, "0");
  const double tick_line_height = probe.ascent + probe.descent;
  const double label_line_height = label_px;  // ascent + descent at this pixel height

  // Vertical layout first: it does not depend on any tick label.
  const double bar_unit = colorbar_label_unit(range);
  const int bar_unit_room = bar_unit == 1.0 ? 0 : static_cast<int>(std::ceil(tick_line_height)) + gap;
  const int top = pad + std::max(bar_unit_room,
                                 options.title.empty()
                                     ? static_cast<int>(tick_line_height / 2)
                                     : static_cast<int>(std::ceil(title.ascent + title.descent)) + 2 * gap);
  const int bottom_margin =
      line + tick_length + gap + static_cast<int>(std::ceil(tick_line_height)) +
      (options.x_label.empty() ? 0 : gap + static_cast<int>(std::ceil(label_line_height))) + pad;
  int plot_height = height - top - bottom_margin;
  const Eigen::Index rows = matrix.rows(), cols = matrix.cols();

  // Rows: value of row r is y_first + r * y_step, drawn at the centre of its band.
  const double y_end = options.y_first + double(rows - 1) * options.y_step;
  const double y_pixels_per_unit = plot_height / double(rows) / std::abs(options.y_step);
  const auto make_y_ticks = [&](double pixels_per_unit) {
    return choose_ticks(font, tick_px, std::min(options.y_first, y_end), std::max(options.y_first, y_end),
                        std::abs(options.y_step), pixels_per_unit, 1.0,
                        [&](double) { return 2.2 * tick_line_height; });
  };
  const auto make_bar_ticks = [&](int pixels) {
    return choose_ticks(font, tick_px, range.lo, range.hi, 0.0, pixels / (range.hi - range.lo), bar_unit,
                        [&](double) { return 2.2 * tick_line_height; });
  };
  AxisTicks y_ticks = make_y_ticks(y_pixels_per_unit);
  AxisTicks bar_ticks = make_bar_ticks(plot_height);

  const int left = pad +
                   (options.y_label.empty() ? 0 : static_cast<int>(std::ceil(label_line_height)) + gap) +
                   static_cast<int>(std::ceil(y_ticks.widest)) + gap + tick_length + line;
  const int right_margin = line + colorbar_gap + colorbar_width + line + tick_length + gap +
                           static_cast<int>(std::ceil(bar_ticks.widest)) + pad;
  int plot_width = width - left - right_margin;
  if (plot_width < 40 || plot_height < 40) {
    throw Error(Text{TextId::figure_no_room, {std::to_string(width), std::to_string(height)}});
  }
  if (options.equal_aspect) {
    // One unit is as many pixels across as down (a similarity matrix is a square): the longer side
    // of the plot area gives way, the figure keeps its size and the rest stays white.
    const double units_x = double(cols) * std::abs(options.x_step),
                 units_y = double(rows) * std::abs(options.y_step);
    const double scale = std::min(plot_width / units_x, plot_height / units_y);
    plot_width = std::max(40, static_cast<int>(std::lround(units_x * scale)));
    const int shorter = std::max(40, static_cast<int>(std::lround(units_y * scale)));
    if (shorter != plot_height) {
      plot_height = shorter;
      y_ticks = make_y_ticks(plot_height / double(rows) / std::abs(options.y_step));
      bar_ticks = make_bar_ticks(plot_height);
    }
  }
  const double x_end = options.x_first + double(cols - 1) * options.x_step;
  const double x_pixels_per_unit = plot_width / double(cols) / std::abs(options.x_step);
  const AxisTicks x_ticks =
      choose_ticks(font, tick_px, std::min(options.x_first, x_end), std::max(options.x_first, x_end),
                   std::abs(options.x_step), x_pixels_per_unit, 1.0,
                   [&](double widest) { return widest + 1.5 * tick_px; });

  Canvas canvas = white_canvas(width, height);

  // The heatmap. Pixel column px covers cells [px * cols / W, (px + 1) * cols / W): one cell when
  // the matrix is smaller than the plot (nearest neighbour), several when it is larger, which are
  // then averaged (NaN ignored). Averaging instead of striding keeps high-frequency columns from
  // aliasing into stripes that are not in the data.
  for (int py = 0; py < plot_height; ++py) {
    const Eigen::Index r0 = std::int64_t{py} * rows / plot_height;
    const Eigen::Index r1 = std::max<Eigen::Index>(r0 + 1, std::int64_t{py + 1} * rows / plot_height);
    for (int px = 0; px < plot_width; ++px) {
      const Eigen::Index c0 = std::int64_t{px} * cols / plot_width;
      const Eigen::Index c1 = std::max<Eigen::Index>(c0 + 1, std::int64_t{px + 1} * cols / plot_width);
      set_pixel(canvas, left + px, top + py,
                lut_color(lut, normalize(block_mean(matrix, r0, r1, c0, c1), range)));
    }
  }
  frame_rect(canvas, left, top, left + plot_width, top + plot_height, line, axis_color);

  // X ticks below the plot, at the centres of the labelled columns.
  const int plot_bottom = top + plot_height + line;
  for (std::size_t i = 0; i < x_ticks.values.size(); ++i) {
    const double column = (x_ticks.values[i] - options.x_first) / options.x_step;
    const double x = left + (column + 0.5) * plot_width / double(cols);
    const int xi = static_cast<int>(std::lround(x));
    fill_rect(canvas, xi - line / 2, plot_bottom, xi - line / 2 + line, plot_bottom + tick_length,
              axis_color);
    const TextImage& label = x_ticks.labels[i];
    draw_text(canvas, label, x - label.advance / 2, plot_bottom + tick_length + gap + label.ascent, ink);
  }
  // Y ticks left of the plot, labels right-aligned and centred on the tick.
  const int plot_left = left - line;
  for (std::size_t i = 0; i < y_ticks.values.size(); ++i) {
    const double row = (y_ticks.values[i] - options.y_first) / options.y_step;
    const double y = top + (row + 0.5) * plot_height / double(rows);
    const int yi = static_cast<int>(std::lround(y));
    fill_rect(canvas, plot_left - tick_length, yi - line / 2, plot_left, yi - line / 2 + line, axis_color);
    const TextImage& label = y_ticks.labels[i];
    draw_text(canvas, label, plot_left - tick_length - gap - label.advance, y + label.cap_height / 2, ink);
  }

  // Colour bar: top = range.hi, bottom = range.lo, with its value ticks on the right.
  const int bar_left = left + plot_width + line + colorbar_gap;
  for (int py = 0; py < plot_height; ++py) {
    const Rgb8 color = lut_color(lut, 1.0 - (py + 0.5) / plot_height);
    fill_rect(canvas, bar_left, top + py, bar_left + colorbar_width, top + py + 1, color);
  }
  frame_rect(canvas, bar_left, top, bar_left + colorbar_width, top + plot_height, line, axis_color);
  const int bar_right = bar_left + colorbar_width + line;
  for (std::size_t i = 0; i < bar_ticks.values.size(); ++i) {
    const double y = top + (1.0 - normalize(bar_ticks.values[i], range)) * plot_height;
    const int yi = std::clamp(static_cast<int>(std::lround(y)), top, top + plot_height - 1);
    fill_rect(canvas, bar_right, yi - line / 2, bar_right + tick_length, yi - line / 2 + line, axis_color);
    const TextImage& label = bar_ticks.labels[i];
    draw_text(canvas, label, bar_right + tick_length + gap, y + label.cap_height / 2, ink);
  }
  if (bar_unit != 1.0) {
    const TextImage unit =
        render_text(font, tick_px, power_of_ten_text(static_cast<int>(std::lround(std::log10(bar_unit)))));
    draw_text(canvas, unit, bar_left, top - line - gap - unit.descent, ink);
  }
  if (has_nan(matrix)) {
    // Explain the marker colour under the colour bar.
    const int swatch = static_cast<int>(std::ceil(probe.cap_height));
    const int swatch_top = plot_bottom + tick_length + gap;
    fill_rect(canvas, bar_left, swatch_top, bar_left + swatch, swatch_top + swatch, nan_color);
    const TextImage label = render_text(font, tick_px, "NaN");
    draw_text(canvas, label, bar_left + swatch + gap, swatch_top + swatch, ink);
  }

  // Title centred over the plot (kept inside the image), axis labels centred on their axes.
  const double plot_centre_x = left + plot_width / 2.0;
  if (!options.title.empty()) {
    const double x = std::clamp(plot_centre_x - title.advance / 2, double(pad), width - pad - title.advance);
    draw_text(canvas, title, x, pad + title.ascent, ink);
  }
  if (!options.x_label.empty()) {
    const TextImage label = render_text_fitting(font, label_px, 10, options.x_label, plot_width);
    draw_text(canvas, label, plot_centre_x - label.advance / 2, height - pad - label.descent, ink);
  }
  if (!options.y_label.empty()) {
    const TextImage label = render_text_fitting(font, label_px, 10, options.y_label, plot_height);
    draw_text_upward(canvas, label, pad + label.ascent, top + plot_height / 2.0 + label.advance / 2, ink);
  }
  return std::move(canvas.rgb);
}

void write_heatmap_figure_png(const std::filesystem::path& path, const Matrix& matrix,
                              const FigureOptions& options) {
  write_png_rgb(path, options.width, options.height, render_heatmap_figure(matrix, options));
}

}  // namespace pelab
