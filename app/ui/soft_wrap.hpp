#pragma once
// Word wrap for Dear ImGui 1.86's multi-line text fields, which have none: the field is given its text
// with the spaces where a line must end turned into '\n' (soft breaks), the same length as the text,
// so positions and the cursor mean the same in both. After an edit the soft breaks are turned back
// into spaces: those of the unchanged start and end of the text are known from what the field showed
// before, and every other '\n' is one the user typed (a paragraph). Header only, no ImGui: the text
// is measured by the caller's function.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

namespace pelab::app::ui {

// `text` with a space turned into '\n' wherever the line up to the next word would be wider than
// `width` (as `measure` gives a piece of one line). A word wider than `width` keeps its own line;
// width <= 0: no breaks. The '\n' already in `text` stay.
template <class Measure>
std::string soft_wrap(std::string_view text, float width, const Measure& measure) {
  std::string shown(text);
  if (width <= 0.0f) return shown;
  for (std::size_t paragraph = 0; paragraph < shown.size();) {
    const std::size_t paragraph_end = std::min(shown.find('\n', paragraph), shown.size());
    std::size_t line = paragraph;  // where the line being filled starts
    bool has_word = false;         // the line has a word already: a break before the next one is possible
    for (std::size_t at = paragraph; at < paragraph_end;) {
      if (shown[at] == ' ') {
        ++at;
        continue;
      }
      const std::size_t word = at;
      while (at < paragraph_end && shown[at] != ' ') ++at;
      // The word does not fit on the line: the last space before it ends the line.
      if (has_word && measure(std::string_view(shown).substr(line, at - line)) > width) {
        shown[word - 1] = '\n';
        line = word;
      }
      has_word = true;
    }
    paragraph = paragraph_end + 1;
  }
  return shown;
}

// The text after an edit of the field: `after` is what the field holds now, `before_shown` what it
// was given (soft_wrap of `before`). The soft breaks of the unchanged start and end become spaces
// again; a soft break inside the edited middle was edited itself (deleted, or typed over).
inline std::string unwrap_edit(std::string_view before, std::string_view before_shown,
                               std::string_view after) {
  const std::size_t shortest = std::min(before_shown.size(), after.size());
  std::size_t prefix = 0;
  while (prefix < shortest && before_shown[prefix] == after[prefix]) ++prefix;
  std::size_t suffix = 0;
  while (suffix < shortest - prefix &&
         before_shown[before_shown.size() - 1 - suffix] == after[after.size() - 1 - suffix])
    ++suffix;
  std::string text(after);
  const std::size_t size = std::min(before.size(), before_shown.size());
  for (std::size_t at = 0; at < size; ++at) {
    if (before_shown[at] != '\n' || before[at] != ' ') continue;  // not a soft break
    if (at < prefix) {
      text[at] = ' ';
    } else if (at >= before_shown.size() - suffix) {
      text[at + after.size() - before_shown.size()] = ' ';
    }
  }
  return text;
}

}  // namespace pelab::app::ui
