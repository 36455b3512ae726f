// The search's widening where a light policy orders the moves, on a game made for it: a node
// below the root does not try every move once before it chooses among them.
#include "bot/search.hpp"

#include <memory>
#include <stdexcept>

#include <gtest/gtest.h>

namespace {

using core::Document;

// One seat, two moves. The first is "safe" or "sharp"; the second is one of kSecond. After
// "safe" every second move ends the game at 0.6. After "sharp" the second move 0 ends it at 1
// and every other at 0, and the evaluation one move ahead says so, so that the policy takes 0
// first. The first moves look alike one move ahead (safe 0.6, sharp 0.5): only a search that
// judges "sharp" by its best answer, not by the mean of all its answers, plays it.
class TrapState : public core::State {
 public:
  static constexpr int kSecond = 40;

  int num_players() const override { return 1; }
  std::optional<int> current_player() const override {
    return finished() ? std::nullopt : std::optional<int>(0);
  }
  bool finished() const override { return second_ >= 0; }
  core::Result result() const override { return {}; }
  std::vector<Document> legal_moves() const override {
    std::vector<Document> moves;
    if (finished()) return moves;
    const int count = first_ < 0 ? 2 : kSecond;
    for (int i = 0; i < count; ++i) moves.push_back(i);
    return moves;
  }
  std::vector<core::Event> apply(int, const Document& move, core::Rng&) override {
    (first_ < 0 ? first_ : second_) = move.get<int>();
    return {};
  }
  std::optional<Document> forced_move() const override { return std::nullopt; }
  void conclude(const core::Ending&) override {}
  Document view(int) const override { return {{"first", first_}, {"second", second_}}; }
  std::unique_ptr<core::State> clone() const override { return std::make_unique<TrapState>(*this); }
  double evaluate(int) const override {
    if (first_ < 0) return 0.5;
    if (first_ == kSafe) return 0.6;
    if (second_ < 0) return 0.5;
    return second_ == 0 ? 1 : 0;
  }
  int playout_horizon() const override { return 0; }
  int playout_policy_plies() const override { return 1; }

  static constexpr int kSafe = 0;
  static constexpr int kSharp = 1;

 private:
  int first_ = -1;
  int second_ = -1;
};

TEST(Search, WherePolicyOrdersTheMovesANodeJudgedByItsBestAnswersNotTheMeanOfAll) {
  const TrapState start;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    core::Rng rng(seed);
    bot::Stats stats;
    bot::Budget budget;
    budget.playouts = 200;
    EXPECT_EQ(bot::search(start, 0, budget, rng, stats), core::ActionId{TrapState::kSharp})
        << "seed " << seed;
    EXPECT_EQ(stats.playouts, 200u);
  }
}

// The tree holds at most Budget::max_nodes nodes, the root among them (what keeps a bot within its
// memory); once full, the search goes on playing out from the tree it has, every playout counted.
TEST(Search, TheTreeStopsGrowingAtItsBoundAndTheSearchGoesOn) {
  const TrapState start;
  for (std::size_t bound : {std::size_t{1}, std::size_t{2}, std::size_t{8}}) {
    core::Rng rng(1);
    bot::Stats stats;
    bot::Budget budget;
    budget.playouts = 500;
    budget.max_nodes = bound;
    const core::ActionId chosen = bot::search(start, 0, budget, rng, stats);
    EXPECT_TRUE(chosen == core::ActionId{TrapState::kSafe} ||
                chosen == core::ActionId{TrapState::kSharp});
    EXPECT_EQ(stats.nodes, bound);
    EXPECT_EQ(stats.playouts, 500u);
  }
  // Unbounded, the same search grows past 8 nodes: the bound above is what held it.
  core::Rng rng(1);
  bot::Stats stats;
  bot::Budget budget;
  budget.playouts = 500;
  bot::search(start, 0, budget, rng, stats);
  EXPECT_GT(stats.nodes, 8u);
}

// Each level's own number of playouts is the bot's to give (bot.cpp): the search itself has no
// default, and a budget of neither playouts nor time is refused rather than run without end.
TEST(Search, ABudgetOfNeitherPlayoutsNorTimeIsRefused) {
  const TrapState start;
  core::Rng rng(1);
  bot::Stats stats;
  EXPECT_THROW(bot::search(start, 0, bot::Budget{}, rng, stats), std::invalid_argument);
}

}  // namespace
