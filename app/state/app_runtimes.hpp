#pragma once
// The runtimes of the app: the one way it computes off the frame (docs/architecture.md). One
// worker per configuration (its cache of computed items) and one for the views across
// configurations; the UI thread only posts requests and reads results.
#include <functional>
#include <map>
#include <memory>

#include "state/across_data.hpp"
#include "state/compute_worker.hpp"
#include "state/result_signal.hpp"

namespace pelab::app {

struct AppRuntimes {
  // First, so that it goes last: the workers' lanes leave it as they go (build without threads).
  ComputeSlices slices;
  std::map<int, std::unique_ptr<ComputeWorker>> workers;  // by Config::id; made and dropped with the slots
  std::unique_ptr<AcrossWorker> across;  // the views across configurations' numbers (made by sync_runtimes)
  std::function<void()> wake;            // wakes the event loop (from a worker thread)
  // Counts the workers' publications (shared: the workers hold it too).
  std::shared_ptr<ResultSignal> results = std::make_shared<ResultSignal>();
};

}  // namespace pelab::app
