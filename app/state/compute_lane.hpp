#pragma once
// Where a compute worker's computations run (state/compute_worker.hpp): the one seam between "off
// the frame on a thread" and "off the frame in slices". A lane is handed the worker's `work`, which
// takes the pending request (if any) and computes until the request is done or `deadline` passes,
// returning true while work is left.
//   threads  the lane has a thread of its own that calls `work` (with no deadline) whenever `notify`
//            was called: the desktop program and the web page's threaded build.
//   slices   no thread: ComputeSlices::run, called by the loop between frames, calls each lane's
//            `work` with a deadline, round robin, so a frame waits for at most about one slice (a
//            worker gives up its slice after the item that passes the deadline). The web page's build
//            without threads (a page that is not cross-origin isolated has no SharedArrayBuffer).
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

namespace pelab::app {

using ComputeClock = std::chrono::steady_clock;

class ComputeSlices;

class ComputeLane {
 public:
  enum class Kind { threads, slices };
  using Work = std::function<bool(ComputeClock::time_point deadline)>;

  // A lane among `slices` when given, else a lane with a thread of its own.
  ComputeLane(Work work, ComputeSlices* slices);
  // Waits for the work in progress (the worker stops it first) and ends the thread.
  ~ComputeLane();
  ComputeLane(const ComputeLane&) = delete;
  ComputeLane& operator=(const ComputeLane&) = delete;

  // A request is pending (thread-safe).
  void notify();
  Kind kind() const { return slices_ ? Kind::slices : Kind::threads; }

  struct State;  // the lane's thread or its pending flag (compute_lane.cpp)

 private:
  ComputeSlices* slices_;
  std::unique_ptr<State> state_;
};

// The slice lanes of one program (AppRuntimes holds them; a test makes its own), touched by one
// thread: the loop's. It must outlive its lanes.
class ComputeSlices {
 public:
  // Runs the lanes' pending work until `budget` has passed (each lane with work gets at least one
  // call while the budget lasts, the first one always): true while some lane has work left.
  bool run(std::chrono::milliseconds budget);

 private:
  friend class ComputeLane;
  std::vector<ComputeLane::State*> lanes_;  // in the order they were made
  std::size_t next_ = 0;                    // where the next round starts: no lane starves another
};

// Where this build's workers compute: `slices` where the program is built without threads
// (PELAB_COMPUTE_THREADS=0, app/gui.cmake), nullptr (threads) everywhere else.
ComputeSlices* compute_slices_of_build(ComputeSlices& slices);

}  // namespace pelab::app
