#include "state/compute_worker.hpp"

#include <bit>

namespace pelab::app {

template <typename Cache>
BasicComputeWorker<Cache>::BasicComputeWorker(std::function<void()> on_result,
                                              std::chrono::milliseconds partial_interval,
                                              ComputeSlices* slices)
    : on_result_(std::move(on_result)),
      partial_interval_(partial_interval),
      lane_([this](ComputeClock::time_point deadline) { return work(deadline); }, slices) {}

template <typename Cache>
BasicComputeWorker<Cache>::~BasicComputeWorker() {
  {
    const std::lock_guard lock(mutex_);
    stop_ = true;
    request_stop_.request_stop();  // a long item in progress ends within a block of rows
  }
  // The lane's destructor waits for the work in progress, which the stop ends soon.
}

template <typename Cache>
void BasicComputeWorker<Cache>::request(const Request& request) {
  {
    const std::lock_guard lock(mutex_);
    if (requested_ && *requested_ == request) return;
    requested_ = request;
    pending_ = request;
    resuming_ = false;
    if (working_ && stoppable_) request_stop_.request_stop();
  }
  lane_.notify();
}

template <typename Cache>
auto BasicComputeWorker<Cache>::latest() const -> std::shared_ptr<const Data> {
  const std::lock_guard lock(mutex_);
  return latest_;
}

template <typename Cache>
bool BasicComputeWorker<Cache>::settled() const {
  const std::lock_guard lock(mutex_);
  return !pending_ && !working_ && latest_ && requested_ && latest_->request == *requested_ &&
         latest_->is_fresh(requested_->needs);
}

template <typename Cache>
bool BasicComputeWorker<Cache>::settled_on(const Request& request) const {
  const std::lock_guard lock(mutex_);
  return !pending_ && !working_ && latest_ && requested_ && *requested_ == request &&
         latest_->request == request && latest_->is_fresh(request.needs);
}

template <typename Cache>
ComputeProgress BasicComputeWorker<Cache>::progress() const {
  const std::lock_guard lock(mutex_);
  ComputeProgress progress;
  progress.busy = pending_.has_value() || working_;
  if ((working_ || resuming_) && latest_ && requested_) {
    progress.items_needed = std::popcount(requested_->needs);
    progress.items_done =
        latest_->request == *requested_ ? std::popcount(latest_->fresh & requested_->needs) : 0;
    progress.elapsed_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - taken_at_).count();
  }
  return progress;
}

template <typename Cache>
int BasicComputeWorker<Cache>::results_delivered() const {
  const std::lock_guard lock(mutex_);
  return delivered_;
}

template <typename Cache>
auto BasicComputeWorker<Cache>::recomputations() const -> Counts {
  const std::lock_guard lock(mutex_);
  return counts_;
}

template <typename Cache>
bool BasicComputeWorker<Cache>::work(ComputeClock::time_point deadline) {
  Request request;
  std::shared_ptr<const Data> previous;
  StopToken stop;
  {
    const std::lock_guard lock(mutex_);
    if (stop_ || !pending_) return false;
    request = *pending_;
    pending_.reset();
    previous = latest_;
    working_ = true;
    request_stop_ = StopSource();
    stop = request_stop_.get_token();
    stoppable_ = !last_stopped_;
    // The rest of a request keeps the time it was first taken (progress().elapsed_ms).
    if (!resuming_) taken_at_ = std::chrono::steady_clock::now();
    resuming_ = false;
  }
  std::chrono::steady_clock::time_point last_shown = taken_at_;
  const auto publish = [&](const Data& data) {
    // A part of the result: shown once the request has run partial_interval_ since it was taken
    // (or since the last part); sooner, the next part or the whole result shows it.
    const auto now = std::chrono::steady_clock::now();
    if (now - last_shown < partial_interval_) return;
    last_shown = now;
    auto snapshot = std::make_shared<const Data>(data);
    const Counts counts = cache_.recomputations();
    {
      const std::lock_guard lock(mutex_);
      latest_ = std::move(snapshot);
      counts_ = counts;
      ++delivered_;
    }
    if (on_result_) on_result_();
  };
  const auto superseded = [&] {
    if (ComputeClock::now() >= deadline) return true;
    const std::lock_guard lock(mutex_);
    return stop_ || pending_.has_value();
  };
  std::shared_ptr<const Data> result = cache_.compute(request, previous.get(), publish, superseded, stop);
  bool more = false;
  bool resumes = false;
  {
    const std::lock_guard lock(mutex_);
    last_stopped_ = request_stop_.stop_requested();
    stoppable_ = false;
    // Also when nothing was recomputed (every item reused): the result is for the new request.
    latest_ = std::move(result);
    counts_ = cache_.recomputations();
    working_ = false;
    // The deadline came before the request's end (a slice lane): the rest goes on in the next slice.
    if (!stop_ && !pending_ && !latest_->is_fresh(request.needs) && ComputeClock::now() >= deadline) {
      pending_ = request;
      resuming_ = true;
      resumes = true;
    }
    more = pending_.has_value();
  }
  // The rest of the request comes in the next slice: the loop draws its part at the spinner's pace.
  if (on_result_ && !resumes) on_result_();
  return more;
}

template class BasicComputeWorker<ViewDataCache>;
template class BasicComputeWorker<AcrossDataCache>;

}  // namespace pelab::app
