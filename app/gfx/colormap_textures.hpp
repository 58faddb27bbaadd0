#pragma once
// The 256 x 1 RGB8 lookup texture of each colormap (pelab::colormap_lut), uploaded on first use.
// The same textures colour the heatmaps and draw the colour bars.
#include <map>

#include "gfx/texture.hpp"
#include "pelab/io/colormap.hpp"

namespace pelab::gfx {

class ColormapTextures {
 public:
  const Texture2D& lut(Colormap colormap);
  // The textures uploaded so far (for the opaque ones: gfx/draw_frame.hpp).
  const std::map<Colormap, Texture2D>& uploaded() const { return textures_; }

 private:
  std::map<Colormap, Texture2D> textures_;
};

}  // namespace pelab::gfx
