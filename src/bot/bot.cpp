#include "bot/bot.hpp"

#include <algorithm>
#include <memory>

#include "bot/search.hpp"

namespace bot {
namespace {

using core::ActionId;

// Greedy judges each move in this many positions drawn from the view.
constexpr int kGreedyWorlds = 8;
// Above this many legal moves greedy judges this many, drawn with random_action.
constexpr std::size_t kGreedyMoves = 256;

// Each candidate action with its evaluation one move ahead, summed over kGreedyWorlds positions
// drawn from the seat's view.
std::vector<std::pair<ActionId, double>> judged(const core::State& world, int seat,
                                                core::Rng& rng) {
  std::vector<ActionId> actions;
  world.legal_actions(actions);
  if (actions.empty()) throw core::MoveError("there is no legal move to play");
  if (actions.size() > kGreedyMoves) {
    actions.clear();
    for (std::size_t i = 0; i < kGreedyMoves; ++i) actions.push_back(world.random_action(rng));
    std::sort(actions.begin(), actions.end());
    actions.erase(std::unique(actions.begin(), actions.end()), actions.end());
  }
  std::vector<std::unique_ptr<core::State>> worlds;
  for (int i = 0; i < kGreedyWorlds; ++i) worlds.push_back(world.resample(seat, rng));
  std::vector<std::pair<ActionId, double>> out;
  out.reserve(actions.size());
  for (ActionId action : actions) {
    double value = 0;
    for (const auto& drawn : worlds) value += drawn->evaluate_after(action, seat, rng);
    out.emplace_back(action, value / kGreedyWorlds);
  }
  return out;
}

ActionId greedy(const core::State& world, int seat, core::Rng& rng) {
  ActionId best = 0;
  double best_value = -1;
  int ties = 0;
  for (const auto& [action, value] : judged(world, seat, rng)) {
    // Equal values: each of them equally likely (reservoir sampling), never the first by habit.
    if (value > best_value + 1e-12) {
      best = action;
      best_value = value;
      ties = 1;
    } else if (value > best_value - 1e-12 && rng.below(static_cast<std::uint64_t>(++ties)) == 0) {
      best = action;
    }
  }
  return best;
}

// easy: a player who sees part of the board and plays what looks best there, or nearly. Each
// move is noticed with probability kNoticed (at least one always is); the noticed moves are
// ranked by the evaluation, and the best of them is played with probability kFirstChoice, else
// the next with that probability, and so on. Ranks, not values, so that the lapses are alike in
// every engine whatever the scale of its evaluation: the second best is common, a move far down
// the list rare.
constexpr double kNoticed = 0.75;
constexpr double kFirstChoice = 0.6;

ActionId easy(const core::State& world, int seat, core::Rng& rng) {
  std::vector<std::pair<ActionId, double>> seen;
  const auto all = judged(world, seat, rng);
  for (const auto& item : all)
    if (rng.below(1000) < static_cast<std::uint64_t>(kNoticed * 1000)) seen.push_back(item);
  if (seen.empty()) seen.push_back(all[rng.below(all.size())]);
  std::stable_sort(seen.begin(), seen.end(),
                   [](const auto& x, const auto& y) { return x.second > y.second; });
  for (const auto& item : seen)
    if (rng.below(1000) < static_cast<std::uint64_t>(kFirstChoice * 1000)) return item.first;
  return seen.back().first;
}

// The playouts of a searching level where the budget names none (a seat the referee's bot holds:
// the same move on any machine). normal: a short search, unless the budget names another number.
// mcts and hard, unless the budget names playouts or a time: 10,000 scored above 1,000 against
// normal in every engine and against greedy in all but caravaneers, level there, at under 0.4 s a
// move (docs/BOTS.md, Levels for people).
constexpr std::uint64_t kNormalPlayouts = 150;
constexpr std::uint64_t kHardPlayouts = 10000;

}  // namespace

std::optional<Level> parse_level(const std::string& text) {
  for (Level level : kLevels)
    if (text == level_name(level)) return level;
  return std::nullopt;
}

std::string level_name(Level level) {
  switch (level) {
    case Level::kRandom:
      return "random";
    case Level::kGreedy:
      return "greedy";
    case Level::kMcts:
      return "mcts";
    case Level::kEasy:
      return "easy";
    case Level::kNormal:
      return "normal";
    case Level::kHard:
      return "hard";
  }
  return "random";
}

core::Document choose(const Seat& seat, Level level, const Budget& budget, std::uint64_t seed,
                      Stats* stats) {
  core::Rng rng(seed);
  const std::unique_ptr<core::State> world =
      seat.engine->from_view(seat.view, seat.seat, seat.players, seat.options, rng);
  if (world->current_player() != seat.seat)
    throw core::MoveError("it is not this seat's turn to move");
  if (auto forced = world->forced_move()) return std::move(*forced);
  Stats ignored;
  Stats& counted = stats != nullptr ? *stats : ignored;
  ActionId action = 0;
  switch (level) {
    case Level::kRandom:
      action = world->random_action(rng);
      break;
    case Level::kGreedy:
      action = greedy(*world, seat.seat, rng);
      break;
    case Level::kEasy:
      action = easy(*world, seat.seat, rng);
      break;
    case Level::kNormal: {
      Budget fixed = budget;
      if (!fixed.playouts) fixed.playouts = kNormalPlayouts;
      action = search(*world, seat.seat, fixed, rng, counted);
      break;
    }
    case Level::kMcts:
    case Level::kHard: {
      Budget fixed = budget;
      if (!fixed.playouts && !fixed.time) fixed.playouts = kHardPlayouts;
      action = search(*world, seat.seat, fixed, rng, counted);
      break;
    }
  }
  return world->move_of(action);
}

std::vector<core::Document> play_turn(Seat seat, Level level, const Budget& budget,
                                      std::uint64_t seed, const Advance& advance, Stats* stats) {
  std::vector<core::Document> moves;
  core::Rng seeds(seed);
  while (true) {
    moves.push_back(choose(seat, level, budget, seeds.next(), stats));
    core::Rng unused(0);
    // Whether the turn goes on can be told from the view: a position drawn from it.
    seat.view = advance(moves.back());
    const auto next =
        seat.engine->from_view(seat.view, seat.seat, seat.players, seat.options, unused);
    if (next->current_player() != seat.seat) break;
  }
  return moves;
}

}  // namespace bot
