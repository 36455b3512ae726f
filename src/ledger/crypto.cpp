#include "ledger/crypto.hpp"

#include <array>
#include <stdexcept>
#include <vector>

#include <sodium.h>

#include "core/crypto.hpp"

namespace ledger {

namespace {

using core::ensure_sodium;
using core::to_hex;

// Exactly `size` bytes from 2*size hex digits, or nullopt.
std::optional<std::vector<unsigned char>> from_hex(const std::string& hex, std::size_t size) {
  if (!is_hex(hex, size)) return std::nullopt;
  std::vector<unsigned char> bytes(size);
  std::size_t written = 0;
  if (sodium_hex2bin(bytes.data(), bytes.size(), hex.data(), hex.size(), nullptr, &written,
                     nullptr) != 0 ||
      written != size)
    return std::nullopt;
  return bytes;
}

const unsigned char* bytes_of(const std::string& text) {
  return reinterpret_cast<const unsigned char*>(text.data());
}

}  // namespace

std::string sha256_hex(const std::string& bytes) { return sha256_hex({std::string_view(bytes)}); }

std::string sha256_hex(std::initializer_list<std::string_view> parts) {
  ensure_sodium();
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  for (const std::string_view part : parts)
    crypto_hash_sha256_update(&state, reinterpret_cast<const unsigned char*>(part.data()),
                              part.size());
  std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
  crypto_hash_sha256_final(&state, digest.data());
  return to_hex(digest.data(), digest.size());
}

bool is_hex(const std::string& text, std::size_t bytes) {
  if (text.size() != bytes * 2) return false;
  for (char c : text)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return false;
  return true;
}

KeyPair new_key_pair() {
  ensure_sodium();
  std::array<unsigned char, crypto_sign_PUBLICKEYBYTES> pk{};
  std::array<unsigned char, crypto_sign_SECRETKEYBYTES> sk{};
  crypto_sign_keypair(pk.data(), sk.data());
  KeyPair pair{to_hex(pk.data(), pk.size()), to_hex(sk.data(), sk.size())};
  sodium_memzero(sk.data(), sk.size());
  return pair;
}

std::optional<std::string> public_key_of(const std::string& secret_key) {
  ensure_sodium();
  auto sk = from_hex(secret_key, crypto_sign_SECRETKEYBYTES);
  if (!sk) return std::nullopt;
  std::array<unsigned char, crypto_sign_PUBLICKEYBYTES> pk{};
  crypto_sign_ed25519_sk_to_pk(pk.data(), sk->data());
  sodium_memzero(sk->data(), sk->size());
  return to_hex(pk.data(), pk.size());
}

std::string sign(const std::string& secret_key, const std::string& message) {
  ensure_sodium();
  auto sk = from_hex(secret_key, crypto_sign_SECRETKEYBYTES);
  if (!sk) throw std::invalid_argument("a secret key is 128 hex digits");
  std::array<unsigned char, crypto_sign_BYTES> signature{};
  crypto_sign_detached(signature.data(), nullptr, bytes_of(message), message.size(), sk->data());
  sodium_memzero(sk->data(), sk->size());
  return to_hex(signature.data(), signature.size());
}

bool verify(const std::string& public_key, const std::string& message,
            const std::string& signature) {
  ensure_sodium();
  const auto pk = from_hex(public_key, crypto_sign_PUBLICKEYBYTES);
  const auto sig = from_hex(signature, crypto_sign_BYTES);
  if (!pk || !sig) return false;
  return crypto_sign_verify_detached(sig->data(), bytes_of(message), message.size(), pk->data()) ==
         0;
}

}  // namespace ledger
