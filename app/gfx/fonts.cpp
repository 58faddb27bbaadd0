#include "gfx/fonts.hpp"

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <imgui_internal.h>  // ImTextCharFromUtf8

#include <filesystem>
#include <optional>

#include "pelab/io/data_dir.hpp"

#include "plot/dot_sprites.hpp"

namespace pelab::gfx {
namespace {

constexpr ImWchar greek[] = {0x0370, 0x03FF, 0};

}  // namespace

void FontGlyphs::set_text(std::string text) {
  text_ = std::move(text);
  ranges_built_ = false;
}

void FontGlyphs::build_ranges() {
  if (ranges_built_) return;
  // Every character of the UI's texts, for the merged fonts: a glyph the base font already has is
  // kept from the base font (ImGui never overwrites a glyph with a merged font's).
  text_ranges_.clear();
  ImFontGlyphRangesBuilder text_builder;
  text_builder.AddText(text_.c_str());
  text_builder.BuildRanges(&text_ranges_);
  // Latin, Greek (lambda, pi, omega) and the math signs the views print: middle dot, minus, times,
  // arrows, <=, >=, approx, sqrt, infinity, sub/superscripts and the maximise/close button glyphs.
  base_ranges_.clear();
  ImFontGlyphRangesBuilder builder;
  builder.AddRanges(ImGui::GetIO().Fonts->GetGlyphRangesDefault());
  builder.AddRanges(greek);
  builder.AddText("·−×÷±≤≥≈≠√∞…→←↑↓↔∈∑Σπλω²³¹⁰⁴⁵⁶⁷⁸⁹⁻ⁱᵏₖᵢₚ₊₋₀₁₂⌊⌋‖│□■▣⊞⊟⊕✕✔✘–—◀▶");
  builder.AddText(text_.c_str());  // every symbol the UI strings and lessons use
  builder.BuildRanges(&base_ranges_);
  ranges_built_ = true;
}

void rebuild_fonts(FontGlyphs& glyphs, float pixel_size, const std::vector<std::string>& merged_fonts,
                   std::string& notice) {
  glyphs.build_ranges();
  const ImWchar* glyph_ranges = glyphs.base_ranges();
  const ImWchar* text_ranges = glyphs.text_ranges();
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  ImFontConfig config;
  config.OversampleH = 2;
  config.OversampleV = 1;
  config.PixelSnapH = true;
  ImFont* font = nullptr;
  if (const std::filesystem::path base = find_font_file(base_font_name); !base.empty()) {
    font = io.Fonts->AddFontFromFileTTF(base.string().c_str(), pixel_size, &config, glyph_ranges);
  }
  if (font == nullptr) {
    notice = std::string("font ") + base_font_name +
             " not found (Debian: install fonts-dejavu-core); using ImGui's small built-in font";
    ImFontConfig fallback;
    fallback.SizePixels = pixel_size;
    io.Fonts->AddFontDefault(&fallback);
  }
  for (const std::string& name : merged_fonts) {
    const std::filesystem::path file = find_font_file(name);
    if (file.empty()) {
      notice = "font " + name + " not found (Korean: install fonts-nanum): its language shows boxes";
      continue;
    }
    ImFontConfig merge;
    merge.MergeMode = true;
    merge.OversampleH = 1;
    merge.PixelSnapH = true;
    io.Fonts->AddFontFromFileTTF(file.string().c_str(), pixel_size, &merge, text_ranges);
  }
  plot::AddDotSprites(io.Fonts);  // dense scatters' dots, in the same texture as the glyphs
  io.Fonts->Build();
  plot::BakeDotSprites(io.Fonts);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

}  // namespace pelab::gfx
