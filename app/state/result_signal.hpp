#pragma once
// Tells a loop that a worker published a result. Workers call `notify` after each publication; a
// loop that has nothing to draw but the waiting views sleeps in `wait_for_next` instead of drawing
// frames back to back, so on a small machine the worker gets the cores and the frame that shows the
// result starts as soon as it is published. The interactive window wakes through its event loop
// (AppRuntimes::wake); the off-screen benchmark waits here.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace pelab::app {

class ResultSignal {
 public:
  void notify() {
    {
      const std::lock_guard lock(mutex_);
      ++published_;
    }
    changed_.notify_all();
  }
  // How many results were published so far: take it before a frame, wait with it after.
  std::uint64_t published() const {
    const std::lock_guard lock(mutex_);
    return published_;
  }
  // Sleeps until a result is published after `seen` was taken, or `timeout` passes. True when one was.
  bool wait_for_next(std::uint64_t seen, std::chrono::milliseconds timeout) const {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [&] { return published_ != seen; });
  }

 private:
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  std::uint64_t published_ = 0;
};

}  // namespace pelab::app
