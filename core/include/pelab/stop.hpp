#pragma once
// Stopping a long computation whose result is no longer wanted (the app's worker, when a newer
// request supersedes the one in progress). The computation checks a StopToken between blocks of
// work and throws Stopped; a default token never stops, so callers that never stop pass nothing.
//
// C++20's std::stop_source / std::stop_token do this, but the browser build's libc++ (13, Debian 12's
// emscripten) has no <stop_token>: these are the few members pelab uses, on every platform.
#include <atomic>
#include <memory>

namespace pelab {

// Not a std::exception: the handlers that turn a refused input into a message (catch of
// std::exception) let it through to the caller that asked for the stop.
struct Stopped {};

class StopToken {
 public:
  StopToken() = default;  // never stops
  bool stop_requested() const { return flag_ && flag_->load(std::memory_order_relaxed); }

 private:
  friend class StopSource;
  explicit StopToken(std::shared_ptr<const std::atomic<bool>> flag) : flag_(std::move(flag)) {}
  std::shared_ptr<const std::atomic<bool>> flag_;
};

class StopSource {
 public:
  void request_stop() { flag_->store(true, std::memory_order_relaxed); }
  bool stop_requested() const { return flag_->load(std::memory_order_relaxed); }
  StopToken get_token() const { return StopToken(flag_); }

 private:
  std::shared_ptr<std::atomic<bool>> flag_ = std::make_shared<std::atomic<bool>>(false);
};

inline void stop_if_requested(const StopToken& stop) {
  if (stop.stop_requested()) throw Stopped{};
}

}  // namespace pelab
