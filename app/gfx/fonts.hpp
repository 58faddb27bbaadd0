#pragma once
// The UI font: DejaVu Sans rasterised at the exact pixel size in use, so text stays crisp at every
// zoom step (rebuilding the atlas beats FontGlobalScale, which blurs a small bitmap).
#include <string>

namespace pelab::gfx {

inline constexpr const char* default_font_file = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

// Rebuilds ImGui's font atlas at `pixel_size` and re-uploads it. Call between frames (not between
// NewFrame and Render). When the font file is missing, ImGui's built-in font is used and `notice`
// says so; otherwise `notice` is left empty.
void rebuild_fonts(float pixel_size, std::string& notice);

}  // namespace pelab::gfx
