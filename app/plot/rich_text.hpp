#pragma once
// Paragraphs with sub- and superscript markup ("base^{−2k/D}", "P_{p+k}"; see labels.hpp) for the text
// around the plots: view notes, tooltips, the lesson caption band. Wrapped at spaces only (ImGui's
// TextWrapped also breaks after '.', inside numbers).
#include <imgui.h>

#include <string_view>

namespace pelab::plot {

// Size of `text` wrapped at `wrap_width` pixels (<= 0: no wrapping), in the current font.
ImVec2 CalcRichTextWrappedSize(std::string_view text, float wrap_width);
// `text` as one ImGui item in the current text colour, wrapped at the wrap position ImGui::TextWrapped
// would use (PushTextWrapPos, else the right edge of the content region).
void TextWrappedRich(std::string_view text);

}  // namespace pelab::plot
