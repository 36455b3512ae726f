// Decktet Caravan: the deal, seasons, going out, scoring and the hands of a game, each rule and
// each ruling of docs/rules/decktet-caravan.md by name, with scenarios set up from positions.
#include "games/decktet_caravan/decktet_caravan.hpp"

#include <algorithm>
#include <set>

#include <gtest/gtest.h>

#include "games/decktet_caravan/position_testing.hpp"

namespace games::decktet_caravan {
namespace {

using namespace testing;  // NOLINT(google-build-using-namespace): this engine's test helpers

// ---- The deal ---------------------------------------------------------------------------

TEST(DecktetCaravan, EachPlayerIsDealtFourAcesOrCrownsAndElevenNumerals) {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    core::Rng rng(seed);
    auto state = kEngine.start(2, {}, rng).state;
    const Document doc = referee(*state);
    std::set<std::string> all;
    for (const char* seat : {P1, P2}) {
      EXPECT_EQ(doc["cards"][seat].size(), 15u);
      EXPECT_EQ(doc["hand_sizes"][seat]["aces_crowns"], 4);
      EXPECT_EQ(doc["hand_sizes"][seat]["numerals"], 11);
      for (const auto& c : doc["cards"][seat]) all.insert(c.get<std::string>());
    }
    for (const auto& c : doc["face_up"]) {
      EXPECT_TRUE(is_wild(card(c)));
      all.insert(c.get<std::string>());
    }
    int aside_wilds = doc["turned_aside"].is_null() ? 0 : 1;
    if (!doc["turned_aside"].is_null()) all.insert(doc["turned_aside"].get<std::string>());
    for (const auto& c : doc["set_aside"]) {
      aside_wilds += is_wild(card(c)) ? 1 : 0;
      all.insert(c.get<std::string>());
    }
    EXPECT_EQ(aside_wilds, 2);  // two of the twelve Aces and Crowns stay out
    EXPECT_EQ(all.size(), 36u);
    EXPECT_FALSE(share_suit(card(doc["face_up"][0]), card(doc["face_up"][1])));
  }
}

// Ruling DK-7
TEST(DecktetCaravan, DK7_TheFirstOpenerIsDrawnFromTheSeed) {
  std::set<std::string> openers;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    core::Rng a(seed), b(seed);
    auto first = kEngine.start(2, {}, a).state;
    auto again = kEngine.start(2, {}, b).state;
    EXPECT_EQ(referee(*first)["to_move"], referee(*again)["to_move"]);
    EXPECT_EQ(referee(*first)["to_move"], referee(*first)["hand_opener"]);
    openers.insert(referee(*first)["to_move"].get<std::string>());
  }
  EXPECT_EQ(openers.size(), 2u);
}

// Ruling DK-10
TEST(DecktetCaravan, DK10_ASameSuitSecondCardIsTurnedAsideInViewAndTheNextIsTurnedUp) {
  int found = 0;
  for (std::uint64_t seed = 1; seed <= 400 && found < 3; ++seed) {
    core::Rng rng(seed);
    auto state = kEngine.start(2, {}, rng).state;
    const Document doc = referee(*state);
    if (doc["turned_aside"].is_null()) continue;
    ++found;
    const Card turned = card(doc["turned_aside"]);
    EXPECT_TRUE(share_suit(turned, card(doc["face_up"][0])));
    EXPECT_FALSE(share_suit(card(doc["face_up"][0]), card(doc["face_up"][1])));
    // One Ace or Crown stays hidden beside the two numerals; the turned-aside one is seen.
    int hidden_wilds = 0;
    for (const auto& c : doc["set_aside"]) hidden_wilds += is_wild(card(c)) ? 1 : 0;
    EXPECT_EQ(hidden_wilds, 1);
    EXPECT_EQ(doc["set_aside"].size(), 3u);
    for (int seat = 0; seat < 2; ++seat) {
      EXPECT_EQ(state->view(seat)["turned_aside"], doc["turned_aside"]);
      EXPECT_EQ(state->view(seat)["set_aside_count"], 3);
    }
  }
  EXPECT_GT(found, 0) << "no seed up to 400 turned up two cards of one suit";
  Position same_suit;
  same_suit.face_up = {"AM", "CM"};
  same_suit.set_aside = {"AS", "CS", "2MK", "2SY"};
  same_suit.p1 = {"3MW"};
  same_suit.p2 = {"4MS"};
  EXPECT_THROW(same_suit.state(), core::SetupError);
}

// Ruling DK-6
TEST(DecktetCaravan, DK6_SetAsideCardsAndTheOpponentsCardsAreHiddenFromEachPlayer) {
  core::Rng rng(5);
  auto setup = kEngine.start(2, {}, rng);
  for (int seat = 0; seat < 2; ++seat) {
    const Document view = setup.state->view(seat);
    EXPECT_FALSE(view.contains("set_aside"));
    EXPECT_EQ(view["set_aside_count"], 4 - (view["turned_aside"].is_null() ? 0 : 1));
    EXPECT_TRUE(view["cards"].contains(seat_label(seat)));
    EXPECT_FALSE(view["cards"].contains(seat_label(1 - seat)));
    EXPECT_EQ(view["hand_sizes"][seat_label(1 - seat)]["numerals"], 11);
  }
  // The deal is told to each player; the other learns only how many cards were dealt.
  int private_deals = 0;
  for (const auto& event : setup.events) {
    if (event.audience == core::kEveryone) continue;
    ++private_deals;
    EXPECT_EQ(event.full["cards"].size(), 15u);
    EXPECT_EQ(event.redacted["cards"], Document({{"hidden", 15}}));  // structured, not words
  }
  EXPECT_EQ(private_deals, 2);
}

// ---- Seasons -------------------------------------------------------------------------------

// Ruling DK-4
TEST(DecktetCaravan, DK4_ASeasonOpensWithACaravanNeverABanditOrAPass) {
  Position pos;
  pos.p1 = {"AS", "3MW", "4MS"};
  pos.p2 = {"5ML"};
  pos.set_aside = {"AW", "CS", "2MK", "2SY"};
  auto state = pos.state();
  EXPECT_THROW(play(*state, 0, "AS"), core::MoveError);
  EXPECT_THROW(play(*state, 0, "pass"), core::MoveError);
  EXPECT_FALSE(state->forced_move().has_value());
  const auto moves = state->legal_moves();
  EXPECT_EQ(std::count(moves.begin(), moves.end(), Document("pass")), 0);
  EXPECT_EQ(std::count(moves.begin(), moves.end(), Document("AS")), 0);
  EXPECT_EQ(moves.front(), "3MW");
  EXPECT_NO_THROW(play(*state, 0, "3MW 4MS"));
}

TEST(DecktetCaravan, TheLastCaravanPlayedCollectsTheSeasonAndItsPlayerOpensNext) {
  Position pos;
  pos.p1 = {"3MW", "9LK", "7SK"};
  pos.p2 = {"6MW", "8WL"};
  auto state = pos.state();
  play(*state, 0, "3MW");
  play(*state, 1, "6MW");
  play(*state, 0, "9LK");
  EXPECT_EQ(state->forced_move(), Document("pass"));  // Player 2 cannot beat a 9
  const auto events = play(*state, 1, "pass");
  const Document doc = referee(*state);
  for (const char* code : {"3MW", "6MW", "9LK"})
    EXPECT_NE(std::find(doc["collected"][P1].begin(), doc["collected"][P1].end(), code),
              doc["collected"][P1].end())
        << code;
  EXPECT_EQ(doc["to_move"], P1);  // who made the last play opens
  EXPECT_EQ(doc["season"], 2);
  EXPECT_TRUE(doc["plays"].empty());
  EXPECT_EQ(events.at(1).full["event"], "collect");
  EXPECT_EQ(events.at(1).full["seat"], P1);
}

// Ruling DK-3, scenario: a bandit answered by a higher bandit.
TEST(DecktetCaravan, DK3_ABanditAnsweredByAHigherBanditIsCollectedByTheOtherPlayer) {
  Position pos;
  pos.face_up = {"AM", "CL"};
  pos.set_aside = {"AY", "CY", "2MK", "2SY"};
  pos.p1 = {"CK", "AK", "5ML"};
  pos.p2 = {"CW", "8WL"};
  pos.plays = {{P1, "3MW"}, {P2, "AS"}};
  auto state = pos.state();
  // Only higher bandits answer a bandit; a caravan and an equal bandit do not.
  EXPECT_THROW(play(*state, 0, "5ML"), core::MoveError);
  EXPECT_THROW(play(*state, 0, "AK"), core::MoveError);
  EXPECT_EQ(state->legal_moves(), (std::vector<Document>{"CK", "AK CK", "pass"}));
  play(*state, 0, "CK");
  // Player 2's Crown of Waves is no higher than a Crown.
  EXPECT_EQ(state->legal_moves(), (std::vector<Document>{"pass"}));
  EXPECT_EQ(state->forced_move(), Document("pass"));
  play(*state, 1, "pass");
  const Document doc = referee(*state);
  // The last play was Player 1's bandit: Player 2 collects the season.
  for (const char* code : {"3MW", "AS", "CK"}) {
    const auto& pile = doc["collected"][P2];
    EXPECT_NE(std::find(pile.begin(), pile.end(), code), pile.end()) << code;
  }
  EXPECT_EQ(doc["to_move"], P1);
}

// Ruling DK-2, DK-8, scenario: a caravan with two wild cards.
TEST(DecktetCaravan, DK2_DK8_ACaravanWithTwoWildCardsBeatsByItsDeclaredTop) {
  Position pos;
  pos.set_aside = {"AW", "CW", "2MK", "2WL"};
  pos.face_up = {"AL", "CK"};
  pos.p1 = {"AM", "4MS", "CS", "9LK"};
  pos.p2 = {"6LK"};
  pos.plays = {{P2, "2SY 3SK 4YK"}};
  pos.to_move = P1;
  auto state = pos.state();
  const auto moves = state->legal_moves();
  EXPECT_NE(std::find(moves.begin(), moves.end(), Document("AM=3 4MS CS=5")), moves.end());
  EXPECT_NE(std::find(moves.begin(), moves.end(), Document("CS=3 4MS AM=5")), moves.end());
  EXPECT_THROW(play(*state, 0, "AM 4MS CS=5"), core::MoveError);    // DK-8: every wild declares
  EXPECT_THROW(play(*state, 0, "AM=2 CS=3 4MS"), core::MoveError);  // AM and CS share no suit
  const auto events = play(*state, 0, "Ace-Moons=3, Mountain, Crown-Suns=5");
  EXPECT_EQ(events.at(0).full["play"], "AM=3 4MS CS=5");
  EXPECT_EQ(referee(*state)["to_beat"], "AM=3 4MS CS=5");
}

// ---- Going out -----------------------------------------------------------------------------

// Ruling DK-5, scenario: going out, the opponent's last play collecting the season.
TEST(DecktetCaravan, DK5_GoingOutGivesTheOpponentOneLastPlayThenFivePlusTheirCards) {
  Position pos;
  pos.game_hands = 1;
  pos.p1 = {"5ML"};
  pos.p2 = {"6MW", "8WL", "AW", "9WY", "3LY"};
  pos.set_aside = {"AS", "CS", "2MK", "2SY"};
  pos.plays = {{P2, "4WL"}};
  pos.to_move = P1;
  auto state = pos.state();
  const auto out = play(*state, 0, "5ML");
  EXPECT_EQ(out.at(0).full["went_out"], true);
  Document doc = referee(*state);
  EXPECT_EQ(doc["went_out"], P1);
  EXPECT_EQ(doc["to_move"], P2);
  EXPECT_EQ(doc["phase"], "last play");
  const int before_p2 = doc["collected_value"][P2].get<int>();
  // Ruling DK-9: the last play must beat the table.
  EXPECT_THROW(play(*state, 1, "3LY"), core::MoveError);
  play(*state, 1, "6MW");
  doc = referee(*state);
  EXPECT_TRUE(state->finished());
  // Player 2's last caravan collects the season's cards.
  const int season = value_of(Document{"4WL", "5ML", "6MW"}, doc["face_up"]);
  EXPECT_EQ(doc["collected_value"][P2], before_p2 + season);
  const Document& last = doc["last_hand"];
  EXPECT_EQ(last["bonus"]["seat"], P1);
  EXPECT_EQ(last["bonus"]["points"], 5 + 4);  // four cards left in Player 2's hand
  EXPECT_EQ(last["scores"][P1], doc["collected_value"][P1].get<int>() + 9);
  EXPECT_EQ(last["scores"][P2], doc["collected_value"][P2]);
  // The cards left in hand are collected by no one.
  for (const char* code : {"8WL", "AW", "9WY", "3LY"})
    for (const char* seat : {P1, P2})
      EXPECT_EQ(std::count(doc["collected"][seat].begin(), doc["collected"][seat].end(), code), 0);
}

// Ruling DK-5
TEST(DecktetCaravan, DK5_TheOpponentMayPassTheirLastPlayAndTheOneWhoWentOutCollects) {
  Position pos;
  pos.game_hands = 1;
  pos.p1 = {"5ML"};
  pos.p2 = {"3LY", "AW"};
  pos.plays = {{P2, "4WL"}};
  auto state = pos.state();
  play(*state, 0, "5ML");
  const int before = referee(*state)["collected_value"][P1].get<int>();
  play(*state, 1, "pass");
  const Document doc = referee(*state);
  EXPECT_EQ(doc["collected_value"][P1], before + value_of(Document{"4WL", "5ML"}, doc["face_up"]));
  EXPECT_EQ(doc["last_hand"]["bonus"]["points"], 7);
}

// Ruling DK-9
TEST(DecktetCaravan, DK9_AnOpponentWhoAlsoEmptiesTheirHandScoresNoBonus) {
  Position pos;
  pos.game_hands = 1;
  pos.p1 = {"5ML"};
  pos.p2 = {"AW"};
  pos.plays = {{P2, "4WL"}};
  auto state = pos.state();
  play(*state, 0, "5ML");
  const auto events = play(*state, 1, "AW");  // a bandit: Player 1 collects the season
  EXPECT_FALSE(events.at(0).full.contains("went_out"));
  const Document doc = referee(*state);
  EXPECT_EQ(doc["last_hand"]["bonus"]["seat"], P1);
  EXPECT_EQ(doc["last_hand"]["bonus"]["points"], 5);
  EXPECT_EQ(doc["last_hand"]["scores"][P2], doc["collected_value"][P2]);
  const auto& pile = doc["collected"][P1];
  EXPECT_NE(std::find(pile.begin(), pile.end(), "AW"), pile.end());
}

// Ruling DK-4, DK-9, scenario: both players holding only Aces and Crowns.
TEST(DecktetCaravan, DK4_DK9_WhenNeitherCanOpenTheHandEndsWithoutBonusAndHeldCardsScoreNothing) {
  Position pos;
  pos.game_hands = 1;
  pos.p1 = {"AW", "CL"};
  pos.p2 = {"AY", "CY"};
  pos.face_up = {"AL", "CW"};  // held Aces and Crowns of these suits would count if collected
  pos.set_aside = {"AS", "CS", "2MK", "2SY"};
  pos.plays = {{P1, "9LK"}};
  pos.to_move = P2;
  auto state = pos.state();
  // Player 2 could answer with a bandit but passes; Player 1 is due to open with no numeral,
  // and so is Player 2: the hand ends.
  play(*state, 1, "pass");
  EXPECT_TRUE(state->finished());
  const Document doc = referee(*state);
  EXPECT_TRUE(doc["last_hand"]["bonus"].is_null());
  EXPECT_EQ(doc["last_hand"]["ended"], "no one can open");
  EXPECT_EQ(doc["last_hand"]["scores"][P1], doc["collected_value"][P1]);
  EXPECT_EQ(doc["last_hand"]["scores"][P2], doc["collected_value"][P2]);
  EXPECT_EQ(doc["cards"][P1].size(), 2u);
}

// Ruling DK-4
TEST(DecktetCaravan, DK4_APlayerDueToOpenWithOnlyAcesAndCrownsLetsTheOtherOpen) {
  Position pos;
  pos.p1 = {"AW", "CL"};
  pos.p2 = {"3LY", "AY"};
  pos.plays = {{P1, "9LK"}};
  pos.to_move = P2;
  auto state = pos.state();
  const auto events = play(*state, 1, "pass");
  const Document doc = referee(*state);
  EXPECT_FALSE(state->finished());
  EXPECT_EQ(doc["to_move"], P2);
  EXPECT_EQ(doc["phase"], "open");
  EXPECT_EQ(events.back().full["cannot_open"], P1);
  // A position asking a player with no numeral to open is refused.
  pos.plays.clear();
  pos.to_move = P1;
  EXPECT_THROW(pos.state(), core::SetupError);
}

// ---- Scoring and hands ---------------------------------------------------------------------

// Ruling DK-8
TEST(DecktetCaravan, DK8_CollectedCardsScoreAgainstTheFaceUpAcesAndCrowns) {
  const std::array<Card, 2> ace_moons_crown_knots = {card("AM"), card("CK")};
  EXPECT_EQ(card_value(card("Mountain"), ace_moons_crown_knots), -1);  // Moons
  EXPECT_EQ(card_value(card("Market"), ace_moons_crown_knots), 1);     // Knots
  EXPECT_EQ(card_value(card("Author"), ace_moons_crown_knots), 0);     // Moons and Knots
  EXPECT_EQ(card_value(card("Sailor"), ace_moons_crown_knots), 0);     // neither
  // Collected Aces and Crowns score by their one suit.
  EXPECT_EQ(card_value(card("CM"), ace_moons_crown_knots), -1);
  EXPECT_EQ(card_value(card("AK"), ace_moons_crown_knots), 1);
  // Double cards: two Crowns +2, two Aces -2.
  EXPECT_EQ(card_value(card("Diplomat"), {card("CM"), card("CS")}), 2);
  EXPECT_EQ(card_value(card("Pact"), {card("AM"), card("AS")}), -2);
  EXPECT_EQ(card_value(card("Mountain"), {card("CM"), card("AS")}), 0);
}

// Ends the hand in `pos` (Player 1 to move holds one card that beats the table and goes out;
// Player 2 has nothing to beat it) and returns the state after it.
std::unique_ptr<core::State> finish_hand(Position pos, std::uint64_t seed = 3) {
  auto state = pos.state();
  play(*state, 0, pos.p1.at(0), seed);
  play(*state, 1, "pass", seed);
  return state;
}

// Ruling DK-7
TEST(DecktetCaravan, DK7_ScoresAddUpOverHandsAndTheLowerTotalOpensTheNextHand) {
  Position pos = going_out_position(3);
  pos.hand = 2;
  pos.scores = {{-4, 10}};
  pos.opener = P2;
  auto state = finish_hand(pos);
  const Document doc = referee(*state);
  ASSERT_EQ(doc["scores_by_hand"].size(), 2u);
  const int p1 = -4 + doc["scores_by_hand"][1][P1].get<int>();
  const int p2 = 10 + doc["scores_by_hand"][1][P2].get<int>();
  EXPECT_EQ(doc["cumulative"][P1], p1);
  EXPECT_EQ(doc["cumulative"][P2], p2);
  EXPECT_EQ(doc["hand"], 3);
  EXPECT_EQ(doc["hand_opener"], p1 < p2 ? P1 : P2);
  EXPECT_EQ(doc["to_move"], doc["hand_opener"]);
  // A fresh deal: fifteen cards each, nothing collected.
  EXPECT_EQ(doc["cards"][P1].size(), 15u);
  EXPECT_TRUE(doc["collected"][P1].empty());
}

// Ruling DK-7, scenario: a tied cumulative score decides the next opener.
TEST(DecktetCaravan, DK7_OnATiedTotalTheOneWhoDidNotOpenTheLastHandOpens) {
  for (const char* opener : {P1, P2}) {
    SCOPED_TRACE(opener);
    Position pos = going_out_position(3);
    pos.hand = 2;
    pos.opener = opener;
    pos.scores = {{0, 0}};
    // Learn the hand's scores, then set the first hand's scores so the totals tie.
    const Document first = referee(*finish_hand(pos));
    const int p1 = first["scores_by_hand"][1][P1].get<int>();
    const int p2 = first["scores_by_hand"][1][P2].get<int>();
    pos.scores = {{p2, p1}};
    const Document doc = referee(*finish_hand(pos));
    ASSERT_EQ(doc["cumulative"][P1], doc["cumulative"][P2]);
    EXPECT_EQ(doc["hand_opener"], std::string(opener) == P1 ? P2 : P1);
  }
}

// Ruling DK-6
TEST(DecktetCaravan, DK6_TheSetAsideCardsAreShownToBothWhenTheHandEnds) {
  Position pos = going_out_position(2);
  auto state = pos.state();
  play(*state, 0, "9LK");
  const auto events = play(*state, 1, "pass");
  const auto hand_end = std::find_if(events.begin(), events.end(), [](const core::Event& e) {
    return e.full.value("event", "") == "hand_end";
  });
  ASSERT_NE(hand_end, events.end());
  EXPECT_EQ(hand_end->audience, core::kEveryone);
  EXPECT_EQ(strings(hand_end->full["set_aside"]),
            (std::vector<std::string>{"AS", "2MK", "2SY", "CS"}));
  for (int seat = 0; seat < 2; ++seat)
    EXPECT_EQ(state->view(seat)["last_hand"]["set_aside"], hand_end->full["set_aside"]);
  // The new hand's set-aside cards are hidden again.
  EXPECT_FALSE(state->view(0).contains("set_aside"));
}

// Ruling DK-10
TEST(DecktetCaravan, DK10_EqualTotalsAfterTheLastHandAreADraw) {
  Position pos = going_out_position(2);
  pos.hand = 2;
  pos.scores = {{0, 0}};
  const Document first = referee(*finish_hand(pos));
  pos.scores = {
      {first["scores_by_hand"][1][P2].get<int>(), first["scores_by_hand"][1][P1].get<int>()}};
  auto state = finish_hand(pos);
  ASSERT_TRUE(state->finished());
  EXPECT_TRUE(state->result().winners.empty());
  EXPECT_EQ(state->result().scores[0], state->result().scores[1]);
  // And a higher total wins.
  pos.scores = {{100, 0}};
  auto won = finish_hand(pos);
  EXPECT_EQ(won->result().winners, std::vector<int>{0});
}

// Ruling DK-7
TEST(DecktetCaravan, DK7_AGameLastsTheHandsOptionSaysFiveByDefault) {
  for (const auto& [options, hands] :
       std::vector<std::pair<std::map<std::string, std::string>, int>>{
           {{}, 5}, {{{"hands", "1"}}, 1}, {{{"hands", "3"}}, 3}}) {
    core::Rng rng(11), chooser(12);
    auto state = kEngine.start(2, options, rng).state;
    int deals = 1;
    while (!state->finished()) {
      const int seat = *state->current_player();
      auto forced = state->forced_move();
      const auto moves = state->legal_moves();
      const Document move = forced ? *forced : moves[chooser.below(moves.size())];
      for (const auto& event : state->apply(seat, move, rng))
        if (event.full.value("event", "") == "deal") ++deals;
    }
    const Document doc = referee(*state);
    EXPECT_EQ(deals, hands);
    EXPECT_EQ(doc["scores_by_hand"].size(), static_cast<std::size_t>(hands));
    int totals[2] = {0, 0};
    for (const auto& scores : doc["scores_by_hand"]) {
      totals[0] += scores[P1].get<int>();
      totals[1] += scores[P2].get<int>();
    }
    EXPECT_EQ(state->result().scores, (std::vector<double>{double(totals[0]), double(totals[1])}));
  }
}

TEST(DecktetCaravan, TheHandsOptionIsAWholeNumberFromOneToTwenty) {
  core::Rng rng(1);
  for (const char* bad : {"0", "21", "x", "", "5.5", "-1"})
    EXPECT_THROW(kEngine.start(2, {{"hands", bad}}, rng), core::SetupError) << bad;
  EXPECT_NO_THROW(kEngine.start(2, {{"hands", "20"}}, rng));
  EXPECT_EQ(kEngine.options().at(0).values, "1..20");
}

// ---- Moves ---------------------------------------------------------------------------------

TEST(DecktetCaravan, AnswersListHigherCaravansOfTheSameLengthThenBanditsThenPass) {
  Position pos;
  pos.p1 = {"4MS", "5ML", "5SW", "6MW", "AW", "CM", "AK"};
  pos.p2 = {"9LK"};
  pos.set_aside = {"AS", "CS", "2MK", "2SY"};
  pos.plays = {{P2, "3MW 4WL"}};
  pos.to_move = P1;
  pos.face_up = {"AL", "CK"};
  auto state = pos.state();
  const auto moves = state->legal_moves();
  ASSERT_FALSE(moves.empty());
  EXPECT_EQ(moves.back(), "pass");
  // Every caravan of two reaching above rank 4 that the cards make, by brute force.
  std::set<std::string> expected;
  std::vector<Card> hand;
  for (const auto& text : pos.p1) hand.push_back(card(text));
  for (Card a : hand)
    for (Card b : hand)
      for (int ra = kLowRank; ra < kHighRank; ++ra) {
        if (a == b || (!is_wild(a) && info(a).rank != ra)) continue;
        const int rb = ra + 1;
        if (!is_wild(b) ? info(b).rank != rb : false) continue;
        if (is_wild(a) && is_wild(b)) continue;
        if (!share_suit(a, b) || rb <= 4) continue;
        expected.insert(format_play(Play{PlayKind::kCaravan, {{a, ra}, {b, rb}}}));
      }
  for (const char* bandit : {"AW", "AK", "CM", "AW CM", "AK CM"}) expected.insert(bandit);
  std::set<std::string> listed;
  for (std::size_t i = 0; i + 1 < moves.size(); ++i) listed.insert(moves[i].get<std::string>());
  EXPECT_EQ(listed, expected);
  EXPECT_EQ(listed.size(), moves.size() - 1);
  // Kind, then length, then rank: caravans come before every bandit.
  bool bandits = false;
  int last_top = 0;
  for (std::size_t i = 0; i + 1 < moves.size(); ++i) {
    const Play p = parse_play(moves[i]);
    if (p.kind == PlayKind::kBandit) bandits = true;
    if (p.kind == PlayKind::kCaravan) {
      EXPECT_FALSE(bandits);
      EXPECT_GE(p.top(), last_top);
      last_top = p.top();
    }
  }
  // Every listed move applies; a caravan not listed is refused.
  for (const auto& move : moves) {
    auto trial = state->clone();
    EXPECT_NO_THROW(play(*trial, 0, move)) << move.dump();
  }
  EXPECT_THROW(play(*state, 0, "4MS 5ML 6MW"), core::MoveError);  // another length
  EXPECT_THROW(play(*state, 0, "3SK"), core::MoveError);          // not held
}

TEST(DecktetCaravan, MovesAreRefusedFromTheWrongPlayerAndAfterTheEnd) {
  Position pos = going_out_position(1);
  auto state = pos.state();
  EXPECT_THROW(play(*state, 1, "pass"), core::MoveError);
  play(*state, 0, "9LK");
  play(*state, 1, "pass");
  ASSERT_TRUE(state->finished());
  EXPECT_THROW(play(*state, 0, "pass"), core::MoveError);
  EXPECT_TRUE(state->legal_moves().empty());
}

// Issue 62: a play as a button says it: a caravan or a bandit, its cards with their suits'
// symbols, a wild card with the rank it stands for.
TEST(DecktetCaravanMovePhrase, SaysCaravansBanditsAndPassInWords) {
  EXPECT_EQ(kEngine.move_phrase(Document("3MW 4MS AM=5")),
            "Play caravan 3\u263E\u2248, 4\u263E\u2600, A\u263E as 5");
  EXPECT_EQ(kEngine.move_phrase(Document("AM CK")), "Play bandit A\u263E, C\u2318");
  EXPECT_EQ(kEngine.move_phrase(Document("CY")), "Play bandit C\u00A7");
  EXPECT_EQ(kEngine.move_phrase(Document("pass")), "Pass");
}

}  // namespace
}  // namespace games::decktet_caravan
