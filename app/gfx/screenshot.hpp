#pragma once
// Reading back what was drawn, for `pelab --screenshot`.
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

}  // namespace pelab::gfx
