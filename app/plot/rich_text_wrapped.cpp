// Plot layer: wrapped paragraphs of rich or plain text (rich_text.hpp). Lines break at spaces outside the
// braces of the markup, greedily; a word wider than the line gets a line of its own, cut only after a '/'
// (a file path). Only there: ImGui's own word wrap also breaks after '.', which splits numbers ("2." /
// "95") and file names ("heatmap-table." / "npy").
#include "rich_text.hpp"

#include <imgui_internal.h>

#include <algorithm>
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

// A piece of a paragraph that is never split: a word, or a part of an over-wide path ending in '/'.
// `gap`: a space separates it from the piece before (false inside a split path).
struct Piece {
  std::string_view text;
  bool gap = true;
};

// The words of one paragraph: split at spaces that are not inside "{...}" (in plain text braces mean
// nothing). Consecutive spaces give empty words, so a formula's wide gaps ("sin(wₖ·p)     cos(wₖ·p)")
// survive being joined again.
std::vector<std::string_view> words_of(std::string_view paragraph, TextMarkup markup) {
  std::vector<std::string_view> words;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= paragraph.size(); ++i) {
    const char c = i < paragraph.size() ? paragraph[i] : ' ';
    if (markup == TextMarkup::rich && c == '{') ++depth;
    if (markup == TextMarkup::rich && c == '}' && depth > 0) --depth;
    if (c == ' ' && depth == 0) {
      words.push_back(paragraph.substr(start, i - start));
      start = i + 1;
    }
  }
  return words;
}

ImVec2 measure(std::string_view text, TextMarkup markup) {
  if (markup == TextMarkup::plain) return ImGui::CalcTextSize(text.data(), text.data() + text.size(), false);
  return detail::text_size(std::string(text));
}

std::vector<WrappedLine> wrap_lines(std::string_view text, float wrap_width, TextMarkup markup) {
  std::vector<WrappedLine> lines;
  const float space = ImGui::CalcTextSize(" ").x;
  for (;;) {
    const size_t nl = text.find('\n');
    std::string_view paragraph = text.substr(0, nl);
    // A paragraph's leading spaces stay (the indented second line of a message); a wrapped line
    // starts at the margin.
    const size_t indent = std::min(paragraph.find_first_not_of(' '), paragraph.size());
    paragraph.remove_prefix(indent);
    // Words, and a word wider than the line cut after each '/' (a file path breaks between its
    // folders; its file name stays whole).
    std::vector<Piece> pieces;
    for (std::string_view word : words_of(paragraph, markup)) {
      if (wrap_width <= 0.0f || word.find('/') == std::string_view::npos ||
          measure(word, markup).x <= wrap_width) {
        pieces.push_back({word, true});
        continue;
      }
      bool gap = true;
      while (!word.empty()) {
        const size_t slash = word.find('/');
        const size_t length = slash == std::string_view::npos ? word.size() : slash + 1;
        pieces.push_back({word.substr(0, length), gap});
        gap = false;
        word.remove_prefix(length);
      }
    }
    WrappedLine line;
    line.text.assign(indent, ' ');
    line.size.x = static_cast<float>(indent) * space;
    bool has_words = false;  // the line holds more than the paragraph's indent
    auto finish = [&] {
      line.size.y =
          measure(line.text.empty() ? std::string_view(" ") : std::string_view(line.text), markup).y;
      lines.push_back(std::move(line));
      line = WrappedLine();
      has_words = false;
    };
    for (const Piece& piece : pieces) {
      if (piece.text.empty() && !has_words) continue;  // no gap at the start of a line
      const float width = measure(piece.text, markup).x;
      const float gap = piece.gap && has_words ? space : 0.0f;
      if (has_words && wrap_width > 0.0f && line.size.x + gap + width > wrap_width) finish();
      if (piece.gap && has_words) {
        line.text += ' ';
        line.size.x += space;
      }
      line.text += piece.text;
      line.size.x += width;
      has_words = true;
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

void text_wrapped(std::string_view text, TextMarkup markup) {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (window->SkipItems) return;
  // As ImGui::TextWrapped: without a pushed wrap position, wrap at the content region's right edge.
  const bool push_wrap = window->DC.TextWrapPos < 0.0f;
  if (push_wrap) ImGui::PushTextWrapPos(0.0f);
  {
    const ImVec2 pos = window->DC.CursorPos;
    const float wrap = ImGui::CalcWrapWidthForPos(pos, window->DC.TextWrapPos);
    const std::vector<WrappedLine> lines = wrap_lines(text, wrap, markup);
    const ImU32 color = ImGui::GetColorU32(ImGuiCol_Text);
    float y = pos.y;
    for (const WrappedLine& line : lines) {
      if (markup == TextMarkup::plain) {
        window->DrawList->AddText(ImVec2(pos.x, y), color, line.text.c_str(),
                                  line.text.c_str() + line.text.size());
      } else {
        detail::add_text(window->DrawList, ImVec2(pos.x, y), color, line.text);
      }
      y += line.size.y;
    }
    ImGui::Dummy(total_size(lines));
  }
  if (push_wrap) ImGui::PopTextWrapPos();
}

}  // namespace

std::vector<std::string> WrapTextLines(std::string_view text, float wrap_width, TextMarkup markup) {
  std::vector<std::string> out;
  for (WrappedLine& line : wrap_lines(text, wrap_width, markup)) out.push_back(std::move(line.text));
  return out;
}

ImVec2 CalcRichTextWrappedSize(std::string_view text, float wrap_width, TextMarkup markup) {
  return total_size(wrap_lines(text, wrap_width, markup));
}

void TextWrappedRich(std::string_view text) { text_wrapped(text, TextMarkup::rich); }

void TextWrappedPlain(std::string_view text) { text_wrapped(text, TextMarkup::plain); }

}  // namespace pelab::plot
