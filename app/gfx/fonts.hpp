#pragma once
// The UI font: DejaVu Sans rasterised at the exact pixel size in use, so text stays crisp at every
// zoom step (rebuilding the atlas beats FontGlobalScale, which blurs a small bitmap).
#include <string>

namespace pelab::gfx {

inline constexpr const char* default_font_file = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
// Hangul (Debian fonts-nanum): merged into the atlas for the Korean UI and lessons.
inline constexpr const char* hangul_font_file = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf";

// Every text the UI may show (all languages, lessons): the atlas gets exactly the glyphs these use
// beyond the fixed Latin / Greek / maths set, so a Korean UI costs a few hundred glyphs, not 11,172.
void set_font_glyph_text(std::string text);

// Rebuilds ImGui's font atlas at `pixel_size` and re-uploads it. Call between frames (not between
// NewFrame and Render). When the font file is missing, ImGui's built-in font is used and `notice`
// says so; otherwise `notice` is left empty.
void rebuild_fonts(float pixel_size, std::string& notice);

}  // namespace pelab::gfx
