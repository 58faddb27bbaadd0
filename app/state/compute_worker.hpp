#pragma once
// Computes ViewData on a background thread so the window keeps drawing while a slider is dragged,
// whatever N, D and the encoding cost. The UI asks for the newest parameters every frame
// (`request`); the worker computes them when free, skipping any it was asked for in between
// (latest wins); the UI draws the newest finished result (`latest`), which lags a drag by one
// computation and catches up when the slider stops (`settled`).
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "state/view_data.hpp"

namespace pelab::app {

class ComputeWorker {
 public:
  ComputeWorker();
  ~ComputeWorker();
  ComputeWorker(const ComputeWorker&) = delete;
  ComputeWorker& operator=(const ComputeWorker&) = delete;

  // Cheap when `params` equals the last request (one comparison).
  void request(const ViewParams& params);
  // The newest finished result (nullptr before the first one).
  std::shared_ptr<const ViewData> latest() const;
  // True when the newest result was computed from the last requested parameters.
  bool settled() const;
  // How many results were delivered so far (the benchmark counts refreshes with it).
  int results_delivered() const;
  RecomputeCounts recomputations() const;

 private:
  void run();

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<ViewParams> requested_;  // last request
  std::optional<ViewParams> pending_;    // requested but not yet taken by the worker
  std::shared_ptr<const ViewData> latest_;
  RecomputeCounts counts_;
  int delivered_ = 0;
  bool stop_ = false;
  ViewDataCache cache_;  // touched only by the worker thread
  std::thread thread_;   // last: starts after everything above exists
};

}  // namespace pelab::app
