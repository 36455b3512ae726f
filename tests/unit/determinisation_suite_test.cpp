// What bots ask of every engine (issue 17): a position drawn from one seat's view
// (Engine::from_view) that the seat cannot tell from the real game, and an evaluation
// (State::evaluate) that judges only what the seat may know.
#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "core/engine.hpp"
#include "engine_testing.hpp"

namespace {

using core::Document;

class DeterminisationSuite : public ::testing::TestWithParam<const core::Engine*> {};

int players_of(const core::Engine& engine) { return std::max(2, engine.min_players()); }

// At every step of random games, for every seat: the drawn position shows that seat the same view
// and the same legal moves, and in a game that hides something two seeds draw differently.
TEST_P(DeterminisationSuite, APositionDrawnFromAViewShowsTheSeatThatViewAgain) {
  const core::Engine& engine = *GetParam();
  const int players = players_of(engine);
  int checks = 0, differed = 0;
  for (std::uint64_t game = 1; game <= 4 * static_cast<std::uint64_t>(engine_testing::scale());
       ++game) {
    core::Rng rng(game), chooser(game + 50), draw(game + 99);
    auto state = engine.start(players, {}, rng).state;
    for (int step = 0; step < 400 && !state->finished(); ++step) {
      for (int seat = 0; seat < players; ++seat) {
        const Document view = state->view(seat);
        const auto drawn = engine.from_view(view, seat, players, {}, draw);
        ASSERT_EQ(drawn->view(seat), view) << engine.id() << " game " << game << " step " << step;
        if (state->current_player() == seat) {
          EXPECT_EQ(drawn->legal_moves(), state->legal_moves()) << engine.id() << " step " << step;
        }
        const auto again = engine.from_view(view, seat, players, {}, draw);
        if (again->view(core::kReferee) != drawn->view(core::kReferee)) ++differed;
        ++checks;
      }
      const auto move = engine_testing::random_move(*state, chooser);
      ASSERT_TRUE(move);
      state->apply(*state->current_player(), *move, rng);
    }
  }
  EXPECT_GT(checks, 50);
  if (engine.hidden_information())
    EXPECT_GT(differed, 0) << engine.id() << ": from_view never drew the hidden part differently";
  else
    EXPECT_EQ(differed, 0) << engine.id() << " hides nothing, so there is nothing to draw";
}

// The evaluation is a chance in [0, 1], the outcome itself once the game is over, and the same
// in every position the seat cannot tell apart.
TEST_P(DeterminisationSuite, TheEvaluationJudgesOnlyWhatTheSeatMayKnow) {
  const core::Engine& engine = *GetParam();
  const int players = players_of(engine);
  for (std::uint64_t game = 1; game <= 4; ++game) {
    core::Rng rng(game), chooser(game + 7), redraw(game + 13);
    auto state = engine.start(players, {}, rng).state;
    for (int step = 0; step < 3000 && !state->finished(); ++step) {
      for (int seat = 0; seat < players; ++seat) {
        const double value = state->evaluate(seat);
        ASSERT_GE(value, 0) << engine.id() << " step " << step;
        ASSERT_LE(value, 1) << engine.id() << " step " << step;
        const auto other = state->resample(seat, redraw);
        ASSERT_EQ(other->evaluate(seat), value) << engine.id() << " step " << step;
      }
      const auto move = engine_testing::random_move(*state, chooser);
      ASSERT_TRUE(move);
      state->apply(*state->current_player(), *move, rng);
    }
    ASSERT_TRUE(state->finished()) << engine.id();
    for (int seat = 0; seat < players; ++seat)
      EXPECT_EQ(state->evaluate(seat), core::outcome(state->result(), seat));
  }
}

// Over many random positions, the seat the evaluation favours goes on to win more often than
// the other (in two-seat games: a better-than-even guess at the winner from the middle of the
// game), so it is a judgement and not noise.
TEST_P(DeterminisationSuite, TheEvaluationFavoursTheSeatThatGoesOnToWin) {
  const core::Engine& engine = *GetParam();
  int right = 0, wrong = 0;
  for (std::uint64_t game = 1; game <= 60; ++game) {
    core::Rng rng(game), chooser(game * 31);
    auto state = engine.start(2, {}, rng).state;
    std::vector<double> judged;
    int steps = 0;
    for (; steps < 5000 && !state->finished(); ++steps) {
      judged.push_back(state->evaluate(0));
      const auto move = engine_testing::random_move(*state, chooser);
      ASSERT_TRUE(move);
      state->apply(*state->current_player(), *move, rng);
    }
    ASSERT_TRUE(state->finished());
    const double outcome = core::outcome(state->result(), 0);
    const double guess = judged[judged.size() * 3 / 4];  // three quarters into the game
    if (outcome == 0.5 || std::abs(guess - 0.5) < 1e-9) continue;
    ((guess > 0.5) == (outcome > 0.5) ? right : wrong) += 1;
  }
  EXPECT_GT(right, wrong) << engine.id() << ": the evaluation guessed the winner " << right
                          << " times and the loser " << wrong << " times";
}

TEST(Outcome, ASoleWinnerTakesOneAndASharedFirstPlaceIsSplit) {
  EXPECT_EQ(core::outcome({{1}, {0, 3}}, 1), 1);
  EXPECT_EQ(core::outcome({{1}, {0, 3}}, 0), 0);
  EXPECT_EQ(core::outcome({{0, 2}, {2, 1, 2}}, 2), 0.5);
  EXPECT_EQ(core::outcome({{}, {1, 1}}, 0), 0.5);  // a draw that names nobody
}

INSTANTIATE_TEST_SUITE_P(AllEngines, DeterminisationSuite, ::testing::ValuesIn(core::engines()),
                         engine_testing::engine_name);

}  // namespace
