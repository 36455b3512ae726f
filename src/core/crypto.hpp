// Tokens, seeds and hashes, all through libsodium; nothing here is hand-rolled crypto.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace core {

// Makes libsodium ready (once); throws std::runtime_error if it cannot be.
void ensure_sodium();
// The bytes as lowercase hex.
std::string to_hex(const unsigned char* bytes, std::size_t size);
// `size` random bytes from the OS, as 2*size hex digits.
std::string random_hex(std::size_t size);
// A fresh secret token: 128 random bits from the OS, as 32 hex digits.
std::string new_token();
// A short random game id: 8 characters, a consonant then consonants and digits 2-9, never read
// by YAML as anything but a string.
std::string new_game_id();
// A 64-bit seed from the OS.
std::uint64_t new_seed();
// BLAKE2b-256 of the text, as 64 hex digits.
std::string hash_hex(const std::string& text);
// The same of the parts written one after the other (without joining them first). Thread-safe.
std::string hash_hex(std::initializer_list<std::string_view> parts);
// BLAKE2b-256 keyed with `key` (libsodium's keyed mode; key 16 to 64 bytes) of the parts written
// one after the other, as 64 hex digits: a message authentication code.
std::string keyed_hash_hex(std::string_view key, std::initializer_list<std::string_view> parts);
// Constant-time comparison of two hex digests of equal length.
bool same_digest(const std::string& a, const std::string& b);

}  // namespace core
