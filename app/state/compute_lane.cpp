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

// The slice lanes, in the order they were made (one thread touches them: the loop's).
std::vector<ComputeLane::State*>& slice_lanes() {
  static std::vector<ComputeLane::State*> lanes;
  return lanes;
}
std::size_t next_slice_lane = 0;  // where the next round starts: no lane starves another

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

ComputeLane::Kind default_compute_lane() {
  return PELAB_COMPUTE_THREADS ? ComputeLane::Kind::threads : ComputeLane::Kind::slices;
}

ComputeLane::ComputeLane(Kind kind, Work work) : kind_(kind), state_(std::make_unique<State>()) {
  state_->work = std::move(work);
  if (kind_ == Kind::threads) {
    state_->thread = std::thread([state = state_.get()] { run_thread_lane(*state); });
  } else {
    slice_lanes().push_back(state_.get());
  }
}

ComputeLane::~ComputeLane() {
  if (kind_ == Kind::threads) {
    {
      const std::lock_guard lock(state_->mutex);
      state_->stopping = true;
    }
    state_->wake.notify_all();
    state_->thread.join();
  } else {
    auto& lanes = slice_lanes();
    lanes.erase(std::find(lanes.begin(), lanes.end(), state_.get()));
  }
}

void ComputeLane::notify() {
  if (kind_ == Kind::threads) {
    {
      const std::lock_guard lock(state_->mutex);
      state_->notified = true;
    }
    state_->wake.notify_all();
  } else {
    state_->pending = true;
  }
}

bool run_compute_slices(std::chrono::milliseconds budget) {
  const ComputeClock::time_point deadline = ComputeClock::now() + budget;
  auto& lanes = slice_lanes();
  bool first = true;
  // Rounds over the lanes until none has work or the budget is spent. A lane's work may make or
  // drop lanes (it does not: workers are made by the loop), so the list is indexed afresh each step.
  for (std::size_t idle_in_a_row = 0; idle_in_a_row < lanes.size();) {
    if (!first && ComputeClock::now() >= deadline) break;
    next_slice_lane %= lanes.size();
    ComputeLane::State& lane = *lanes[next_slice_lane++];
    if (!lane.pending) {
      ++idle_in_a_row;
      continue;
    }
    first = false;
    idle_in_a_row = 0;
    lane.pending = lane.work(deadline);
  }
  return std::any_of(lanes.begin(), lanes.end(),
                     [](const ComputeLane::State* lane) { return lane->pending; });
}

}  // namespace pelab::app
