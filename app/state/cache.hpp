#pragma once
// Cached<Key, Value>: a computed value remembered with the key (parameters) that made it. get()
// recomputes only when the key differs from the last one, so a frame whose parameters did not
// change costs one comparison, and moving one slider recomputes only what depends on it.
// Values are immutable and shared (shared_ptr<const Value>), so a finished result can be handed to
// the UI thread while the next one is being computed.
#include <memory>
#include <utility>

namespace pelab::app {

template <typename Key, typename Value>
class Cached {
 public:
  // `make(key)` returns a Value; it runs only when `key` is new.
  template <typename Make>
  std::shared_ptr<const Value> get(const Key& key, Make&& make) {
    if (!value_ || !(key_ == key)) {
      value_ = std::make_shared<const Value>(std::forward<Make>(make)(key));
      key_ = key;
      ++recomputations_;
    }
    return value_;
  }
  int recomputations() const { return recomputations_; }

 private:
  Key key_{};
  std::shared_ptr<const Value> value_;
  int recomputations_ = 0;
};

}  // namespace pelab::app
