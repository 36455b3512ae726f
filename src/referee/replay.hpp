// The one replay of a game's record: `audit` (the database's rows), `verify` and `import` (a
// record, ledger/record.hpp) set the game up again from its seed or the position it started from,
// apply every turn again (its moves, its action) and make each turn's state hash from the dump of
// the referee's view, as the referee did when it took the turn. What else is checked, and what is
// kept, is each caller's: it passes a sink. Internal to the referee module.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "referee/game_context.hpp"

namespace referee {

// Where the replay reads a record's turns.
struct TurnSource {
  // Hands each turn, in order from the first, to `take` until it returns false. Called again
  // (from the first turn) when an undo reaches further back than the states the replay keeps.
  std::function<void(const std::function<bool(store::TurnRow&)>& take)> each_turn;
  // Every turn that holds an action, by number: which earlier states an undo or a rollback in
  // the record may ask for.
  std::vector<std::pair<std::int64_t, core::Document>> actions;
};

// A turn the replay could not apply again: a move the engine refused, or the action.
struct Refusal {
  bool action = false;       // the action was refused (else a move)
  std::size_t move = 0;      // the refused move's index (0-based)
  bool out_of_turn = false;  // the move came after the turn, or the game, had ended
  std::string message;
};

// What a caller checks and keeps as the replay goes. Each step may throw to stop the replay; the
// exception goes to the caller of replay().
class ReplaySink {
 public:
  virtual ~ReplaySink() = default;
  // The game as set up again, before any turn: the engine's state and generator, and the set-up
  // events as dump() writes their list (empty for a game set up from a position).
  virtual void started(const GameContext& context, const std::string& setup_events_text) {
    (void)context;
    (void)setup_events_text;
  }
  // A turn as read, before it is applied to `context` (the game after the turns before).
  virtual void read(const store::TurnRow& turn, const GameContext& context) {
    (void)turn;
    (void)context;
  }
  // The turn could not be applied: the sink reports it, and must throw.
  virtual void refused(const store::TurnRow& turn, const Refusal& refusal) = 0;
  // The turn applied: its events as dump() writes their list.
  virtual void events(store::TurnRow& turn, std::string events_text) {
    (void)turn;
    (void)events_text;
  }
  // The game after the turn: the dump of the referee's view and the state hash made of it.
  virtual void state(store::TurnRow& turn, const std::string& state_text,
                     const std::string& state_hash) = 0;
};

// What the replay ends with: the game after the last turn (as set up when there is none), its
// state as text and its state hash, and the number of turns replayed.
struct Replayed {
  GameContext context;
  std::string state_text;
  std::string state_hash;
  std::int64_t turns = 0;
};

// Replays the game of `row` (kind, options, players, and the seed, or from_position with
// initial_state and initial_rng; `row.host` as the table started, empty) over `source`'s turns.
// The replay's game starts as `row` (Replayed::context.row). Throws core::SetupError when the
// game cannot be set up again.
Replayed replay(store::GameRow row, const TurnSource& source, ReplaySink& sink);

}  // namespace referee
