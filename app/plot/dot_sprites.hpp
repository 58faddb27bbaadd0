#pragma once
// Anti-aliased discs baked into ImGui's font atlas, one per small radius a scatter uses, so that a
// dense scatter draws each dot as one textured quad (4 vertices) instead of a tessellated disc with
// an anti-aliasing fringe (10 vertices for a 2 px dot, and a software rasteriser pays per triangle).
#include <imgui.h>

#include <array>

namespace pelab::plot {

// Before atlas->Build(): reserves one rectangle per radius 1, 1.5, ..., 8 px.
void AddDotSprites(ImFontAtlas* atlas);
// After atlas->Build() and before the texture is created: fills the rectangles with the discs'
// coverage (4 x 4 samples per texel).
void BakeDotSprites(ImFontAtlas* atlas);

struct DotSprite {
  float size = 0.0f;  // the quad's width and height in pixels (the disc plus a transparent border)
  ImVec2 uv0, uv1;
};

// The sprites of one atlas, held by the plot context (plot.hpp: CreateContext).
inline constexpr int dot_sprite_count = 15;  // radius 1 + 0.5 i px, i < 15: 1 ... 8 px
struct DotSprites {
  const ImFontAtlas* atlas = nullptr;  // the atlas the rectangles below belong to
  bool baked = false;
  std::array<int, dot_sprite_count> rect{};
  std::array<DotSprite, dot_sprite_count> sprite{};
};
// The sprite for radius `r` in the current ImGui context's font atlas, or nullptr (no sprite of that
// radius, or the atlas was built without them).
const DotSprite* FindDotSprite(float r);

}  // namespace pelab::plot
