#pragma once
// pelab's version, the same for the app and the CLI: the project version, and the git commit the
// binaries were built from when built from a checkout ("0.1.0+g1234abcd56", "-dirty" with local
// changes). CHANGELOG.md says what each version brought.
#include <string>

namespace pelab {

std::string version();

}  // namespace pelab
