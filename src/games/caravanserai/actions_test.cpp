// Caravanserai's moves as numbers (actions.hpp): every legal move has an action, also the ones
// the bounded move list leaves out, and an action applies exactly as its move document does.
#include "games/caravanserai/actions.hpp"

#include <algorithm>
#include <set>

#include <gtest/gtest.h>

#include "games/caravanserai/caravanserai.hpp"
#include "games/caravanserai/scenario_testing.hpp"

namespace games::caravanserai {
namespace {

using core::Document;
using testing::Scenario;

constexpr int C = kCamel, Y = 4;
constexpr int E = 0;
constexpr Hex kWest{-6, 1};

Scenario open_row(bool expert = false) {
  Scenario s(2, expert);
  s.caravan(0, {{kWest, C}}).line_caravan(1, Hex{2, -6}, E, {C});
  s.goods(0, {10, 10, 10, 10, 10}).goods(1, {0, 0, 0, 0, 0}).market({0, 0, 0, 0, 0});
  return s;
}

// apply_action(action_of(move)) and apply(move) give the same state; move_of reads it back as a
// move that action_of maps to the same action.
void same_both_ways(const Scenario& s, const Document& move) {
  auto by_move = s.state();
  auto by_action = s.state();
  const std::optional<core::ActionId> action = by_action->action_of(move);
  ASSERT_TRUE(action.has_value()) << move.dump();
  const Document written = by_action->move_of(*action);
  EXPECT_EQ(by_action->action_of(written), action) << written.dump();
  core::Rng rng(1), action_rng(1);
  by_move->apply(*by_move->current_player(), move, rng);
  by_action->apply_action(*action, action_rng);
  EXPECT_EQ(by_action->view(core::kReferee), by_move->view(core::kReferee)) << move.dump();
}

// The reserve of ten goods a colour has millions of placements, listed in the bounded form;
// placements outside it (turning, three blocks, declined goods) still have their actions.
TEST(CaravanseraiActions, EveryLegalPlacementHasAnActionAlsoOutsideTheBoundedList) {
  Scenario s = open_row();
  const Hex cell = Scenario::walk(kWest, E, 2);
  s.caravanserai(cell, Y).good(cell);
  auto state = s.state();
  std::vector<core::ActionId> listed;
  state->legal_actions(listed);
  ASSERT_EQ(listed.size(), state->legal_moves().size());
  for (const char* text : {R"({"path": ["E", "red", ["yellow", 2], ["red", 3]]})",
                           R"({"path": ["E", "red", "yellow", "SE", "yellow", ["white", 3]]})",
                           R"({"path": ["E", "red", ["yellow", 2]], "decline": ["CELL"]})",
                           R"({"path": ["E", ["red", 2], "NE"]})"}) {
    std::string json = text;
    if (auto at = json.find("CELL"); at != std::string::npos) json.replace(at, 4, s.name(cell));
    same_both_ways(s, Document::parse(json));
  }
}

// The same placement written differently (a repeated direction, [colour, 1], {turn: DIR}, small
// letters) is one action, and it reads back in the canonical notation.
TEST(CaravanseraiActions, APlacementWrittenAnyWayIsOneAction) {
  Scenario s = open_row();
  s.caravanserai(Scenario::walk(kWest, E, 2), Y);
  auto state = s.state();
  const auto canonical =
      state->action_of(Document::parse(R"({"path": ["E", "red", "yellow", "SE", "yellow"]})"));
  ASSERT_TRUE(canonical.has_value());
  for (const char* text : {R"({"path": ["e", ["red", 1], "E", "y", {"turn": "se"}, "yellow"]})",
                           R"({"path": ["E", "red", "E", "yellow", "SE", ["yellow", 1]]})"})
    EXPECT_EQ(state->action_of(Document::parse(text)), canonical) << text;
  EXPECT_EQ(state->move_of(*canonical),
            Document::parse(R"({"path": ["E", "red", "yellow", "SE", "yellow"]})"));
}

// The expert variant's lying camel is a choice of its own in the action.
TEST(CaravanseraiActions, ExpertLyingCamelPlacementsApplyAsTheirDocuments) {
  const Scenario s = open_row(true);
  for (const char* text :
       {R"({"path": ["E", "lying"]})", R"({"path": ["E", "red", "lying", ["red", 3]]})",
        R"({"path": ["E", "yellow", ["red", 2], ["white", 3], "lying"]})"})
    same_both_ways(s, Document::parse(text));
}

// Illegal moves have no action; numbers that are no move here are refused by move_of.
TEST(CaravanseraiActions, IllegalMovesAndForeignNumbersHaveNoMove) {
  auto state = open_row().state();
  EXPECT_FALSE(state->action_of(Document::parse(R"({"path": ["E", ["red", 3]]})")).has_value());
  EXPECT_FALSE(state->action_of(Document("pass")).has_value());
  EXPECT_FALSE(state->action_of(Document::parse(R"({"start": "a1"})")).has_value());
  // A code with digits left over after its last choice, and one that walks off the board.
  EXPECT_THROW(state->move_of(make_action(ActionKind::kPlacement, std::uint64_t{1} << 60)),
               core::MoveError);
  EXPECT_THROW(state->move_of(make_action(ActionKind::kStart, 100000)), core::MoveError);
}

// random_action draws from legal_actions() and, over many draws, reaches every one of them.
TEST(CaravanseraiActions, RandomActionDrawsEveryListedActionAndNothingElse) {
  core::Rng rng(4);
  auto state = CaravanseraiEngine().start(2, {}, rng).state;
  std::vector<core::ActionId> listed;
  state->legal_actions(listed);  // the start cells
  ASSERT_GT(listed.size(), 1u);
  std::set<core::ActionId> drawn;
  core::Rng chooser(9);
  for (int i = 0; i < 4000; ++i) drawn.insert(state->random_action(chooser));
  EXPECT_EQ(drawn, std::set<core::ActionId>(listed.begin(), listed.end()));
  // Placements: the bounded list of a rich reserve.
  auto placing = open_row().state();
  placing->legal_actions(listed);
  const std::set<core::ActionId> placements(listed.begin(), listed.end());
  for (int i = 0; i < 200; ++i) EXPECT_EQ(placements.count(placing->random_action(chooser)), 1u);
}

// playout_action finds a placement without the list: in the rich reserve it is a legal move
// (apply() takes the move it names, with the same result), and the walk's random order reaches
// many different placements, also ones the bounded list leaves out.
TEST(CaravanseraiActions, APlayoutActionIsALegalPlacementFoundInARandomOrder) {
  const Scenario s = open_row();
  auto state = s.state();
  std::vector<core::ActionId> listed;
  state->legal_actions(listed);
  const std::set<core::ActionId> bounded(listed.begin(), listed.end());
  std::set<core::ActionId> drawn;
  std::size_t outside = 0;
  core::Rng chooser(5);
  for (int i = 0; i < 200; ++i) {
    const core::ActionId action = state->playout_action(chooser);
    if (drawn.insert(action).second && bounded.count(action) == 0) ++outside;
    if (i < 20) same_both_ways(s, state->move_of(action));
  }
  EXPECT_GT(drawn.size(), 50u);
  EXPECT_GT(outside, 0u);
  // Where there is no placement to make (the first turn's start), it is one of the listed moves.
  core::Rng rng(4);
  auto opening = CaravanseraiEngine().start(2, {}, rng).state;
  opening->legal_actions(listed);
  EXPECT_EQ(std::count(listed.begin(), listed.end(), opening->playout_action(chooser)), 1);
}

// CS-8 in a playout: an owed good goes on a cell the list holds, and each such cell is drawn
// (two free cells here; the one under a caravan never).
TEST(CaravanseraiActions, APlayoutsOwedGoodGoesOnACellTheListHolds) {
  constexpr int W = 0, K = 1, R = 3;
  Scenario s(2);
  s.caravanserai(Hex{3, -2}, R).caravanserai(Hex{4, -2}, W).caravanserai(Hex{2, -6}, R);
  s.caravan(0, {{Hex{-6, 2}, C}, {kWest, C}}).line_caravan(1, Hex{2, -6}, E, {C});
  s.market({1, 0, 0, 1, 0}, K);
  auto state = s.state();
  core::Rng rng(1);
  state->apply(0, Document{{"path", {"E", "red"}}}, rng);
  std::vector<core::ActionId> listed;
  state->legal_actions(listed);
  ASSERT_EQ(listed.size(), 2u);
  std::set<core::ActionId> drawn;
  core::Rng chooser(3);
  for (int i = 0; i < 100; ++i) {
    const core::ActionId action = state->playout_action(chooser);
    EXPECT_EQ(std::count(listed.begin(), listed.end(), action), 1);
    drawn.insert(action);
  }
  EXPECT_EQ(drawn.size(), 2u);
}

}  // namespace
}  // namespace games::caravanserai
