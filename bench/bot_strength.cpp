// The bots' strength table (docs/BOTS.md): for every engine, each level plays the level below it
// for many games, seats alternating, and the table gives the stronger level's score (a win 1, a
// shared first place 1/k, a loss 0) with a 95% Wilson interval, and the milliseconds a move of
// each level took. Prints Markdown. Usage:
//   caravan-ref-bot-strength [GAMES=40] [PLAYOUTS=200] [ENGINE]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bot/bot.hpp"
#include "core/engine.hpp"

namespace {

using Clock = std::chrono::steady_clock;

struct Side {
  bot::Level level;
  double seconds = 0;
  long moves = 0;
};

// One game, seats taking `levels` in order; returns seat 0's score.
double play(const core::Engine& engine, std::vector<Side*> seats, const bot::Budget& budget,
            std::uint64_t seed) {
  const int players = static_cast<int>(seats.size());
  core::Rng rng(seed);
  auto state = engine.start(players, {}, rng).state;
  for (int turn = 0; turn < 5000 && !state->finished(); ++turn) {
    const int seat = *state->current_player();
    if (auto forced = state->forced_move()) {
      state->apply(seat, *forced, rng);
      continue;
    }
    Side& side = *seats[static_cast<std::size_t>(seat)];
    const bot::Seat view{&engine, seat, players, {}, state->view(seat)};
    const auto start = Clock::now();
    const auto moves =
        bot::play_turn(view, side.level, budget, seed * 7919 + static_cast<std::uint64_t>(turn),
                       [&](const core::Document& move) {
                         state->apply(seat, move, rng);
                         return state->view(seat);
                       });
    side.seconds += std::chrono::duration<double>(Clock::now() - start).count();
    side.moves += static_cast<long>(moves.size());
  }
  return state->finished() ? core::outcome(state->result(), 0) : 0.5;
}

// The 95% Wilson score interval of a mean score over n games.
std::pair<double, double> wilson(double mean, int n) {
  const double z = 1.96, z2 = z * z;
  const double centre = (mean + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z * std::sqrt(mean * (1 - mean) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
  return {centre - half, centre + half};
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 40;
  bot::Budget budget;
  budget.playouts = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 200;
  const std::string only = argc > 3 ? argv[3] : "";
  std::printf("%d games a pairing, two players, mcts with %llu playouts a move\n\n", games,
              static_cast<unsigned long long>(*budget.playouts));
  std::printf(
      "| engine | pairing | score of the first | 95%% interval | ms/move (first, second) |\n");
  std::printf("|---|---|---|---|---|\n");
  const std::pair<bot::Level, bot::Level> pairings[] = {{bot::Level::kGreedy, bot::Level::kRandom},
                                                        {bot::Level::kMcts, bot::Level::kGreedy},
                                                        {bot::Level::kMcts, bot::Level::kRandom}};
  for (const core::Engine* engine : core::engines()) {
    if (!only.empty() && engine->id() != only) continue;
    for (const auto& [strong_level, weak_level] : pairings) {
      Side strong{strong_level}, weak{weak_level};
      double score = 0;
      for (int g = 0; g < games; ++g) {
        const auto seed = static_cast<std::uint64_t>(g + 1);
        // Seats alternate: the first level sits first in even games.
        if (g % 2 == 0)
          score += play(*engine, {&strong, &weak}, budget, seed);
        else
          score += 1 - play(*engine, {&weak, &strong}, budget, seed);
      }
      const double mean = score / games;
      const auto [low, high] = wilson(mean, games);
      std::printf("| %s | %s vs %s | %.2f | %.2f-%.2f | %.2f, %.2f |\n", engine->id().c_str(),
                  bot::level_name(strong_level).c_str(), bot::level_name(weak_level).c_str(), mean,
                  low, high, 1000 * strong.seconds / std::max(1L, strong.moves),
                  1000 * weak.seconds / std::max(1L, weak.moves));
      std::fflush(stdout);
    }
  }
}
