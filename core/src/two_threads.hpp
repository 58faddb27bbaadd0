#pragma once
// Internal to pelab_core: one large output written by two threads, each its own part.
#include <system_error>
#include <thread>

namespace pelab::detail {

// Whether the machine has a second core to give. Asked at every call (no state kept): callers ask
// only before a large output, where the query's microseconds do not count.
inline bool has_second_core() { return std::thread::hardware_concurrency() >= 2; }

// Runs `here` on this thread and `there` on a new one, and returns when both are done. When no
// thread can be started, runs both on this thread, `here` first: the two write disjoint parts of
// the output, so the result is the same either way.
template <typename Here, typename There>
void run_on_two_threads(Here&& here, There&& there) {
  std::thread other;
  try {
    other = std::thread([&there] { there(); });
  } catch (const std::system_error&) {
    here();
    there();
    return;
  }
  here();
  other.join();
}

}  // namespace pelab::detail
