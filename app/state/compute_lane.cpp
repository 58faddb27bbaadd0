#include "state/compute_lane.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "pelab/platform.hpp"

#ifndef PELAB_COMPUTE_THREADS
#define PELAB_COMPUTE_THREADS 1
#endif

namespace pelab::app {

struct ComputeLane::State {
  Work work;
  // threads
  std::mutex mutex;
  std::condition_variable wake;
  bool notified = false;
  bool stopping = false;
  std::thread thread;
  // slices
  bool pending = false;
};

namespace {

void run_thread_lane(ComputeLane::State& state) {
  // Below the render threads: on a small machine (2 cores, software GL) drawing the frame comes
  // first and the views refresh a little less often while a slider moves.
  lower_this_thread_priority();
  for (;;) {
    {
      std::unique_lock lock(state.mutex);
      state.wake.wait(lock, [&] { return state.stopping || state.notified; });
      if (state.stopping) return;
      state.notified = false;
    }
    while (state.work(ComputeClock::time_point::max())) {
    }
  }
}

}  // namespace

ComputeSlices* compute_slices_of_build(ComputeSlices& slices) {
  return PELAB_COMPUTE_THREADS ? nullptr : &slices;
}

ComputeLane::ComputeLane(Work work, ComputeSlices* slices)
    : slices_(slices), state_(std::make_unique<State>()) {
  state_->work = std::move(work);
  if (slices_) {
    slices_->lanes_.push_back(state_.get());
  } else {
    state_->thread = std::thread([state = state_.get()] { run_thread_lane(*state); });
  }
}

ComputeLane::~ComputeLane() {
  if (slices_) {
    auto& lanes = slices_->lanes_;
    lanes.erase(std::find(lanes.begin(), lanes.end(), state_.get()));
    return;
  }
  {
    const std::lock_guard lock(state_->mutex);
    state_->stopping = true;
  }
  state_->wake.notify_all();
  state_->thread.join();
}

void ComputeLane::notify() {
  if (slices_) {
    state_->pending = true;
    return;
  }
  {
    const std::lock_guard lock(state_->mutex);
    state_->notified = true;
  }
  state_->wake.notify_all();
}

bool ComputeSlices::run(std::chrono::milliseconds budget) {
  const ComputeClock::time_point deadline = ComputeClock::now() + budget;
  bool first = true;
  // Rounds over the lanes until none has work or the budget is spent.
  for (std::size_t idle_in_a_row = 0; idle_in_a_row < lanes_.size();) {
    if (!first && ComputeClock::now() >= deadline) break;
    next_ %= lanes_.size();
    ComputeLane::State& lane = *lanes_[next_++];
    if (!lane.pending) {
      ++idle_in_a_row;
      continue;
    }
    first = false;
    idle_in_a_row = 0;
    lane.pending = lane.work(deadline);
  }
  return std::any_of(lanes_.begin(), lanes_.end(),
                     [](const ComputeLane::State* lane) { return lane->pending; });
}

}  // namespace pelab::app
