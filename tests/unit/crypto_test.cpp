// core::hash_hex: BLAKE2b-256 by libsodium, or by libgcrypt once a process hashes in bulk. Every
// state hash of every record depends on the two giving the very same digests.
#include "core/crypto.hpp"

#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

namespace {

using core::Blake2b;

// Bytes that are not all alike, so that a block or a padding mixed up shows.
std::string text_of(std::size_t size) {
  std::string text(size, '\0');
  for (std::size_t i = 0; i < size; ++i) text[i] = static_cast<char>((i * 131 + 7) % 251);
  return text;
}

TEST(Blake2b, KnownDigests) {
  // BLAKE2b with a 32-byte digest and no key (RFC 7693's algorithm; values from b2sum -l 256).
  EXPECT_EQ(core::hash_hex(""), "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8");
  EXPECT_EQ(core::hash_hex("abc"),
            "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319");
}

TEST(Blake2b, BothLibrariesGiveTheSameDigestAtEveryLength) {
  ASSERT_TRUE(core::hash_hex_by(Blake2b::kLibgcrypt, {"abc"}))
      << "libgcrypt.so.20 cannot be opened (.ci/install-deps installs it)";
  std::vector<std::size_t> sizes;
  for (std::size_t size = 0; size <= 300; ++size) sizes.push_back(size);  // every padding case
  for (std::size_t size : {1023, 1024, 1025, 4095, 4096, 4097, 65537}) sizes.push_back(size);
  for (const std::size_t size : sizes) {
    const std::string text = text_of(size);
    const auto sodium = core::hash_hex_by(Blake2b::kLibsodium, {text});
    ASSERT_EQ(core::hash_hex_by(Blake2b::kLibgcrypt, {text}), sodium) << size << " bytes";
    // In parts, as a state, its generator and the table are hashed.
    const std::string_view view(text);
    const std::size_t cut = size / 3;
    const auto parts = {view.substr(0, cut), std::string_view("\n"), view.substr(cut)};
    const std::string joined = text.substr(0, cut) + "\n" + text.substr(cut);
    ASSERT_EQ(core::hash_hex_by(Blake2b::kLibgcrypt, parts),
              core::hash_hex_by(Blake2b::kLibsodium, {joined}))
        << size << " bytes in parts";
  }
}

TEST(Blake2b, HashingInBulkChoosesALibraryAndKeepsTheDigests) {
  const std::string before = core::hash_hex("state\nrng");
  const std::string block = text_of(65536);
  for (int i = 0; i < 17; ++i) core::hash_hex(block);  // over 1 MiB
  const auto chosen = core::hash_implementation();
  ASSERT_TRUE(chosen.has_value());
  EXPECT_EQ(core::hash_hex("state\nrng"), before);
  EXPECT_EQ(core::hash_hex({"state", "\n", "rng"}), before);
  EXPECT_EQ(core::hash_hex(block), core::hash_hex_by(Blake2b::kLibsodium, {block}));
  // More parts than libgcrypt's path takes at once: the same digest as the parts joined.
  EXPECT_EQ(core::hash_hex({"a", "b", "c", "d", "e", "f", "g", "h", "i"}),
            core::hash_hex("abcdefghi"));
}

}  // namespace
