#pragma once
// The end of every frame, on screen or off: ImGui's draw data into the bound framebuffer.
#include <imgui.h>

#include <span>

namespace pelab::gfx {

// After ImGui::Render, with the target framebuffer and viewport bound: clears to the window
// background, draws ImGui's draw data and fills frame_stats (counts, submission and, with
// split_frame_timing, raster time). `opaque_textures`: textures whose texels all have alpha 1
// (Texture2D::opaque), drawn without blending where their vertices are opaque too.
void draw_imgui_frame(std::span<const ImTextureID> opaque_textures);

}  // namespace pelab::gfx
