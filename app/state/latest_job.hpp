#pragma once
// A value computed from a key on a background thread, the newest key winning: for views across
// configurations whose numbers are not a configuration's (the rope view's scalings), so a slow
// setting never blocks a frame. get() returns at once with the newest finished value; when the key
// is new it starts computing it (one computation at a time: a key asked for while another runs is
// started when that one ends, skipping the keys in between). `wake` runs after each computation so
// a sleeping event loop draws the result.
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace pelab::app {

template <typename Key, typename Value>
class LatestJob {
 public:
  using Compute = Value (*)(const Key&);
  explicit LatestJob(Compute compute) : compute_(compute), shared_(std::make_shared<Shared>()) {}

  struct Result {
    std::shared_ptr<const Value> value;  // nullptr before the first computation ends
    bool current = false;                // computed for the key asked for
  };

  // `synchronous` computes a new key on the calling thread (screenshots: the frame must show it).
  Result get(const Key& key, bool synchronous, const std::function<void()>& wake) {
    std::unique_lock lock(shared_->mutex);
    if (shared_->done_key && *shared_->done_key == key) return Result{shared_->done, true};
    if (synchronous) {
      if (shared_->busy) {
        lock.unlock();
        while (busy()) std::this_thread::yield();
        lock.lock();
      }
      auto value = std::make_shared<const Value>(compute_(key));
      shared_->done = value;
      shared_->done_key = key;
      return Result{value, true};
    }
    if (!shared_->busy) {
      shared_->busy = true;
      std::thread([shared = shared_, compute = compute_, key, wake] {
        auto value = std::make_shared<const Value>(compute(key));
        {
          const std::lock_guard guard(shared->mutex);
          shared->done = std::move(value);
          shared->done_key = key;
          shared->busy = false;
        }
        if (wake) wake();
      }).detach();
    }
    return Result{shared_->done, false};
  }

  bool busy() const {
    const std::lock_guard lock(shared_->mutex);
    return shared_->busy;
  }

 private:
  // Shared with the computing thread, which may outlive the job (it is detached).
  struct Shared {
    std::mutex mutex;
    std::optional<Key> done_key;
    std::shared_ptr<const Value> done;
    bool busy = false;
  };
  Compute compute_;
  std::shared_ptr<Shared> shared_;
};

}  // namespace pelab::app
