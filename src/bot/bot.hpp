// Bots that take a seat: they choose a seat's moves from that seat's view alone.
//
// Promise: a bot never sees more than the player whose seat it takes. It is given view(seat) and
// nothing else of the game; where it needs a whole position (to look ahead) it draws one that the
// seat cannot tell from the real game (core::Engine::from_view), and many of them in the search.
// Given the same view, options and seed, and a budget of playouts rather than time, it makes the
// same choice on every machine (every draw comes from core::Rng).
//
// Levels (caravan-ref(1), BOTS; docs/BOTS.md for their strength):
//   random  one of the legal moves, uniformly;
//   greedy  the move whose position the engine's evaluation (State::evaluate) likes best, one
//           move ahead, averaged over a few drawn positions;
//   mcts    information-set Monte Carlo tree search (single observer): each iteration draws a
//           position from the view, walks a tree of moves shared by all drawn positions by UCT,
//           adds one move, plays on at random to the end (or a depth bound, then evaluates), and
//           counts the result for each seat's moves. Huge move lists are sampled, not listed:
//           a node adds moves drawn by random_action, more as it is visited more (1 + 2 v^(1/4)
//           children after v visits).
// And the levels offered to people, weakest first:
//   easy    greedy's judgement with a person's lapses: it notices only some of the moves and
//           plays the best it noticed more often than not, else the next best, and so on;
//   normal  mcts with 150 playouts a move (unless the budget gives a number of playouts);
//   hard    mcts with the budget given (the referee's default: one second a move).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.hpp"

namespace bot {

enum class Level { kRandom, kGreedy, kMcts, kEasy, kNormal, kHard };
inline constexpr Level kLevels[] = {Level::kRandom, Level::kGreedy, Level::kMcts,
                                    Level::kEasy,   Level::kNormal, Level::kHard};

// "random", "greedy", "mcts", "easy", "normal", "hard"; nullopt for anything else.
std::optional<Level> parse_level(const std::string& text);
std::string level_name(Level level);

// How long a choice may take: a number of playouts (reproducible) or a time (not: a faster
// machine plays more), whichever ends first. mcts, normal and hard count playouts; the others
// ignore it.
struct Budget {
  std::optional<std::uint64_t> playouts;
  std::optional<std::chrono::milliseconds> time;
  // The search tree's size, in nodes of 48 bytes: it keeps a bot under 64 MB, with a deterministic
  // game's kept move lists (16 MB at most) and the drawn position (docs/BOTS.md, Memory).
  std::size_t max_nodes = 800000;
};

// A seat as the bot knows it: the engine, the table and that seat's view.
struct Seat {
  const core::Engine* engine = nullptr;
  int seat = 0;
  int players = 2;
  std::map<std::string, std::string> options;
  core::Document view;  // engine.view(seat) of the game now
};

// What a search did, for the benchmark and --format json.
struct Stats {
  std::uint64_t playouts = 0;
  std::size_t nodes = 0;
};

// The move `level` chooses for the seat, which must be the one to move. Throws core::MoveError
// when the seat has no move to make.
core::Document choose(const Seat& seat, Level level, const Budget& budget, std::uint64_t seed,
                      Stats* stats = nullptr);

// A whole turn: moves chosen one at a time until the seat's turn is over. After each move
// `advance` gives the seat's view of the game with that move made and nothing else (the referee
// applies it to a copy of the game and shows the bot what the player would then see), from which
// the bot tells whether its turn goes on. The list is what a turn file's `moves:` holds.
using Advance = std::function<core::Document(const core::Document& move)>;
std::vector<core::Document> play_turn(Seat seat, Level level, const Budget& budget,
                                      std::uint64_t seed, const Advance& advance,
                                      Stats* stats = nullptr);

}  // namespace bot
