#pragma once
// The GPU side of the app: the heatmap renderer, the colormap textures, and the images of each
// configuration's heatmaps and of the difference view. RAII GL objects (gfx/texture.hpp), made and
// dropped with the configurations.
#include <array>
#include <map>
#include <vector>

#include "gfx/colormap_textures.hpp"
#include "gfx/draw_frame.hpp"
#include "gfx/fonts.hpp"
#include "gfx/heatmap_renderer.hpp"

namespace pelab::app {

// The GPU copies of the heatmaps of one configuration.
struct ConfigGpu {
  gfx::HeatmapImage table;
  gfx::HeatmapImage similarity;
  std::array<gfx::HeatmapImage, 2> rotation;  // column, row convention
};

struct AppGpu {
  gfx::HeatmapRenderer* renderer = nullptr;
  gfx::ColormapTextures colormaps;
  gfx::FontGlyphs font_glyphs;             // the glyphs every atlas the app builds holds (gfx/fonts.hpp)
  std::map<int, ConfigGpu> config_images;  // by Config::id; made and dropped with the slots
  std::array<gfx::HeatmapImage, 2> difference_gpu;  // table and similarity differences

  // For the end of a frame (gfx/draw_frame.hpp): the opaque colormaps and the heatmap images above.
  gfx::FrameTextures frame_textures() const {
    gfx::FrameTextures textures;
    const auto add = [&textures](const gfx::HeatmapImage& image) {
      if (image.ready()) textures.heatmaps.push_back(&image);
    };
    for (const auto& [colormap, lut] : colormaps.uploaded())
      if (lut.opaque()) textures.opaque.push_back(lut.imgui_id());
    for (const auto& [id, images] : config_images) {
      add(images.table);
      add(images.similarity);
      for (const gfx::HeatmapImage& image : images.rotation) add(image);
    }
    for (const gfx::HeatmapImage& image : difference_gpu) add(image);
    return textures;
  }
};

}  // namespace pelab::app
