#pragma once
// pelab-cli's entry point, separate from main() so the whole program is one function call.
#include <functional>
#include <ostream>

namespace pelab::cli {

struct RenderArgs;
// What draws `render`'s figure once its options are parsed: in pelab-cli, a hand-over to the pelab
// executable (which links the app's view code); in pelab --cli, the drawing itself (render_views).
using Renderer = std::function<void(const RenderArgs&)>;

// Parses argv, runs the command and returns the exit code: 0 ok, 2 usage error, 1 runtime failure.
// Results that are not files (help, version, check's report) go to `out`; an error is exactly one
// line on `err`, starting with "pelab-cli: ".
int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err, const Renderer& render);

}  // namespace pelab::cli
