#pragma once
// Every run of text the last frame drew, with its pixel size, read back from the draw lists (for
// `--geometry`, and the slides' 28 px check). Text reaches the draw lists as one quad per glyph
// textured from the font atlas, whatever drew it (widgets, the plot layer's rich text, AddText with
// its own size), so the glyph a quad shows is found by its texture coordinates and its drawn height
// over the glyph's height in the atlas gives the size it was drawn at: no drawing code reports
// anything. A run is a row of glyphs of one size on one line; a raised or lowered run (an exponent,
// an index) drawn beside a larger run is marked as part of that run's line. Header only.
#include <imgui.h>
#include <imgui_internal.h>

#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pelab::app::run {

struct TextRun {
  std::string text;
  float pixels = 0.0f;  // the font size it was drawn at
  ImRect box;           // around its glyph quads
  bool script = false;  // raised or lowered beside a larger run of the same line
};

namespace text_census_detail {

struct AtlasGlyph {
  const ImFontGlyph* glyph;
  float font_size;
};

using UvKey = std::pair<float, float>;

inline std::map<UvKey, AtlasGlyph> atlas_glyphs(const ImFontAtlas& atlas) {
  std::map<UvKey, AtlasGlyph> glyphs;
  for (const ImFont* font : atlas.Fonts)
    for (const ImFontGlyph& glyph : font->Glyphs)
      if (glyph.Visible) glyphs.emplace(UvKey{glyph.U0, glyph.V0}, AtlasGlyph{&glyph, font->FontSize});
  return glyphs;
}

// The clip rectangle each vertex is drawn under (its first font-textured command's); others stay empty.
inline std::vector<ImRect> vertex_clips(const ImDrawList& list, ImTextureID font) {
  std::vector<ImRect> clips(static_cast<std::size_t>(list.VtxBuffer.Size), ImRect(0, 0, 0, 0));
  for (const ImDrawCmd& cmd : list.CmdBuffer) {
    if (cmd.ElemCount == 0 || cmd.UserCallback || cmd.TextureId != font) continue;
    for (unsigned i = cmd.IdxOffset; i < cmd.IdxOffset + cmd.ElemCount; ++i) {
      const std::size_t v = cmd.VtxOffset + list.IdxBuffer[static_cast<int>(i)];
      if (v < clips.size() && clips[v].GetWidth() <= 0.0f)
        clips[v] = ImRect(cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w);
    }
  }
  return clips;
}

// A glyph quad in its line's own coordinates: `along` the line, `across` it (down the page for
// horizontal text; the plot layer's vertical labels run up the page, their tops to the left).
struct GlyphQuad {
  const ImFontGlyph* glyph;
  float pixels, along, across;
  ImRect box;
};

inline std::optional<GlyphQuad> glyph_quad(const ImDrawVert* q, const AtlasGlyph& atlas_glyph) {
  const ImFontGlyph& glyph = *atlas_glyph.glyph;
  // PrimRectUV and PrimQuadUV: corners (U0, V0), (U1, V0), (U1, V1), (U0, V1).
  if (q[1].uv.x != glyph.U1 || q[2].uv.x != glyph.U1 || q[2].uv.y != glyph.V1 || q[3].uv.y != glyph.V1)
    return std::nullopt;
  const bool horizontal = q[1].pos.y == q[0].pos.y && q[3].pos.x == q[0].pos.x;
  const bool vertical = q[1].pos.x == q[0].pos.x && q[3].pos.y == q[0].pos.y;
  const float glyph_height = glyph.Y1 - glyph.Y0;
  if ((!horizontal && !vertical) || glyph_height <= 0.0f) return std::nullopt;
  const float drawn_height = horizontal ? q[3].pos.y - q[0].pos.y : q[3].pos.x - q[0].pos.x;
  const float scale = drawn_height / glyph_height;
  ImRect box(q[0].pos, q[0].pos);
  for (int corner = 1; corner < 4; ++corner) box.Add(q[corner].pos);
  // The pen position the glyph was drawn at, and its line's top.
  const float along = horizontal ? q[0].pos.x - glyph.X0 * scale : -q[0].pos.y - glyph.X0 * scale;
  const float across = (horizontal ? q[0].pos.y : q[0].pos.x) - glyph.Y0 * scale;
  return GlyphQuad{&glyph, scale * atlas_glyph.font_size, along, across, box};
}

inline void add_list(const ImDrawList& list, const std::map<UvKey, AtlasGlyph>& glyphs, ImTextureID font,
                     std::vector<TextRun>& runs) {
  const std::vector<ImRect> clips = vertex_clips(list, font);
  TextRun* run = nullptr;
  float run_across = 0.0f, pen = 0.0f;  // pen: where the previous glyph's advance ended
  for (int v = 0; v + 3 < list.VtxBuffer.Size; ++v) {
    const ImDrawVert* q = &list.VtxBuffer[v];
    const auto found = glyphs.find(UvKey{q[0].uv.x, q[0].uv.y});
    if (found == glyphs.end()) continue;
    const std::optional<GlyphQuad> quad = glyph_quad(q, found->second);
    if (!quad) continue;
    v += 3;
    const ImRect& clip = clips[static_cast<std::size_t>(v - 3)];
    if (clip.GetWidth() <= 0.0f || !clip.Contains(quad->box.GetCenter())) continue;
    const float pixels = quad->pixels;
    const bool continues = run && std::fabs(run->pixels - pixels) < 0.05f &&
                           std::fabs(run_across - quad->across) < 0.5f &&
                           quad->along >= pen - 0.3f * pixels && quad->along <= pen + 1.5f * pixels;
    if (!continues) {
      runs.push_back(TextRun{"", pixels, quad->box, false});
      run = &runs.back();
      run_across = quad->across;
    } else if (quad->along > pen + 0.15f * pixels) {  // a space (or more) between the glyphs
      run->text += ' ';
    }
    char utf8[5];
    run->text += ImTextCharToUtf8(utf8, quad->glyph->Codepoint);
    run->box.Add(quad->box);
    pen = quad->along + quad->glyph->AdvanceX * (pixels / found->second.font_size);
  }
}

}  // namespace text_census_detail

// The text of the draw data ImGui rendered last (valid until the next NewFrame).
inline std::vector<TextRun> text_census(const ImDrawData& draw_data) {
  std::vector<TextRun> runs;
  const ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  const auto glyphs = text_census_detail::atlas_glyphs(atlas);
  for (int l = 0; l < draw_data.CmdListsCount; ++l)
    text_census_detail::add_list(*draw_data.CmdLists[l], glyphs, atlas.TexID, runs);
  // A smaller run touching a larger one's side and within its height is its exponent or index.
  for (TextRun& small : runs) {
    for (const TextRun& large : runs) {
      if (large.pixels <= small.pixels * 1.2f) continue;
      const float gap = 0.5f * large.pixels;
      const bool beside = std::fabs(small.box.Min.x - large.box.Max.x) < gap ||
                          std::fabs(small.box.Max.x - large.box.Min.x) < gap;
      const bool within = small.box.Min.y < large.box.Max.y + 0.2f * large.pixels &&
                          small.box.Max.y > large.box.Min.y - 0.2f * large.pixels;
      if (beside && within) {
        small.script = true;
        break;
      }
    }
  }
  return runs;
}

}  // namespace pelab::app::run
