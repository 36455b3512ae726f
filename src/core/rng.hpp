// The one source of randomness for every engine: xoshiro256** seeded through SplitMix64.
//
// Promise: the same seed gives the same sequence on every compiler and platform, because every
// step (seeding, bounded draws, shuffles) is implemented here rather than taken from <random>,
// whose distributions and std::shuffle are implementation-defined.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace core {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0);

  std::uint64_t next();
  // Uniform in [0, bound), bound > 0; unbiased (Lemire's multiply-and-reject).
  std::uint64_t below(std::uint64_t bound);

  // Fisher-Yates, using below(); identical result everywhere.
  template <typename T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::size_t j = static_cast<std::size_t>(below(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  // The generator's state as 64 hex digits, and back: snapshots carry it so a turn never replays.
  std::string save() const;
  static Rng restore(const std::string& saved);

  bool operator==(const Rng& other) const { return s_ == other.s_; }

 private:
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace core
