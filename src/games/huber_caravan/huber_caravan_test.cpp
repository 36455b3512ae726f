// Huber's Caravan: every rule of the text and every ruling of docs/rules/huber-caravan.md, most
// from positions built on the referee's view of a fresh game (position_testing.hpp).
#include "games/huber_caravan/huber_caravan.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "core/data.hpp"
#include "games/huber_caravan/position_testing.hpp"

namespace {

using namespace games::huber_caravan::testing;  // NOLINT(google-build-using-namespace): helpers
using games::huber_caravan::Board;
using games::huber_caravan::HuberCaravanState;

// ---- Preparation, HC-4 ------------------------------------------------------------------------

// Ruling HC-4
TEST(HuberCaravanSetUp, HC4_EightGoodsOutDemandOnFourSpacesAndTheRestInTheBag) {
  const Document doc = fresh(3);
  ASSERT_EQ(doc["spaces"].size(), 8u);
  for (const auto& space : doc["spaces"]) {
    EXPECT_TRUE(space["good"].is_string());
    const int number = space["number"];
    EXPECT_EQ(space["demand"], number == 1 || number == 2 || number == 7 || number == 8 ? 1 : 0);
  }
  EXPECT_EQ(doc["bag"].size(), 40u);  // 48 goods, 8 laid out
  for (const auto& player : doc["players"]) {
    EXPECT_EQ(player["supply"], 5);
    EXPECT_EQ(player["theft"], 1);
    EXPECT_TRUE(player["camels"].empty());
  }
  EXPECT_EQ(doc["turn"], m(R"({"number":1,"player":"Black","actions":1,"left":1})"));
}

// Ruling HC-4
TEST(HuberCaravanSetUp, HC4_TheShortGameHasFewerGoodsAndTheCasualGameASixthCamel) {
  const Document short_game = fresh(2, {{"short", "true"}});
  EXPECT_EQ(short_game["bag"].size(), 24u);  // 4 x 6 + 4 x 2 = 32, 8 laid out
  int rare = 0;
  for (const auto& good : short_game["bag"])
    rare += good == "ivory" || good == "cloth" || good == "gems" || good == "paper";
  for (const auto& space : short_game["spaces"])
    rare += space["good"] == "ivory" || space["good"] == "cloth" || space["good"] == "gems" ||
            space["good"] == "paper";
  EXPECT_EQ(rare, 8);
  EXPECT_EQ(fresh(2, {{"camels", "6"}})["players"][0]["supply"], 6);
  core::Rng rng(1);
  EXPECT_THROW(kEngine.start(2, {{"camels", "7"}}, rng), core::SetupError);
  EXPECT_THROW(kEngine.start(5, {}, rng), core::SetupError);
}

TEST(HuberCaravanSetUp, ThePlayersSeeTheBagsCountsButNeverItsOrder) {
  core::Rng rng(3);
  auto state = kEngine.start(2, {}, rng).state;
  const Document view = state->view(1);
  EXPECT_TRUE(view["bag"].is_object());
  int total = 0;
  for (const auto& [good, count] : view["bag"].items()) total += count.get<int>();
  EXPECT_EQ(total, 40);
  EXPECT_EQ(view["bag_size"], 40);
  core::Rng other(11);
  auto world = state->resample(1, other);
  EXPECT_EQ(world->view(1), view);
  EXPECT_NE(world->view(core::kReferee)["bag"], state->view(core::kReferee)["bag"]);
}

// ---- HC-3: turns of several actions -----------------------------------------------------------

// Ruling HC-3
TEST(HuberCaravanTurns, HC3_TheFirstTurnsHaveOneTwoThreeThenFourActions) {
  for (int players : {2, 3, 4}) {
    core::Rng rng(5);
    auto state = kEngine.start(players, {}, rng).state;
    auto* hc = dynamic_cast<HuberCaravanState*>(state.get());
    std::vector<int> allowances;
    for (int t = 0; t < 7; ++t) {
      allowances.push_back(hc->actions_left());
      EXPECT_EQ(state->current_player(), t % players);
      play(*state, "end");
    }
    EXPECT_EQ(allowances, (std::vector<int>{1, 2, 3, 4, 4, 4, 4})) << players << " players";
  }
}

// Ruling HC-3
TEST(HuberCaravanTurns, HC3_TheSamePlayerActsUntilTheActionsRunOutOrTheyEnd) {
  auto state = restore(at_turn_five());
  play(*state, m(R"({"place":"c2"})"));
  EXPECT_EQ(state->current_player(), 0);
  EXPECT_TRUE(listed(*state, "end"));
  EXPECT_EQ(state->end_turn_move(), Document("end"));
  play(*state, m(R"({"place":"c3"})"));
  play(*state, m(R"({"place":"c5"})"));
  play(*state, m(R"({"place":"c6"})"));  // the fourth action ends the turn by itself
  EXPECT_EQ(state->current_player(), 1);

  auto early = restore(at_turn_five());
  play(*early, m(R"({"place":"c2"})"));
  play(*early, "end");  // actions may be skipped
  EXPECT_EQ(early->current_player(), 1);
  EXPECT_EQ(dynamic_cast<HuberCaravanState&>(*early).actions_left(), 4);
}

// ---- HC-5: placing and moving camels ----------------------------------------------------------

// Ruling HC-5
TEST(HuberCaravanCamels, HC5_PlacingCostsOneOnAnEmptySpaceAndTwoWhereAnyCamelStands) {
  Document doc = at_turn_five();
  camel(doc, 1, "c3");
  auto state = restore(doc);
  const auto events = play(*state, m(R"({"place":"c3"})"));  // Blue's camel is there
  EXPECT_EQ(events[0].full["cost"], 2);
  EXPECT_EQ(dynamic_cast<HuberCaravanState&>(*state).actions_left(), 2);
  EXPECT_EQ(play(*state, m(R"({"place":"b3"})"))[0].full["cost"], 1);
  // One action left: a space with a camel is out of reach.
  EXPECT_NE(error_of(*state, m(R"({"place":"c3"})")).find("costs 2 actions"), std::string::npos);
  EXPECT_FALSE(listed(*state, m(R"({"place":"c3"})")));
  EXPECT_TRUE(listed(*state, m(R"({"place":"a3"})")));  // any space may be chosen
}

// Ruling HC-5, HC-8
TEST(HuberCaravanCamels, HC5_HC8_OnlyEmptyCamelsMoveAndNeverOntoTheirOwnSpace) {
  Document doc = at_turn_five();
  camel(doc, 0, "c3");
  camel(doc, 0, "d3", "salt");
  camel(doc, 0, "e3", "meat", true);
  camel(doc, 1, "c5");
  auto state = restore(doc);
  EXPECT_NE(error_of(*state, m(R"({"move":{"from":"d3","to":"d2"}})")).find("carry goods"),
            std::string::npos);
  EXPECT_NE(error_of(*state, m(R"({"move":{"from":"e3","to":"e2"}})")).find("carry goods"),
            std::string::npos);  // a stolen good under a camel is carried too
  EXPECT_NE(error_of(*state, m(R"({"move":{"from":"c3","to":"c3"}})")).find("own space"),
            std::string::npos);
  EXPECT_NE(error_of(*state, m(R"({"move":{"from":"a5","to":"a6"}})")).find("no camel"),
            std::string::npos);
  EXPECT_EQ(play(*state, m(R"({"move":{"from":"c3","to":"c5"}})"))[0].full["cost"], 2);
  EXPECT_TRUE(has_camel(*state, 0, m(R"({"at":"c5"})")));
  EXPECT_EQ(play(*state, m(R"({"move":{"from":"c5","to":"b5"}})"))[0].full["cost"], 1);
}

TEST(HuberCaravanCamels, APlayerWithEveryCamelOnTheBoardCannotPlace) {
  Document doc = at_turn_five();
  for (const char* at : {"a2", "a3", "a5", "a6", "b3"}) camel(doc, 0, at);
  auto state = restore(doc);
  EXPECT_NE(error_of(*state, m(R"({"place":"c3"})")).find("all your camels"), std::string::npos);
}

// ---- Picking up -------------------------------------------------------------------------------

// Text: "Pick Up a Good"
TEST(HuberCaravanPickUp, AnEmptyCamelTakesTheLooseGoodAndItsDemandMarkers) {
  Document doc = at_turn_five();
  doc["spaces"][0]["demand"] = 2;
  const Document good = doc["spaces"][0]["good"];
  camel(doc, 0, "a1");
  auto state = restore(doc);
  const auto events = play(*state, m(R"({"pickup":"a1"})"));
  EXPECT_EQ(events[0].full["good"], good);
  EXPECT_EQ(events[0].full["demand"], 2);
  const Document view = state->view(1);
  EXPECT_EQ(view["players"][0]["camels"][0], (Document{{"at", "a1"}, {"good", good}}));
  EXPECT_EQ(view["players"][0]["demand"], 2);
  EXPECT_TRUE(view["spaces"][0]["good"].is_null());
  EXPECT_EQ(view["spaces"][0]["demand"], 0);
  EXPECT_NE(error_of(*state, m(R"({"pickup":"a1"})")).find("no loose good"), std::string::npos);
  EXPECT_NE(error_of(*state, m(R"({"pickup":"b2"})")).find("no empty camel on b2"),
            std::string::npos);
}

// Ruling HC-5: "all of their camels" counts the camels still in the supply.
TEST(HuberCaravanPickUp, HC5_NoPickUpMayLoadEveryCamelTheSupplyIncluded) {
  Document doc = at_turn_five();
  for (const char* at : {"c2", "c3", "c5"}) camel(doc, 0, at, "hides");
  camel(doc, 0, "a1");
  auto with_supply = restore(doc);  // one camel still in the supply: the pickup is allowed
  EXPECT_NO_THROW(play(*with_supply, m(R"({"pickup":"a1"})")));

  camel(doc, 0, "c6", "hides");  // all five on the board, four loaded
  auto full = restore(doc);
  EXPECT_NE(error_of(*full, m(R"({"pickup":"a1"})")).find("one must stay empty (HC-5)"),
            std::string::npos);
  EXPECT_FALSE(listed(*full, m(R"({"pickup":"a1"})")));
}

// ---- Stealing ---------------------------------------------------------------------------------

// Text: "Steal a Good"; scenario: a steal, then an attempt to steal the good back.
TEST(HuberCaravanSteal, AStealPassesATheftMarkerAndTheGoodUnderCannotBeStolenAgain) {
  Document doc = at_turn_five();
  camel(doc, 0, "e4");
  camel(doc, 1, "e4", "salt");
  camel(doc, 1, "a5");
  auto state = restore(doc);
  const auto events = play(*state, m(R"({"steal":"e4"})"));
  EXPECT_EQ(events[0].full["victim"], "Blue");
  Document view = state->view(1);
  EXPECT_EQ(view["players"][0]["camels"][0], m(R"({"at":"e4","good":"salt","under":true})"));
  EXPECT_EQ(view["players"][0]["theft"], 0);
  EXPECT_EQ(view["players"][1]["theft"], 2);
  EXPECT_TRUE(has_camel(*state, 1, m(R"({"at":"e4"})")));
  play(*state, "end");

  // Blue now has two theft markers and an empty camel beside the thief: still no steal back.
  ASSERT_EQ(state->current_player(), 1);
  EXPECT_NE(error_of(*state, m(R"({"steal":"e4"})")).find("cannot be stolen again"),
            std::string::npos);
  EXPECT_FALSE(listed(*state, m(R"({"steal":"e4"})")));
}

TEST(HuberCaravanSteal, NoTheftMarkerNoSteal) {
  Document doc = at_turn_five();
  doc["players"][0]["theft"] = 0;
  doc["players"][1]["theft"] = 2;
  camel(doc, 0, "e4");
  camel(doc, 1, "e4", "salt");
  auto state = restore(doc);
  EXPECT_NE(error_of(*state, m(R"({"steal":"e4"})")).find("no theft marker"), std::string::npos);
}

// Ruling HC-5: the ban covers steals.
TEST(HuberCaravanSteal, HC5_AStealMayNotLoadTheLastEmptyCamel) {
  Document doc = at_turn_five();
  for (const char* at : {"a2", "a3", "a5", "a6"}) camel(doc, 0, at, "meat");
  camel(doc, 0, "e4");
  camel(doc, 1, "e4", "salt");
  auto state = restore(doc);
  EXPECT_NE(error_of(*state, m(R"({"steal":"e4"})")).find("HC-5"), std::string::npos);
}

// Ruling HC-8: where several goods could be meant, the action names victim and colour.
TEST(HuberCaravanSteal, HC8_AnAmbiguousStealNamesItsVictimAndColour) {
  Document doc = fresh(3);
  turn(doc, "Black", 5, 4);
  camel(doc, 0, "e4");
  camel(doc, 1, "e4", "salt");
  camel(doc, 1, "e4", "meat");
  camel(doc, 2, "e4", "salt");
  auto state = restore(doc, 3);
  EXPECT_NE(error_of(*state, m(R"({"steal":"e4"})")).find("ambiguous"), std::string::npos);
  EXPECT_NE(error_of(*state, m(R"({"steal":{"at":"e4","victim":"Blue"}})")).find("ambiguous"),
            std::string::npos);
  EXPECT_TRUE(listed(*state, m(R"({"steal":{"at":"e4","victim":"Green"}})")));
  EXPECT_TRUE(listed(*state, m(R"({"steal":{"at":"e4","victim":"Blue","colour":"meat"}})")));
  EXPECT_FALSE(listed(*state, m(R"({"steal":"e4"})")));
  // Colour words and any case are read too.
  const auto events = play(*state, m(R"({"steal":{"at":"E4","victim":"blue","colour":"red"}})"));
  EXPECT_EQ(events[0].full["good"], "meat");
  EXPECT_EQ(events[0].full["action"],
            m(R"({"steal":{"at":"e4","victim":"Blue","colour":"meat"}})"));
}

// ---- HC-2: moving goods -----------------------------------------------------------------------

// Ruling HC-2; scenario: a relay across a chain with a gap is refused.
TEST(HuberCaravanGoods, HC2_AGoodTravelsAChainOfOwnCamelsButNotAcrossAGap) {
  Document doc = at_turn_five();
  camel(doc, 0, "a3", "hides");
  camel(doc, 0, "b3", "meat");  // loaded: the good passes through
  camel(doc, 0, "c3");
  camel(doc, 0, "e3");  // d3 is empty: a gap
  camel(doc, 1, "d3");  // another player's camel does not close it
  auto state = restore(doc);
  EXPECT_TRUE(listed(*state, m(R"({"good":{"from":"a3","to":"c3"}})")));
  EXPECT_NE(error_of(*state, m(R"({"good":{"from":"a3","to":"e3"}})")).find("not joined"),
            std::string::npos);
  EXPECT_FALSE(listed(*state, m(R"({"good":{"from":"a3","to":"e3"}})")));
  EXPECT_NE(error_of(*state, m(R"({"good":{"from":"a3","to":"b3"}})")).find("no empty camel"),
            std::string::npos);  // it may not end on a loaded camel
  play(*state, m(R"({"good":{"from":"a3","to":"c3"}})"));
  const Document camels = state->view(0)["players"][0]["camels"];
  EXPECT_EQ(camels[0], m(R"({"at":"a3"})"));
  EXPECT_EQ(camels[2], m(R"({"at":"c3","good":"hides"})"));  // not delivered: any camel will do
}

// Ruling HC-2: adjacency is orthogonal.
TEST(HuberCaravanGoods, HC2_DiagonalStepsDoNotJoinAChain) {
  Document doc = at_turn_five();
  camel(doc, 0, "c2", "ivory");
  camel(doc, 0, "d1");  // the ivory market, diagonal to c2
  auto state = restore(doc);
  EXPECT_NE(error_of(*state, m(R"({"good":{"from":"c2","to":"d1"}})")).find("not joined"),
            std::string::npos);
}

// Ruling HC-8: landing on the good's market always delivers.
TEST(HuberCaravanGoods, HC8_LandingOnTheGoodsMarketDelivers) {
  Document doc = at_turn_five();
  camel(doc, 0, "d2", "ivory");
  camel(doc, 0, "d1");  // ivory market
  camel(doc, 0, "d4", "salt");
  camel(doc, 0, "d3");  // meat market: salt is not wanted there
  auto state = restore(doc);
  auto events = play(*state, m(R"({"good":{"from":"d2","to":"d1"}})"));
  EXPECT_EQ(events[0].full["delivered"], true);
  Document view = state->view(1);
  EXPECT_EQ(view["players"][0]["delivered"], m(R"({"ivory":1})"));
  EXPECT_EQ(view["players"][0]["held"], 1);
  EXPECT_TRUE(has_camel(*state, 0, m(R"({"at":"d1"})")));  // the camel is free again
  events = play(*state, m(R"({"good":{"from":"d4","to":"d3"}})"));
  EXPECT_FALSE(events[0].full.contains("delivered"));
  EXPECT_EQ(state->view(1)["players"][0]["delivered"], m(R"({"ivory":1})"));
  EXPECT_FALSE(state->finished());  // goods are still in the bag: the game goes on
}

// Text: a stolen good that moves goes on top of its new camel.
TEST(HuberCaravanGoods, AMovedStolenGoodGoesOnTopAndCanBeStolenAgain) {
  Document doc = at_turn_five();
  camel(doc, 0, "b4", "salt", true);
  camel(doc, 0, "b4", "salt");
  camel(doc, 0, "b5");
  auto state = restore(doc);
  // Two salts on b4, one under: the action says which.
  EXPECT_NE(error_of(*state, m(R"({"good":{"from":"b4","to":"b5"}})")).find("ambiguous"),
            std::string::npos);
  EXPECT_TRUE(listed(*state, m(R"({"good":{"from":"b4","to":"b5","under":false}})")));
  play(*state, m(R"({"good":{"from":"b4","to":"b5","under":true}})"));
  const Document camels = state->view(0)["players"][0]["camels"];
  EXPECT_EQ(camels[0], m(R"({"at":"b4"})"));
  EXPECT_EQ(camels[1], m(R"({"at":"b4","good":"salt"})"));
  EXPECT_EQ(camels[2], m(R"({"at":"b5","good":"salt"})"));
}

// Ruling HC-8: a good names its colour where the camels on a space carry several.
TEST(HuberCaravanGoods, HC8_SeveralGoodsOnOneSpaceAreToldApartByColour) {
  Document doc = at_turn_five();
  camel(doc, 0, "b4", "salt");
  camel(doc, 0, "b4", "meat");
  camel(doc, 0, "c4");  // the swords market: neither is delivered
  auto state = restore(doc);
  EXPECT_TRUE(listed(*state, m(R"({"good":{"from":"b4","to":"c4","colour":"meat"}})")));
  EXPECT_NE(error_of(*state, m(R"({"good":{"from":"b4","to":"c4"}})")).find("ambiguous"),
            std::string::npos);
  play(*state, m(R"({"good":{"from":"b4","to":"c4","color":"white"}})"));
  EXPECT_EQ(state->view(0)["players"][0]["camels"][2], m(R"({"at":"c4","good":"salt"})"));
}

// ---- HC-7: refill, end ------------------------------------------------------------------------

// Ruling HC-7; scenario: a refill in the middle of a turn.
TEST(HuberCaravanRefill, HC7_FourLooseGoodsGetDemandMarkersAndFourNewGoodsMidTurn) {
  const Document doc = five_loose();
  auto state = restore(doc);
  const Document bag = state->view(core::kReferee)["bag"];
  const auto events = play(*state, m(R"({"pickup":"g1"})"));
  const Document& refill = events[0].full["refill"];
  EXPECT_EQ(refill["demand"], m("[4,6,7,8]"));
  ASSERT_EQ(refill["drawn"].size(), 4u);
  const Document view = state->view(core::kReferee);
  // Drawn from the front of the bag onto spaces 1, 2, 3, 5 in that order.
  std::size_t k = 0;
  for (int space : {1, 2, 3, 5}) {
    EXPECT_EQ(refill["drawn"][k]["space"], space);
    EXPECT_EQ(view["spaces"][static_cast<std::size_t>(space - 1)]["good"], bag[k]);
    ++k;
  }
  for (int space : {4, 6, 7, 8})
    EXPECT_EQ(view["spaces"][static_cast<std::size_t>(space - 1)]["demand"],
              space >= 7 ? 2 : 1);  // 7 and 8 kept their start markers
  EXPECT_EQ(view["bag"].size(), bag.size() - 4);
  // The same player goes on with the actions left and may pick up a new good.
  EXPECT_EQ(state->current_player(), 0);
  EXPECT_EQ(dynamic_cast<HuberCaravanState&>(*state).actions_left(), 3);
  play(*state, m(R"({"place":"a1"})"));
  const auto next = play(*state, m(R"({"pickup":"a1"})"));
  EXPECT_EQ(next[0].full["good"], bag[0]);
}

// A position whose bag holds its last four goods and whose next pickup (g1) draws them. Black
// also has a good beside its market, ready to deliver; the goods that left the bag went to Blue.
Document last_draw(std::string* deliver_from = nullptr, std::string* market = nullptr) {
  Document doc = five_loose();
  const Board board = Board::standard();
  const std::string good = doc["bag"][0];
  const std::string at = doc["board"]["markets"][good];
  const int beside = board.neighbours(*board.parse_square(at)).front();
  camel(doc, 0, board.square_name(beside), good);
  camel(doc, 0, at);
  if (deliver_from) *deliver_from = board.square_name(beside);
  if (market) *market = at;
  auto& bag = doc["bag"];
  while (bag.size() > 4) {
    const std::string last = bag[bag.size() - 1];
    bag.erase(bag.size() - 1);
    auto& count = doc["players"][1]["delivered"][last];
    count = count.is_null() ? 1 : count.get<int>() + 1;
  }
  return doc;
}

// Ruling HC-7; scenario: the last draw, then the next delivery ends the game.
TEST(HuberCaravanEnd, HC7_TheLastDrawTriggersTheEndAndTheNextDeliveryEndsIt) {
  std::string from, market;
  auto state = restore(last_draw(&from, &market));
  const auto events = play(*state, m(R"({"pickup":"g1"})"));
  EXPECT_EQ(events[0].full["end_triggered"], true);
  const Document view = state->view(1);
  EXPECT_EQ(view["bag_size"], 0);
  EXPECT_TRUE(view["end_triggered"]);
  EXPECT_FALSE(state->finished());  // not yet: the game waits for a delivery
  const auto last = play(*state, Document{{"good", {{"from", from}, {"to", market}}}});
  EXPECT_EQ(last[0].full["game_over"], "delivery");
  EXPECT_TRUE(state->finished());
  EXPECT_FALSE(state->current_player().has_value());
  EXPECT_TRUE(state->legal_moves().empty());
  EXPECT_FALSE(state->end_turn_move().has_value());
  core::Rng rng(1);
  EXPECT_THROW(state->apply(0, "end", rng), core::MoveError);
  // The finished game restores as it is.
  EXPECT_EQ(restore(state->view(core::kReferee))->view(core::kReferee),
            state->view(core::kReferee));
}

// Ruling HC-7: a whole round without an action after the trigger ends the game.
TEST(HuberCaravanEnd, HC7_ARoundWithoutActionsAfterTheTriggerEndsTheGame) {
  Document doc = last_draw();
  auto state = restore(doc);
  play(*state, m(R"({"pickup":"g1"})"));
  play(*state, "end");  // Black acted this turn
  EXPECT_FALSE(state->finished());
  play(*state, "end");  // Blue: nothing
  EXPECT_FALSE(state->finished());
  const auto events = play(*state, "end");  // Black: nothing; a whole round idle
  EXPECT_TRUE(state->finished());
  EXPECT_EQ(events[0].full["game_over"], "idle");
}

// Ruling HC-D2: ten rounds without a good picked up or delivered end a stalled game.
TEST(HuberCaravanEnd, TenQuietRoundsEndAStalledGame) {
  core::Rng rng(2);
  auto state = kEngine.start(3, {}, rng).state;
  int turns = 0;
  while (!state->finished()) {
    play(*state, "end");
    ++turns;
  }
  EXPECT_EQ(turns, games::huber_caravan::kQuietRounds * 3);
  EXPECT_EQ(state->view(0)["ended_by"], "stall");
}

// ---- Scoring, HC-6, tie-break -----------------------------------------------------------------

// Text "End of the game"; ruling HC-6: n held goods cost n(n-1)/2 points.
TEST(HuberCaravanScore, HC6_PenaltiesForZeroToFiveHeldGoods) {
  const int expected[] = {0, 0, 1, 3, 6, 10};
  for (int n = 0; n <= 5; ++n) {
    EXPECT_EQ(HuberCaravanState::penalty(n), expected[n]);
    // The same through a position with six camels, n of them loaded (one stolen, under).
    Document doc = fresh(2, {{"camels", "6"}});
    turn(doc, "Black", 5, 4);
    const char* squares[] = {"b3", "c3", "d4", "e5", "f4"};
    for (int i = 0; i < n; ++i) camel(doc, 0, squares[i], "meat", i == 0);
    auto state = restore(doc, 2, {{"camels", "6"}});
    EXPECT_EQ(state->view(0)["players"][0]["held"], n);
    EXPECT_EQ(state->view(0)["players"][0]["score"], -expected[n]) << n << " goods held";
  }
}

// Text "Objective": rare goods 6, common goods 3, demand markers 1; scores may go negative.
TEST(HuberCaravanScore, RareSixCommonThreeDemandOneLessThePenalty) {
  Document doc = at_turn_five();
  delivered(doc, 0, "gems", 2);
  delivered(doc, 0, "salt", 3);
  doc["players"][0]["demand"] = 4;
  camel(doc, 1, "b3", "meat");
  camel(doc, 1, "c3", "meat");
  camel(doc, 1, "d4", "hides");
  auto state = restore(doc);
  EXPECT_EQ(state->view(0)["players"][0]["score"], 12 + 9 + 4);
  EXPECT_EQ(state->view(0)["players"][1]["score"], -3);  // HC-8: negative scores stand
}

// Ruling HC-8: ties go to more goods delivered, then are shared.
TEST(HuberCaravanScore, HC8_TiesGoToMoreGoodsDeliveredThenAreShared) {
  Document doc = fresh(3);
  turn(doc, "Black", 5, 4);
  delivered(doc, 0, "ivory", 1);  // 6 points, 1 good
  delivered(doc, 1, "meat", 2);   // 6 points, 2 goods
  delivered(doc, 2, "salt", 2);   // 6 points, 2 goods
  auto state = restore(doc, 3);
  EXPECT_EQ(state->result().winners, (std::vector<int>{1, 2}));
  EXPECT_EQ(state->result().scores, (std::vector<double>{6, 6, 6}));
  doc["players"][2]["demand"] = 1;
  EXPECT_EQ(restore(doc, 3)->result().winners, (std::vector<int>{2}));
}

// A seat that leaves (resignation, forfeit): its camels and goods stay where they are, its turns
// are skipped, it never wins, and the referee's view names it and restores.
TEST(HuberCaravanRetire, ARetiredSeatsCamelsStayAndItsTurnsAreSkipped) {
  Document doc = fresh(3);
  camel(doc, 1, "c3", "salt");
  camel(doc, 1, "d3");
  turn(doc, "Blue", 6, 4);
  auto state = restore(doc, 3);
  core::Rng rng(1);
  const auto events = state->retire(1, rng);  // Blue leaves on its own turn
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].full["seat"], "Blue");
  EXPECT_EQ(events[0].full["retired"], true);
  EXPECT_EQ(events[0].full["next"]["player"], "Green");
  EXPECT_EQ(state->current_player(), 2);
  EXPECT_TRUE(has_camel(*state, 1, Document{{"at", "c3"}, {"good", "salt"}}));
  for (int viewer : {0, 2, core::kReferee})
    EXPECT_EQ(state->view(viewer)["retired"], Document::array({"Blue"}));
  const Document full = state->view(core::kReferee);
  EXPECT_EQ(kEngine.restore(full, 3, {})->view(core::kReferee), full);
  play(*state, "end");
  EXPECT_EQ(state->current_player(), 0);
  play(*state, "end");
  EXPECT_EQ(state->current_player(), 2) << "Blue's turn is skipped";
  EXPECT_THROW(state->retire(1, rng), core::MoveError);
  // When one seat is left, the game ends and that seat alone wins.
  state->retire(0, rng);
  EXPECT_TRUE(state->finished());
  EXPECT_EQ(state->view(core::kReferee)["ended_by"], "retired");
  EXPECT_EQ(state->result().winners, std::vector<int>{2});
}

TEST(HuberCaravanRetire, APositionWithoutRetiredSeatsStillRestoresAndABadListIsRefused) {
  Document doc = fresh(3);
  EXPECT_FALSE(doc.contains("retired"));
  EXPECT_NO_THROW(restore(doc, 3));
  doc["retired"] = Document::array({"Black"});  // Black is to move
  EXPECT_THROW(restore(doc, 3), core::SetupError);
  doc["retired"] = Document::array({"Purple"});
  EXPECT_THROW(restore(doc, 3), core::SetupError);
}

// ---- The bots' evaluation (man page, BOTS) ------------------------------------------------------

TEST(HuberCaravanBots, TheEvaluationCountsTheActionsThatWouldJoinAHeldGoodToItsMarket) {
  // Black's camel holds cloth on a1; the cloth market is a4.
  Document doc = at_turn_five();
  camel(doc, 0, "a1", "cloth");
  const auto actions = [](const Document& d) {
    auto state = restore(d);
    const Board board = Board::standard();
    return dynamic_cast<HuberCaravanState&>(*state).actions_to_deliver(0, *board.parse_square("a1"),
                                                                       *board.parse_square("a4"));
  };
  EXPECT_EQ(actions(doc), 3);  // camels to place on a2, a3 and a4
  Document chain = doc;
  camel(chain, 0, "a2");
  camel(chain, 0, "a3");
  EXPECT_EQ(actions(chain), 1);  // only the market's camel is missing
  Document done = chain;
  camel(done, 0, "a4");
  EXPECT_EQ(actions(done), 0);  // one action delivers
  Document blocked = chain;
  camel(blocked, 1, "a4");
  EXPECT_EQ(actions(blocked), 2);  // Blue stands on the market: placing there costs two
  Document loaded = chain;
  camel(loaded, 0, "a4", "salt");
  EXPECT_EQ(actions(loaded), 2);  // a loaded camel there cannot take it: one more costs two

  // The nearer the good is to delivery, the better the position looks to Black, and to Blue the
  // worse.
  const auto eval = [](const Document& d, int seat) { return restore(d)->evaluate(seat); };
  EXPECT_LT(eval(doc, 0), eval(chain, 0));
  EXPECT_LT(eval(chain, 0), eval(done, 0));
  EXPECT_GT(eval(doc, 1), eval(done, 1));
  EXPECT_GT(eval(done, 0), 0.5);
}

TEST(HuberCaravanBots, AChainLongerThanTheSpareCamelsIsBuiltInStagesEachOneActionMore) {
  // Cloth on a1, its market a4: the chain needs camels on a2, a3 and a4. Black's other camels
  // carry salt far away, so only the camels still in the supply can be spared.
  const Board board = Board::standard();
  const auto position = [](int spare) {
    Document doc = at_turn_five();
    camel(doc, 0, "a1", "cloth");
    const char* far[] = {"f1", "f3", "f5", "g2"};
    for (int i = 0; i < 4 - spare; ++i) camel(doc, 0, far[i], "salt");
    return doc;
  };
  const auto actions = [&](const Document& doc) {
    return dynamic_cast<HuberCaravanState&>(*restore(doc))
        .actions_to_deliver(0, *board.parse_square("a1"), *board.parse_square("a4"));
  };
  EXPECT_EQ(actions(position(3)), 3);  // the whole chain at once
  EXPECT_EQ(actions(position(2)), 4);  // two camels, the good on to a3, a1's camel on to a4
  EXPECT_EQ(actions(position(1)), 5);  // one camel at a time, the good following it twice

  // With one camel to spare, putting it on a2 is a stage done: the position looks better.
  Document started = position(1);
  started["players"][0]["supply"] = 0;
  started["players"][0]["camels"].push_back({{"at", "a2"}});
  EXPECT_EQ(actions(started), 3);
  EXPECT_GT(restore(started)->evaluate(0), restore(position(1))->evaluate(0));
}

// Issue 62: an action as a button says it, with its squares and the good it names.
TEST(HuberCaravanMovePhrase, SaysEveryActionInWords) {
  EXPECT_EQ(kEngine.move_phrase(Document{{"place", "c3"}}), "Place a camel on c3");
  EXPECT_EQ(kEngine.move_phrase(Document{{"move", {{"from", "c3"}, {"to", "d3"}}}}),
            "Move a camel from c3 to d3");
  EXPECT_EQ(kEngine.move_phrase(Document{{"pickup", "b2"}}), "Pick up the good on b2");
  EXPECT_EQ(kEngine.move_phrase(Document{{"steal", "e4"}}), "Steal a good on e4");
  EXPECT_EQ(kEngine.move_phrase(
                Document{{"steal", {{"at", "e4"}, {"victim", "Blue"}, {"colour", "salt"}}}}),
            "Steal the salt on e4 from Blue");
  EXPECT_EQ(kEngine.move_phrase(Document{{"good", {{"from", "b4"}, {"to", "c4"}}}}),
            "Pass a good from b4 to c4");
  EXPECT_EQ(kEngine.move_phrase(Document{
                {"good", {{"from", "b4"}, {"to", "c4"}, {"colour", "meat"}, {"under", true}}}}),
            "Pass the meat (the stolen one) from b4 to c4");
  EXPECT_EQ(kEngine.move_phrase(Document("end")), "End the turn");
}

}  // namespace
