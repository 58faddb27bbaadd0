#pragma once
// The end of every frame, on screen or off: ImGui's draw data into the bound framebuffer.
namespace pelab::gfx {

// After ImGui::Render, with the target framebuffer and viewport bound: clears to the window
// background, draws ImGui's draw data and fills frame_stats (counts, submission and, with
// split_frame_timing, raster time).
void draw_imgui_frame();

}  // namespace pelab::gfx
