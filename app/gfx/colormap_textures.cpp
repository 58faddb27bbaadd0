#include "gfx/colormap_textures.hpp"

namespace pelab::gfx {

const Texture2D& ColormapTextures::lut(Colormap colormap) {
  Texture2D& texture = textures_[colormap];
  if (!texture.valid()) {
    const std::array<Rgb8, 256> entries = colormap_lut(colormap);
    static_assert(sizeof(Rgb8) == 3, "Rgb8 must be three packed bytes to upload as RGB8");
    texture.upload(TexelFormat::rgb8, 256, 1, entries.data());
  }
  return texture;
}

}  // namespace pelab::gfx
