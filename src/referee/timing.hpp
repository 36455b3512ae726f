// A game's clock: its settings (made at `new`), the deadline of the seat to move, and what the
// clock does when a seat misses it (the NMR policy). Internal to the referee module.
//
// timing (store::GameRow::timing), every duration in seconds:
//   deadline  how long a seat has for a turn (absent or 0: the game has no clock)
//   grace     how long after the deadline the policy waits
//   remind    how long before the deadline a reminder is due (0: none)
//   nmr       {default: bool, forfeit: N}: play the seat's default move at each miss; resign for
//             it at the N-th miss in a row (0: never). Neither: wait (remind again, change nothing)
//   absence   the most days a player may announce an absence for (0: none)
#pragma once

#include <optional>
#include <string>

#include "core/clock.hpp"
#include "core/engine.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"

namespace referee {

// The timing document; UserError 64 naming the option that is not a duration or a policy.
core::Document make_timing(const TimingRequest& request);
// "wait", "default", "forfeit:3", "default,forfeit:3": the policy as `new --nmr` spells it.
std::string nmr_text(const core::Document& timing);

bool has_clock(const store::GameRow& row);
// The deadline of `seat` for a turn it gets at `start`: start + deadline, and when the seat
// announced an absence beyond that, a whole period after the absence ends.
core::Time deadline_for(const store::GameRow& row, int seat, core::Time start);

// For a game with a clock: deadline (ISO-8601 UTC, null when none runs) and clock (its settings).
void add_clock_fields(core::Document& doc, const store::GameRow& row);

// An absence announced by the seat to move moves its deadline to a whole period after it ends.
void extend_for_absence(store::GameRow& row, int seat);

// After a turn: who is to move, and their deadline. Without a clock, paused, or over: none. A
// deadline starts again when `restart` (a turn of moves, an undo, a rollback) or the seat to
// move changed; otherwise it stays as the turn left it (an offer does not reset the clock).
void update_clock(store::GameRow& row, const core::State& state, bool restart);

}  // namespace referee
