// nv-caravan's notation, views, positions and the clock's default moves.
#include <algorithm>
#include <set>

#include <gtest/gtest.h>

#include "games/nv_caravan/nv_caravan.hpp"
#include "games/nv_caravan/position_testing.hpp"

namespace games::nv_caravan {
namespace {

using namespace testing;  // NOLINT(google-build-using-namespace): this engine's test helpers

// ---- Notation, views, positions ---------------------------------------------------------------

TEST(NvCaravan, NotationAcceptsTenAsTOrTenAnyCaseButNoNumberAsAString) {
  EXPECT_EQ(card_name(*parse_card("tc")), "10C");
  EXPECT_EQ(card_name(*parse_card(" 10c ")), "10C");
  EXPECT_EQ(card_name(*parse_card("jk2/3")), "JK2/3");
  EXPECT_EQ(card_name(*parse_card("7H/1")), "7H");
  EXPECT_FALSE(parse_card("11H"));
  EXPECT_FALSE(parse_card("7X"));
  EXPECT_FALSE(parse_card("7H/5"));
  EXPECT_FALSE(parse_card("JK3"));
  Position p;
  p.hand("North", {"10C", "KS", "JK1"}).hand("South", {"2C"}).caravan(1, {slot("5C")});
  auto state = p.make();
  expect_allowed(*state, kNorth, {{"play", "10C"}, {"on", 1}});
  EXPECT_NO_THROW(play(*state->clone(), kNorth, {{"play", "tc"}, {"on", 1}}));
  EXPECT_NO_THROW(play(*state->clone(), kNorth, {{"play", "ks"}, {"on", 1}, {"at", 1}}));
  // Numbers are numbers: a quoted caravan or position (`on: '1'`) is refused, not guessed at.
  EXPECT_THROW(play(*state->clone(), kNorth, {{"play", "tc"}, {"on", "1"}}), core::MoveError);
  EXPECT_THROW(play(*state->clone(), kNorth, {{"play", "ks"}, {"on", 1}, {"at", "1"}}),
               core::MoveError);
  EXPECT_NO_THROW(play(*state->clone(), kNorth, {{"play", "JK"}, {"on", 1}, {"at", 1}}));
  EXPECT_THROW(play(*state->clone(), kNorth, {{"play", "9C"}, {"on", 1}}), core::MoveError);
  EXPECT_THROW(play(*state->clone(), kNorth, {{"play", "10C"}, {"on", 7}}), core::MoveError);
  EXPECT_THROW(play(*state->clone(), kNorth, {{"play", "10C"}, {"on", 1}, {"bogus", 1}}),
               core::MoveError);
  EXPECT_THROW(play(*state->clone(), kNorth, {{"discard", "10C"}, {"disband", 1}}),
               core::MoveError);
}

// A player sees their hand, sizes of what they cannot see, both discard piles and all caravans.
TEST(NvCaravan, AViewShowsYourHandAndOnlyTheSizesOfHiddenCards) {
  core::Rng rng(11);
  auto state = kEngine.start(2, {}, rng).state;
  const Document north = state->view(kNorth);
  EXPECT_EQ(north["viewer"], "North");
  EXPECT_TRUE(north["players"]["North"].contains("hand"));
  EXPECT_FALSE(north["players"]["North"].contains("deck"));
  EXPECT_EQ(north["players"]["North"]["deck_size"], 46);
  EXPECT_FALSE(north["players"]["South"].contains("hand"));
  EXPECT_EQ(north["players"]["South"]["hand_size"], 8);
  EXPECT_EQ(north["caravans"].size(), 6u);
  EXPECT_EQ(north["pairs"].size(), 3u);
  // A player's view is not a position.
  EXPECT_THROW(kEngine.restore(north, 2, {}), core::SetupError);
  const std::string drawn = kEngine.draw(north);
  EXPECT_NE(drawn.find("You are North"), std::string::npos);
  EXPECT_NE(drawn.find("hand 8 cards"), std::string::npos);
}

// Hidden information: a resample redraws the other hand and both deck orders, nothing else.
TEST(NvCaravan, ResamplingRedrawsTheOpponentsHandAndTheDeckOrdersOnly) {
  core::Rng rng(4);
  auto state = kEngine.start(2, {}, rng).state;
  const Document before = referee(*state);
  int changed_hands = 0;
  for (std::uint64_t i = 0; i < 20; ++i) {
    core::Rng resampler(i);
    auto other = state->resample(kNorth, resampler);
    const Document after = referee(*other);
    EXPECT_EQ(other->view(kNorth), state->view(kNorth));
    EXPECT_EQ(after["players"]["North"]["hand"], before["players"]["North"]["hand"]);
    changed_hands += after["players"]["South"]["hand"] != before["players"]["South"]["hand"];
    // The opening still works for South: enough number cards for three caravans.
    const auto hand = after["players"]["South"]["hand"];
    EXPECT_GE(std::count_if(hand.begin(), hand.end(),
                            [](const Document& c) { return is_number(*parse_card(c)); }),
              3);
  }
  EXPECT_GT(changed_hands, 15);
}

TEST(NvCaravan, APositionWithCardsNotInTheDeckOrTwiceIsRefused) {
  Position p;
  p.hand("North", {"2C", "2C"}).hand("South", {"2C"});
  EXPECT_THROW(p.make(), core::SetupError);
  p.hand("North", {"2C"}).caravan(1, {slot("2C")});
  EXPECT_THROW(p.make(), core::SetupError);
  p.caravan(1, {slot("KC")});  // not a number card
  EXPECT_THROW(p.make(), core::SetupError);
  p.caravan(1, {slot("3C")}).caravan(2, {slot("7H/2")});  // North's deck is one standard deck
  EXPECT_THROW(p.make(), core::SetupError);
  p.caravan(2, {});
  EXPECT_NO_THROW(p.make());
  EXPECT_THROW(p.make({{"jokers", "0"}, {"x", "y"}}), core::SetupError);
}

// Thousands of random games end, keep every card, and never let a hand or a view go wrong.
TEST(NvCaravan, TwoThousandRandomGamesPlayToTheEnd) {
  int north_wins = 0;
  for (std::uint64_t seed = 1; seed <= 2000; ++seed) {
    core::Rng rng(seed);
    core::Rng chooser(seed * 31 + 7);
    const Options opts = seed % 3 == 0 ? Options{{"jokers", "1"}} : Options{};
    auto state = kEngine.start(2, opts, rng).state;
    const int total = seed % 3 == 0 ? 53 : 54;
    int steps = 0;
    while (!state->finished()) {
      ASSERT_LT(++steps, 2000) << "seed " << seed;
      const auto moves = state->legal_moves();
      ASSERT_FALSE(moves.empty()) << "seed " << seed;
      state->apply(*state->current_player(), moves[chooser.below(moves.size())], rng);
    }
    const Document full = referee(*state);
    ASSERT_EQ(cards_owned(full, "North"), total) << "seed " << seed;
    ASSERT_EQ(cards_owned(full, "South"), total) << "seed " << seed;
    ASSERT_EQ(state->result().winners.size(), 1u);
    north_wins += state->result().winners[0] == kNorth ? 1 : 0;
  }
  EXPECT_GT(north_wins, 500);
  EXPECT_LT(north_wins, 1500);
}

// The engine keeps its cards as one-byte codes in fixed piles: the largest deck the options allow
// (four standard decks with both Jokers, 216 cards) plays the same as actions and as documents.
TEST(NvCaravan, NV1_TheLargestDeckPlaysAlikeAsActionsAndAsDocuments) {
  std::vector<std::string> cards;
  for (const char* deck : {"", "/2", "/3", "/4"}) {
    for (const char* rank : {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}) {
      for (const char* suit : {"C", "D", "H", "S"})
        cards.push_back(std::string(rank) + suit + deck);
    }
    cards.push_back(std::string("JK1") + deck);
    cards.push_back(std::string("JK2") + deck);
  }
  ASSERT_EQ(cards.size(), 216u);
  const Options opts = {{"deck1", deck_json(cards)}, {"deck2", deck_json(cards)}};
  std::vector<core::ActionId> actions;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    core::Rng rng(seed), chooser(seed + 99);
    auto state = kEngine.start(2, opts, rng).state;
    EXPECT_EQ(referee(*state)["players"]["North"]["deck_size"], 208);
    while (!state->finished()) {
      state->legal_actions(actions);
      const auto moves = state->legal_moves();
      ASSERT_EQ(actions.size(), moves.size());
      const std::size_t pick = chooser.below(actions.size());
      ASSERT_EQ(state->move_of(actions[pick]), moves[pick]);
      ASSERT_EQ(state->action_of(moves[pick]), actions[pick]);
      auto by_document = state->clone();
      play(*by_document, *state->current_player(), moves[pick]);
      state->apply_action(actions[pick], rng);
      ASSERT_EQ(referee(*state), referee(*by_document));
    }
    const Document full = referee(*state);
    EXPECT_EQ(cards_owned(full, "North"), 216);
    EXPECT_EQ(cards_owned(full, "South"), 216);
    EXPECT_EQ(kEngine.restore(full, 2, opts)->view(core::kReferee), full);
  }
}

// The clock's default move (man page, DECISIONS): after the opening, discard the lowest card
// (Ace low, face cards above every number card); never a disband, even when one is legal.
TEST(NvCaravan, DefaultMoveDiscardsTheLowestValueCard) {
  Position pos;
  pos.hand("North", {"QS", "3H", "JK1", "2C", "KD"}).caravan(1, {slot("9H")});
  pos.deck("North", {"5D"}).hand("South", {"4C"});
  auto state = pos.make();
  ASSERT_TRUE(listed(*state, Document{{"disband", 1}}));
  EXPECT_EQ(state->default_move(), (Document{{"discard", "2C"}}));
  play(*state, kNorth, state->default_move());
  EXPECT_EQ(discard_of(*state, "North"), std::vector<std::string>{"2C"});
  auto faces = Position().hand("North", {"QS", "JK1", "KD"}).make();
  EXPECT_EQ(faces->default_move(), (Document{{"discard", "QS"}}));
}

// In the opening there is no discard: the lowest number card starts the first empty caravan.
TEST(NvCaravan, DefaultMoveInTheOpeningStartsACaravanWithTheLowestNumberCard) {
  core::Rng rng(5);
  auto state = kEngine.start(2, {}, rng).state;
  for (int i = 0; i < 6; ++i) {
    const int seat = *state->current_player();
    const Document move = state->default_move();
    // Every opening move plays a number card; the listing goes by card, lowest first.
    EXPECT_EQ(move["play"], state->legal_moves().front()["play"]) << move.dump();
    const int first_empty = seat * 3 + 1 + i / 2;
    EXPECT_EQ(move["on"], first_empty) << move.dump();
    EXPECT_NO_THROW(play(*state, seat, move)) << move.dump();
  }
  EXPECT_EQ(referee(*state)["phase"], "play");
}

}  // namespace
}  // namespace games::nv_caravan
