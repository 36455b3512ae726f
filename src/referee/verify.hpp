// A game's record (ledger/record.hpp) checked and replayed with no database (verify), and stored
// in one (import): the same replay as an audit's (referee/replay.hpp), reading the record's turns.
#pragma once

#include <nlohmann/json.hpp>

#include "store/sqlite.hpp"

namespace referee {

// Checks the genesis, the seed against its commitment and every chain value, and replays the
// game with its engine to the recorded result, naming the first turn and field that fail:
// {ok, game, kind, turns, finished, seed_checked, replayed, chain_head, result} and, when not ok,
// error: {field, message} plus `turn` (its number) or `index` (its place in the list, 1-based)
// when the failure is in a turn. Never throws for a bad record.
nlohmann::json verify_record(const nlohmann::json& record);

// Verifies, then stores the game. Players who sign keep their keys; the others get new tokens,
// printed here once. UserError 65 when the record does not verify, has no seed, or the game is
// already in the database.
nlohmann::json import_record(store::Database& db, const nlohmann::json& record);

}  // namespace referee
