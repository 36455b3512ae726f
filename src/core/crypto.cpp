#include "core/crypto.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string_view>
#include <vector>

#include <gcrypt.h>
#include <sodium.h>

#include "core/shared_library.hpp"

namespace core {

void ensure_sodium() {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium could not be initialised");
}

std::string to_hex(const unsigned char* bytes, std::size_t size) {
  std::string hex(size * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), bytes, size);
  hex.pop_back();
  return hex;
}

std::string random_hex(std::size_t size) {
  ensure_sodium();
  std::vector<unsigned char> bytes(size);
  randombytes_buf(bytes.data(), bytes.size());
  return to_hex(bytes.data(), bytes.size());
}

std::string new_token() { return random_hex(16); }

std::string new_game_id() {
  // A letter first and no vowels: YAML can never read the id as a number, a boolean or null (a
  // hex id such as 6159e565 or 07255891 was, and came out quoted), and no word is spelled by
  // chance. 19 * 27^7 ids, about 2^37.
  static constexpr std::string_view first = "bcdfghjkmnpqrstvwxz";
  static constexpr std::string_view rest = "23456789bcdfghjkmnpqrstvwxz";
  ensure_sodium();
  std::string id(1, first[randombytes_uniform(first.size())]);
  for (int i = 1; i < 8; ++i) id += rest[randombytes_uniform(rest.size())];
  return id;
}

std::uint64_t new_seed() {
  ensure_sodium();
  std::uint64_t seed = 0;
  randombytes_buf(&seed, sizeof seed);
  return seed;
}

namespace {

using Parts = std::initializer_list<std::string_view>;
using Digest = std::array<unsigned char, 32>;

Digest blake2b_by_libsodium(Parts parts) {
  ensure_sodium();
  crypto_generichash_state state;
  Digest digest{};
  crypto_generichash_init(&state, nullptr, 0, digest.size());
  for (const std::string_view part : parts)
    crypto_generichash_update(&state, reinterpret_cast<const unsigned char*>(part.data()),
                              part.size());
  crypto_generichash_final(&state, digest.data(), digest.size());
  return digest;
}

// libgcrypt, opened with dlopen (as librsvg is) by the first process that hashes in bulk, with
// its vector code for BLAKE2b turned off: only its portable code is measured against libsodium's.
struct Gcrypt {
  decltype(&gcry_check_version) check_version = nullptr;
  decltype(&gcry_control) control = nullptr;
  decltype(&gcry_md_hash_buffers) hash_buffers = nullptr;
  bool ready = false;
};

const Gcrypt& gcrypt() {
  static const Gcrypt loaded = [] {
    Gcrypt g;
    SharedLibrary library("libgcrypt.so.20");  // Debian 12: libgcrypt20
    library.find("gcry_check_version", g.check_version);
    library.find("gcry_control", g.control);
    library.find("gcry_md_hash_buffers", g.hash_buffers);
    if (!library.error().empty()) return g;
    // Before the library initialises itself (in gcry_check_version). It has no other use here.
    g.control(GCRYCTL_DISABLE_HWF, "intel-avx2", nullptr);
    g.control(GCRYCTL_DISABLE_HWF, "intel-avx512", nullptr);
    if (!g.check_version(GCRYPT_VERSION)) return g;
    g.control(GCRYCTL_DISABLE_SECMEM, 0);
    g.control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    g.ready = true;
    return g;
  }();
  return loaded;
}

std::optional<Digest> blake2b_by_libgcrypt(Parts parts) {
  const Gcrypt& g = gcrypt();
  if (!g.ready) return std::nullopt;
  std::array<gcry_buffer_t, 8> buffers{};
  if (parts.size() > buffers.size()) return std::nullopt;
  std::size_t n = 0;
  for (const std::string_view part : parts) {
    buffers[n].data = const_cast<char*>(part.data());  // read, never written
    buffers[n].len = part.size();
    ++n;
  }
  Digest digest{};
  if (g.hash_buffers(GCRY_MD_BLAKE2B_256, 0, digest.data(), buffers.data(), static_cast<int>(n)) !=
      0)
    return std::nullopt;
  return digest;
}

// Which BLAKE2b hash_hex() uses. libsodium's until the process has hashed kBulkBytes; then the
// one that hashes a test text faster here. Both give the same digests (tests/unit/crypto_test).
// On this project's machines (AMD EPYC, 2026-11) libsodium's vector code hashes 590 MB/s and
// libgcrypt's portable code 1,150 MB/s; on other processors the vector code can win, hence the
// measurement. A process that hashes little (a turn) never opens libgcrypt. Once the choice is
// made, nothing is counted any more (an audit hashes on two threads at once).
constexpr std::uint64_t kBulkBytes = std::uint64_t{1} << 20;
std::atomic<std::uint64_t> hashed_bytes{0};
std::atomic<bool> decided{false};
std::atomic<Blake2b> chosen{Blake2b::kLibsodium};
std::once_flag choosing;

// The faster of the two on this processor: the best of 4 rounds each, taken in turn, over
// 16 KiB (about 0.2 ms in all). A speed, not a time of day: not core::Clock's business.
void choose() {
  const std::string text(16384, 'c');
  const Parts parts = {text};
  if (blake2b_by_libgcrypt(parts)) {
    using Tick = std::chrono::steady_clock;
    auto timed = [](auto&& hash) {
      const auto start = Tick::now();
      hash();
      return Tick::now() - start;
    };
    Tick::duration sodium = Tick::duration::max(), gcrypt = Tick::duration::max();
    for (int round = 0; round < 4; ++round) {
      sodium = std::min(sodium, timed([&] { blake2b_by_libsodium(parts); }));
      gcrypt = std::min(gcrypt, timed([&] { blake2b_by_libgcrypt(parts); }));
    }
    if (gcrypt < sodium) chosen.store(Blake2b::kLibgcrypt, std::memory_order_relaxed);
  }
  decided.store(true, std::memory_order_release);
}

// The implementation for a hash of `bytes`, counting them while no choice is made.
Blake2b implementation_for(std::uint64_t bytes) {
  if (!decided.load(std::memory_order_acquire)) {
    if (hashed_bytes.fetch_add(bytes, std::memory_order_relaxed) + bytes < kBulkBytes)
      return Blake2b::kLibsodium;
    std::call_once(choosing, choose);
  }
  return chosen.load(std::memory_order_relaxed);
}

std::string hex_of(const Digest& digest) { return to_hex(digest.data(), digest.size()); }

}  // namespace

std::string hash_hex(const std::string& text) { return hash_hex({std::string_view(text)}); }

std::string hash_hex(Parts parts) {
  std::uint64_t bytes = 0;
  for (const std::string_view part : parts) bytes += part.size();
  if (implementation_for(bytes) == Blake2b::kLibgcrypt)
    if (const auto digest = blake2b_by_libgcrypt(parts)) return hex_of(*digest);
  return hex_of(blake2b_by_libsodium(parts));
}

std::optional<std::string> hash_hex_by(Blake2b implementation, Parts parts) {
  if (implementation == Blake2b::kLibsodium) return hex_of(blake2b_by_libsodium(parts));
  const auto digest = blake2b_by_libgcrypt(parts);
  if (!digest) return std::nullopt;
  return hex_of(*digest);
}

std::optional<Blake2b> hash_implementation() {
  if (!decided.load(std::memory_order_acquire)) return std::nullopt;
  return chosen.load(std::memory_order_relaxed);
}

bool same_digest(const std::string& a, const std::string& b) {
  ensure_sodium();
  if (a.size() != b.size()) return false;
  return sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace core
