// Actions: turns that are not moves. A player sends them in a turn file (`action:` instead of
// `moves:`) at any time; the clock (tick) and the game master make the rest. Each is a turn of
// the record: chained, audited, in `log`. Internal to the referee module.
//
// Beside the engine's state every game keeps the table's state (store::GameRow::host), changed
// only by actions and hashed with the engine's, so a replay of the record gives it back:
//   retired    seats out of the game (resigned, forfeited), in order
//   draw       {by, accepted}: a standing draw offer
//   undo       {by, turn, accepted}: a standing request to take back turn `turn`
//   last_move  the last turn of moves a player made that an undo may take back
//   misses     {seat: n}: deadlines a seat missed in a row
//   absent     {seat: until}: announced absences
//   paused     {remaining}: the clock stopped by the game master (seconds left, or null)
//   result     {by, winners, reason?}: the referee ended the game; {by} alone when the engine
//              ended it as a seat left
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "referee/game_context.hpp"

namespace referee {

// {state, rng, host}: what undo and rollback restore.
core::Document snapshot_of(const GameContext& context);
// The snapshot stored after turn n; for n = 0, the game as it was set up. Null when none is kept.
using SnapshotSource = std::function<core::Document(std::int64_t)>;

// Applies `action` by `seat` (-1: the game master) to the context: the table's state and, for
// resign, forfeit, undo and rollback, the engine's. Returns the events, for everyone to see.
// Throws core::UserError 65 saying why when the action is not allowed now (the context is then
// unchanged). `now` is given when a live action is checked against the clock (absences); a
// replay passes nullopt.
core::Document apply_action(GameContext& context, int seat, const core::Document& action,
                            std::int64_t number, const SnapshotSource& snapshots,
                            std::optional<core::Time> now);

// Whether applying `action` may ask its SnapshotSource for an earlier state (an accepted undo, a
// rollback). A replay keeps earlier states only for a record that holds such an action.
bool asks_for_earlier_state(const core::Document& action);

// The table's state in a view, by players' names: draw_offer, undo_request, left, absent, paused.
void add_table_fields(core::Document& doc, const store::GameRow& row);

// A player's own turn of moves: standing offers lapse, the seat's misses are forgotten, and the
// turn becomes the one an undo takes back.
void after_own_moves(store::GameRow& row, int seat, std::int64_t number);

// Applies a recorded turn again (audit, verify): its moves, its action, or both (a default move
// the clock made). Returns the events. Throws MoveFailure or core::UserError when it does not
// replay.
core::Document replay_turn(GameContext& context, const store::TurnRow& turn,
                           const SnapshotSource& snapshots);
// The same, returning the events as the text that dump() writes of replay_turn's list (an audit
// compares that with the stored text; no document is made).
std::string replay_turn_text(GameContext& context, const store::TurnRow& turn,
                             const SnapshotSource& snapshots);

}  // namespace referee
