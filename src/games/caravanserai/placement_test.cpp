// Caravanserai placements from positions: rule 4 and rulings CS-4..CS-9, CS-14, 7.2, 7.3.
#include <algorithm>

#include <gtest/gtest.h>

#include "games/caravanserai/caravanserai.hpp"
#include "games/caravanserai/scenario_testing.hpp"

namespace games::caravanserai {
namespace {

using core::Document;
using testing::Scenario;

constexpr int W = 0, K = 1, P = 2, R = 3, Y = 4, C = kCamel;
constexpr int E = 0, SE = 1, SW = 2, NW = 4, NE = 5;
constexpr Hex kWest{-6, 1};  // row 1 runs east from here for 11 more cells

std::vector<core::Event> play(core::State& state, const Document& move) {
  core::Rng rng(1);
  return state.apply(*state.current_player(), move, rng);
}

Document move(const char* json) { return Document::parse(json); }

const Position& pos_of(const core::State& state) {
  return dynamic_cast<const CaravanseraiState&>(state).position();
}

const Player& player(const core::State& state, int seat) {
  return pos_of(state).players[static_cast<std::size_t>(seat)];
}

void refused(core::State& state, const Document& m, const std::string& reason) {
  const Document before = state.view(core::kReferee);
  try {
    play(state, m);
    ADD_FAILURE() << "accepted " << m.dump();
  } catch (const core::MoveError& e) {
    EXPECT_NE(std::string(e.what()).find(reason), std::string::npos) << e.what();
  }
  EXPECT_EQ(state.view(core::kReferee), before) << "a refused move changed the state";
}

// A one-camel caravan at the west end of row 1, lots of goods: room for long placements.
Scenario open_row(bool expert = false) {
  Scenario s(2, expert);
  s.caravan(0, {{kWest, C}}).line_caravan(1, Hex{2, -6}, E, {C});
  s.goods(0, {10, 10, 10, 10, 10}).goods(1, {0, 0, 0, 0, 0}).market({0, 0, 0, 0, 0});
  return s;
}

// Rule 4.2's worked example (Figure 8): 1 purple, 2 yellow, 3 purple turning on a purple
// Caravanserai cell, a camel on a black one: the count is 4.
TEST(CaravanseraiPlacement, Figure8_TheWorkedExampleCountsFour) {
  Scenario s(2);
  const Hex turn = Scenario::walk(kWest, E, 4), stop = Scenario::walk(turn, SE, 3);
  s.caravanserai(turn, P).caravanserai(stop, K).caravanserai(Hex{3, -2}, R);
  s.caravan(0, {{Hex{-6, 3}, R}, {Hex{-6, 2}, R}, {kWest, C}}).line_caravan(1, Hex{2, -6}, E, {C});
  s.goods(0, {3, 3, 5, 3, 3}).market({2, 2, 2, 2, 2});
  auto state = s.state();
  const auto events = play(*state, move(R"({"path": ["E", "purple", ["yellow", 2], "purple", "SE",
                                                     ["purple", 2]]})"));
  EXPECT_EQ(events.at(0).full["count"], 4);
  EXPECT_EQ(events.at(0).full["placed"], 7);
  const Player& a = player(*state, 0);
  EXPECT_EQ(a.caravan.size(), 3u + 7u - 4u);
  EXPECT_EQ(a.caravan.back().cell, *pos_of(*state).board->at(stop));
  // Back from the tail: two reds, the old head camel, the first purple.
  EXPECT_EQ(a.goods, (std::array<int, kColours>{3, 3 + 1, 5 - 4 + 1, 3 + 2, 3 - 2}));
  EXPECT_EQ(pos_of(*state).market[K], 1);  // the black good for the camel's stop
  EXPECT_EQ(pos_of(*state).owed, 1);       // CS-8: one camel came back
}

// Rule 4.1 a: the correct placements listed in the text.
TEST(CaravanseraiPlacement, TheValidPlacementsOfTheRuleTextAreAccepted) {
  const std::vector<std::pair<const char*, int>> cases = {
      {R"({"path": ["E", "yellow", ["white", 2], ["red", 3], ["black", 4]]})", 11},
      {R"({"path": ["E", ["red", 2], ["black", 3]]})", 6},
      {R"({"path": ["E", "red", ["yellow", 2], ["red", 3]]})", 7},
      {R"({"path": ["E", ["white", 2]]})", 3},
      {R"({"path": ["E"]})", 1}};
  for (const auto& [text, pieces] : cases) {
    auto state = open_row().state();
    const auto events = play(*state, move(text));
    EXPECT_EQ(events.at(0).full["placed"], pieces) << text;
    EXPECT_EQ(events.at(0).full["count"], pieces) << text;  // no Caravanserai cell on the way
  }
}

// The man page's letters: "w" is white in a submitted path as under --prefix, never west (which
// is "W"); "E" and "w" place one white good east (issue 19).
TEST(CaravanseraiPlacement, TheLetterWIsWhiteAndTheCapitalWIsWest) {
  auto letter = open_row().state();
  const auto by_letter = play(*letter, move(R"({"path": ["E", "w"]})"));
  auto word = open_row().state();
  const auto by_word = play(*word, move(R"({"path": ["E", "white"]})"));
  EXPECT_EQ(by_letter.at(0).full["placed"], by_word.at(0).full["placed"]);
  EXPECT_EQ(letter->view(core::kReferee), word->view(core::kReferee));
  refused(*open_row().state(), move(R"({"path": ["E", "W"]})"), "two directions");
}

// Rule 4.1 and CS-14: blocks start with 1 or 2 and grow by exactly one in a new colour.
TEST(CaravanseraiPlacement, InvalidBlockSequencesAreRefusedWithAReason) {
  auto state = open_row().state();
  refused(*state, move(R"({"path": ["E", ["red", 3]]})"), "the first block has 1 or 2 goods");
  refused(*state, move(R"({"path": ["E", "red", "yellow"]})"), "must have 2 goods");
  refused(*state, move(R"({"path": ["E", "red", ["yellow", 3]]})"), "must have 2 goods");
  // Two same-colour blocks in a row are one block (CS-14): 1 red then 2 red is a block of 3.
  refused(*state, move(R"({"path": ["E", "red", ["red", 2]]})"), "the first block");
  refused(*state, move(R"({"path": ["E", "lying"]})"), "expert");
  refused(*state, move(R"({"path": ["red"]})"), "begin with a direction");
  refused(*state, move(R"({"path": ["E", "NE", "red"]})"), "two directions");
  refused(*state, move(R"({"path": ["E", "mauve"]})"), "not a colour");
  refused(*state, move(R"({"path": ["E"], "extra": 1})"), "no key 'extra'");
}

// CS-4, 4.1: the line turns only on a Caravanserai cell; CS-7: there, any free direction.
TEST(CaravanseraiPlacement, CS4_CS7_TheLineTurnsOnlyOnACaravanseraiCell) {
  Scenario s = open_row();
  s.caravanserai(Scenario::walk(kWest, E, 2), Y);
  auto state = s.state();
  refused(*state, move(R"({"path": ["E", "red", "NE"]})"), "turns only on a Caravanserai cell");
  for (const char* text : {R"({"path": ["E", ["red", 2], "NE"]})",
                           R"({"path": ["E", "red", "yellow", "SE", "yellow"]})",
                           R"({"path": ["E", "red", "yellow", "NW", "yellow"]})"}) {
    auto trial = s.state();
    EXPECT_NO_THROW(play(*trial, move(text))) << text;
  }
  // The first step from the head goes any free way.
  for (const char* text : {R"({"path": ["NE"]})", R"({"path": ["SE"]})", R"({"path": ["E"]})"}) {
    auto trial = s.state();
    EXPECT_NO_THROW(play(*trial, move(text))) << text;
  }
}

// CS-4, 7.2: a caravan never enters a cell of any caravan, its own included; nor off the board.
TEST(CaravanseraiPlacement, CS4_APlacementNeverCrossesACaravanOrLeavesTheBoard) {
  Scenario s = open_row();
  s.line_caravan(1, Scenario::walk(kWest, E, 3), NE, {C});
  auto state = s.state();
  refused(*state, move(R"({"path": ["E", "red", ["yellow", 2]]})"), "taken by caravan B");
  refused(*state, move(R"({"path": ["W"]})"), "leaves the board");
  refused(*state, move(R"({"path": ["SW"]})"), "leaves the board");
  EXPECT_NO_THROW(play(*state, move(R"({"path": ["E", "red"]})")));  // beside it is fine
}

// 4.1: goods come from the reserve; none left of a colour, no block of it.
TEST(CaravanseraiPlacement, GoodsComeFromTheReserve) {
  Scenario s = open_row();
  s.goods(0, {3, 3, 3, 1, 3});
  auto state = s.state();
  refused(*state, move(R"({"path": ["E", ["red", 2]]})"), "no red good left");
  play(*state, move(R"({"path": ["E", ["white", 2], ["black", 3]]})"));
  EXPECT_EQ(player(*state, 0).goods[W], 3);  // the 6 counted pieces all came back
}

// CS-6: a block passing a good of its colour takes it (no reserve good used, block omitted).
TEST(CaravanseraiPlacement, CS6_ABlockTakesAGoodOfItsColourAndIsOmitted) {
  Scenario s = open_row();
  const Hex cell = Scenario::walk(kWest, E, 2);
  s.caravanserai(cell, Y).good(cell).goods(0, {3, 3, 3, 3, 1});
  auto state = s.state();
  const auto events = play(*state, move(R"({"path": ["E", "red", ["yellow", 2]]})"));
  EXPECT_EQ(events.at(0).full["count"], 1 + 1);  // the red and the camel; yellow omitted
  EXPECT_EQ(pos_of(*state).loose[static_cast<std::size_t>(*pos_of(*state).board->at(cell))], -1);
  EXPECT_EQ(pos_of(*state).market[Y], 0);  // it did not go back to the market
}

// CS-6: declining the good sends it to the market and the block is counted.
TEST(CaravanseraiPlacement, CS6_ADeclinedGoodGoesToTheMarketAndTheBlockIsCounted) {
  Scenario s = open_row();
  const Hex cell = Scenario::walk(kWest, E, 2);
  s.caravanserai(cell, Y).good(cell);
  auto state = s.state();
  const std::string name = s.name(cell);
  const auto events =
      play(*state, Document{{"path", {"E", "red", {"yellow", 2}}}, {"decline", {name}}});
  EXPECT_EQ(events.at(0).full["count"], 4);
  EXPECT_EQ(pos_of(*state).market[Y], 1);
  auto other = s.state();
  refused(*other, Document{{"path", {"E", "red"}}, {"decline", {name}}}, "no block passes");
}

// CS-6: a good of another colour on the way goes back to the market; the block is counted.
TEST(CaravanseraiPlacement, CS6_AGoodOfAnotherColourOnTheWayGoesBackToTheMarket) {
  Scenario s = open_row();
  const Hex cell = Scenario::walk(kWest, E, 2);
  s.caravanserai(cell, K).good(cell);
  auto state = s.state();
  const auto events = play(*state, move(R"({"path": ["E", "red", ["yellow", 2]]})"));
  EXPECT_EQ(events.at(0).full["count"], 4);
  EXPECT_EQ(pos_of(*state).market[K], 1);
  refused(*s.state(), Document{{"path", {"E", "red", {"yellow", 2}}}, {"decline", {s.name(cell)}}},
          "holds no yellow good");
}

// CS-6: an empty Caravanserai cell of the block's colour omits the block from the count.
TEST(CaravanseraiPlacement, CS6_AnEmptyCaravanseraiCellOfTheBlocksColourOmitsIt) {
  Scenario s = open_row();
  s.caravanserai(Scenario::walk(kWest, E, 3), Y);
  auto state = s.state();
  const auto events = play(*state, move(R"({"path": ["E", "red", ["yellow", 2], ["black", 3]]})"));
  EXPECT_EQ(events.at(0).full["count"], 1 + 3 + 1);
}

// Rule 7.3 and CS-14: a block over two cells of different colours is counted, even if one
// matches; over two cells of its own colour it is omitted.
TEST(CaravanseraiPlacement, Rule7_3_ABlockOverTwoDifferentCellsIsCounted) {
  Scenario mixed = open_row();
  mixed.caravanserai(Scenario::walk(kWest, E, 2), Y).caravanserai(Scenario::walk(kWest, E, 3), K);
  auto state = mixed.state();
  EXPECT_EQ(play(*state, move(R"({"path": ["E", "red", ["yellow", 2]]})")).at(0).full["count"], 4);

  Scenario same = open_row();
  same.caravanserai(Scenario::walk(kWest, E, 2), Y).caravanserai(Scenario::walk(kWest, E, 3), Y);
  state = same.state();
  EXPECT_EQ(play(*state, move(R"({"path": ["E", "red", ["yellow", 2]]})")).at(0).full["count"], 2);
}

// CS-14: one declined good among two cells of the block's colour: the block is counted.
TEST(CaravanseraiPlacement, CS14_ADeclinedGoodCountsTheBlockEvenOverMatchingCells) {
  Scenario s = open_row();
  const Hex a = Scenario::walk(kWest, E, 2), b = Scenario::walk(kWest, E, 3);
  s.caravanserai(a, Y).caravanserai(b, Y).good(b);
  auto state = s.state();
  const auto events =
      play(*state, Document{{"path", {"E", "red", {"yellow", 2}}}, {"decline", {s.name(b)}}});
  EXPECT_EQ(events.at(0).full["count"], 4);
}

// 4.1 c: a camel stopping on a Caravanserai cell takes a market good of its colour, and the
// good standing there too.
TEST(CaravanseraiPlacement, ACamelStopTakesAMarketGoodAndTheGoodOnTheCell) {
  Scenario s = open_row();
  const Hex stop = Scenario::walk(kWest, E, 2);
  s.caravanserai(stop, P).good(stop).market({0, 0, 2, 0, 0}, W);
  auto state = s.state();
  play(*state, move(R"({"path": ["E", "red"]})"));
  EXPECT_EQ(pos_of(*state).market[P], 1);
  // 10 purple + market + standing good; the count (2) took back the old head camel and the red.
  EXPECT_EQ(player(*state, 0).goods[P], 12);
}

// 4.3: pieces come back from the tail, as many as the count; camels back to the reserve.
TEST(CaravanseraiPlacement, Rule4_3_CountedPiecesComeBackFromTheTail) {
  Scenario s(2);
  s.caravan(0, {{Hex{-6, 3}, K}, {Hex{-6, 2}, C}, {kWest, C}}).line_caravan(1, Hex{2, -6}, E, {C});
  s.caravanserai(Hex{3, -2}, R).caravanserai(Hex{4, -2}, R).market({0, 0, 0, 2, 0});
  auto state = s.state();
  play(*state, move(R"({"path": ["E", "red", ["yellow", 2]]})"));  // count 4
  const Player& a = player(*state, 0);
  ASSERT_EQ(a.caravan.size(), 3u);  // 3 + 4 - 4
  EXPECT_EQ(a.caravan[0].kind, Y);
  EXPECT_EQ(a.goods[K], 4);
  EXPECT_EQ(a.goods[R], 3);  // used one, got it back
  EXPECT_EQ(a.camels, 8 - 3 + 2);
  EXPECT_EQ(pos_of(*state).owed, 2);  // two camels came back (CS-8)
}

// CS-8: each camel taken back puts a market good of the player's choice on a free cell of its
// colour; the turn file names the cells, in the placement or as moves of their own.
TEST(CaravanseraiPlacement, CS8_GoodsForCamelsTakenBackGoOnFreeCellsTheTurnFileNames) {
  Scenario s(2);
  const Hex free_red = Hex{3, -2}, free_white = Hex{4, -2}, busy = Hex{2, -6};
  s.caravanserai(free_red, R).caravanserai(free_white, W).caravanserai(busy, R);
  s.caravan(0, {{Hex{-6, 2}, C}, {kWest, C}}).line_caravan(1, busy, E, {C});
  s.market({1, 0, 0, 1, 0}, K);
  auto state = s.state();
  play(*state, move(R"({"path": ["E", "red"]})"));  // count 2: both camels come back
  EXPECT_EQ(state->current_player(), 0);            // the player still owes two goods
  std::vector<Document> expected = {{{"place", s.name(free_red)}}, {{"place", s.name(free_white)}}};
  std::sort(expected.begin(), expected.end());
  auto listed = state->legal_moves();
  std::sort(listed.begin(), listed.end());
  EXPECT_EQ(listed, expected);  // not the cell under caravan B
  refused(*state, Document{{"place", s.name(busy)}}, "a caravan stands");
  refused(*state, Document{{"path", {"E"}}}, "first put the 2 owed");
  play(*state, Document{{"place", s.name(free_red)}});
  play(*state, Document{{"place", s.name(free_white)}});
  EXPECT_EQ(state->current_player(), 1);
  EXPECT_EQ(pos_of(*state).market[R], 0);
  EXPECT_EQ(pos_of(*state).loose[static_cast<std::size_t>(*pos_of(*state).board->at(free_red))], R);

  // The same in one move.
  auto again = s.state();
  play(*again, Document{{"path", {"E", "red"}}, {"place", {s.name(free_white), s.name(free_red)}}});
  EXPECT_EQ(again->current_player(), 1);
  refused(*s.state(), Document{{"path", {"E", "red"}}, {"place", {s.name(busy)}}}, "not a free");
}

// CS-8: no free cell of any colour that can be had: the goods are skipped.
TEST(CaravanseraiPlacement, CS8_WithNoFreeCellTheOwedGoodsAreSkipped) {
  Scenario s(2);
  s.caravan(0, {{Hex{-6, 2}, C}, {kWest, C}}).line_caravan(1, Hex{2, -6}, E, {C});
  auto state = s.state();
  play(*state, move(R"({"path": ["E", "red"]})"));
  EXPECT_EQ(pos_of(*state).owed, 0);
  EXPECT_EQ(state->current_player(), 1);
}

// CS-9: a good owed from an empty market comes from the opponent holding most of it, ties to
// the next in turn order after the player; nobody holds it: nothing.
TEST(CaravanseraiPlacement, CS9_AGoodFromAnEmptyMarketComesFromTheRichestOpponent) {
  const Hex stop = Scenario::walk(kWest, E, 1);
  for (const auto& [b, c, expected_from] :
       std::vector<std::tuple<int, int, int>>{{2, 4, 2}, {4, 4, 1}, {0, 0, -1}}) {
    Scenario s(3);
    s.caravanserai(stop, Y);
    s.caravan(0, {{kWest, C}})
        .line_caravan(1, Hex{2, -6}, E, {C})
        .line_caravan(2, Hex{4, -4}, E, {C});
    s.goods(1, {3, 3, 3, 3, b}).goods(2, {3, 3, 3, 3, c}).market({1, 1, 1, 1, 0}, W);
    auto state = s.state();
    play(*state, move(R"({"path": ["E"]})"));
    EXPECT_EQ(player(*state, 0).goods[Y], 3 + (expected_from >= 0 ? 1 : 0));
    EXPECT_EQ(player(*state, 1).goods[Y], b - (expected_from == 1 ? 1 : 0));
    EXPECT_EQ(player(*state, 2).goods[Y], c - (expected_from == 2 ? 1 : 0));
  }
}

// Expert variant (6.1): the valid placements listed in the text.
TEST(CaravanseraiPlacement, ExpertValidPlacementsOfTheRuleTextAreAccepted) {
  const std::vector<std::pair<const char*, int>> cases = {
      {R"({"path": ["E"]})", 1},
      {R"({"path": ["E", "lying"]})", 2},
      {R"({"path": ["E", "red", "lying", ["red", 3]]})", 6},
      {R"({"path": ["E", "black", ["yellow", 2], "lying", ["black", 4]]})", 9},
      {R"({"path": ["E", "yellow", ["red", 2], ["white", 3], "lying"]})", 8}};
  for (const auto& [text, pieces] : cases) {
    auto state = open_row(true).state();
    const auto events = play(*state, move(text));
    EXPECT_EQ(events.at(0).full["placed"], pieces) << text;
  }
  // 1 black, 2 yellow, lying, 4 black, 5 white needs 13 cells: on the long row it is 13 with
  // the camel, one more than the row holds; the block rule itself is checked here.
  auto state = open_row(true).state();
  refused(*state, move(R"({"path": ["E", ["red", 2]]})"), "1 good");
  refused(*state, move(R"({"path": ["E", "lying", "lying"]})"), "only one lying camel");
  refused(*state, move(R"({"path": ["E", "red", "lying", ["red", 2]]})"), "must have 3 goods");
}

// Expert 6.1 b, CS-14: the lying camel turns the line anywhere, and on a Caravanserai cell takes
// a good that later blocks of the same placement may use.
TEST(CaravanseraiPlacement, ExpertLyingCamelTurnsAndItsGoodServesLaterBlocks) {
  Scenario s = open_row(true);
  const Hex lying = Scenario::walk(kWest, E, 2);
  s.caravanserai(lying, K).goods(0, {3, 0, 3, 3, 3}).market({0, 2, 0, 0, 0}, W);
  auto state = s.state();
  refused(*state, move(R"({"path": ["E", "red", "lying", ["black", 3]]})"), "no black good");
  const auto events = play(*state, move(R"({"path": ["E", "red", "lying", "NE", ["yellow", 3]]})"));
  EXPECT_EQ(events.at(0).full["count"], 1 + 1 + 3 + 1);
  s.goods(0, {3, 2, 3, 3, 3});
  state = s.state();
  EXPECT_NO_THROW(play(*state, move(R"({"path": ["E", "red", "lying", ["black", 3]]})")));
}

// Moves: the listed placements each apply; a page with a prefix narrows the list and counts it.
TEST(CaravanseraiPlacement, MovePagesNarrowByPrefixAndCountEveryMatch) {
  Scenario s = open_row();
  s.goods(0, {2, 2, 2, 2, 2});
  auto state = s.state();
  const auto all = state->legal_moves();
  const auto page = state->legal_moves_page(nullptr, 5);
  EXPECT_EQ(page.total, all.size());
  ASSERT_EQ(page.moves.size(), 5u);
  const Document prefix = {{"path", {"E", "red"}}};
  const auto narrowed = state->legal_moves_page(prefix, 1000);
  std::size_t matching = 0;
  for (const auto& m : all) matching += core::has_prefix(m, prefix);
  EXPECT_EQ(narrowed.total, matching);
  EXPECT_GT(matching, 0u);
  for (const auto& m : narrowed.moves) {
    auto trial = state->clone();
    EXPECT_NO_THROW(play(*trial, m)) << m.dump();
  }
}

// A prefix prunes the walk to the placements that begin with its fixed items; the page must
// still hold every match the complete list has, for prefixes of every length and of every kind
// of step (turns, runs of goods, the lying camel).
TEST(CaravanseraiPlacement, MovePagesWithAPrefixMissNoMatchOfTheCompleteList) {
  for (const bool expert : {false, true}) {
    SCOPED_TRACE(expert ? "expert" : "standard");
    Scenario s = open_row(expert);
    s.goods(0, expert ? std::array<int, kColours>{2, 1, 1, 1, 1}
                      : std::array<int, kColours>{2, 2, 1, 2, 1});
    auto state = s.state();
    const auto all = state->legal_moves();
    ASSERT_EQ(state->legal_moves_page(nullptr, 1).total, all.size()) << "the list is complete";
    ASSERT_LE(all.size(), kListedInFull);
    std::size_t prefixes = 0;
    for (const auto& m : all) {
      const Document& path = m.at("path");
      for (std::size_t k = 2; k <= path.size(); ++k) {
        Document prefix = {{"path", Document::array()}};
        for (std::size_t i = 0; i < k; ++i) prefix["path"].push_back(path[i]);
        std::size_t matching = 0;
        for (const auto& other : all) matching += core::has_prefix(other, prefix);
        const auto page = state->legal_moves_page(prefix, 1000);
        ASSERT_EQ(page.total, matching) << prefix.dump();
        ASSERT_TRUE(page.total_exact);
        ++prefixes;
      }
    }
    EXPECT_GT(prefixes, 50u);
  }
}

// A prefix of any shape (not only a path) counts and lists exactly the placements the complete
// list has on it: the page matches placements without writing each one out.
TEST(CaravanseraiPlacement, MovePagesMatchPrefixesOfEveryShapeAsTheCompleteListDoes) {
  Scenario s = open_row();
  const Hex cell = Scenario::walk(kWest, E, 2);
  s.caravanserai(cell, Y).good(cell).goods(0, {1, 1, 0, 1, 2});
  auto state = s.state();
  const std::string name = s.name(cell);
  const auto all = state->legal_moves();
  ASSERT_EQ(state->legal_moves_page(nullptr, 1).total, all.size()) << "the list is complete";
  std::size_t declining = 0;
  for (const auto& m : all) declining += m.contains("decline");
  ASSERT_GT(declining, 0u) << "the position offers a good to decline";
  const Document red_run = Document::array({"red", 1});
  std::vector<Document> prefixes = {
      Document::object(),
      "E",
      3,
      {{"path", nullptr}},
      {{"path", Document::array()}},
      {{"path", {"E"}}},
      {{"path", "E"}},
      {{"path", {"E", "red", "yellow"}}},
      {{"path", {"E", "red", {"yellow", 2}}}},
      {{"path", {"E", "red", {"yellow"}}}},
      {{"path", {"E", "red", {"yellow", 2}, "E", "E", "E", "E", "E", "E", "E", "E"}}},
      {{"path", Document::array({red_run})}},
      {{"decline", nullptr}},
      {{"decline", Document::array()}},
      {{"decline", {name}}},
      {{"decline", name}},
      {{"path", {"E", "red"}}, {"decline", {name}}},
      {{"place", Document::array()}},
      {{"path", {"E"}}, {"other", 1}},
  };
  prefixes.push_back(Document::array());
  for (const auto& prefix : prefixes) {
    std::vector<Document> matching;
    for (const auto& m : all)
      if (core::has_prefix(m, prefix)) matching.push_back(m);
    const auto page = state->legal_moves_page(prefix, 3);
    EXPECT_EQ(page.total, matching.size()) << prefix.dump();
    EXPECT_TRUE(page.total_exact) << prefix.dump();
    matching.resize(std::min<std::size_t>(matching.size(), 3));
    EXPECT_EQ(page.moves, matching) << prefix.dump();
    if (prefix.is_object() && prefix.contains("decline") && prefix.contains("path")) {
      EXPECT_GT(page.total, 0u) << prefix.dump() << ": a decline and a path together match";
    }
  }
}

TEST(CaravanseraiPlacement, APrefixNoPlacementIsWrittenWithListsNothing) {
  auto state = open_row().state();
  const auto page = state->legal_moves_page({{"path", {"E", "green", "red"}}}, 10);
  EXPECT_TRUE(page.moves.empty());
  EXPECT_EQ(page.total, 0u);
  EXPECT_TRUE(page.total_exact);
}

// Long reserves and many Caravanserai cells to turn on give more placements than anyone could
// read: the page stops counting at kCountedUpTo and says the count is only a lower bound. (The
// position: a real two-player game, played at random until it gets there.)
TEST(CaravanseraiPlacement, MovePagesStopCountingAtTheBoundAndSaySo) {
  core::Rng rng(3), chooser(93);
  const CaravanseraiEngine engine;
  auto state = engine.start(2, {}, rng).state;
  core::State::MovePage page;
  for (int step = 0; step < 200 && !state->finished(); ++step) {
    page = state->legal_moves_page(nullptr, 64);
    if (!page.total_exact) break;
    const Document m =
        page.moves.empty() ? *state->forced_move() : page.moves[chooser.below(page.moves.size())];
    play(*state, m);
  }
  ASSERT_FALSE(page.total_exact) << "no position past the bound in this game";
  EXPECT_EQ(page.moves.size(), 64u);
  EXPECT_EQ(page.total, kCountedUpTo);
  for (const auto& m : page.moves) {
    auto trial = state->clone();
    EXPECT_NO_THROW(play(*trial, m)) << m.dump();
  }
  // A prefix narrows the walk itself: the whole path of a listed move finds that move.
  const Document& listed = page.moves.back();
  const auto narrowed = state->legal_moves_page({{"path", listed.at("path")}}, 64);
  EXPECT_NE(std::find(narrowed.moves.begin(), narrowed.moves.end(), listed), narrowed.moves.end())
      << listed.dump();
}

}  // namespace
}  // namespace games::caravanserai
