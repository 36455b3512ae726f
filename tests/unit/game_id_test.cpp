// Game ids are typed by hand into turn files and read out of YAML by scripts: they must always
// come out of the writer as bare words, never quoted as a number, a boolean or null would be.
#include <set>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "core/crypto.hpp"
#include "output/writer.hpp"

namespace {

TEST(GameId, IsAConsonantThenSevenConsonantsOrDigits) {
  constexpr std::string_view consonants = "bcdfghjkmnpqrstvwxz", digits = "23456789";
  auto in = [](std::string_view set, char c) { return set.find(c) != std::string_view::npos; };
  for (int i = 0; i < 2000; ++i) {
    const std::string id = core::new_game_id();
    ASSERT_EQ(id.size(), 8u) << id;
    EXPECT_TRUE(in(consonants, id[0])) << id;
    for (char c : id.substr(1)) EXPECT_TRUE(in(consonants, c) || in(digits, c)) << id;
  }
}

TEST(GameId, IsWrittenToYamlWithoutQuotes) {
  for (int i = 0; i < 2000; ++i) {
    const std::string id = core::new_game_id();
    EXPECT_EQ(output::to_yaml({{"game", id}}), "game: " + id + "\n") << id;
  }
}

TEST(GameId, HexIdsThatYamlReadsAsNumbersWouldHaveBeenQuoted) {
  // The ids this replaced: 8 hex digits, of which about one in forty was quoted.
  EXPECT_NE(output::to_yaml({{"game", "6159e565"}}), "game: 6159e565\n");
  EXPECT_NE(output::to_yaml({{"game", "07255891"}}), "game: 07255891\n");
}

TEST(GameId, DrawsDoNotRepeat) {
  std::set<std::string> seen;
  for (int i = 0; i < 2000; ++i) seen.insert(core::new_game_id());
  EXPECT_EQ(seen.size(), 2000u);
}

}  // namespace
