#pragma once
// Reading the problem lists that loaders and parsers return (lessons, sessions, links, view items).
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace pelab::test {

// True when one of `problems` contains `text`.
inline bool mentions(const std::vector<std::string>& problems, std::string_view text) {
  return std::any_of(problems.begin(), problems.end(),
                     [&](const std::string& problem) { return problem.find(text) != std::string::npos; });
}

}  // namespace pelab::test
