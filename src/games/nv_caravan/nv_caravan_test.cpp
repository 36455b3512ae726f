// nv-caravan: every rule of the text and every ruling of docs/rules/nv-caravan.md, each by name,
// with scenario positions built through Engine::restore (position_testing.hpp).
#include "games/nv_caravan/nv_caravan.hpp"

#include <algorithm>
#include <set>

#include <gtest/gtest.h>

#include "games/nv_caravan/position_testing.hpp"

namespace games::nv_caravan {
namespace {

using namespace testing;  // NOLINT(google-build-using-namespace): this engine's test helpers

// ---- NV-1: decks ------------------------------------------------------------------------------

// Ruling NV-1, rules 1.2 and 1.21: 52 cards and 2 Jokers each; jokers=1 or 0 fewer.
TEST(NvCaravan, NV1_EachPlayerHasAnOwnDeckOf52CardsAndTheChosenNumberOfJokers) {
  for (int jokers = 0; jokers <= 2; ++jokers) {
    core::Rng rng(5);
    auto state = kEngine.start(2, {{"jokers", std::to_string(jokers)}}, rng).state;
    const Document full = referee(*state);
    for (const char* seat : {"North", "South"}) EXPECT_EQ(cards_owned(full, seat), 52 + jokers);
  }
  core::Rng rng(5);
  EXPECT_THROW(kEngine.start(2, {{"jokers", "3"}}, rng), core::SetupError);
}

// Ruling NV-1, rule 1.22: a custom deck of at least 30 cards from up to 4 standard decks.
TEST(NvCaravan, NV1_ACustomDeckMayTakeTheSameCardFromDifferentStandardDecks) {
  std::vector<std::string> cards = {"7H", "7H/2", "7H/3", "7H/4"};
  for (const char* c :
       {"AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS",
        "AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD"}) {
    cards.push_back(c);
  }
  Document list = cards;
  list.push_back({{"card", "8H"}, {"deck", 2}});
  core::Rng rng(2);
  auto state = kEngine.start(2, {{"deck1", list.dump()}}, rng).state;
  const Document full = referee(*state);
  EXPECT_EQ(cards_owned(full, "North"), 31);
  EXPECT_EQ(cards_owned(full, "South"), 54);
  // The position keeps its custom deck: restoring it needs the same options, as stored.
  EXPECT_EQ(kEngine.restore(full, 2, {{"deck1", list.dump()}})->view(core::kReferee), full);
  EXPECT_THROW(kEngine.restore(full, 2, {}), core::SetupError);
}

// Ruling NV-1, NV-11: decks that break the rules are refused, naming the offending card.
TEST(NvCaravan, NV1_NV11_ABadCustomDeckIsRefusedWithTheOffendingCardNamed) {
  const auto refusal = [](const std::string& value, const Options& extra = {}) {
    Options opts = extra;
    opts["deck2"] = value;
    core::Rng rng(1);
    try {
      kEngine.start(2, opts, rng);
    } catch (const core::SetupError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  std::vector<std::string> good = face_heavy_deck({"AH", "2H", "3H"});
  EXPECT_EQ(refusal(deck_json(good)), "accepted");

  std::vector<std::string> twice = good;
  twice.push_back("KS");
  EXPECT_NE(refusal(deck_json(twice)).find("KS appears twice"), std::string::npos);

  std::vector<std::string> junk = good;
  junk.push_back("ZZ");
  EXPECT_NE(refusal(deck_json(junk)).find("ZZ"), std::string::npos);

  std::vector<std::string> fifth = good;
  fifth.push_back("4H/5");
  EXPECT_NE(refusal(deck_json(fifth)).find("4H/5"), std::string::npos);

  EXPECT_NE(refusal(deck_json(good), {{"jokers", "1"}}).find("JK2"), std::string::npos);

  std::vector<std::string> small(good.begin(), good.begin() + 29);
  EXPECT_NE(refusal(deck_json(small)).find("at least 30"), std::string::npos);

  // NV-11: at least 3 number cards.
  std::vector<std::string> two_numbers = face_heavy_deck({"AH", "2H", "JC/3"});
  EXPECT_NE(refusal(deck_json(two_numbers)).find("number cards"), std::string::npos);

  EXPECT_NE(refusal("not json [").find("deck2"), std::string::npos);
  EXPECT_NE(refusal("{\"a\": 1}").find("list of cards"), std::string::npos);
}

// ---- NV-2: the opening ------------------------------------------------------------------------

// Ruling NV-2, rule 4.1: each player is dealt 8 cards holding at least 3 number cards.
TEST(NvCaravan, NV2_EachOpeningHandHoldsEightCardsWithAtLeastThreeNumberCards) {
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    core::Rng rng(seed);
    auto state = kEngine.start(2, {}, rng).state;
    const Document full = referee(*state);
    EXPECT_EQ(full["phase"], "opening");
    for (const char* seat : {"North", "South"}) {
      const auto hand = full["players"][seat]["hand"].get<std::vector<std::string>>();
      ASSERT_EQ(hand.size(), 8u);
      EXPECT_GE(std::count_if(hand.begin(), hand.end(),
                              [](const std::string& c) { return is_number(*parse_card(c)); }),
                3);
    }
  }
}

// Ruling NV-2, rule 4.3: a hand short of number cards is shown to both, reshuffled, redrawn.
TEST(NvCaravan, NV2_AHandWithFewerThanThreeNumberCardsIsRevealedAndRedrawn) {
  const std::string deck = deck_json(face_heavy_deck({"AH", "2H", "3H"}));
  core::Rng rng(7);
  core::Setup setup = kEngine.start(2, {{"deck1", deck}}, rng);
  int reveals = 0;
  int deals = 0;
  for (const auto& event : setup.events) {
    if (event.full.contains("reshuffle")) {
      ++reveals;
      EXPECT_EQ(event.audience, core::kEveryone);  // public: the opponent sees the hand
      EXPECT_EQ(event.full["seat"], "North");
      const auto shown = event.full["revealed"].get<std::vector<std::string>>();
      EXPECT_EQ(shown.size(), 8u);
      EXPECT_LT(std::count_if(shown.begin(), shown.end(),
                              [](const std::string& c) { return is_number(*parse_card(c)); }),
                3);
    }
    if (event.full.contains("dealt")) {
      ++deals;
      EXPECT_NE(event.audience, core::kEveryone);  // a deal is private...
      EXPECT_EQ(event.redacted["dealt"],
                Document({{"hidden", 8}}));  // ... the other learns only its size
    }
  }
  EXPECT_GT(reveals, 0);
  EXPECT_EQ(deals, reveals + 2);
  const auto hand = referee(*setup.state)["players"]["North"]["hand"];
  EXPECT_EQ(std::count_if(hand.begin(), hand.end(),
                          [](const Document& c) { return is_number(*parse_card(c)); }),
            3);
}

// Ruling NV-2, rules 4.2 and 4.4: alternate turns from the first player (from the seed),
// one number card on each empty caravan of your own, no draws; then both hold 5 cards.
TEST(NvCaravan, NV2_TheOpeningAlternatesThreeStartsEachWithoutDrawing) {
  std::set<std::string> firsts;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    core::Rng rng(seed);
    auto state = kEngine.start(2, {}, rng).state;
    const int first = *state->current_player();
    firsts.insert(referee(*state)["first"].get<std::string>());
    for (int turn = 0; turn < 6; ++turn) {
      const int seat = *state->current_player();
      EXPECT_EQ(seat, turn % 2 == 0 ? first : 1 - first);
      for (const auto& move : state->legal_moves()) {
        const Card card = *parse_card(move["play"].get<std::string>());
        EXPECT_TRUE(is_number(card)) << move.dump();
        const int index = move["on"].get<int>() - 1;
        EXPECT_EQ(owner_of(index), seat);
        EXPECT_TRUE(caravan(*state, index + 1)["cards"].empty());
        EXPECT_FALSE(move.contains("at"));
      }
      const Document hand = referee(*state)["players"][seat == kNorth ? "North" : "South"]["hand"];
      expect_refused(*state, seat, {{"discard", hand[0]}});
      expect_refused(*state, seat, {{"disband", seat * 3 + 1}});
      const auto events = play(*state, seat, state->legal_moves().front());
      EXPECT_EQ(events.size(), 1u);  // no draw
    }
    const Document full = referee(*state);
    EXPECT_EQ(full["phase"], "play");
    EXPECT_EQ(*state->current_player(), first);  // NV-11: turns keep alternating
    for (const char* seat : {"North", "South"}) EXPECT_EQ(full["players"][seat]["hand_size"], 5);
    for (const auto& c : full["caravans"]) EXPECT_EQ(c["cards"].size(), 1u);
  }
  EXPECT_EQ(firsts.size(), 2u);
}

TEST(NvCaravan, NV2_OpeningRefusesFaceCardsAndTheOpponentsOrStartedCaravans) {
  Position p;
  p.doc["phase"] = "opening";
  p.hand("North", {"5H", "7C", "9D", "KS", "QD", "JC", "JK1", "2S"})
      .hand("South", {"5H", "7C", "9D", "KS", "QD", "JC", "JK1", "3S"})
      .caravan(1, {slot("4D")})
      .caravan(4, {slot("4D")});
  auto state = p.make();
  expect_allowed(*state, kNorth, {{"play", "5H"}, {"on", 2}});
  expect_refused(*state, kNorth, {{"play", "5H"}, {"on", 1}});  // started already
  expect_refused(*state, kNorth, {{"play", "5H"}, {"on", 5}});  // South's
  expect_refused(*state, kNorth, {{"play", "KS"}, {"on", 1}, {"at", 1}});
  expect_refused(*state, kNorth, {{"play", "QD"}, {"on", 1}});
}

// ---- NV-3: turns after the opening ------------------------------------------------------------

// Ruling NV-3, rule 5.1: play then draw; discard then draw; disband without drawing (NV-D10).
TEST(NvCaravan, NV3_PlayAndDiscardDrawACardAndDisbandingDoesNot) {
  Position p;
  p.hand("North", {"5H", "7C", "9D"})
      .deck("North", {"2C", "3C"})
      .hand("South", {"5H"})
      .caravan(1, {slot("4D")});
  auto state = p.make();
  auto events = play(*state, kNorth, {{"play", "5H"}, {"on", 1}});
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[1].full["drew"], "2C");
  EXPECT_EQ(events[1].audience, kNorth);
  EXPECT_EQ(events[1].redacted["drew"], Document({{"hidden", 1}}));
  EXPECT_EQ(referee(*state)["players"]["North"]["hand"], Document({"2C", "7C", "9D"}));

  events = play(*state, kSouth, {{"discard", "5H"}});  // South's deck is empty: no draw (NV-3)
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].audience, core::kEveryone);  // a discard is public
  EXPECT_EQ(referee(*state)["players"]["South"]["hand_size"], 0);
  EXPECT_EQ(discard_of(*state, "South"), std::vector<std::string>{"5H"});
  // South now holds nothing; it is North's turn, so the game goes on.
  ASSERT_FALSE(state->finished());

  events = play(*state, kNorth, {{"disband", 1}});
  EXPECT_EQ(events.front().full["removed"], Document({"4D", "5H"}));
  EXPECT_EQ(referee(*state)["players"]["North"]["deck_size"], 1);  // no draw
  EXPECT_TRUE(cards_of(*state, 1).empty());
  // Rule 6.3, NV-11: South must move with no card and loses at once.
  EXPECT_TRUE(state->finished());
  EXPECT_EQ(state->result().winners, std::vector<int>{kNorth});
}

// Ruling NV-11, rule 6.3: no card in hand loses, even with a caravan that could be disbanded.
TEST(NvCaravan, NV11_APlayerToMoveWithNoCardLosesEvenThoughADisbandWerePossible) {
  Position p;
  p.hand("North", {"5H"}).caravan(4, {slot("9S")}).to_move("South");
  auto state = p.make();  // NV-11: a decided position ends at once
  EXPECT_TRUE(state->finished());
  EXPECT_EQ(state->result().winners, std::vector<int>{kNorth});
  EXPECT_TRUE(state->legal_moves().empty());
  EXPECT_THROW(play(*state, kSouth, {{"disband", 4}}), core::MoveError);
}

// ---- NV-4: number cards -----------------------------------------------------------------------

// Ruling NV-4, rules 5.21-5.25.
TEST(NvCaravan, NV4_NumberCardsGoOnYourOwnCaravansFollowingSuitOrDirectionNeverTheSameValue) {
  Position p;
  p.hand("North", {"3C", "5S", "9D", "4H", "4C", "8C", "9C", "AH"})
      .hand("South", {"2C"})
      .caravan(1, {slot("5H")})
      .caravan(2, {slot("5H/2"), slot("8H")});
  auto state =
      kEngine.restore(p.doc, 2,
                      {{"deck1", deck_json(face_heavy_deck({"3C", "5S", "9D", "4H", "4C", "8C",
                                                            "9C", "AH", "5H", "5H/2", "8H"}))}});
  // One card: any other value, either way, any suit (5.21: the next card sets the direction).
  expect_allowed(*state, kNorth, {{"play", "3C"}, {"on", 1}});
  expect_allowed(*state, kNorth, {{"play", "9D"}, {"on", 1}});
  expect_refused(*state, kNorth, {{"play", "5S"}, {"on", 1}});  // 5.24: never 5 on 5
  // 5H-8H goes up: higher values (5.22: gaps allowed) or hearts.
  expect_allowed(*state, kNorth, {{"play", "9C"}, {"on", 2}});
  expect_allowed(*state, kNorth, {{"play", "4H"}, {"on", 2}});
  expect_allowed(*state, kNorth, {{"play", "AH"}, {"on", 2}});
  expect_refused(*state, kNorth, {{"play", "4C"}, {"on", 2}});
  expect_refused(*state, kNorth, {{"play", "8C"}, {"on", 2}});
  // 5.25: never on the opponent's caravans; an empty caravan of your own takes any number card.
  expect_refused(*state, kNorth, {{"play", "9C"}, {"on", 4}});
  expect_allowed(*state, kNorth, {{"play", "4C"}, {"on", 3}});
  // 5.23: a card of the suit against the direction turns the caravan round.
  play(*state, kNorth, {{"play", "4H"}, {"on", 2}});
  EXPECT_EQ(caravan(*state, 2)["direction"], "down");
}

// Ruling NV-4: the first card sets nothing, the second sets the direction.
TEST(NvCaravan, NV4_TheSecondCardSetsTheDirection) {
  Position p;
  p.hand("North", {"3C", "9D"}).hand("South", {"2C"}).caravan(1, {slot("5H")});
  auto state = p.make();
  EXPECT_TRUE(caravan(*state, 1)["direction"].is_null());
  EXPECT_EQ(caravan(*state, 1)["suit"], "H");
  play(*state, kNorth, {{"play", "3C"}, {"on", 1}});
  EXPECT_EQ(caravan(*state, 1)["direction"], "down");
  EXPECT_EQ(caravan(*state, 1)["suit"], "C");
}

// ---- NV-5, NV-6: face cards -------------------------------------------------------------------

// Ruling NV-5, rules 5.32-5.33: Jack, King, Joker on any number card, anywhere.
TEST(NvCaravan, NV5_JacksKingsAndJokersGoOnAnyNumberCardOfEitherSide) {
  Position p;
  p.hand("North", {"JC", "KC", "JK1"})
      .hand("South", {"2C"})
      .caravan(1, {slot("5H"), slot("7H")})
      .caravan(5, {slot("4S"), slot("9S"), slot("10D")});
  auto state = p.make();
  for (int c : {1, 5}) {
    const int size = c == 1 ? 2 : 3;
    for (int pos = 1; pos <= size; ++pos) {
      for (const char* card : {"JC", "KC", "JK1"}) {
        expect_allowed(*state, kNorth, {{"play", card}, {"on", c}, {"at", pos}});
      }
    }
    expect_refused(*state, kNorth, {{"play", "KC"}, {"on", c}, {"at", size + 1}});
    expect_refused(*state, kNorth, {{"play", "KC"}, {"on", c}});  // which card?
  }
  expect_refused(*state, kNorth, {{"play", "KC"}, {"on", 2}, {"at", 1}});  // empty caravan
}

// Ruling NV-5, rule 5.33: a Queen only on the last card; scenario: on the opponent's caravan.
TEST(NvCaravan, NV5_AQueenGoesOnlyOnTheLastCardAndMayGoOnTheOpponentsCaravan) {
  Position p;
  p.hand("North", {"QS", "2C"})
      .hand("South", {"8D", "2S", "9H"})
      .caravan(4, {slot("3H"), slot("6H")});  // up, hearts
  auto state = p.make();
  expect_refused(*state, kNorth, {{"play", "QS"}, {"on", 4}, {"at", 1}});
  expect_allowed(*state, kNorth, {{"play", "QS"}, {"on", 4}});
  EXPECT_NO_THROW(play(*state->clone(), kNorth, {{"play", "QS"}, {"on", 4}, {"at", 2}}));
  play(*state, kNorth, {{"play", "QS"}, {"on", 4}});
  EXPECT_EQ(caravan(*state, 4)["direction"], "down");  // rule 5.35: reversed
  EXPECT_EQ(caravan(*state, 4)["suit"], "S");          // and the Queen's suit
  EXPECT_EQ(caravan(*state, 4)["cards"][1]["attached"][0], by("QS", "North"));
  expect_refused(*state, kSouth, {{"play", "8D"}, {"on", 4}});  // up, and not spades
  expect_refused(*state, kSouth, {{"play", "9H"}, {"on", 4}});  // NV-10: hearts no longer
  expect_allowed(*state, kSouth, {{"play", "2S"}, {"on", 4}});  // down (and spades)
}

// Ruling NV-6, rule 5.38: at most three face cards on a number card; scenario: a Jack on a
// card with three face cards is refused.
TEST(NvCaravan, NV6_AFourthFaceCardIsRefusedEvenAJack) {
  Position p;
  p.hand("North", {"JC", "KC", "QC", "JK1"})
      .hand("South", {"2C"})
      .caravan(5, {slot("4S", {by("KD", "South"), by("KH", "North"), by("JK2", "South")})});
  auto state = p.make();
  for (const char* card : {"JC", "KC", "JK1"}) {
    expect_refused(*state, kNorth, {{"play", card}, {"on", 5}, {"at", 1}});
  }
  expect_refused(*state, kNorth, {{"play", "QC"}, {"on", 5}});
  EXPECT_EQ(caravan(*state, 5)["bid"], 16);  // two Kings: 4 x 2 x 2
  // The only ways out: a Joker elsewhere (NV-7) or disbanding.
  auto copy = Position(p).caravan(1, {slot("4C")}).make();
  play(*copy, kNorth, {{"play", "JK1"}, {"on", 1}, {"at", 1}});
  EXPECT_TRUE(cards_of(*copy, 5).empty());
  EXPECT_EQ(discard_of(*copy, "South"), (std::vector<std::string>{"4S", "KD", "JK2"}));
  EXPECT_EQ(discard_of(*copy, "North"), std::vector<std::string>{"KH"});
}

// Rule 5.34: a Jack removes the card with all on it; every card goes to its owner's pile.
TEST(NvCaravan, Rule5_34_NV11_AJackRemovesTheCardAndItsFaceCardsToTheirOwnersDiscardPiles) {
  Position p;
  p.hand("North", {"JC", "3C"})
      .hand("South", {"2C"})
      .caravan(4, {slot("4S"), slot("9S", {by("KD", "South"), by("KH", "North")}), slot("10S")});
  auto state = p.make();
  EXPECT_EQ(caravan(*state, 4)["bid"], 4 + 36 + 10);
  const auto events = play(*state, kNorth, {{"play", "JC"}, {"on", 4}, {"at", 2}});
  EXPECT_EQ(events.front().full["removed"], Document({"9S", "KD", "KH", "JC"}));
  EXPECT_EQ(cards_of(*state, 4), (std::vector<std::string>{"4S", "10S"}));
  EXPECT_EQ(discard_of(*state, "South"), (std::vector<std::string>{"9S", "KD"}));
  EXPECT_EQ(discard_of(*state, "North"), (std::vector<std::string>{"KH", "JC"}));
  EXPECT_EQ(caravan(*state, 4)["bid"], 14);
}

// ---- NV-7: Jokers -----------------------------------------------------------------------------

// Ruling NV-7, rule 5.37; scenario: a Joker on an Ace removes across both sides.
TEST(NvCaravan, NV7_AJokerOnAnAceRemovesEveryOtherCardOfItsPrintedSuitFromAllSixCaravans) {
  Position p;
  p.hand("North", {"JK1", "2C"})
      .hand("South", {"2C"})
      .caravan(1, {slot("AH"), slot("5C"), slot("9H")})
      .caravan(2, {slot("3H", {by("QS", "South")})})  // a Queen does not save it
      .caravan(4, {slot("2H", {by("KS", "North")}), slot("6D"), slot("8H")})
      .caravan(6, {slot("AH"), slot("5S")});
  auto state = p.make();
  const auto events = play(*state, kNorth, {{"play", "JK1"}, {"on", 1}, {"at", 1}});
  EXPECT_EQ(cards_of(*state, 1), (std::vector<std::string>{"AH", "5C"}));  // the Ace is spared
  EXPECT_EQ(caravan(*state, 1)["cards"][0]["attached"][0], by("JK1", "North"));
  EXPECT_TRUE(cards_of(*state, 2).empty());
  EXPECT_EQ(cards_of(*state, 4), std::vector<std::string>{"6D"});
  EXPECT_EQ(cards_of(*state, 6), std::vector<std::string>{"5S"});  // other Aces of the suit too
  EXPECT_EQ(discard_of(*state, "North"), (std::vector<std::string>{"9H", "3H", "KS"}));
  EXPECT_EQ(discard_of(*state, "South"), (std::vector<std::string>{"QS", "2H", "8H", "AH"}));
  EXPECT_EQ(events.front().full["removed"].size(), 7u);
}

// Ruling NV-7: on 2-10, every other number card of that value, any suit, both sides.
TEST(NvCaravan, NV7_AJokerOnANumberCardRemovesEveryOtherCardOfThatValue) {
  Position p;
  p.hand("North", {"JK2", "2C"})
      .hand("South", {"2C"})
      .caravan(1, {slot("7H"), slot("9C"), slot("7C")})
      .caravan(3, {slot("7D")})
      .caravan(5, {slot("7S", {by("KH", "North")}), slot("AS")});
  auto state = p.make();
  play(*state, kNorth, {{"play", "JK2"}, {"on", 5}, {"at", 1}});
  EXPECT_EQ(cards_of(*state, 1), std::vector<std::string>{"9C"});
  EXPECT_TRUE(cards_of(*state, 3).empty());
  EXPECT_EQ(cards_of(*state, 5), (std::vector<std::string>{"7S", "AS"}));
  EXPECT_EQ(caravan(*state, 5)["bid"], 14 + 1);  // the King stays on the spared 7
}

// ---- NV-8: direction and suit -----------------------------------------------------------------

// Ruling NV-8, rule 5.35: Queens on the last card flip the direction once each.
TEST(NvCaravan, NV8_EachQueenOnTheLastCardFlipsTheDirectionAndTheLastQueenGivesTheSuit) {
  Position p;
  p.hand("North", {"QS", "QD", "2C"}).hand("South", {"2C"}).caravan(1, {slot("3H"), slot("6H")});
  auto state = p.make();
  EXPECT_EQ(caravan(*state, 1)["direction"], "up");
  play(*state, kNorth, {{"play", "QS"}, {"on", 1}});
  EXPECT_EQ(caravan(*state, 1)["direction"], "down");
  play(*state, kSouth, {{"discard", "2C"}});
  state =
      Position(p).caravan(1, {slot("3H"), slot("6H", {"QS"})}).hand("North", {"QD", "2C"}).make();
  play(*state, kNorth, {{"play", "QD"}, {"on", 1}});
  EXPECT_EQ(caravan(*state, 1)["direction"], "up");
  EXPECT_EQ(caravan(*state, 1)["suit"], "D");
}

// Rule 5.4, NV-8, NV-D7: 6-7(Q)-6, a Jack on the 7 leaves 6-6 still descending.
TEST(NvCaravan, Rule5_4_ARemovalLeavingTwoEqualValuesKeepsTheDirectionItHad) {
  Position p;
  p.hand("North", {"JC", "5C", "7C", "2C"})
      .hand("South", {"2C"})
      .caravan(1, {slot("6H"), slot("7S", {"QD"}), slot("6D")});
  auto state = p.make();
  EXPECT_EQ(caravan(*state, 1)["direction"], "down");
  play(*state, kNorth, {{"play", "JC"}, {"on", 1}, {"at", 2}});
  EXPECT_EQ(cards_of(*state, 1), (std::vector<std::string>{"6H", "6D"}));
  EXPECT_EQ(caravan(*state, 1)["direction"], "down");
  play(*state, kSouth, {{"discard", "2C"}});
  // It keeps reading descending: 5C follows, 7C does not (neither up nor diamonds).
  expect_allowed(*state, kNorth, {{"play", "5C"}, {"on", 1}});
  expect_refused(*state, kNorth, {{"play", "7C"}, {"on", 1}});
  // The kept direction survives a round trip through the document.
  EXPECT_EQ(kEngine.restore(referee(*state), 2, {})->view(core::kReferee), referee(*state));
}

// Rule 5.4, second example: 2-6H-4H, the 6 removed: 2-4 goes up, whatever it was before.
TEST(NvCaravan, Rule5_4_WithoutEqualValuesTheDirectionComesFromTheCardsLeft) {
  Position p;
  p.hand("North", {"JC", "2C"})
      .hand("South", {"2C"})
      .caravan(1, {slot("2S"), slot("6H"), slot("4H")});
  auto state = p.make();
  EXPECT_EQ(caravan(*state, 1)["direction"], "down");
  play(*state, kNorth, {{"play", "JC"}, {"on", 1}, {"at", 2}});
  EXPECT_EQ(caravan(*state, 1)["direction"], "up");
}

// Rule 5.4: a position ending in two equal values must say its direction.
TEST(NvCaravan, Rule5_4_APositionEndingInTwoEqualValuesNeedsItsDirection) {
  Position p;
  p.hand("North", {"2C"}).hand("South", {"2C"}).caravan(1, {slot("6H"), slot("6D")});
  EXPECT_THROW(p.make(), core::SetupError);
  EXPECT_EQ(p.direction(1, "up").make()->view(core::kReferee)["caravans"][0]["direction"], "up");
}

// ---- NV-9: bids, sold caravans, pairs, the end ------------------------------------------------

// Ruling NV-9, rules 3.1, 5.36, 6.1: the example of the text, 5-10,K = 25; 5-10,K,K = 45.
TEST(NvCaravan, NV9_TheBidSumsNumberCardsEachDoubledPerKing) {
  Position p;
  p.hand("North", {"KC", "2C"}).hand("South", {"2C"}).caravan(1, {slot("5H"), slot("10H", {"KD"})});
  auto state = p.make();
  EXPECT_EQ(caravan(*state, 1)["bid"], 25);
  play(*state, kNorth, {{"play", "KC"}, {"on", 1}, {"at", 2}});
  EXPECT_EQ(caravan(*state, 1)["bid"], 45);
}

// The bid a caravan keeps (counted again at each change, not at each reading) is the sum the
// rule gives for the cards on it, after every kind of move: plays, Kings, Jacks and Jokers taking
// cards away, disbands, over many random games.
TEST(NvCaravan, NV9_TheBidKeptAfterEveryMoveIsTheSumOfTheCardsOnTheCaravan) {
  int kings = 0, removals = 0;
  std::vector<core::ActionId> actions;
  const auto on_table = [](const Document& full) {
    std::size_t n = 0;
    for (const Document& c : full["caravans"]) n += c["cards"].size();
    return n;
  };
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    core::Rng rng(seed), chooser(seed * 17 + 3);
    auto state = kEngine.start(2, {}, rng).state;
    while (!state->finished()) {
      state->legal_actions(actions);
      const std::size_t before = on_table(referee(*state));
      state->apply_action(actions[chooser.below(actions.size())], rng);
      const Document full = referee(*state);
      for (const Document& c : full["caravans"]) {
        int sum = 0;
        for (const Document& item : c["cards"]) {
          int value = parse_card(item["card"].get<std::string>())->rank;
          for (const Document& face : item.value("attached", Document::array())) {
            if (parse_card(face["card"].get<std::string>())->rank == kKing) {
              value *= 2;
              ++kings;
            }
          }
          sum += value;
        }
        ASSERT_EQ(c["bid"], sum) << "seed " << seed << ", caravan " << c["caravan"];
      }
      removals += on_table(full) < before ? 1 : 0;
    }
  }
  EXPECT_GT(kings, 0);
  EXPECT_GT(removals, 0);
}

// Ruling NV-9, rules 3.2, 3.3: sold at 21-26; a sold caravan may grow.
TEST(NvCaravan, NV9_ACaravanIsSoldAtBidsFrom21To26) {
  for (const auto& [cards, sold] :
       std::vector<std::pair<std::vector<std::string>, bool>>{{{"10H", "9H", "AH"}, false},
                                                              {{"10H", "9H", "2H"}, true},
                                                              {{"10H", "9H", "7H"}, true},
                                                              {{"10H", "9H", "8H"}, false}}) {
    std::vector<Document> slots;
    for (const auto& c : cards) slots.push_back(slot(c));
    Position p;
    p.hand("North", {"2C", "3S"}).hand("South", {"2C"}).caravan(1, slots);
    auto state = p.make();
    EXPECT_EQ(caravan(*state, 1)["sold"], sold) << caravan(*state, 1)["bid"];
  }
  Position p;
  p.hand("North", {"AS", "3S"})
      .hand("South", {"2C"})
      .caravan(1, {slot("10H"), slot("9H"), slot("3H")});
  auto state = p.make();
  expect_allowed(*state, kNorth, {{"play", "AS"}, {"on", 1}});  // rule 3.3: onto a sold caravan
}

// Ruling NV-9, rule 6.2; scenario: a 2-1 win ends the game after the turn that decides it.
TEST(NvCaravan, NV9_TheGameEndsWhenAllThreePairsAreWonTwoToOne) {
  Position p;
  p.hand("North", {"3H", "KC"})
      .hand("South", {"2C"})
      .caravan(1, {slot("10H"), slot("9H")})  // 19: with 3H, 22 beats an unsold 5
      .caravan(4, {slot("5S")})
      .caravan(2, {slot("10D"), slot("8D"), slot("4D")})  // 22 against 24: South's
      .caravan(5, {slot("10C"), slot("9C"), slot("5C")})
      .caravan(3, {slot("10S"), slot("8S"), slot("5S")})  // 23 against an unsold 30: North's
      .caravan(6, {slot("10H"), slot("9H"), slot("8H"), slot("3H")});
  auto state = p.make();
  EXPECT_FALSE(state->finished());
  const auto events = play(*state, kNorth, {{"play", "3H"}, {"on", 1}});
  ASSERT_TRUE(state->finished());
  EXPECT_EQ(state->result().winners, std::vector<int>{kNorth});
  EXPECT_EQ(state->result().scores, (std::vector<double>{2, 1}));
  EXPECT_EQ(events.back().full["winner"], "North");
  EXPECT_EQ(referee(*state)["pairs"][1]["won_by"], "South");
}

// Ruling NV-9; scenario: a 3-0 win.
TEST(NvCaravan, NV9_AThreeNilWin) {
  Position p;
  p.hand("North", {"2C"})
      .hand("South", {"3C"})
      .caravan(1, {slot("10H"), slot("9H"), slot("2H")})
      .caravan(2, {slot("10D"), slot("8D"), slot("3D")})
      .caravan(3, {slot("10S"), slot("8S"), slot("6S")})
      .caravan(5, {slot("10D"), slot("9D"), slot("8D")});  // 27: not sold
  auto state = p.make();
  EXPECT_TRUE(state->finished());  // NV-11: a decided position ends at once
  EXPECT_EQ(state->result().winners, std::vector<int>{kNorth});
  EXPECT_EQ(state->result().scores, (std::vector<double>{3, 0}));
}

// Ruling NV-9, rule 6.2; scenario: equal sold bids decide nothing, so the game goes on.
TEST(NvCaravan, NV9_TiedSoldPairsKeepTheGameGoing) {
  Position p;
  p.hand("North", {"2C", "AS"})
      .hand("South", {"3C"})
      .caravan(1, {slot("10H"), slot("9H"), slot("2H")})
      .caravan(4, {slot("10H"), slot("9H"), slot("2H")})  // 21 v 21: tied
      .caravan(2, {slot("10D"), slot("8D"), slot("3D")})
      .caravan(3, {slot("10S"), slot("8S"), slot("6S")});
  auto state = p.make();
  EXPECT_FALSE(state->finished());
  EXPECT_TRUE(referee(*state)["pairs"][0]["won_by"].is_null());
  play(*state, kNorth, {{"play", "AS"}, {"on", 1}});  // 22 v 21: the tie is broken
  EXPECT_TRUE(state->finished());
  EXPECT_EQ(state->result().winners, std::vector<int>{kNorth});
}

// ---- NV-10, NV-11 -----------------------------------------------------------------------------

// Ruling NV-10: a Queen's suit replaces the printed suit of the last card.
TEST(NvCaravan, NV10_OnlyTheQueensSuitOrTheDirectionAdmitsTheNextCard) {
  Position p;
  p.hand("North", {"4H", "7H", "7S", "2C"})
      .hand("South", {"2C"})
      .caravan(1, {slot("3H"), slot("5H", {by("QS", "South")})});  // down now, spades
  auto state = p.make();
  expect_allowed(*state, kNorth, {{"play", "4H"}, {"on", 1}});  // by direction
  expect_refused(*state, kNorth, {{"play", "7H"}, {"on", 1}});  // hearts no longer count
  expect_allowed(*state, kNorth, {{"play", "7S"}, {"on", 1}});  // by the Queen's suit
}

// Ruling NV-11: a Queen on a one-card caravan sets its suit and no direction.
TEST(NvCaravan, NV11_AQueenOnAOneCardCaravanSetsItsSuitAndNoDirection) {
  Position p;
  p.hand("North", {"QS", "2C", "9D"}).hand("South", {"2C"}).caravan(1, {slot("5H")});
  auto state = p.make();
  play(*state, kNorth, {{"play", "QS"}, {"on", 1}});
  EXPECT_EQ(caravan(*state, 1)["suit"], "S");
  EXPECT_TRUE(caravan(*state, 1)["direction"].is_null());
  play(*state, kSouth, {{"discard", "2C"}});
}

// Ruling NV-11: only your own caravans, and never an empty one, may be disbanded.
TEST(NvCaravan, NV11_DisbandingAnEmptyOrAnOpponentsCaravanIsRefused) {
  Position p;
  p.hand("North", {"2C"}).hand("South", {"2C"}).caravan(1, {slot("5H")}).caravan(4, {slot("5H")});
  auto state = p.make();
  expect_allowed(*state, kNorth, {{"disband", 1}});
  expect_refused(*state, kNorth, {{"disband", 2}});
  expect_refused(*state, kNorth, {{"disband", 4}});
}

// Issue 62: a move as a button says it, in the game's words and with the suits' symbols.
TEST(NvCaravanMovePhrase, SaysPlaysDiscardsAndDisbandsInWords) {
  EXPECT_EQ(kEngine.move_phrase(Document{{"play", "JH"}, {"on", 2}, {"at", 3}}),
            "Play J\u2665 on caravan 2, card 3");
  EXPECT_EQ(kEngine.move_phrase(Document{{"play", "7S"}, {"on", 1}}), "Play 7\u2660 on caravan 1");
  EXPECT_EQ(kEngine.move_phrase(Document{{"play", "TD/2"}, {"on", 6}}),
            "Play 10\u2666 (deck 2) on caravan 6");
  EXPECT_EQ(kEngine.move_phrase(Document{{"play", "JK1"}, {"on", 4}, {"at", 1}}),
            "Play Joker 1 on caravan 4, card 1");
  EXPECT_EQ(kEngine.move_phrase(Document{{"discard", "4C"}}), "Discard 4\u2663");
  EXPECT_EQ(kEngine.move_phrase(Document{{"disband", 2}}), "Disband caravan 2");
  // Anything else is left as written, capitalised.
  EXPECT_EQ(kEngine.move_phrase(Document("pass")), "Pass");
}

}  // namespace
}  // namespace games::nv_caravan
