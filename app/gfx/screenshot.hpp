#pragma once
// Reading back what was drawn, for `pelab --screenshot` and the off-screen figures.
#include <cstdint>
#include <vector>

namespace pelab::gfx {

struct RgbImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;  // rows top to bottom, 3 bytes per pixel
};

// The back buffer after Window::end_frame and before swap_buffers (GL rows are bottom-up: flipped).
RgbImage read_back_buffer(int width, int height);
// The rows of the framebuffer and read buffer bound now, in GL's order (row 0 = GL's y = 0), unflipped.
RgbImage read_bound_framebuffer_rows(int width, int height);
// Reverses the order of the rows.
void flip_rows(RgbImage& image);

}  // namespace pelab::gfx
