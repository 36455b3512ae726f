// The packed plays (packed.hpp) against the documents' plays (plays.hpp): the same caravans and
// bandits from the same cards, in the same listing order, read and written alike.
#include "games/decktet_caravan/packed.hpp"

#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

#include "core/rng.hpp"

namespace games::decktet_caravan {
namespace {

using packed::Cards;

std::vector<Card> list_of(Cards cards) {
  std::vector<Card> out;
  for (; cards != 0; cards &= cards - 1) out.push_back(packed::lowest(cards));
  return out;
}

// A random hand of `wilds` Aces and Crowns and `numerals` numerals.
Cards random_hand(core::Rng& rng, int wilds, int numerals) {
  std::vector<Card> w = list_of(packed::kTables.wilds), n = list_of(packed::kTables.numerals);
  rng.shuffle(w);
  rng.shuffle(n);
  Cards hand = 0;
  for (int i = 0; i < wilds; ++i) hand |= packed::bit(w[static_cast<std::size_t>(i)]);
  for (int i = 0; i < numerals; ++i) hand |= packed::bit(n[static_cast<std::size_t>(i)]);
  return hand;
}

// What plays.hpp lists for a random hand of up to four Aces and Crowns and eleven numerals.
struct Listed {
  Cards hand;
  std::vector<Play> plays;  // every caravan, then every bandit
};
Listed random_listing(core::Rng& rng) {
  Listed out;
  out.hand = random_hand(rng, static_cast<int>(rng.below(5)), static_cast<int>(rng.below(12)));
  const std::vector<Card> cards = list_of(out.hand);
  out.plays = all_caravans(cards);
  for (Play& play : all_bandits(cards)) out.plays.push_back(std::move(play));
  return out;
}

std::vector<std::string> texts(const std::vector<Play>& plays) {
  std::vector<std::string> out;
  for (const Play& play : plays) out.push_back(format_play(play));
  return out;
}

// Ruling DK-2 (caravans), DK-3 (bandits)
TEST(DecktetPacked, EveryHandListsThePlaysOfTheDocumentsInTheirOrder) {
  core::Rng rng(16);
  for (int round = 0; round < 300; ++round) {
    const auto [hand, expected] = random_listing(rng);

    std::vector<core::ActionId> plays;
    auto add = [&](core::ActionId play) {
      plays.push_back(play);
      return false;
    };
    packed::for_each_caravan(hand, 0, 0, add);
    packed::for_each_bandit(hand, 0, add);
    std::sort(plays.begin(), plays.end());
    std::vector<std::string> got;
    for (core::ActionId play : plays) {
      got.push_back(packed::text(play));
      EXPECT_EQ(packed::pack(packed::unpack(play)), play);
      EXPECT_EQ(packed::pack(parse_play(packed::text(play))), play);
      EXPECT_EQ(packed::read_canonical(packed::text(play)), play);
      EXPECT_EQ(packed::cards_of(play) & ~hand, 0u);
    }
    ASSERT_EQ(got, texts(expected));
  }
}

// Ruling DK-3
TEST(DecktetPacked, AnAnswerListsExactlyThePlaysThatBeatTheTable) {
  core::Rng rng(61);
  for (int round = 0; round < 300; ++round) {
    const auto [hand, every] = random_listing(rng);
    if (every.empty()) continue;
    const Play& table = every[static_cast<std::size_t>(rng.below(every.size()))];
    const core::ActionId table_id = packed::pack(table);

    std::vector<std::string> expected;
    for (const Play& play : every)
      if (beats(play, table)) expected.push_back(format_play(play));
    std::vector<core::ActionId> plays;
    auto add = [&](core::ActionId play) {
      EXPECT_TRUE(packed::beats(play, table_id));
      plays.push_back(play);
      return false;
    };
    if (!packed::is_bandit(table_id))
      packed::for_each_caravan(hand, packed::length_field(table_id), packed::top(table_id), add);
    packed::for_each_bandit(hand, packed::is_bandit(table_id) ? packed::length_field(table_id) : 0,
                            add);
    std::sort(plays.begin(), plays.end());
    std::vector<std::string> got;
    for (core::ActionId play : plays) got.push_back(packed::text(play));
    ASSERT_EQ(got, expected) << format_play(table);
  }
}

// The quick reader takes only canonical, well-formed plays; parse_play reads the rest and says
// what is wrong with a bad one.
TEST(DecktetPacked, TheQuickReaderLeavesEveryOtherSpellingToParsePlay) {
  for (const char* text : {"4MS 3MW", "3mw 4MS", "3MW  4MS", " 3MW", "3MW 4MS ", "3MW,4MS",
                           "Mountain", "4MS=4", "4MS AM", "AM=5", "AM=4 CM=5", "3MW 5SW", "3SK 4WL",
                           "CK AM", "AM AS", "AM CK CS", "AM=3 4MS AM=5", "pass", ""})
    EXPECT_FALSE(packed::read_canonical(text).has_value()) << text;
  EXPECT_EQ(packed::read_canonical("3MW 4MS AM=5"), packed::pack(parse_play("3MW 4MS AM=5")));
  EXPECT_EQ(packed::read_canonical("AM CK"), packed::pack(parse_play("CK AM")));
}

}  // namespace
}  // namespace games::decktet_caravan
