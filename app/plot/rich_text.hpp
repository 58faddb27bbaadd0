#pragma once
// Paragraphs with sub- and superscript markup ("base^{−2k/D}", "P_{p+k}"; see labels.hpp) for the text
// around the plots: view notes, tooltips, the lesson caption band; and plain text wrapped the same way
// (messages, file paths). Wrapped at spaces only, and inside a word wider than the line after a '/'
// (ImGui's TextWrapped also breaks after '.', inside numbers and file names).
#include <imgui.h>

#include <string>
#include <string_view>
#include <vector>

namespace pelab::plot {

// rich: "_{...}" / "^{...}" are scripts (labels.hpp); plain: every character is shown as written.
enum class TextMarkup { rich, plain };

// The lines `text` is wrapped into at `wrap_width` pixels (<= 0: only at '\n'), in the current font:
// what TextWrappedRich / TextWrappedPlain draw.
std::vector<std::string> WrapTextLines(std::string_view text, float wrap_width,
                                       TextMarkup markup = TextMarkup::rich);
// Size of `text` wrapped at `wrap_width` pixels (<= 0: no wrapping), in the current font.
ImVec2 CalcRichTextWrappedSize(std::string_view text, float wrap_width, TextMarkup markup = TextMarkup::rich);
// `text` as one ImGui item in the current text colour, wrapped at the wrap position ImGui::TextWrapped
// would use (PushTextWrapPos, else the right edge of the content region).
void TextWrappedRich(std::string_view text);
// The same for text without markup (a message or file name with "_a" in it stays as written).
void TextWrappedPlain(std::string_view text);

}  // namespace pelab::plot
