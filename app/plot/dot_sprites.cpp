// Dot sprites for dense scatters (see dot_sprites.hpp).
#include "dot_sprites.hpp"

#include <cmath>

#include "plot_internal.hpp"

namespace pelab::plot {
namespace {

constexpr int kSprites = dot_sprite_count;
constexpr float radius_of(int i) { return 1.0f + 0.5f * static_cast<float>(i); }
// Side of a sprite: the disc's diameter rounded up, plus one transparent texel on each side so that
// linear filtering at a sub-pixel position never reads a neighbouring glyph.
int side_of(int i) { return static_cast<int>(std::ceil(2.0f * radius_of(i))) + 2; }

DotSprites& sprites() { return detail::ctx().dot_sprites; }

}  // namespace

void AddDotSprites(ImFontAtlas* atlas) {
  DotSprites& s = sprites();
  s = DotSprites{};
  s.atlas = atlas;
  for (int i = 0; i < kSprites; ++i)
    s.rect[static_cast<std::size_t>(i)] = atlas->AddCustomRectRegular(side_of(i), side_of(i));
}

void BakeDotSprites(ImFontAtlas* atlas) {
  DotSprites& s = sprites();
  if (s.atlas != atlas) return;
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  atlas->GetTexDataAsAlpha8(&pixels, &width, &height);
  if (pixels == nullptr) return;
  constexpr int kSamples = 4;  // per texel and axis
  for (int i = 0; i < kSprites; ++i) {
    const ImFontAtlasCustomRect* rect = atlas->GetCustomRectByIndex(s.rect[static_cast<std::size_t>(i)]);
    if (rect == nullptr || !rect->IsPacked()) return;
    const int side = side_of(i);
    const float r = radius_of(i), centre = 0.5f * static_cast<float>(side);
    for (int y = 0; y < side; ++y) {
      for (int x = 0; x < side; ++x) {
        int inside = 0;
        for (int sy = 0; sy < kSamples; ++sy) {
          for (int sx = 0; sx < kSamples; ++sx) {
            const float dx = static_cast<float>(x) + (static_cast<float>(sx) + 0.5f) / kSamples - centre;
            const float dy = static_cast<float>(y) + (static_cast<float>(sy) + 0.5f) / kSamples - centre;
            inside += dx * dx + dy * dy <= r * r ? 1 : 0;
          }
        }
        pixels[(rect->Y + y) * width + rect->X + x] =
            static_cast<unsigned char>((inside * 255 + kSamples * kSamples / 2) / (kSamples * kSamples));
      }
    }
    ImVec2 uv0, uv1;
    atlas->CalcCustomRectUV(rect, &uv0, &uv1);
    s.sprite[static_cast<std::size_t>(i)] = DotSprite{static_cast<float>(side), uv0, uv1};
  }
  s.baked = true;
}

const DotSprite* FindDotSprite(float r) {
  if (ImGui::GetCurrentContext() == nullptr || GetCurrentContext() == nullptr) return nullptr;
  const DotSprites& s = sprites();
  if (!s.baked || ImGui::GetIO().Fonts != s.atlas) return nullptr;
  const float steps = (r - 1.0f) / 0.5f;
  const int i = static_cast<int>(std::lround(steps));
  if (i < 0 || i >= kSprites || std::abs(steps - static_cast<float>(i)) > 1e-3f) return nullptr;
  return &s.sprite[static_cast<std::size_t>(i)];
}

}  // namespace pelab::plot
