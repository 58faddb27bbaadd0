/* Writes a rectangle of the X screen as a PNG or a binary PPM (by OUT's ending), so the window tests
 * can see what the real windows show, also while the mouse is still held (xdotool has no screenshot,
 * and the app's own --screenshot is off screen). Reads the screen with XGetImage, so it works under
 * any X server (Xvfb, Xorg's dummy driver), with no framebuffer file. Prints how many distinct colours
 * the rectangle holds and the per mille of its pixels that differ from its most common colour (the
 * window's background) by more than 8 in a channel: what is drawn there.
 *
 *   x_grab X Y WIDTH HEIGHT OUT.png|OUT.ppm     (root coordinates; cut to the screen)
 *
 * Exit 0 when written, 1 when the display or the image could not be read or the file not written,
 * 2 on bad arguments. */
// pelab's headers first: they include Eigen, which X11's `Success` macro breaks.
#include "pelab/io/atomic_file.hpp"
#include "pelab/io/png.hpp"
// clang-format off
#include <X11/Xlib.h>
#include <X11/Xutil.h>
// clang-format on

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

struct Grab {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;
};

// The colour channel under `mask` as 8 bits (at 24-bit depth each mask is 8 bits wide).
std::uint8_t channel(unsigned long pixel, unsigned long mask) {
  if (mask == 0) return 0;
  int shift = 0;
  while (((mask >> shift) & 1ul) == 0) ++shift;
  return static_cast<std::uint8_t>((pixel & mask) >> shift);
}

// Distinct colours, and the per mille of pixels more than 8 from the most common one in a channel.
std::pair<std::size_t, long> colours_and_drawn(const Grab& grab) {
  const std::size_t pixels = grab.rgb.size() / 3;
  if (pixels == 0) return {0, 0};
  std::unordered_map<std::uint32_t, std::size_t> counts;
  const auto colour_at = [&grab](std::size_t i) {
    return std::uint32_t{grab.rgb[3 * i]} << 16 | std::uint32_t{grab.rgb[3 * i + 1]} << 8 |
           grab.rgb[3 * i + 2];
  };
  for (std::size_t i = 0; i < pixels; ++i) ++counts[colour_at(i)];
  const std::uint32_t background =
      std::max_element(counts.begin(), counts.end(), [](const auto& a, const auto& b) {
        return a.second < b.second;
      })->first;
  std::size_t drawn = 0;
  for (std::size_t i = 0; i < pixels; ++i) {
    for (int c = 0; c < 3; ++c) {
      const int shift = 16 - 8 * c;
      const int background_level = static_cast<int>((background >> shift) & 0xffu);
      if (std::abs(grab.rgb[3 * i + static_cast<std::size_t>(c)] - background_level) > 8) {
        ++drawn;
        break;
      }
    }
  }
  return {counts.size(), std::lround(1000.0 * static_cast<double>(drawn) / static_cast<double>(pixels))};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: x_grab X Y WIDTH HEIGHT OUT.png|OUT.ppm\n");
    return 2;
  }
  const int x = std::atoi(argv[1]), y = std::atoi(argv[2]);
  const int width = std::atoi(argv[3]), height = std::atoi(argv[4]);
  const std::string path = argv[5];
  const bool png = path.size() > 4 && path.compare(path.size() - 4, 4, ".png") == 0;
  if (width <= 0 || height <= 0 ||
      (!png && !(path.size() > 4 && path.compare(path.size() - 4, 4, ".ppm") == 0))) {
    std::fprintf(stderr, "x_grab: a rectangle of positive size and an OUT ending in .png or .ppm expected\n");
    return 2;
  }
  Display* display = XOpenDisplay(nullptr);
  if (!display) {
    std::fprintf(stderr, "x_grab: cannot open the display\n");
    return 1;
  }
  // Cut to the screen: XGetImage refuses a rectangle reaching outside the root window.
  const int screen_width = DisplayWidth(display, DefaultScreen(display));
  const int screen_height = DisplayHeight(display, DefaultScreen(display));
  const int x0 = std::max(0, x), y0 = std::max(0, y);
  Grab grab;
  grab.width = std::min(screen_width, x + width) - x0;
  grab.height = std::min(screen_height, y + height) - y0;
  if (grab.width <= 0 || grab.height <= 0) {
    std::fprintf(stderr, "x_grab: %dx%d at %d,%d lies outside the %dx%d screen\n", width, height, x, y,
                 screen_width, screen_height);
    XCloseDisplay(display);
    return 2;
  }
  XImage* image = XGetImage(display, DefaultRootWindow(display), x0, y0, static_cast<unsigned>(grab.width),
                            static_cast<unsigned>(grab.height), AllPlanes, ZPixmap);
  if (!image) {
    std::fprintf(stderr, "x_grab: cannot read %dx%d at %d,%d\n", grab.width, grab.height, x0, y0);
    XCloseDisplay(display);
    return 1;
  }
  grab.rgb.reserve(static_cast<std::size_t>(grab.width) * static_cast<std::size_t>(grab.height) * 3);
  for (int row = 0; row < grab.height; ++row) {
    for (int col = 0; col < grab.width; ++col) {
      const unsigned long pixel = XGetPixel(image, col, row);
      grab.rgb.push_back(channel(pixel, image->red_mask));
      grab.rgb.push_back(channel(pixel, image->green_mask));
      grab.rgb.push_back(channel(pixel, image->blue_mask));
    }
  }
  XDestroyImage(image);
  XCloseDisplay(display);
  try {
    if (png) {
      pelab::write_png_rgb(path, grab.width, grab.height, grab.rgb);
    } else {
      const std::string header =
          "P6\n" + std::to_string(grab.width) + " " + std::to_string(grab.height) + "\n255\n";
      const std::string_view pieces[] = {
          header, std::string_view(reinterpret_cast<const char*>(grab.rgb.data()), grab.rgb.size())};
      pelab::write_file_atomic(path, pieces);
    }
  } catch (const std::exception& error) {
    std::fprintf(stderr, "x_grab: %s\n", error.what());
    return 1;
  }
  const auto [colours, drawn] = colours_and_drawn(grab);
  std::printf("%zu %ld\n", colours, drawn);
  return 0;
}
