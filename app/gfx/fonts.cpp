#include "gfx/fonts.hpp"

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <filesystem>

namespace pelab::gfx {
namespace {

// Latin, Greek (lambda, pi, omega) and the math signs the views print: middle dot, minus, times,
// arrows, <=, >=, approx, sqrt, infinity, sub/superscripts and the maximise/close button glyphs.
const ImWchar* glyph_ranges() {
  static ImVector<ImWchar> ranges;
  if (ranges.empty()) {
    ImFontGlyphRangesBuilder builder;
    builder.AddRanges(ImGui::GetIO().Fonts->GetGlyphRangesDefault());
    static const ImWchar greek[] = {0x0370, 0x03FF, 0};
    builder.AddRanges(greek);
    builder.AddText("·−×÷±≤≥≈≠√∞…→←↑↓↔∈∑Σπλω²³¹⁰⁴⁵⁶⁷⁸⁹⁻ⁱᵏₖᵢₚ₊₋₀₁₂⌊⌋‖│□■▣⊞⊟⊕✕✔✘–—");
    builder.BuildRanges(&ranges);
  }
  return ranges.Data;
}

}  // namespace

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
  if (font == nullptr) {
    notice = std::string("font ") + default_font_file +
             " not found (install fonts-dejavu-core); using ImGui's small built-in font";
    ImFontConfig fallback;
    fallback.SizePixels = pixel_size;
    io.Fonts->AddFontDefault(&fallback);
  }
  io.Fonts->Build();
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

}  // namespace pelab::gfx
