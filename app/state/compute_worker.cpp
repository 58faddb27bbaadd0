#include "state/compute_worker.hpp"

#include <sys/resource.h>
#include <unistd.h>

namespace pelab::app {

ComputeWorker::ComputeWorker() : thread_([this] { run(); }) {}

ComputeWorker::~ComputeWorker() {
  {
    const std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void ComputeWorker::request(const ViewParams& params) {
  {
    const std::lock_guard lock(mutex_);
    if (requested_ && *requested_ == params) return;
    requested_ = params;
    pending_ = params;
  }
  wake_.notify_all();
}

std::shared_ptr<const ViewData> ComputeWorker::latest() const {
  const std::lock_guard lock(mutex_);
  return latest_;
}

bool ComputeWorker::settled() const {
  const std::lock_guard lock(mutex_);
  return !pending_ && latest_ && requested_ && latest_->params == *requested_;
}

int ComputeWorker::results_delivered() const {
  const std::lock_guard lock(mutex_);
  return delivered_;
}

RecomputeCounts ComputeWorker::recomputations() const {
  const std::lock_guard lock(mutex_);
  return counts_;
}

void ComputeWorker::run() {
  // Below the render threads: on a small machine (2 cores, software GL) drawing the frame comes
  // first and the views refresh a little less often while a slider moves. Linux: nice is per thread.
  setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
  for (;;) {
    ViewParams params;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stop_ || pending_.has_value(); });
      if (stop_) return;
      params = *pending_;
      pending_.reset();
    }
    std::shared_ptr<const ViewData> result = cache_.compute(params);
    const RecomputeCounts counts = cache_.recomputations();
    {
      const std::lock_guard lock(mutex_);
      latest_ = std::move(result);
      counts_ = counts;
      ++delivered_;
    }
  }
}

}  // namespace pelab::app
