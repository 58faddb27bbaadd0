#pragma once
// The end of every frame, on screen or off: ImGui's draw data into the bound framebuffer.
#include <imgui.h>

#include <vector>

namespace pelab::gfx {

class HeatmapImage;

// What the end of a frame knows about the textures ImGui draws.
struct FrameTextures {
  // Textures whose texels all have alpha 1 (Texture2D::opaque), drawn without blending where their
  // vertices are opaque too.
  std::vector<ImTextureID> opaque;
  // Heatmaps whose values texture ImGui draws: coloured by the heatmap shader while drawn
  // (gfx/heatmap_renderer.hpp). A draw of a texture not listed here shows ImGui's plain sampling.
  std::vector<const HeatmapImage*> heatmaps;
};

// After ImGui::Render, with the target framebuffer and viewport bound: clears to the window
// background, draws ImGui's draw data and fills frame_stats (counts, submission and, with
// split_frame_timing, raster time).
void draw_imgui_frame(const FrameTextures& textures);

}  // namespace pelab::gfx
