// core::hash_hex: BLAKE2b-256 by libsodium. Every state hash of every record depends on the digest
// in parts being the digest of the parts joined.
#include "core/crypto.hpp"

#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace {

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

TEST(Blake2b, PartsGiveTheDigestOfThePartsJoinedAtEveryLength) {
  for (std::size_t size = 0; size <= 300; ++size) {  // every padding case of a 128-byte block
    const std::string text = text_of(size);
    // In parts, as a state, its generator and the table are hashed.
    const std::string_view view(text);
    const std::size_t cut = size / 3;
    const auto parts = {view.substr(0, cut), std::string_view("\n"), view.substr(cut)};
    const std::string joined = text.substr(0, cut) + "\n" + text.substr(cut);
    ASSERT_EQ(core::hash_hex(parts), core::hash_hex(joined)) << size << " bytes in parts";
  }
  EXPECT_EQ(core::hash_hex({"a", "b", "c", "d", "e", "f", "g", "h", "i"}),
            core::hash_hex("abcdefghi"));
}

}  // namespace
