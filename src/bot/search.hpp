// Information-set Monte Carlo tree search (single observer), over the engines' packed actions.
// Internal to the bot module: bot.hpp says what it promises.
#pragma once

#include <cstdint>

#include "bot/bot.hpp"
#include "core/engine.hpp"

namespace bot {

// The action the search likes best for the seat to move in `world` (a position drawn from the
// seat's view: every iteration draws again from it with resample(seat), so only what the seat
// knows of `world` matters). The budget gives playouts, a time or both (bot.cpp gives each level
// its own number where the caller gave neither).
core::ActionId search(const core::State& world, int seat, const Budget& budget, core::Rng& rng,
                      Stats& stats);

}  // namespace bot
