#pragma once
// The GPU side of the app: the heatmap renderer, the colormap textures, and the images of each
// configuration's heatmaps and of the difference view. RAII GL objects (gfx/texture.hpp), made and
// dropped with the configurations.
#include <array>
#include <map>

#include "gfx/colormap_textures.hpp"
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
  std::map<int, ConfigGpu> config_images;           // by Config::id; made and dropped with the slots
  std::array<gfx::HeatmapImage, 2> difference_gpu;  // table and similarity differences
};

}  // namespace pelab::app
