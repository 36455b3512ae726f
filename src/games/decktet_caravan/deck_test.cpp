// The Decktet basic deck, card by card (ruling DK-1), and how people may name cards.
#include "games/decktet_caravan/deck.hpp"

#include <set>
#include <string>

#include <gtest/gtest.h>

namespace games::decktet_caravan {
namespace {

struct Expected {
  const char* name;
  int rank;
  int first;
  int second;
};

// Ruling DK-1, transcribed independently of the table in deck.cpp.
const Expected kNumerals[] = {
    {"Author", 2, kMoons, kKnots},   {"Desert", 2, kSuns, kWyrms},
    {"Origin", 2, kWaves, kLeaves},  {"Journey", 3, kMoons, kWaves},
    {"Painter", 3, kSuns, kKnots},   {"Savage", 3, kLeaves, kWyrms},
    {"Mountain", 4, kMoons, kSuns},  {"Sailor", 4, kWaves, kLeaves},
    {"Battle", 4, kWyrms, kKnots},   {"Forest", 5, kMoons, kLeaves},
    {"Discovery", 5, kSuns, kWaves}, {"Soldier", 5, kWyrms, kKnots},
    {"Lunatic", 6, kMoons, kWaves},  {"Penitent", 6, kSuns, kWyrms},
    {"Market", 6, kLeaves, kKnots},  {"Chance Meeting", 7, kMoons, kLeaves},
    {"Castle", 7, kSuns, kKnots},    {"Cave", 7, kWaves, kWyrms},
    {"Diplomat", 8, kMoons, kSuns},  {"Mill", 8, kWaves, kLeaves},
    {"Betrayal", 8, kWyrms, kKnots}, {"Pact", 9, kMoons, kSuns},
    {"Darkness", 9, kWaves, kWyrms}, {"Merchant", 9, kLeaves, kKnots},
};

// Ruling DK-1
TEST(DecktetDeck, DK1_EveryNumeralHasTheRankAndTwoSuitsTheNotesList) {
  for (const Expected& expected : kNumerals) {
    SCOPED_TRACE(expected.name);
    auto card = parse_card(expected.name);
    ASSERT_TRUE(card.has_value());
    EXPECT_EQ(card_name(*card), expected.name);
    EXPECT_EQ(info(*card).rank, expected.rank);
    EXPECT_TRUE(has_suit(*card, expected.first));
    EXPECT_TRUE(has_suit(*card, expected.second));
    for (int suit = 0; suit < kSuitCount; ++suit) {
      if (suit != expected.first && suit != expected.second) {
        EXPECT_FALSE(has_suit(*card, suit));
      }
    }
    EXPECT_FALSE(is_wild(*card));
  }
}

// Ruling DK-1
TEST(DecktetDeck, DK1_TheDeckIsSixAcesTwentyFourNumeralsAndSixCrownsEachOnce) {
  int aces = 0, crowns = 0, numerals = 0;
  std::set<std::string> names, codes;
  std::set<std::pair<int, int>> ace_suits, crown_suits;
  for (Card card = 0; card < kCards; ++card) {
    names.insert(card_name(card));
    codes.insert(card_code(card));
    if (is_ace(card)) {
      ++aces;
      ace_suits.insert({info(card).suits[0], info(card).suits[1]});
    } else if (is_crown(card)) {
      ++crowns;
      crown_suits.insert({info(card).suits[0], info(card).suits[1]});
    } else {
      ++numerals;
    }
  }
  EXPECT_EQ(aces, 6);
  EXPECT_EQ(crowns, 6);
  EXPECT_EQ(numerals, 24);
  EXPECT_EQ(names.size(), 36u);
  EXPECT_EQ(codes.size(), 36u);
  // Aces and Crowns carry one suit each, one of every suit.
  EXPECT_EQ(ace_suits.size(), 6u);
  EXPECT_EQ(crown_suits.size(), 6u);
  for (const auto& [first, second] : ace_suits) EXPECT_EQ(second, kNoSuit);
  // Each numeral rank has three cards that together carry all six suits.
  for (int rank = kLowRank; rank <= kHighRank; ++rank) {
    std::set<int> suits;
    int count = 0;
    for (Card card = 0; card < kCards; ++card) {
      if (info(card).rank != rank) continue;
      ++count;
      suits.insert(info(card).suits.begin(), info(card).suits.end());
    }
    EXPECT_EQ(count, 3) << rank;
    EXPECT_EQ(suits.size(), 6u) << rank;
  }
}

TEST(DecktetDeck, TheTableRunsInRankOrderSoSortedCardsAreSortedByRank) {
  for (Card card = 1; card < kCards; ++card) EXPECT_LE(info(card - 1).rank, info(card).rank);
}

TEST(DecktetDeck, ShortFormsAreRankAndSuitLetters) {
  EXPECT_EQ(card_code(*parse_card("Mountain")), "4MS");
  EXPECT_EQ(card_code(*parse_card("Cave")), "7WY");
  EXPECT_EQ(card_code(*parse_card("Ace-Moons")), "AM");
  EXPECT_EQ(card_code(*parse_card("Crown-Knots")), "CK");
  EXPECT_EQ(*parse_card("4MS"), *parse_card("Mountain"));
  EXPECT_EQ(*parse_card("4sm"), *parse_card("Mountain"));  // suits either way round
}

TEST(DecktetDeck, NamesAreReadInAnyCaseWithBlanksHyphensOrNeither) {
  const Card meeting = *parse_card("Chance Meeting");
  EXPECT_EQ(parse_card("ChanceMeeting"), meeting);
  EXPECT_EQ(parse_card("chance-meeting"), meeting);
  EXPECT_EQ(parse_card("CHANCE_MEETING"), meeting);
  EXPECT_EQ(parse_card("7ML"), meeting);
  const Card ace = *parse_card("AM");
  EXPECT_TRUE(is_ace(ace));
  EXPECT_TRUE(has_suit(ace, kMoons));
  for (const char* text : {"Ace-Moons", "ace of moons", "AceMoons", "ace-m", "am"})
    EXPECT_EQ(parse_card(text), ace) << text;
  const Card crown = *parse_card("CK");
  EXPECT_TRUE(is_crown(crown));
  EXPECT_TRUE(has_suit(crown, kKnots));
  for (const char* text : {"Crown-Knots", "Crown of Knots", "crownknots"})
    EXPECT_EQ(parse_card(text), crown) << text;
}

TEST(DecktetDeck, TextThatNamesNoCardIsRefused) {
  for (const char* text : {"", "zz99", "4MW", "1MS", "10MS", "Ace", "Crown-Dragons", "Pawn", "A"})
    EXPECT_FALSE(parse_card(text).has_value()) << text;
}

TEST(DecktetDeck, CardsShareASuitOnlyWhenTheyHaveOneInCommon) {
  EXPECT_TRUE(share_suit(*parse_card("Mountain"), *parse_card("Journey")));  // Moons
  EXPECT_FALSE(share_suit(*parse_card("Mountain"), *parse_card("Sailor")));
  EXPECT_TRUE(share_suit(*parse_card("AM"), *parse_card("CM")));
  EXPECT_FALSE(share_suit(*parse_card("AM"), *parse_card("CS")));
}

}  // namespace
}  // namespace games::decktet_caravan
