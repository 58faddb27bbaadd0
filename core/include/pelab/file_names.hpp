#pragma once
// How a file's name is matched to what it holds (.npy, .safetensors, a .json session): by its ending,
// ASCII letters compared without case, so "GPT2.NPY" is a table as much as "gpt2.npy".
#include <cstddef>
#include <string_view>

namespace pelab {

// Whether `text` ends with `suffix`; `suffix` is given in lower case.
inline bool ends_with_ascii_nocase(std::string_view text, std::string_view suffix) {
  if (text.size() < suffix.size()) return false;
  const std::string_view tail = text.substr(text.size() - suffix.size());
  for (std::size_t i = 0; i < suffix.size(); ++i) {
    const char c = tail[i] >= 'A' && tail[i] <= 'Z' ? static_cast<char>(tail[i] - 'A' + 'a') : tail[i];
    if (c != suffix[i]) return false;
  }
  return true;
}

}  // namespace pelab
