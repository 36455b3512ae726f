// Caravans and bandits: their notation, which beats which, and the complete listing of what a
// hand can play (rulings DK-2, DK-3, DK-8).
#include "games/decktet_caravan/plays.hpp"

#include <algorithm>
#include <set>
#include <string>

#include <gtest/gtest.h>

namespace games::decktet_caravan {
namespace {

using core::Document;

Card card(const char* text) { return parse_card(text).value(); }

std::string canonical(const Document& move) { return format_play(parse_play(move)); }

std::vector<Card> cards(std::initializer_list<const char*> texts) {
  std::vector<Card> out;
  for (const char* text : texts) out.push_back(card(text));
  std::sort(out.begin(), out.end());
  return out;
}

std::set<std::string> formatted(const std::vector<Play>& plays) {
  std::set<std::string> out;
  for (const Play& play : plays) out.insert(format_play(play));
  return out;
}

// Ruling DK-2
TEST(DecktetPlays, DK2_ACaravanIsConsecutiveRanksWhoseNeighboursShareASuit) {
  EXPECT_EQ(canonical("3MW 4MS"), "3MW 4MS");                // Journey-Mountain share Moons
  EXPECT_EQ(canonical("4MS 3MW 5SW"), "3MW 4MS 5SW");        // listed in any order, kept by rank
  EXPECT_EQ(canonical("7ML"), "7ML");                        // one numeral is a caravan
  EXPECT_THROW(parse_play("3MW 5SW"), core::MoveError);      // rank 4 is missing
  EXPECT_THROW(parse_play("3MW 4WL 4MS"), core::MoveError);  // rank 4 twice
  EXPECT_THROW(parse_play("3SK 4WL"), core::MoveError);      // Painter and Sailor share no suit
  EXPECT_EQ(parse_play("3MW 4MS").kind, PlayKind::kCaravan);
}

// Ruling DK-2
TEST(DecktetPlays, DK2_AWildCardStandsForRankTwoToNineAndKeepsItsOwnSuit) {
  EXPECT_EQ(canonical("4MS AM=5"), "4MS AM=5");
  EXPECT_EQ(canonical("CS=3 4MS"), "CS=3 4MS");
  EXPECT_THROW(parse_play("4MS AW=5"), core::MoveError);   // Waves is not on Mountain
  EXPECT_THROW(parse_play("2MK AM=1"), core::MoveError);   // never rank 1
  EXPECT_THROW(parse_play("9MS CM=10"), core::MoveError);  // never rank 10
  EXPECT_THROW(parse_play("AM=4 CM=5"), core::MoveError);  // at least one numeral
  EXPECT_THROW(parse_play("4MS=5"), core::MoveError);      // a numeral keeps its own rank
  EXPECT_EQ(canonical("4MS=4"), "4MS");
}

// Ruling DK-8
TEST(DecktetPlays, DK8_EveryWildCardInACaravanDeclaresItsRankEvenWhenOnlyOneFits) {
  EXPECT_THROW(parse_play("4MS AM"), core::MoveError);
  EXPECT_THROW(parse_play("3MW 4MS CM"), core::MoveError);
  EXPECT_NO_THROW(parse_play("3MW 4MS CM=5"));
}

// Ruling DK-8
TEST(DecktetPlays, DK8_ACaravansTopRankCountsAWildCardAtItsDeclaredRank) {
  const Play wild_top = parse_play("4MS AM=5");
  EXPECT_EQ(wild_top.top(), 5);
  EXPECT_TRUE(beats(wild_top, parse_play("3MW 4MS")));
  EXPECT_EQ(parse_play("AM=3 4MS").top(), 4);
}

// Ruling DK-D1: cards in any order, sorted by rank.
TEST(DecktetPlays, PeopleMayWriteNamesListsAndRanksInSeveralWays) {
  EXPECT_EQ(canonical("Journey, Mountain, Ace-Moons=5"), "3MW 4MS AM=5");
  EXPECT_EQ(canonical("Journey + Mountain + Ace of Moons as 5"), "3MW 4MS AM=5");
  EXPECT_EQ(canonical("journey mountain ace moons = 5"), "3MW 4MS AM=5");
  EXPECT_EQ(canonical(Document::parse(R"(["Journey", "Mountain", {"Ace-Moons": 5}])")),
            "3MW 4MS AM=5");
  EXPECT_EQ(canonical(Document::parse(R"(["Journey", "Mountain", "AM=5"])")), "3MW 4MS AM=5");
  EXPECT_EQ(canonical(Document::parse(R"([{"AM": 5}, "Chance Meeting", "6MW"])")), "AM=5 6MW 7ML");
  EXPECT_EQ(canonical("Chance Meeting Lunatic"), "6MW 7ML");
  EXPECT_EQ(canonical("CK am"), "AM CK");
}

TEST(DecktetPlays, MalformedPlaysAreRefusedWithAReason) {
  for (const Document& bad :
       {Document(""), Document("zz99"), Document("pass pass"), Document(42), Document::array(),
        Document::object(), Document("4MS 4MS"), Document("AM="), Document("= 5"),
        Document("4MS AM=x"), Document::parse(R"([4])"), Document::parse(R"([{"AM": 5, "CM": 4}])"),
        Document::parse(R"([{"AM": "5"}])")})  // a rank is a number, never a quoted one
    EXPECT_THROW(parse_play(bad), core::MoveError) << bad.dump();
}

// Ruling DK-3
TEST(DecktetPlays, DK3_ABanditIsAnAceACrownOrAnAceAndACrown) {
  EXPECT_EQ(parse_play("AM").kind, PlayKind::kBandit);
  EXPECT_EQ(parse_play("CK").kind, PlayKind::kBandit);
  EXPECT_EQ(canonical("CK AM"), "AM CK");  // the Ace first
  EXPECT_THROW(parse_play("AM AS"), core::MoveError);
  EXPECT_THROW(parse_play("CM CS"), core::MoveError);
  EXPECT_THROW(parse_play("AM CM CS"), core::MoveError);
  EXPECT_THROW(parse_play("AM=5"), core::MoveError);  // a rank makes it a caravan of no numeral
}

// Ruling DK-3
TEST(DecktetPlays, DK3_BanditsRankAceCrownMixedPairSameSuitPair) {
  const Play ace = parse_play("AM"), crown = parse_play("CS"), mixed = parse_play("AM CS"),
             same = parse_play("AS CS");
  EXPECT_EQ(ace.bandit_strength(), 1);
  EXPECT_EQ(crown.bandit_strength(), 2);
  EXPECT_EQ(mixed.bandit_strength(), 3);
  EXPECT_EQ(same.bandit_strength(), 4);
  EXPECT_TRUE(beats(crown, ace));
  EXPECT_TRUE(beats(mixed, crown));
  EXPECT_TRUE(beats(same, mixed));
  EXPECT_FALSE(beats(ace, crown));
  // Strictly higher: a bandit of the same rank does not beat it.
  EXPECT_FALSE(beats(parse_play("AK"), ace));
  EXPECT_FALSE(beats(parse_play("CK"), crown));
  EXPECT_FALSE(beats(parse_play("AK CM"), mixed));
  EXPECT_FALSE(beats(parse_play("AK CK"), same));
}

// Ruling DK-3
TEST(DecktetPlays, DK3_AnyBanditBeatsAnyCaravanAndNoCaravanBeatsABandit) {
  const Play long_caravan = parse_play("2MK 3MW 4MS 5ML 6MW 7ML 8MS 9MS");
  EXPECT_TRUE(beats(parse_play("AM"), long_caravan));
  EXPECT_FALSE(beats(long_caravan, parse_play("AM")));
}

// Ruling DK-3
TEST(DecktetPlays, DK3_ACaravanBeatsOnlyACaravanOfItsLengthWithALowerTop) {
  const Play table = parse_play("3MW 4MS 5SW");
  EXPECT_TRUE(beats(parse_play("4MS 5SW 6SY"), table));
  EXPECT_FALSE(beats(parse_play("2MK 3MW 4MS"), table));      // lower
  EXPECT_FALSE(beats(parse_play("3LY 4WL 5ML"), table));      // equal top: not higher
  EXPECT_FALSE(beats(parse_play("4MS 5SW 6SY 7SK"), table));  // another length
  EXPECT_FALSE(beats(parse_play("9MS"), table));
}

// The brute force: every choice of cards (numerals in or out, wild cards out or at any rank
// 2-9), kept when it is a caravan by the plain reading of DK-2.
std::set<std::string> brute_force_caravans(const std::vector<Card>& hand) {
  std::vector<Card> numerals, wilds;
  for (Card c : hand) (is_wild(c) ? wilds : numerals).push_back(c);
  std::set<std::string> out;
  std::size_t wild_choices = 1;
  for (std::size_t i = 0; i < wilds.size(); ++i) wild_choices *= 9;
  for (std::size_t mask = 1; mask < (std::size_t{1} << numerals.size()); ++mask) {
    for (std::size_t choice = 0; choice < wild_choices; ++choice) {
      std::vector<Placed> chosen;
      for (std::size_t i = 0; i < numerals.size(); ++i)
        if (mask & (std::size_t{1} << i)) chosen.push_back({numerals[i], info(numerals[i]).rank});
      std::size_t rest = choice;
      for (Card wild : wilds) {
        const int digit = static_cast<int>(rest % 9);
        rest /= 9;
        if (digit > 0) chosen.push_back({wild, digit + 1});
      }
      std::sort(chosen.begin(), chosen.end(),
                [](const Placed& a, const Placed& b) { return a.rank < b.rank; });
      bool ok = true;
      for (std::size_t i = 1; i < chosen.size() && ok; ++i)
        ok = chosen[i].rank == chosen[i - 1].rank + 1 &&
             share_suit(chosen[i].card, chosen[i - 1].card);
      if (ok) out.insert(format_play(Play{PlayKind::kCaravan, chosen}));
    }
  }
  return out;
}

TEST(DecktetPlays, TheListingOfCaravansIsCompleteAgainstABruteForceEnumerator) {
  core::Rng rng(2024);
  for (int round = 0; round < 12; ++round) {
    std::vector<Card> numerals, wilds;
    for (Card c = 0; c < kCards; ++c) (is_wild(c) ? wilds : numerals).push_back(c);
    rng.shuffle(numerals);
    rng.shuffle(wilds);
    std::vector<Card> hand(numerals.begin(), numerals.begin() + 8);
    hand.insert(hand.end(), wilds.begin(), wilds.begin() + 1 + round % 3);
    std::sort(hand.begin(), hand.end());
    const auto listed = all_caravans(hand);
    const auto listed_set = formatted(listed);
    EXPECT_EQ(listed_set.size(), listed.size()) << "a caravan is listed twice";
    EXPECT_EQ(listed_set, brute_force_caravans(hand)) << "round " << round;
    for (const Play& play : listed) EXPECT_EQ(parse_play(format_play(play)), play);
  }
}

TEST(DecktetPlays, CaravansAreListedShortestFirstThenByTopRank) {
  const auto listed = all_caravans(cards({"2MK", "3MW", "4MS", "5ML", "6MW", "AM", "CS"}));
  ASSERT_FALSE(listed.empty());
  for (std::size_t i = 1; i < listed.size(); ++i) {
    const Play& a = listed[i - 1];
    const Play& b = listed[i];
    EXPECT_TRUE(a.length() < b.length() || (a.length() == b.length() && a.top() <= b.top()))
        << format_play(a) << " before " << format_play(b);
  }
  EXPECT_EQ(format_play(listed.front()), "2MK");
}

TEST(DecktetPlays, BanditsAreListedWeakestFirstAndCompletely) {
  const auto listed = all_bandits(cards({"AM", "AS", "CM", "4MS"}));
  std::vector<std::string> texts;
  for (const Play& play : listed) texts.push_back(format_play(play));
  EXPECT_EQ(texts, (std::vector<std::string>{"AM", "AS", "CM", "AS CM", "AM CM"}));
}

TEST(DecktetPlays, OnlyANumeralLetsAPlayerOpen) {
  EXPECT_FALSE(can_open(cards({"AM", "CK"})));
  EXPECT_TRUE(can_open(cards({"AM", "9LK"})));
  EXPECT_TRUE(all_caravans(cards({"AM", "CK", "AK"})).empty());
}

}  // namespace
}  // namespace games::decktet_caravan
