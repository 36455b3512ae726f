// The chat requests seen (schema/016_chat_seen.sql): what makes a signed Discord or Slack request
// count once for every serve on one database, behind a load balancer or after a restart, rather
// than once for each process.
#pragma once

#include <chrono>
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

}  // namespace store
