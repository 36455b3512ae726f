// The last few things a process made that never change once made (an engine's board, its
// layout), so that reading the same position again and again (each turn of a batch restores its
// game; a picture reads the view it draws) makes them once. Safe to share between threads.
#pragma once

#include <cstddef>
#include <list>
#include <mutex>
#include <optional>
#include <type_traits>

namespace core {

template <typename T, std::size_t kKept>
class Recent {
 public:
  // `pick` of the first kept item `match` takes (the item becomes the latest used), copied out
  // while the items are locked; nullopt when none matches.
  template <typename Match, typename Pick>
  auto find(const Match& match, const Pick& pick)
      -> std::optional<std::invoke_result_t<const Pick&, const T&>> {
    const std::lock_guard<std::mutex> lock(mutex_);
    for (auto at = items_.begin(); at != items_.end(); ++at)
      if (match(*at)) {
        items_.splice(items_.begin(), items_, at);
        return pick(items_.front());
      }
    return std::nullopt;
  }

  // Keeps `item` as the latest used; the least recently used goes past kKept.
  void keep(T item) {
    const std::lock_guard<std::mutex> lock(mutex_);
    items_.push_front(std::move(item));
    if (items_.size() > kKept) items_.pop_back();
  }

 private:
  std::mutex mutex_;
  std::list<T> items_;
};

}  // namespace core
