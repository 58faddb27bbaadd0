#pragma once
// Computes one configuration's ViewData on a background thread so the window keeps drawing while a
// slider is dragged, whatever N, D and the encoding cost. The UI asks for the newest request every
// frame (`request`); the worker computes the needed items one by one, publishing after each, so a
// view shows new data as soon as its own items are ready; a newer request supersedes the rest
// (latest wins). `progress` tells the views how far the current request has come.
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "state/view_data.hpp"

namespace pelab::app {

struct ComputeProgress {
  bool busy = false;   // a request is waiting or being computed
  int items_done = 0;  // of the current request's needed items
  int items_needed = 0;
  double elapsed_ms = 0.0;  // since the current request was taken
};

class ComputeWorker {
 public:
  // `on_result` runs on the worker thread after each publication (the app wakes its event loop).
  explicit ComputeWorker(std::function<void()> on_result = {});
  ~ComputeWorker();
  ComputeWorker(const ComputeWorker&) = delete;
  ComputeWorker& operator=(const ComputeWorker&) = delete;

  // Cheap when `request` equals the last one (one comparison).
  void request(const ComputeRequest& request);
  // The newest published result (nullptr before the first one).
  std::shared_ptr<const ViewData> latest() const;
  // True when the newest result was fully computed from the last request.
  bool settled() const;
  ComputeProgress progress() const;
  // How many results were published so far (the benchmark counts refreshes with it).
  int results_delivered() const;
  RecomputeCounts recomputations() const;

 private:
  void run();

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::function<void()> on_result_;
  std::optional<ComputeRequest> requested_;  // last request
  std::optional<ComputeRequest> pending_;    // requested but not yet taken by the worker
  std::shared_ptr<const ViewData> latest_;
  bool working_ = false;
  std::chrono::steady_clock::time_point taken_at_;
  RecomputeCounts counts_;
  int delivered_ = 0;
  bool stop_ = false;
  ViewDataCache cache_;  // touched only by the worker thread
  std::thread thread_;   // last: starts after everything above exists
};

}  // namespace pelab::app
