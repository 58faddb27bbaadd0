#pragma once
// pelab-cli's entry point, separate from main() so the whole program is one function call.
#include <ostream>

namespace pelab::cli {

// Parses argv, runs the command and returns the exit code: 0 ok, 2 usage error, 1 runtime failure.
// Results that are not files (help, version, check's report) go to `out`; an error is exactly one
// line on `err`, starting with "pelab-cli: ".
int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace pelab::cli
