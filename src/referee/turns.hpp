// Applying and recording turns: the one path that submit, forced passes and audit all take.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "referee/game_context.hpp"

namespace referee {

// Applies `moves` for `seat` to the context's state, all or nothing. Throws MoveFailure naming the
// failing move's index (0-based) on the first illegal move; the context is unchanged then.
struct MoveFailure {
  std::size_t index;
  std::string message;
  bool out_of_turn = false;  // the game, or the seat's turn, had ended before the move
};
core::Document apply_moves(GameContext& context, int seat, const core::Document& moves);
// The same, giving each event the engine makes to `take` instead of making the events' list.
void apply_moves(GameContext& context, int seat, const core::Document& moves,
                 const std::function<void(core::Event&)>& take);

// Stores a turn that was applied to the context: the turn row (with `action` when it is one),
// the new snapshot and hash, and the clock (restarted when `restart`; see timing.hpp).
void record_turn(store::GameStore& games, GameContext& context, int seat, bool forced,
                 const core::Document& moves, const core::Document& events,
                 std::optional<std::int64_t> submission_id, const core::Document& action = nullptr,
                 bool restart = true);

// The snapshots this game stored after each turn (undo and rollback restore one), each checked
// before it is handed on: against its turn's state hash (the chain binds it), the start against
// the genesis or the seed. One changed outside the referee is UserError 74. `row` must outlive
// the function.
std::function<core::Document(std::int64_t)> live_snapshots(store::GameStore& games,
                                                           const store::GameRow& row);

// While the player to move has only a forced move (a pass), the referee makes and records it.
void apply_forced_moves(store::GameStore& games, GameContext& context);

// The set-up (turn 0: deals, revealed hands) as `viewer` may see it.
core::Document setup_document(const store::GameRow& row, int viewer);

// A turn as `viewer` may see it.
core::Document turn_document(const store::TurnRow& turn, const store::GameRow& row, int viewer);

}  // namespace referee
