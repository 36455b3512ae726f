// What chat keeps for every serve on one database, behind a load balancer or after a restart,
// rather than for each process: the signed Discord or Slack requests seen
// (schema/016_chat_seen.sql), so that each counts once, and the choice ids kept under a short key
// (schema/017_chat_ids.sql).
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "store/sqlite.hpp"

namespace store {

// How long a key is remembered: twice the five minutes a request's timestamp is accepted for on
// either side of now, so a request is refused by its age or by its key, never neither.
inline constexpr std::chrono::minutes kChatSeenFor{10};

// True the first time `key` is given (on this database, by any process); false for a key given
// within the last kChatSeenFor. The key is stored as given: the caller gives one that is no
// secret and of bounded length (serve gives a hash). Keys older than kChatSeenFor are deleted on
// the way, in the same transaction (its own, or a savepoint of the caller's). `now` is the one
// clock's (core::now()).
bool first_sight(Database& db, const std::string& key, core::Time now);

// How long a kept choice id is known: a button's id names one turn, and a turn may wait days for
// its deadline; a month covers the slowest game's turn.
inline constexpr std::chrono::days kChatIdsFor{30};

// Keeps `id` under `key` (the first id given a key stays); ids kept before now - kChatIdsFor are
// deleted on the way, in the same transaction (its own, or a savepoint of the caller's).
void keep_chat_id(Database& db, const std::string& key, const std::string& id, core::Time now);
// The id kept under `key`; nullopt when none is (never kept here, or forgotten).
std::optional<std::string> chat_id(Database& db, const std::string& key);

}  // namespace store
