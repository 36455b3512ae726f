// The notifications owed (caravan-ref(1), NOTIFICATIONS, "Delivery"): written in the transaction
// of the change they tell, sent once it has committed, retried with back-off until sent.
//
// Promises: every message is written with the change or not at all; a target gets its messages
// in the order they were written, each until the receiver answers 2xx, and one that failed holds
// back the later ones; each carries an idempotency key (the Idempotency-Key header, and the JSON
// event's `id`) that is the same on every attempt, so a receiver that saw one twice (its answer
// lost) can tell. Two senders never post the same message at once (a claim with a lease). All
// times come from core::now(): tests set the clock instead of sleeping.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "core/engine.hpp"
#include "store/sqlite.hpp"

namespace notify {

// Queues one message to each of the game's targets: `event` (referee/news.hpp) with its `game`,
// `turn` and `event`, in each target's format, its `id` set to the message's key. In the caller's
// transaction. Returns how many were queued (none for a game without targets).
int queue(store::Database& db, const core::Document& event);

// Whether a message is due now (not sent, not waiting for its back-off, not being sent): a
// command that changed a game then runs the sender (cli/notify_helper.cpp).
bool owed(store::Database& db);

// The wait after the n-th failed attempt (n >= 1): 30 s, doubled each time, at most an hour.
core::Seconds backoff(int attempts);

// What waits, per target with anything unsent: [{game, target, format, waiting, attempts,
// next_attempt, last_error?}] (never the URL); `game` narrows it to one game.
core::Document waiting(store::Database& db, const std::optional<std::string>& game = {});

// One post: the receiver's HTTP status (0 when none came: refused, timed out), or `error` in
// words that never quote the URL.
struct PostResult {
  long status = 0;
  std::string error;
  bool ok() const { return status >= 200 && status < 300; }
};
using Post = std::function<PostResult(const std::string& url, const std::string& body,
                                      const std::string& key)>;

// Sends what is due, target by target, oldest first, each message marked sent (or its failure
// and next attempt recorded) in its own transaction; a target's first failure ends its turn in
// this round. Returns {sent, failed, results: [{target, key, status?, error?}]}.
core::Document deliver(store::Database& db, const Post& post);

}  // namespace notify
