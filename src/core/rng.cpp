#include "core/rng.hpp"

#include <stdexcept>

#include <fmt/compile.h>
#include <fmt/format.h>

namespace core {

namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

// The 128-bit product of Lemire's method; GCC and Clang both have it.
__extension__ using Wide = unsigned __int128;

}  // namespace

Rng::Rng(std::uint64_t seed) {
  for (auto& word : s_) word = splitmix64(seed);
}

std::uint64_t Rng::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint64_t Rng::below(std::uint64_t bound) {
  if (bound == 0) throw std::invalid_argument("Rng::below: bound must be positive");
  Wide m = static_cast<Wide>(next()) * bound;
  auto low = static_cast<std::uint64_t>(m);
  if (low < bound) {
    const std::uint64_t threshold = (0 - bound) % bound;
    while (low < threshold) {
      m = static_cast<Wide>(next()) * bound;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

std::string Rng::save() const {
  // Compiled format: every turn's state hash takes the generator's text.
  return fmt::format(FMT_COMPILE("{:016x}{:016x}{:016x}{:016x}"), s_[0], s_[1], s_[2], s_[3]);
}

Rng Rng::restore(const std::string& saved) {
  if (saved.size() != 64) throw std::invalid_argument("rng state must be 64 hex digits");
  Rng rng;
  for (std::size_t i = 0; i < 4; ++i) {
    std::size_t used = 0;
    const std::string part = saved.substr(i * 16, 16);
    rng.s_[i] = std::stoull(part, &used, 16);
    if (used != 16) throw std::invalid_argument("rng state must be 64 hex digits");
  }
  return rng;
}

}  // namespace core
