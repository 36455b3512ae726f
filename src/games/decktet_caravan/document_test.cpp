// Decktet Caravan's views, positions, drawing and the clock's default move.
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "games/decktet_caravan/decktet_caravan.hpp"
#include "games/decktet_caravan/position_testing.hpp"

namespace games::decktet_caravan {
namespace {

using namespace testing;  // NOLINT(google-build-using-namespace): this engine's test helpers

TEST(DecktetCaravan, TheViewTellsWhatTheFaceUpCardsMeanAndTheRunningValues) {
  Position pos;
  pos.p1 = {"3MW"};
  pos.p2 = {"4MS"};
  pos.c1 = {"6LK", "5SW"};
  auto state = pos.state();
  const Document view = state->view(0);
  EXPECT_EQ(view["scoring"]["Moons"], -1);
  EXPECT_EQ(view["scoring"]["Knots"], 1);
  EXPECT_EQ(view["collected_value"][P1], 1);
  EXPECT_EQ(view["collected_value"][P2], value_of(view["collected"][P2], view["face_up"]));
  EXPECT_EQ(view["hand_opener"], P1);
  EXPECT_EQ(view["to_move"], P1);
}

TEST(DecktetCaravan, PlaysArePublicAndTheReplacementDealIsPrivate) {
  Position pos = going_out_position(2);
  auto state = pos.state();
  const auto played = play(*state, 0, "9LK");
  EXPECT_EQ(played.at(0).audience, core::kEveryone);
  EXPECT_EQ(played.at(0).full["play"], "9LK");
  const auto events = play(*state, 1, "pass");
  int private_deals = 0;
  for (const auto& event : events) {
    if (event.audience == core::kEveryone) continue;
    ++private_deals;
    EXPECT_EQ(event.redacted["cards"], Document({{"hidden", 15}}));
  }
  EXPECT_EQ(private_deals, 2);
}

TEST(DecktetCaravan, ResamplingRedrawsTheOpponentsCardsAndTheSetAsideKeepingTheirKinds) {
  core::Rng rng(8);
  auto state = kEngine.start(2, {}, rng).state;
  const Document full = referee(*state);
  bool changed = false;
  for (std::uint64_t salt = 0; salt < 10; ++salt) {
    core::Rng resampler(salt);
    auto other = state->resample(0, resampler);
    EXPECT_EQ(other->view(0), state->view(0));
    const Document doc = referee(*other);
    EXPECT_EQ(doc["hand_sizes"], full["hand_sizes"]);
    EXPECT_EQ(doc["cards"][P1], full["cards"][P1]);
    changed = changed || doc["cards"][P2] != full["cards"][P2];
    EXPECT_NO_THROW(kEngine.restore(doc, 2, {}));
  }
  EXPECT_TRUE(changed);
}

TEST(DecktetCaravan, PositionsThatBreakTheRulesAreRefusedWithAReason) {
  Position lost_card;
  lost_card.p1 = {"3MW"};
  lost_card.p2 = {"4MS"};
  Document doc = lost_card.build();
  doc["cards"][P1].push_back("4MS");  // twice
  EXPECT_THROW(kEngine.restore(doc, 2, {}), core::SetupError);
  Position bad_aside = lost_card;
  bad_aside.set_aside = {"AS", "2WL", "2MK", "2SY"};
  EXPECT_THROW(bad_aside.state(), core::SetupError);
  Position low_answer = lost_card;
  low_answer.plays = {{P1, "5ML"}, {P2, "4WL"}};
  EXPECT_THROW(low_answer.state(), core::SetupError);
  Position bandit_opening = lost_card;
  bandit_opening.plays = {{P1, "AS"}};
  bandit_opening.set_aside = {"AW", "CS", "2MK", "2SY"};
  bandit_opening.to_move = P2;
  EXPECT_THROW(bandit_opening.state(), core::SetupError);
  doc = lost_card.build();
  doc["hand"] = 2;  // but no hand was scored
  EXPECT_THROW(kEngine.restore(doc, 2, {}), core::SetupError);
  doc = lost_card.build();
  EXPECT_THROW(kEngine.restore(doc, 2, {{"hands", "3"}}), core::SetupError);  // 5 in the doc
  doc["surprise"] = 1;
  EXPECT_THROW(kEngine.restore(doc, 2, {}), core::SetupError);
}

TEST(DecktetCaravan, TheDrawingNamesTheCardsAndWhatIsToBeDone) {
  Position pos;
  pos.p1 = {"4MS", "AW"};
  pos.p2 = {"9LK"};
  pos.plays = {{P2, "3MW"}};
  pos.set_aside = {"AS", "CS", "2MK", "2SY"};
  auto state = pos.state();
  const std::string text = kEngine.draw(state->view(0));
  EXPECT_NE(text.find("4MS Mountain (Moons+Suns)"), std::string::npos) << text;
  EXPECT_NE(text.find("Ace of Moons"), std::string::npos) << text;
  EXPECT_NE(text.find("beat 3MW or pass"), std::string::npos) << text;
  EXPECT_EQ(text.find("9LK"), std::string::npos) << "the opponent's card is drawn: " << text;
  const std::string full = kEngine.draw(referee(*state));
  EXPECT_NE(full.find("Merchant"), std::string::npos) << full;
}

// The clock's default move (man page, DECISIONS): an answer passes; an opener, who may not
// pass, plays the lowest caravan: one card, the lowest numeral held.
TEST(DecktetCaravan, DefaultMovePassesOrOpensWithTheLowestCaravan) {
  Position pos;
  pos.p1 = {"AS", "7SK", "3MW", "4MS"};
  pos.p2 = {"5ML", "9LK"};
  pos.set_aside = {"AW", "CS", "2MK", "2SY"};
  auto state = pos.state();
  EXPECT_EQ(state->default_move(), Document("3MW"));
  play(*state, 0, state->default_move());
  EXPECT_EQ(state->default_move(), Document("pass"));  // Player 2 could beat it, and passes
  const auto answers = state->legal_moves();
  EXPECT_NE(std::find(answers.begin(), answers.end(), Document("5ML")), answers.end());
  play(*state, 1, state->default_move());
  EXPECT_EQ(referee(*state)["to_move"], P1);
}

}  // namespace
}  // namespace games::decktet_caravan
