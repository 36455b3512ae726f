// The audit's cryptography, all through libsodium (nothing hand-rolled): SHA-256 digests and
// Ed25519 key pairs and detached signatures. Every digest, key and signature is lowercase hex.
//
// SHA-256 (not the BLAKE2b of core::hash_hex) is used for everything a player may want to check
// by hand, because `sha256sum` is on every system.
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace ledger {

// SHA-256 of the bytes, as 64 hex digits.
std::string sha256_hex(const std::string& bytes);
// The same of the parts written one after the other (without joining them first).
std::string sha256_hex(std::initializer_list<std::string_view> parts);

// True for exactly 2*bytes lowercase or uppercase hex digits.
bool is_hex(const std::string& text, std::size_t bytes);

struct KeyPair {
  std::string public_key;  // 32 bytes, 64 hex digits
  std::string secret_key;  // libsodium's 64-byte form (seed then public key), 128 hex digits
};

KeyPair new_key_pair();
// The public key inside a secret key; nullopt when it is not a 128-digit hex key.
std::optional<std::string> public_key_of(const std::string& secret_key);

// A detached Ed25519 signature (64 bytes, 128 hex digits). Throws std::invalid_argument when
// the secret key is not 128 hex digits.
std::string sign(const std::string& secret_key, const std::string& message);
// False for a bad signature, and for a key or signature that is not hex of the right length.
bool verify(const std::string& public_key, const std::string& message,
            const std::string& signature);

}  // namespace ledger
