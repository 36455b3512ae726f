// The sparring partner (issue 43): a bot of the same kind as the strongest public Caravan AI,
// kept in bench/ to measure the search bot against. It is allowed what no seat is: it reads the
// whole state, the other hands and the order of every deck and bag, and it looks two plies ahead
// (its own move, then the best answer of whoever moves next) over a tactical evaluation. Nothing
// here is seated in a game: bench/bot_strength plays it.
#pragma once

#include <string>

#include "core/engine.hpp"

namespace sparring {

// How good `state` (the referee's state) is for `seat`, larger is better, on a scale of its own.
// nv-caravan: a tactical evaluation of its own that reads both hands (sparring.cpp says what it
// counts); the other engines: their State::evaluate.
double tactical(const std::string& engine, const core::State& state, int seat);

// The action the sparring partner plays for the seat to move in `state`. Moves are played with a
// copy of `game_rng` (what chance would really give, which the partner may know). Above
// kBreadth legal actions at a ply it judges kBreadth drawn with `chooser`, which also breaks
// ties.
core::ActionId choose(const std::string& engine, const core::State& state,
                      const core::Rng& game_rng, core::Rng& chooser);

}  // namespace sparring
