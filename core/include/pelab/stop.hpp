#pragma once
// Stopping a long computation whose result is no longer wanted (the app's worker, when a newer
// request supersedes the one in progress). The computation checks a std::stop_token between blocks
// of work and throws Stopped; a default token never stops, so callers that never stop pass nothing.
#include <stop_token>

namespace pelab {

// Not a std::exception: the handlers that turn a refused input into a message (catch of
// std::exception) let it through to the caller that asked for the stop.
struct Stopped {};

inline void stop_if_requested(const std::stop_token& stop) {
  if (stop.stop_requested()) throw Stopped{};
}

}  // namespace pelab
