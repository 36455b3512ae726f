// A game's record: one self-contained document that anyone can check offline.
//
// export_record writes the header (format, game, kind, created, options, seats with roles and
// keys, and the level of the referee's bot where one plays the seat, seed_commitment, genesis,
// position when the game was set up from one), every accepted turn (number, player, seat,
// forced, moves, state_hash, chain), chain_head, finished and result.
// The seed and its salt are in it once the game is over (or with `secret`, for the referee's own
// copy of a running game).
//
// Reading one back is checked here field by field (read_record_header, read_record_turn,
// RecordChain), naming the first field that fails; replaying it, which needs the referee, is
// referee::verify_record's and referee::import_record's (referee/verify.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "store/game_store.hpp"
#include "store/sqlite.hpp"

namespace ledger {

// UserError 66 for no such game, 65 for a game made before the audit chain existed.
nlohmann::json export_record(store::Database& db, const std::string& game, bool secret);
// The same for a game whose row the caller has read already (in the snapshot it reads in).
nlohmann::json export_record(store::Database& db, const store::GameRow& row, bool secret);

// The first thing wrong with a record: where ({field} and `turn` (its number) or `index` (its
// place in its list, 1-based), and `move` when it is in a move) and why.
struct RecordError {
  nlohmann::json where;
  std::string message;
};

// Where in the record a check is: a seat or turn by its place in its list ("index") or a turn by
// its number ("turn"), and a move of that turn (1-based); nothing, the header. Written as a
// document only when a check fails (a replay passes one for every turn and move).
struct Place {
  const char* key = nullptr;
  std::int64_t value = 0;
  std::size_t move = 0;

  nlohmann::json document() const;
};

// Throws RecordError{place + field, message}.
[[noreturn]] void record_error(const std::string& field, const std::string& message,
                               const Place& place = {});

// A record's header, read and checked: format, game, kind (an engine of this build), options,
// seats (as many as the game takes), position, the genesis against all of them, the seed and its
// salt against the commitment, finished, and no result for a running game. `row` is the game as
// the record sets it up: its seed and salt when the record has them, its position (from_position,
// initial_state) when it started from one. Throws RecordError.
struct RecordHeader {
  store::GameRow row;
  bool has_seed = false;
  bool finished = false;
};
RecordHeader read_record_header(const nlohmann::json& record);

// The record's list of turns; RecordError when `turns` is not a list.
const nlohmann::json& record_turns(const nlohmann::json& record);
// The number and action of every turn that holds one, in order (what a replay of the record may
// need earlier states for); items that are not turns are left to read_record_turn.
std::vector<std::pair<std::int64_t, nlohmann::json>> record_actions(const nlohmann::json& record);
// The turn `item` of the game `row`, checked: its number is `expected`, its seat a seat of the
// game (or the referee's -1 for an admin action), its player that seat's, forced a boolean, moves
// a list (not empty, unless the turn is an action), state_hash and chain given. Throws RecordError.
store::TurnRow read_record_turn(const nlohmann::json& item, std::int64_t expected,
                                const store::GameRow& row);

// The chain of a record's turns, checked turn by turn from the genesis.
class RecordChain {
 public:
  explicit RecordChain(const store::GameRow& row) : row_(row), head_(row.genesis) {}
  // The replay gives `replayed` as the turn's state hash, not the recorded one: throws
  // RecordError naming what was changed (the state hash alone, when the chain value follows
  // from the replayed one; else the moves).
  [[noreturn]] void state_differs(const store::TurnRow& turn, const std::string& replayed) const;
  // The turn's chain value against the one before it (RecordError), which it then becomes.
  // `replayed`: the game was replayed, so the state hash is known good.
  void next(const store::TurnRow& turn, bool replayed);
  // The record's chain_head, when it gives one, against the last turn's chain value.
  void finish(const nlohmann::json& record) const;
  const std::string& head() const { return head_; }

 private:
  const store::GameRow& row_;
  std::string head_;
};

}  // namespace ledger
