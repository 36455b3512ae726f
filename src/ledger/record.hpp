// A game's record: one self-contained document that anyone can check offline.
//
// export_record writes the header (format, game, kind, created, options, seats with roles and
// keys, seed_commitment, genesis, position when the game was set up from one), every accepted
// turn (number, player, seat, forced, moves, state_hash, chain), chain_head, finished and result.
// The seed and its salt are in it once the game is over (or with `secret`, for the referee's own
// copy of a running game). verify_record needs no database: it checks the genesis, the seed
// against its commitment, every chain value, and replays the game with its engine to the
// recorded result, naming the first turn and field that fail. import_record verifies first.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "store/game_store.hpp"
#include "store/sqlite.hpp"

namespace ledger {

// UserError 66 for no such game, 65 for a game made before the audit chain existed.
nlohmann::json export_record(store::Database& db, const std::string& game, bool secret);
// The same for a game whose row the caller has read already (in the snapshot it reads in).
nlohmann::json export_record(store::Database& db, const store::GameRow& row, bool secret);

// {ok, game, kind, turns, finished, seed_checked, replayed, chain_head, result} and, when not ok,
// error: {field, message} plus `turn` (its number) or `index` (its place in the list, 1-based)
// when the failure is in a turn. Never throws for a bad record.
nlohmann::json verify_record(const nlohmann::json& record);

// Verifies, then stores the game. Players who sign keep their keys; the others get new tokens,
// printed here once. UserError 65 when the record does not verify, has no seed, or the game is
// already in the database.
nlohmann::json import_record(store::Database& db, const nlohmann::json& record);

}  // namespace ledger
