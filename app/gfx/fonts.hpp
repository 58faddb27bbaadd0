#pragma once
// The UI font: DejaVu Sans rasterised at the exact pixel size in use, so text stays crisp at every
// zoom step (rebuilding the atlas beats FontGlobalScale, which blurs a small bitmap).
#include <imgui.h>

#include <filesystem>
#include <string>
#include <vector>

#include "pelab/io/data_dir.hpp"

namespace pelab::gfx {

// The base font, for Latin, Greek and the maths signs. Each language's own fonts (language.json's
// "fonts", e.g. NanumGothic.ttf for Korean) are merged over it for the glyphs it lacks.
inline constexpr const char* base_font_name = "DejaVuSans.ttf";

// A font file named by data: core's pelab::find_font_file (pelab/io/data_dir.hpp), the one search
// the figures of core and the UI share.
using pelab::find_font_file;

// Every text the UI may show (all languages, lessons): the atlas gets exactly the glyphs these use
// beyond the fixed Latin / Greek / maths set, so a Korean UI costs a few hundred glyphs, not 11,172.
// Held by the GPU part of the app (gfx/app_gpu.hpp): ImGui keeps pointers to the glyph ranges until
// an atlas built from them is cleared, so this must outlive every atlas built with it.
class FontGlyphs {
 public:
  void set_text(std::string text);
  // The ranges for the text set last (built on the first call after set_text; needs an ImGui context).
  void build_ranges();
  const ImWchar* base_ranges() const { return base_ranges_.Data; }  // fixed set plus the text's
  const ImWchar* text_ranges() const { return text_ranges_.Data; }  // the text's alone

 private:
  std::string text_;
  bool ranges_built_ = false;
  ImVector<ImWchar> base_ranges_, text_ranges_;
};

// Rebuilds ImGui's font atlas at `pixel_size` from the base font and `merged_fonts` (file names, see
// find_font_file) and re-uploads it. Call between frames (not between NewFrame and Render). When a font
// file is missing, `notice` says which (ImGui's built-in font replaces a missing base font); otherwise
// `notice` is left empty.
void rebuild_fonts(FontGlyphs& glyphs, float pixel_size, const std::vector<std::string>& merged_fonts,
                   std::string& notice);

}  // namespace pelab::gfx
