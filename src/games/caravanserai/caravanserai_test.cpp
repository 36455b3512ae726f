// Caravanserai's flow: the start (CS-13), skipping (CS-5), the end (CS-10, CS-12), scoring and
// tie-breaks (5), solo (6.2), options (CS-11), views and positions.
#include "games/caravanserai/caravanserai.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "games/caravanserai/scenario_testing.hpp"

namespace games::caravanserai {
namespace {

using core::Document;
using testing::Scenario;

constexpr int P = 2, R = 3, Y = 4, C = kCamel;
constexpr int E = 0, SE = 1, W_ = 3, NE = 5;
constexpr Hex kWest{-6, 1};

const CaravanseraiEngine kEngine;

std::vector<core::Event> play(core::State& state, const Document& move) {
  core::Rng rng(1);
  return state.apply(*state.current_player(), move, rng);
}

const Position& pos_of(const core::State& state) {
  return dynamic_cast<const CaravanseraiState&>(state).position();
}

// CS-13: each player's first turn, in order, chooses a starting Caravanserai cell on an outer
// tile and takes a good of its colour.
TEST(CaravanseraiFlow, CS13_FirstTurnsChooseStartingCellsOnOuterTiles) {
  core::Rng rng(5);
  auto state = kEngine.start(3, {}, rng).state;
  const Board& b = *pos_of(*state).board;
  for (int seat = 0; seat < 3; ++seat) {
    ASSERT_EQ(state->current_player(), seat);
    const auto moves = state->legal_moves();
    ASSERT_FALSE(moves.empty());
    for (const auto& m : moves) {
      const int cell = *b.find(m["start"].get<std::string>());
      EXPECT_EQ(b.role(cell), Role::kOuter);
      EXPECT_GE(b.colour(cell), 0);
    }
    for (int cell = 0; cell < b.size(); ++cell) {
      if (b.colour(cell) >= 0 && b.role(cell) != Role::kOuter) {
        auto trial = state->clone();
        EXPECT_THROW(play(*trial, Document{{"start", b.name(cell)}}), core::MoveError);
        break;
      }
    }
    const int cell = *b.find(moves.front()["start"].get<std::string>());
    const int colour = b.colour(cell);
    const int market = pos_of(*state).market[static_cast<std::size_t>(colour)];
    play(*state, moves.front());
    const Player& p = pos_of(*state).players[static_cast<std::size_t>(seat)];
    ASSERT_EQ(p.caravan.size(), 1u);
    EXPECT_EQ(p.caravan[0], (Piece{cell, kCamel}));
    EXPECT_EQ(p.goods[static_cast<std::size_t>(colour)], 4);
    EXPECT_EQ(pos_of(*state).market[static_cast<std::size_t>(colour)], market - 1);
    // The cell is taken for the next players.
    for (const auto& m : state->legal_moves()) EXPECT_NE(m, moves.front());
  }
  EXPECT_EQ(state->current_player(), 0);
  EXPECT_TRUE(state->legal_moves().front().contains("path"));
}

// CS-5, 7.2: a player who cannot place passes automatically and plays again when able.
TEST(CaravanseraiFlow, CS5_ABlockedPlayerPassesAndPlaysAgainWhenFreed) {
  Scenario s(2);
  // B's head in the corner of row 5 (q=-7), boxed in by A's caravan.
  const Hex corner{-7, 5};
  s.caravan(1, {{Hex{-7, 4}, C}, {corner, C}});
  s.caravan(0, {{Hex{-6, 5}, R}, {Hex{-6, 4}, C}, {Hex{-5, 4}, C}});
  s.to_move(1);
  auto state = s.state();
  ASSERT_FALSE(pos_of(*state).can_place(1));
  EXPECT_EQ(state->forced_move(), Document("pass"));
  EXPECT_EQ(state->legal_moves(), std::vector<Document>{Document("pass")});
  play(*state, Document("pass"));
  EXPECT_EQ(state->current_player(), 0);
  // A may not pass while able to place.
  EXPECT_THROW(play(*state->clone(), Document("pass")), core::MoveError);
  // A moves on (count 2 takes back the red and the camel beside B's head): B can place again.
  play(*state, Document{{"path", {"NE", "yellow"}}});
  EXPECT_TRUE(pos_of(*state).can_place(1));
  EXPECT_FALSE(state->forced_move().has_value());
}

// Plays the game out with the first listed move (or the forced pass); returns the turns played
// (a turn may be several moves: the goods owed for camels are moves of the same turn).
int play_out(core::State& state) {
  const int before = pos_of(state).turn_number;
  for (int moves = 0; !state.finished() && moves < 100; ++moves) {
    auto forced = state.forced_move();
    play(state, forced ? *forced : state.legal_moves().front());
  }
  return pos_of(state).turn_number - before;
}

// CS-10, CS-12: the turn that takes the market's last good finishes its round, then every
// player plays once more.
TEST(CaravanseraiFlow, CS10_TheLastMarketGoodFinishesTheRoundThenEveryonePlaysOnceMore) {
  for (int taker = 0; taker < 3; ++taker) {
    Scenario s(3);
    const Hex head = Hex{-5, -2}, stop = Scenario::walk(head, E, 1);
    s.caravanserai(stop, Y);
    s.caravan(0, {{Hex{-5, 1}, C}}).caravan(1, {{Hex{-2, 3}, C}}).caravan(2, {{Hex{2, -4}, C}});
    s.caravan(taker, {{head, C}});
    s.market({0, 0, 0, 0, 1}, 0, 0).to_move(taker);
    auto state = s.state();
    play(*state, Document{{"path", {"E"}}});  // the camel stops on yellow: the market is empty
    ASSERT_EQ(pos_of(*state).market_total(), 0);
    EXPECT_EQ(play_out(*state), (3 - 1 - taker) + 3) << "taker "
                                                     << "ABC"[taker];
  }
}

// CS-12: goods going back to the market later do not cancel the end.
TEST(CaravanseraiFlow, CS12_GoodsReturnedToTheMarketDoNotCancelTheEnd) {
  Scenario s(2);
  const Hex b_head{2, -4}, black = Scenario::walk(b_head, E, 1);
  s.caravanserai(Scenario::walk(kWest, E, 1), Y).caravanserai(black, 1).good(black);
  s.caravan(0, {{kWest, C}}).caravan(1, {{b_head, C}});
  s.market({0, 0, 0, 0, 1}, 0, 0);
  auto state = s.state();
  play(*state, Document{{"path", {"E"}}});  // A takes the last good: B, then A and B again
  ASSERT_TRUE(pos_of(*state).final_turns_left.has_value());
  EXPECT_EQ(*pos_of(*state).final_turns_left, 3);
  while (state->current_player() == 0) play(*state, state->legal_moves().front());
  play(*state, Document{{"path", {"E", "red"}}});  // the black good goes back to the market
  EXPECT_EQ(pos_of(*state).market_total(), 1);
  while (state->current_player() == 1) play(*state, state->legal_moves().front());  // CS-8
  EXPECT_EQ(*pos_of(*state).final_turns_left, 2);
  EXPECT_EQ(play_out(*state), 2);
  EXPECT_TRUE(state->finished());
}

// CS-12: a pass counts as a turn of the final round.
TEST(CaravanseraiFlow, CS12_APassCountsAsATurnOfTheFinalRound) {
  Scenario s(2);
  s.caravan(1, {{Hex{-7, 4}, C}, {Hex{-7, 5}, C}});  // B boxed in a corner by A
  s.caravan(0, {{Hex{-6, 5}, R}, {Hex{-6, 4}, C}, {Hex{-5, 4}, C}});
  s.to_move(1).final_turns_left(2);
  auto state = s.state();
  EXPECT_EQ(state->forced_move(), Document("pass"));
  play(*state, Document("pass"));
  EXPECT_EQ(*pos_of(*state).final_turns_left, 1);
  play(*state, Document{{"path", {"NE"}}});
  EXPECT_TRUE(state->finished());
}

// CS-12: when nobody can place (here: no camel left to anyone), the game ends at once.
TEST(CaravanseraiFlow, CS12_WhenNobodyCanPlaceTheGameEndsAtOnce) {
  Scenario s(2);
  s.line_caravan(0, Scenario::walk(kWest, E, 7), E, std::vector<int>(8, C));
  s.line_caravan(1, Hex{6, -5}, E, std::vector<int>(8, C));
  s.camels(0, 0).camels(1, 0);
  auto state = s.state();
  EXPECT_EQ(state->forced_move(), Document("pass"));
  play(*state, Document("pass"));
  EXPECT_TRUE(state->finished());
  EXPECT_FALSE(state->current_player().has_value());
  EXPECT_TRUE(state->legal_moves().empty());
}

Document finished_doc(int len_a, int len_b, int reserve_a, int reserve_b, int last_a, int last_b) {
  Scenario s(2);
  std::vector<int> a(static_cast<std::size_t>(len_a - 1), R),
      b(static_cast<std::size_t>(len_b - 1), Y);
  a.push_back(C);
  b.push_back(C);
  s.line_caravan(0, Scenario::walk(kWest, E, len_a - 1), E, a);
  s.line_caravan(1, Hex{6, -5}, E, b);
  s.goods(0, {reserve_a, 0, 0, 0, 0}).goods(1, {reserve_b, 0, 0, 0, 0});
  Document doc = s.document();
  doc["phase"] = "over";
  doc["to_move"] = nullptr;
  doc["players"][0]["last_played"] = last_a;
  doc["players"][1]["last_played"] = last_b;
  return doc;
}

// Rule 5: the longest caravan wins; then the most pieces in reserve; then who played last.
TEST(CaravanseraiFlow, TheLongestCaravanWinsThenTheBiggerReserveThenWhoPlayedLast) {
  auto result = [](const Document& doc) { return kEngine.restore(doc, 2, {})->result(); };
  EXPECT_EQ(result(finished_doc(5, 4, 0, 9, 10, 11)).winners, std::vector<int>{0});
  EXPECT_EQ(result(finished_doc(5, 4, 0, 9, 10, 11)).scores, (std::vector<double>{5, 4}));
  EXPECT_EQ(result(finished_doc(5, 5, 2, 1, 10, 11)).winners, std::vector<int>{0});
  EXPECT_EQ(result(finished_doc(5, 5, 2, 2, 10, 11)).winners, std::vector<int>{1});
  EXPECT_EQ(result(finished_doc(5, 5, 2, 2, 12, 11)).winners, std::vector<int>{0});
}

// 6.2 solo: each camel taken back puts two market goods on the board.
TEST(CaravanseraiFlow, SoloACamelTakenBackPutsTwoGoodsOnTheBoard) {
  Scenario s(1);
  s.caravanserai(Hex{3, -2}, R).caravanserai(Hex{4, -2}, R).caravanserai(Hex{5, -2}, Y);
  s.caravan(0, {{Hex{-6, 2}, C}, {kWest, C}});
  s.market({0, 0, 0, 5, 5}, 0);
  auto state = s.state();
  play(*state, Document{{"path", {"E", "red"}}});  // count 2: two camels back, four goods owed
  EXPECT_EQ(pos_of(*state).owed, 4);
  play(*state, Document{{"place", {s.name(Hex{3, -2}), s.name(Hex{4, -2}), s.name(Hex{5, -2})}}});
  EXPECT_EQ(pos_of(*state).owed, 0);  // no fourth free cell: the rest is skipped
  EXPECT_FALSE(state->finished());
}

// 6.2, CS-10, CS-12 solo: the game ends after a turn that leaves the market empty; the level
// comes from the table by length.
TEST(CaravanseraiFlow, SoloEndsWithAnEmptyMarketAndShowsTheLevel) {
  Scenario s(1);
  const Hex stop = Scenario::walk(kWest, E, 1);
  s.caravanserai(stop, Y).caravan(0, {{Hex{-6, 2}, R}, {kWest, C}}).market({0, 0, 0, 0, 1}, 0, 0);
  auto state = s.state();
  play(*state, Document{{"path", {"E"}}});
  EXPECT_TRUE(state->finished());
  EXPECT_EQ(state->view(0)["solo_level"], "none");
  EXPECT_TRUE(state->result().winners.empty());  // below 25: no level reached
  EXPECT_EQ(solo_level(24), "none");
  EXPECT_EQ(solo_level(25), "Camel driver");
  EXPECT_EQ(solo_level(30), "Great camel driver");
  EXPECT_EQ(solo_level(35), "Xiansheng");
  EXPECT_EQ(solo_level(40), "Tribal chief");
  EXPECT_EQ(solo_level(45), "Chief of the 5 tribes");
  EXPECT_EQ(solo_level(60), "Chief of the 5 tribes");
}

// CS-11: expert=true|false; 1 player is the solo game; other options are refused.
TEST(CaravanseraiFlow, CS11_OptionsExpertAndSolo) {
  core::Rng rng(1);
  EXPECT_EQ(pos_of(*kEngine.start(1, {}, rng).state).players.size(), 1u);
  EXPECT_TRUE(pos_of(*kEngine.start(2, {{"expert", "true"}}, rng).state).expert);
  EXPECT_THROW(kEngine.start(2, {{"expert", "maybe"}}, rng), core::SetupError);
  EXPECT_THROW(kEngine.start(2, {{"level", "3"}}, rng), core::SetupError);
  EXPECT_THROW(kEngine.start(7, {}, rng), core::SetupError);
}

// A board is built once for the same tiles: positions read from them share it (a batch of a
// game's turns restores the game each time). Other tiles build their own; tiles that are not a
// board are refused every time, also after a board was read.
TEST(CaravanseraiFlow, PositionsOfTheSameTilesShareOneBoard) {
  core::Rng rng(5), other_rng(6);
  const Document doc = kEngine.start(2, {}, rng).state->view(core::kReferee);
  const auto first = kEngine.restore(doc, 2, {});
  const auto second = kEngine.restore(doc, 2, {});
  EXPECT_EQ(pos_of(*first).board, pos_of(*second).board);
  const Document other = kEngine.start(2, {}, other_rng).state->view(core::kReferee);
  ASSERT_NE(other["tiles"], doc["tiles"]);
  EXPECT_NE(pos_of(*kEngine.restore(other, 2, {})).board, pos_of(*first).board);
  Document broken = doc;
  broken["tiles"][0]["caravanserai"] = "none";
  EXPECT_THROW(kEngine.restore(broken, 2, {}), core::SetupError);
  EXPECT_THROW(kEngine.restore(broken, 2, {}), core::SetupError);
  EXPECT_EQ(kEngine.restore(doc, 2, {})->view(core::kReferee), doc);
  // The same tiles read back from text (whole numbers then unsigned) find the same board; tiles
  // only equal by == (3.0 for 3) are read as written, and refused.
  EXPECT_EQ(pos_of(*kEngine.restore(Document::parse(doc.dump()), 2, {})).board,
            pos_of(*first).board);
  Document written_apart = doc;
  written_apart["tiles"][0]["category"] = doc["tiles"][0]["category"].get<double>();
  ASSERT_EQ(written_apart["tiles"], doc["tiles"]);
  EXPECT_THROW(kEngine.restore(written_apart, 2, {}), core::SetupError);
}

// Positions: the complete view restores to the same state; inconsistent ones are refused.
TEST(CaravanseraiFlow, PositionsRoundTripAndInconsistentOnesAreRefusedWithAReason) {
  Scenario s(2);
  s.caravan(0, {{kWest, C}}).caravan(1, {{Hex{2, -6}, C}});
  const Document doc = s.document();
  const Document full = kEngine.restore(doc, 2, {})->view(core::kReferee);
  EXPECT_EQ(full["players"][0]["caravan"], doc["players"][0]["caravan"]);
  EXPECT_EQ(kEngine.restore(full, 2, {})->view(core::kReferee), full);
  auto refused = [&](Document bad, const std::string& reason) {
    try {
      kEngine.restore(bad, 2, {});
      ADD_FAILURE() << "accepted";
    } catch (const core::SetupError& e) {
      EXPECT_NE(std::string(e.what()).find(reason), std::string::npos) << e.what();
    }
  };
  Document more = doc;
  more["market"]["red"] = more["market"]["red"].get<int>() + 1;
  refused(more, "goods in all");
  Document gap = doc;
  gap["players"][0]["caravan"] = Document::array(
      {Document::array({s.name(Hex{-6, 3}), "red"}), Document::array({s.name(kWest), "camel"})});
  refused(gap, "does not follow");
  Document tail = doc;
  tail["players"][0]["caravan"] = Document::array({Document::array({s.name(kWest), "red"})});
  refused(tail, "must be a camel");
  Document expert = doc;
  expert["expert"] = true;
  refused(expert, "goods in all");  // 35 goods in the expert game
}

// The text picture: every row, the key, the caravans and the market.
TEST(CaravanseraiFlow, DrawShowsTheHexMapTheMarketAndEveryCaravan) {
  core::Rng rng(3);
  auto state = kEngine.start(3, {}, rng).state;
  play(*state, state->legal_moves().front());
  const std::string text = kEngine.draw(state->view(1));
  const Board& b = *pos_of(*state).board;
  EXPECT_NE(text.find("Market: W"), std::string::npos);
  EXPECT_NE(text.find(" A  length  1"), std::string::npos);
  EXPECT_NE(text.find("A@"), std::string::npos);
  for (int row = 0; row < b.rows(); ++row)
    EXPECT_NE(text.find(std::string("\n ") + static_cast<char>('a' + row) + "  "),
              std::string::npos);
  EXPECT_NE(text.find("Key:"), std::string::npos);
}

// The clock's default move (man page, DECISIONS): the smallest placement, the new head camel
// alone, going the first free way from E clockwise.
TEST(CaravanseraiFlow, DefaultMoveIsTheSmallestPlacementTheHeadCamelAlone) {
  Scenario s(2);
  s.caravan(0, {{kWest, C}}).caravan(1, {{Hex{2, -4}, C}});
  auto state = s.state();
  EXPECT_EQ(state->default_move(), (Document{{"path", {"E"}}}));
  Scenario blocked(2);
  blocked.caravan(0, {{kWest, C}}).caravan(1, {{Scenario::walk(kWest, E, 1), C}});
  auto other = blocked.state();
  const Document move = other->default_move();
  EXPECT_NE(move, (Document{{"path", {"E"}}}));
  EXPECT_EQ(move["path"].size(), 1u);
  EXPECT_EQ(play(*other, move).at(0).full["placed"], 1);
}

// A seat that leaves: its caravan stays, its turns (also those of the final round) are skipped,
// it never wins, and the views name it.
TEST(CaravanseraiFlow, ARetiredSeatIsSkippedAlsoInTheFinalRoundAndNeverWins) {
  Scenario s(3);
  const Hex head = Hex{-5, -2}, stop = Scenario::walk(head, E, 1);
  s.caravanserai(stop, Y);
  s.caravan(0, {{head, C}}).caravan(1, {{Hex{-2, 3}, C}}).caravan(2, {{Hex{2, -4}, C}});
  s.market({0, 0, 0, 0, 1}, 0, 0).to_move(0);
  auto state = s.state();
  play(*state, Document{{"path", {"E"}}});  // the market is empty: B, C, then A, B, C
  ASSERT_EQ(*pos_of(*state).final_turns_left, 5);
  core::Rng rng(1);
  const auto events = state->retire(2, rng);
  EXPECT_EQ(events.at(0).full["seat"], "C");
  EXPECT_EQ(events.at(0).full["to_move"], "B");
  EXPECT_EQ(*pos_of(*state).final_turns_left, 3);  // B, A, B
  EXPECT_EQ(state->view(0)["retired"], Document::array({"C"}));
  const Document full = state->view(core::kReferee);
  EXPECT_EQ(kEngine.restore(full, 3, {})->view(core::kReferee), full);
  int turns = 0;
  while (!state->finished()) {
    ASSERT_NE(state->current_player(), 2);
    const int before = pos_of(*state).turn_number;
    play(*state, state->default_move());
    turns += pos_of(*state).turn_number - before;
  }
  EXPECT_EQ(turns, 3);
  EXPECT_EQ(pos_of(*state).players[2].caravan.size(), 1u);  // it stays on the board
  const auto winners = state->result().winners;
  EXPECT_EQ(std::count(winners.begin(), winners.end(), 2), 0);
}

// A seat may leave before its caravan starts; the start phase goes on without it, and when only
// one seat is left the game ends with that seat the winner.
TEST(CaravanseraiFlow, ASeatMayRetireBeforeItsStartAndTheLastSeatLeftWins) {
  core::Rng rng(4);
  auto state = kEngine.start(3, {}, rng).state;
  play(*state, state->default_move());  // A starts
  state->retire(1, rng);                // B leaves on its own first turn
  EXPECT_EQ(state->current_player(), 2);
  play(*state, state->default_move());  // C starts
  EXPECT_EQ(state->current_player(), 0);
  EXPECT_EQ(state->view(core::kReferee)["phase"], "play");
  const Document full = state->view(core::kReferee);
  EXPECT_EQ(kEngine.restore(full, 3, {})->view(core::kReferee), full);
  const auto events = state->retire(2, rng);
  EXPECT_TRUE(state->finished());
  EXPECT_EQ(events.at(0).full["game_over"], true);
  EXPECT_EQ(state->result().winners, std::vector<int>{0});
}

// Issue 62: a move as a button says it: the start cell, or the path's first direction, its goods
// and turns, what it declines and where owed goods go.
TEST(CaravanseraiMovePhrase, SaysStartsAndPlacementsInWords) {
  EXPECT_EQ(kEngine.move_phrase(Document{{"start", "d7"}}), "Start at d7");
  EXPECT_EQ(kEngine.move_phrase(Document::parse(
                R"({"path": ["NE", "purple", ["yellow", 2], "purple", "E", ["purple", 2]]})")),
            "Go NE: purple, 2 yellow, purple, turn E, 2 purple");
  EXPECT_EQ(kEngine.move_phrase(Document::parse(R"({"path": ["SW"]})")), "Go SW");
  EXPECT_EQ(kEngine.move_phrase(Document::parse(
                R"({"path": ["E", "red", {"turn": "SE"}], "decline": ["e7"], "place": ["f3"]})")),
            "Go E: red, turn SE; decline e7; goods owed to f3");
  EXPECT_EQ(kEngine.move_phrase(Document{{"place", "f3"}}), "Place a good on f3");
}

}  // namespace
}  // namespace games::caravanserai
