#include "gfx/screenshot.hpp"

#include "gfx/gl_api.hpp"

#include <algorithm>

namespace pelab::gfx {

RgbImage read_back_buffer(int width, int height) {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  RgbImage image = read_bound_framebuffer_rows(width, height);
  flip_rows(image);
  return image;
}

RgbImage read_bound_framebuffer_rows(int width, int height) {
  RgbImage image;
  image.width = width;
  image.height = height;
  image.pixels.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, image.pixels.data());
  return image;
}

void flip_rows(RgbImage& image) {
  const std::size_t row_bytes = static_cast<std::size_t>(image.width) * 3;
  const auto row = [&](int y) { return image.pixels.begin() + static_cast<std::ptrdiff_t>(y * row_bytes); };
  for (int top = 0, bottom = image.height - 1; top < bottom; ++top, --bottom)
    std::swap_ranges(row(top), row(top + 1), row(bottom));
}

}  // namespace pelab::gfx
