#pragma once
// Computes one configuration's ViewData on a background thread so the window keeps drawing while a
// slider is dragged, whatever N, D and the encoding cost. The UI asks for the newest request every
// frame (`request`); the worker computes the needed items one by one, so a view shows new data as
// soon as its own items are ready; a newer request supersedes the rest (latest wins) and stops the
// item in progress within a block of rows (a StopToken the long computations check), so a
// 16384 x 4096 item does not hold the worker after the slider moved on. Under a continuous stream of
// requests (a dragged slider) every other request is let run to its items' ends: stopping each one
// would leave the views showing nothing new until the drag ends. `progress` tells the views how far
// the current request has come.
//
// Each publication wakes the window for a frame, and on a small machine with software GL a frame
// costs as much as several items (bench/RESULTS.md, "Publishing a request's items after 40 ms").
// So an item finished early in a request is published only once the request has run
// `partial_interval` (and as often as that); a request done sooner is shown once, whole: a base
// change at 2000 x 1600 is drawn in the frame after the one that asked for it.
//
// One worker class for both kinds of computed data: a configuration's (ViewDataCache: ComputeWorker,
// one per configuration) and the views across configurations' (AcrossDataCache: AcrossWorker, one
// for the app). A Cache names its Request, Data (with `request`, `fresh`, is_fresh) and Counts.
//
// Where the computing happens is the worker's lane (state/compute_lane.hpp): a thread of its own, or
// in a build without threads slices between frames, a request that meets a slice's deadline going
// on from its next item in the next slice (the items already done are cached).
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include "pelab/stop.hpp"

#include "state/across_data.hpp"
#include "state/compute_lane.hpp"
#include "state/view_data.hpp"

namespace pelab::app {

struct ComputeProgress {
  bool busy = false;   // a request is waiting or being computed
  int items_done = 0;  // of the current request's needed items
  int items_needed = 0;
  double elapsed_ms = 0.0;  // since the current request was taken
};

// Below the loop's 50 ms spinner step (run/run_modes.hpp): a long request still shows each
// finished item before the spinner moves on.
inline constexpr std::chrono::milliseconds default_partial_interval{40};

template <typename Cache>
class BasicComputeWorker {
 public:
  using Request = typename Cache::Request;
  using Data = typename Cache::Data;
  using Counts = typename Cache::Counts;

  // `on_result` runs on the worker thread after each publication (the app wakes its event loop).
  // With `slices` the worker has no thread: it computes when the loop runs the slices.
  explicit BasicComputeWorker(std::function<void()> on_result = {},
                              std::chrono::milliseconds partial_interval = default_partial_interval,
                              ComputeSlices* slices = nullptr);
  ~BasicComputeWorker();
  BasicComputeWorker(const BasicComputeWorker&) = delete;
  BasicComputeWorker& operator=(const BasicComputeWorker&) = delete;

  // Cheap when `request` equals the last one (one comparison).
  void request(const Request& request);
  // The newest published result (nullptr before the first one).
  std::shared_ptr<const Data> latest() const;
  // True when the newest result was fully computed from the last request.
  bool settled() const;
  // True when it is settled and `request` is the last request.
  bool settled_on(const Request& request) const;
  ComputeProgress progress() const;
  // How many results were published so far (the benchmark counts refreshes with it).
  int results_delivered() const;
  Counts recomputations() const;

 private:
  // The lane's work: takes the pending request and computes it until done or `deadline`; true
  // while a request is left (a newer one, or the rest of this one after the deadline).
  bool work(ComputeClock::time_point deadline);

  mutable std::mutex mutex_;
  std::function<void()> on_result_;
  std::chrono::milliseconds partial_interval_;
  std::optional<Request> requested_;  // last request
  std::optional<Request> pending_;    // requested but not yet taken by the worker
  std::shared_ptr<const Data> latest_;
  bool working_ = false;
  std::chrono::steady_clock::time_point taken_at_;
  Counts counts_;
  int delivered_ = 0;
  // The stop of the request in progress: a newer request stops it when `stoppable_` (not when the
  // request in progress replaced a stopped one, so a dragged slider still shows every other result).
  StopSource request_stop_;
  bool stoppable_ = false;
  bool stop_ = false;
  bool last_stopped_ = false;  // the last request taken was stopped by a newer one
  bool resuming_ = false;      // pending_ is the rest of the last request (its deadline came first)
  Cache cache_;                // touched only by the lane's work
  ComputeLane lane_;           // last: starts after everything above exists, ends first
};

extern template class BasicComputeWorker<ViewDataCache>;
extern template class BasicComputeWorker<AcrossDataCache>;
using ComputeWorker = BasicComputeWorker<ViewDataCache>;
using AcrossWorker = BasicComputeWorker<AcrossDataCache>;

}  // namespace pelab::app
