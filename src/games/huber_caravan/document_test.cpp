// Huber's Caravan's notation, positions, text drawing and the clock's default move.
#include <algorithm>
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "core/data.hpp"
#include "games/huber_caravan/huber_caravan.hpp"
#include "games/huber_caravan/position_testing.hpp"

namespace {

using namespace games::huber_caravan::testing;  // NOLINT(google-build-using-namespace): helpers
using games::huber_caravan::Board;
using games::huber_caravan::HuberCaravanState;

// ---- Notation, positions, drawing -------------------------------------------------------------

TEST(HuberCaravanNotation, EveryListedActionIsCanonicalAndGarbageIsRefused) {
  Document doc = at_turn_five();
  camel(doc, 0, "a3", "hides");
  camel(doc, 0, "b3");
  auto state = restore(doc);
  const auto moves = state->legal_moves();
  EXPECT_EQ(moves.back(), "end");
  EXPECT_TRUE(listed(*state, m(R"({"good":{"from":"a3","to":"b3"}})")));
  EXPECT_TRUE(listed(*state, m(R"({"move":{"from":"b3","to":"g7"}})")));
  EXPECT_TRUE(listed(*state, m(R"({"place":"d4"})")));
  for (const char* junk :
       {R"({"place":"h1"})", R"({"move":{"from":"b3"}})", R"({"fly":"a1"})",
        R"({"place":"a1","pickup":"a1"})", R"({"good":{"from":"a3","to":"b3","x":1}})",
        R"("END NOW")", R"({"steal":{"victim":"Blue"}})"})
    EXPECT_THROW(play(*state, m(junk)), core::MoveError) << junk;
  EXPECT_NO_THROW(play(*state, m(R"({"place":" D4 "})")));  // case and blanks are forgiven
}

// The listed actions are generated, not tried one by one: check them against every move the
// documents' reader accepts, in positions of random games (a sample of steps).
TEST(HuberCaravanNotation, TheListedActionsAreExactlyTheMovesApplyAccepts) {
  for (int players = 2; players <= 4; ++players) {
    SCOPED_TRACE(players);
    core::Rng rng(static_cast<std::uint64_t>(players)), chooser(99);
    auto state = kEngine.start(players, {}, rng).state;
    std::vector<core::ActionId> actions;
    for (int step = 0; step < 300 && !state->finished(); ++step) {
      state->legal_actions(actions);
      if (step % 7 == 0) {
        const Document view = state->view(core::kReferee);
        const std::string me = view["turn"]["player"];
        std::vector<std::string> mine, squares;
        for (int sq = 0; sq < 49; ++sq)
          squares.push_back(std::string(1, static_cast<char>('a' + sq % 7)) +
                            std::to_string(sq / 7 + 1));
        for (const auto& camel :
             view["players"][static_cast<std::size_t>(*state->current_player())]["camels"])
          mine.push_back(camel["at"]);
        // Every form of every move that may be legal: steals and goods name each victim and
        // colour found on the square, as well as the plain form.
        std::map<std::string, std::set<std::pair<std::string, std::string>>> loads;
        for (const auto& p : view["players"])
          for (const auto& camel : p["camels"])
            if (camel.contains("good"))
              loads[camel["at"].get<std::string>()].emplace(p["seat"].get<std::string>(),
                                                            camel["good"].get<std::string>());
        std::vector<Document> candidates = {"end"};
        for (const auto& sq : squares) {
          candidates.push_back({{"place", sq}});
          candidates.push_back({{"pickup", sq}});
          candidates.push_back({{"steal", sq}});
          for (const auto& [seat, good] : loads[sq])
            candidates.push_back({{"steal", {{"at", sq}, {"victim", seat}, {"colour", good}}}});
        }
        for (const auto& from : mine)
          for (const auto& to : squares) {
            candidates.push_back({{"move", {{"from", from}, {"to", to}}}});
            candidates.push_back({{"good", {{"from", from}, {"to", to}}}});
            for (const auto& [seat, good] : loads[from])
              for (bool under : {false, true})
                if (seat == me)
                  candidates.push_back(
                      {{"good", {{"from", from}, {"to", to}, {"colour", good}, {"under", under}}}});
          }
        std::set<core::ActionId> accepted;
        for (const auto& move : candidates) {
          auto trial = state->clone();
          core::Rng trial_rng = rng;
          bool applies = true;
          try {
            trial->apply(*state->current_player(), move, trial_rng);
          } catch (const core::MoveError&) {
            applies = false;
          }
          const auto action = state->action_of(move);
          ASSERT_EQ(action.has_value(), applies) << move.dump() << " at step " << step;
          if (action) accepted.insert(*action);
        }
        EXPECT_EQ(accepted, std::set<core::ActionId>(actions.begin(), actions.end()))
            << "at step " << step << " (" << me << " to move)";
      }
      // Random play, drawn to the goods half the time so that camels load, steal and relay.
      std::vector<core::ActionId> goods_actions;
      for (core::ActionId action : actions) {
        const Document move = state->move_of(action);
        if (move.is_object() && move.begin().key() != "place" && move.begin().key() != "move")
          goods_actions.push_back(action);
      }
      const auto& pool = !goods_actions.empty() && chooser.below(2) == 0 ? goods_actions : actions;
      state->apply_action(pool[chooser.below(pool.size())], rng);
    }
  }
}

TEST(HuberCaravanPositions, InconsistentPositionsAreRefusedWithAReason) {
  auto refused = [](Document doc) {
    try {
      restore(std::move(doc));
    } catch (const core::SetupError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  Document doc = at_turn_five();
  EXPECT_EQ(refused(doc), "");
  Document extra = doc;
  extra["bag"].push_back("gems");
  EXPECT_NE(refused(extra).find("4 gems"), std::string::npos);
  Document theft = doc;
  theft["players"][0]["theft"] = 2;
  EXPECT_NE(refused(theft).find("theft markers"), std::string::npos);
  Document camels = doc;
  camels["players"][0]["supply"] = 4;
  EXPECT_NE(refused(camels).find("not 5"), std::string::npos);
  Document overdue = five_loose();
  overdue["spaces"][1]["good"] = nullptr;
  overdue["bag"].push_back(doc["spaces"][1]["good"]);
  EXPECT_NE(refused(overdue).find("refill is overdue"), std::string::npos);
  Document mine = doc;
  for (int i = 0; i < 5; ++i) camel(mine, 0, "c" + std::to_string(i + 2), "meat");
  EXPECT_NE(refused(mine).find("HC-5"), std::string::npos);
  Document player_view = restore(doc)->view(0);
  EXPECT_THROW(kEngine.restore(player_view, 2, {}), core::SetupError);  // no bag order in it
}

TEST(HuberCaravanDraw, TheGridShowsMarketsSpacesCamelsAndTheTurn) {
  Document doc = at_turn_five();
  camel(doc, 0, "d2", "ivory");
  camel(doc, 1, "d2");
  auto state = restore(doc);
  const std::string text = kEngine.draw(state->view(1));
  EXPECT_NE(text.find("IV"), std::string::npos);
  EXPECT_NE(text.find("Kb"), std::string::npos);  // Black's loaded camel and Blue's empty one
  EXPECT_NE(text.find("Round 5: Black to move, 4 of 4 actions left."), std::string::npos);
  EXPECT_NE(text.find("Bag: 39 goods"), std::string::npos);
  EXPECT_NE(text.find("d2 ivory"), std::string::npos);
}

// The clock's default move (man page, DECISIONS): end the turn, whatever actions are left.
TEST(HuberCaravanTurns, DefaultMoveEndsTheTurn) {
  auto state = restore(at_turn_five());
  EXPECT_EQ(state->default_move(), Document("end"));
  play(*state, Document{{"place", "c3"}});
  EXPECT_EQ(state->default_move(), Document("end"));  // also in the middle of a turn
  play(*state, state->default_move());
  EXPECT_EQ(state->current_player(), 1);
}

}  // namespace
