#include "core/tally.hpp"

#include <array>
#include <atomic>
#include <cstddef>

namespace core {

namespace {

std::array<std::atomic<std::uint64_t>, 3> counts{};

}  // namespace

void tally(Step step) {
  counts.at(static_cast<std::size_t>(step)).fetch_add(1, std::memory_order_relaxed);
}

std::uint64_t tallied(Step step) {
  return counts.at(static_cast<std::size_t>(step)).load(std::memory_order_relaxed);
}

}  // namespace core
