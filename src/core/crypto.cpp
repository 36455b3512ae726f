#include "core/crypto.hpp"

#include <array>
#include <stdexcept>
#include <vector>

#include <sodium.h>

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

std::string hash_hex(const std::string& text) { return hash_hex({std::string_view(text)}); }

std::string hash_hex(std::initializer_list<std::string_view> parts) {
  return keyed_hash_hex({}, parts);
}

std::string keyed_hash_hex(std::string_view key, std::initializer_list<std::string_view> parts) {
  ensure_sodium();
  if (!key.empty() && (key.size() < crypto_generichash_KEYBYTES_MIN ||
                       key.size() > crypto_generichash_KEYBYTES_MAX))
    throw std::invalid_argument("a BLAKE2b key is 16 to 64 bytes");
  crypto_generichash_state state;
  std::array<unsigned char, 32> digest{};
  crypto_generichash_init(&state, reinterpret_cast<const unsigned char*>(key.data()), key.size(),
                          digest.size());
  for (const std::string_view part : parts)
    crypto_generichash_update(&state, reinterpret_cast<const unsigned char*>(part.data()),
                              part.size());
  crypto_generichash_final(&state, digest.data(), digest.size());
  return to_hex(digest.data(), digest.size());
}

bool same_digest(const std::string& a, const std::string& b) {
  ensure_sodium();
  if (a.size() != b.size()) return false;
  return sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace core
