#include "gfx/screenshot.hpp"

#include <glad/gl.h>

#include <algorithm>

namespace pelab::gfx {

RgbImage read_back_buffer(int width, int height) {
  RgbImage image;
  image.width = width;
  image.height = height;
  image.pixels.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, image.pixels.data());
  const std::size_t row_bytes = static_cast<std::size_t>(width) * 3;
  for (int top = 0, bottom = height - 1; top < bottom; ++top, --bottom) {
    std::swap_ranges(image.pixels.begin() + static_cast<std::ptrdiff_t>(top * row_bytes),
                     image.pixels.begin() + static_cast<std::ptrdiff_t>((top + 1) * row_bytes),
                     image.pixels.begin() + static_cast<std::ptrdiff_t>(bottom * row_bytes));
  }
  return image;
}

}  // namespace pelab::gfx
