// Plot layer: wrapped paragraphs of rich text (rich_text.hpp). Lines break at spaces outside the braces
// of the markup, greedily; a word wider than the line gets a line of its own. Only at spaces: ImGui's own
// word wrap also breaks after '.', which splits numbers ("0." / "01").
#include "rich_text.hpp"

#include <imgui_internal.h>

#include <string>
#include <vector>

#include "labels.hpp"
#include "plot_internal.hpp"

namespace pelab::plot {

namespace {

struct WrappedLine {
  std::string text;
  ImVec2 size;
};

// The words of one paragraph: split at spaces that are not inside "{...}". Consecutive spaces give empty
// words, so a formula's wide gaps ("sin(wₖ·p)     cos(wₖ·p)") survive being joined again.
std::vector<std::string_view> words_of(std::string_view paragraph) {
  std::vector<std::string_view> words;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= paragraph.size(); ++i) {
    const char c = i < paragraph.size() ? paragraph[i] : ' ';
    if (c == '{') ++depth;
    if (c == '}' && depth > 0) --depth;
    if (c == ' ' && depth == 0) {
      words.push_back(paragraph.substr(start, i - start));
      start = i + 1;
    }
  }
  return words;
}

std::vector<WrappedLine> wrap_lines(std::string_view text, float wrap_width) {
  std::vector<WrappedLine> lines;
  const float space = ImGui::CalcTextSize(" ").x;
  for (;;) {
    const size_t nl = text.find('\n');
    const std::string_view paragraph = text.substr(0, nl);
    WrappedLine line;
    auto finish = [&] {
      line.size.y = detail::text_size(line.text.empty() ? std::string(" ") : line.text).y;
      lines.push_back(std::move(line));
      line = WrappedLine();
    };
    for (std::string_view word : words_of(paragraph)) {
      if (word.empty() && line.text.empty()) continue;  // no gap at the start of a line
      const float width = detail::text_size(std::string(word)).x;
      if (!line.text.empty() && wrap_width > 0.0f && line.size.x + space + width > wrap_width) finish();
      if (!line.text.empty()) {
        line.text += ' ';
        line.size.x += space;
      }
      line.text += word;
      line.size.x += width;
    }
    finish();
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

ImVec2 total_size(const std::vector<WrappedLine>& lines) {
  ImVec2 size(0.0f, 0.0f);
  for (const WrappedLine& line : lines) {
    size.x = std::max(size.x, line.size.x);
    size.y += line.size.y;
  }
  return size;
}

}  // namespace

ImVec2 CalcRichTextWrappedSize(std::string_view text, float wrap_width) {
  return total_size(wrap_lines(text, wrap_width));
}

void TextWrappedRich(std::string_view text) {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (window->SkipItems) return;
  // As ImGui::TextWrapped: without a pushed wrap position, wrap at the content region's right edge.
  const bool push_wrap = window->DC.TextWrapPos < 0.0f;
  if (push_wrap) ImGui::PushTextWrapPos(0.0f);
  {
    const ImVec2 pos = window->DC.CursorPos;
    const float wrap = ImGui::CalcWrapWidthForPos(pos, window->DC.TextWrapPos);
    const std::vector<WrappedLine> lines = wrap_lines(text, wrap);
    const ImU32 color = ImGui::GetColorU32(ImGuiCol_Text);
    float y = pos.y;
    for (const WrappedLine& line : lines) {
      detail::add_text(window->DrawList, ImVec2(pos.x, y), color, line.text);
      y += line.size.y;
    }
    ImGui::Dummy(total_size(lines));
  }
  if (push_wrap) ImGui::PopTextWrapPos();
}

}  // namespace pelab::plot
