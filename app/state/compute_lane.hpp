#pragma once
// Where a compute worker's computations run (state/compute_worker.hpp): the one seam between "off
// the frame on a thread" and "off the frame in slices". A lane is handed the worker's `work`, which
// takes the pending request (if any) and computes until the request is done or `deadline` passes,
// returning true while work is left.
//   threads  the lane has a thread of its own that calls `work` (with no deadline) whenever `notify`
//            was called: the desktop program and the web page's threaded build.
//   slices   no thread: run_compute_slices, called by the loop between frames, calls each lane's
//            `work` with a deadline, round robin, so a frame waits for at most about one slice (a
//            worker gives up its slice after the item that passes the deadline). The web page's build
//            without threads (a page that is not cross-origin isolated has no SharedArrayBuffer).
#include <chrono>
#include <functional>
#include <memory>

namespace pelab::app {

using ComputeClock = std::chrono::steady_clock;

class ComputeLane {
 public:
  enum class Kind { threads, slices };
  using Work = std::function<bool(ComputeClock::time_point deadline)>;

  ComputeLane(Kind kind, Work work);
  // Waits for the work in progress (the worker stops it first) and ends the thread.
  ~ComputeLane();
  ComputeLane(const ComputeLane&) = delete;
  ComputeLane& operator=(const ComputeLane&) = delete;

  // A request is pending (thread-safe).
  void notify();
  Kind kind() const { return kind_; }

  struct State;  // the lane's thread or its place among the slices' lanes (compute_lane.cpp)

 private:
  Kind kind_;
  std::unique_ptr<State> state_;
};

// What this build's workers use: slices where the program is built without threads
// (PELAB_COMPUTE_THREADS=0, app/gui.cmake), threads everywhere else.
ComputeLane::Kind default_compute_lane();

// Runs the slice lanes' pending work until `budget` has passed (each lane with work gets at least one
// call while the budget lasts, the first one always): true while some lane has work left. Call it
// from the thread that made the lanes. Thread lanes are not touched.
bool run_compute_slices(std::chrono::milliseconds budget);

}  // namespace pelab::app
