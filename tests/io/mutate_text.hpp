#pragma once
// The random mutations of the readers' fuzz tests (test_npy_fuzz.cpp, test_safetensors_fuzz.cpp).
#include <cstddef>
#include <random>
#include <string>

namespace pelab::test {

// One random edit run: 1 to 3 edits, each replacing, inserting or deleting one character at a random
// place, with characters drawn from `alphabet` (a format's own characters reach its parser far more
// often than random bytes do).
inline std::string mutate_text(std::string text, const std::string& alphabet, std::mt19937& random) {
  const int edits = 1 + static_cast<int>(random() % 3);
  for (int e = 0; e < edits && !text.empty(); ++e) {
    const std::size_t at = random() % text.size();
    const char c = alphabet[random() % alphabet.size()];
    switch (random() % 3) {
      case 0:
        text[at] = c;
        break;
      case 1:
        text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), c);
        break;
      default:
        text.erase(at, 1);
        break;
    }
  }
  return text;
}

// `bytes` with 1 to 4 bytes, at random places, replaced by random values.
inline std::string with_random_flips(std::string bytes, std::mt19937& random) {
  const int flips = 1 + static_cast<int>(random() % 4);
  for (int f = 0; f < flips; ++f) {
    const std::size_t at = random() % bytes.size();
    bytes[at] = static_cast<char>(random() % 256);
  }
  return bytes;
}

}  // namespace pelab::test
