#include "gfx/fonts.hpp"

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <imgui_internal.h>  // ImTextCharFromUtf8

#include <filesystem>

#include "plot/dot_sprites.hpp"

namespace pelab::gfx {
namespace {

std::string& glyph_text() {
  static std::string text;
  return text;
}

bool is_hangul(ImWchar c) {
  return (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0x3130 && c <= 0x318F) || (c >= 0x1100 && c <= 0x11FF);
}

// The Hangul syllables and jamo in the UI's texts, for the merged Korean font.
const ImWchar* hangul_ranges() {
  static ImVector<ImWchar> ranges;
  static std::size_t built_for = std::string::npos;
  if (built_for != glyph_text().size()) {
    ranges.clear();
    ImFontGlyphRangesBuilder builder;
    const char* text = glyph_text().c_str();
    const char* const text_end = text + glyph_text().size();
    while (text < text_end) {
      unsigned int c = 0;
      text += ImTextCharFromUtf8(&c, text, text_end);
      if (c == 0) break;
      if (c <= 0xFFFF && is_hangul(static_cast<ImWchar>(c))) builder.AddChar(static_cast<ImWchar>(c));
    }
    builder.AddText("한국어");  // the language button's label
    builder.BuildRanges(&ranges);
    built_for = glyph_text().size();
  }
  return ranges.Data;
}

// Latin, Greek (lambda, pi, omega) and the math signs the views print: middle dot, minus, times,
// arrows, <=, >=, approx, sqrt, infinity, sub/superscripts and the maximise/close button glyphs.
const ImWchar* glyph_ranges() {
  static ImVector<ImWchar> ranges;
  static std::size_t built_for = std::string::npos;
  if (built_for != glyph_text().size()) {
    ranges.clear();
    ImFontGlyphRangesBuilder builder;
    builder.AddRanges(ImGui::GetIO().Fonts->GetGlyphRangesDefault());
    static const ImWchar greek[] = {0x0370, 0x03FF, 0};
    builder.AddRanges(greek);
    builder.AddText("·−×÷±≤≥≈≠√∞…→←↑↓↔∈∑Σπλω²³¹⁰⁴⁵⁶⁷⁸⁹⁻ⁱᵏₖᵢₚ₊₋₀₁₂⌊⌋‖│□■▣⊞⊟⊕✕✔✘–—◀▶");
    builder.AddText(glyph_text().c_str());  // every symbol the UI strings and lessons use
    builder.BuildRanges(&ranges);
    built_for = glyph_text().size();
  }
  return ranges.Data;
}

}  // namespace

void set_font_glyph_text(std::string text) { glyph_text() = std::move(text); }

void rebuild_fonts(float pixel_size, std::string& notice) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  ImFontConfig config;
  config.OversampleH = 2;
  config.OversampleV = 1;
  config.PixelSnapH = true;
  std::error_code ec;
  ImFont* font = nullptr;
  if (std::filesystem::is_regular_file(default_font_file, ec)) {
    font = io.Fonts->AddFontFromFileTTF(default_font_file, pixel_size, &config, glyph_ranges());
  }
  if (font != nullptr && std::filesystem::is_regular_file(hangul_font_file, ec)) {
    ImFontConfig merge;
    merge.MergeMode = true;
    merge.OversampleH = 1;
    merge.PixelSnapH = true;
    io.Fonts->AddFontFromFileTTF(hangul_font_file, pixel_size, &merge, hangul_ranges());
  } else if (font != nullptr) {
    notice = std::string("font ") + hangul_font_file +
             " not found (install fonts-nanum): Korean text shows as boxes";
  }
  if (font == nullptr) {
    notice = std::string("font ") + default_font_file +
             " not found (install fonts-dejavu-core); using ImGui's small built-in font";
    ImFontConfig fallback;
    fallback.SizePixels = pixel_size;
    io.Fonts->AddFontDefault(&fallback);
  }
  plot::AddDotSprites(io.Fonts);  // dense scatters' dots, in the same texture as the glyphs
  io.Fonts->Build();
  plot::BakeDotSprites(io.Fonts);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

}  // namespace pelab::gfx
