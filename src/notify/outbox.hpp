// The notifications owed (caravan-ref(1), NOTIFICATIONS, "Delivery"): written in the transaction
// of the change they tell, sent once it has committed, retried with back-off until sent.
//
// Promises: every message is written with the change or not at all; a target gets its messages
// in the order they were written, each until the receiver answers 2xx, and one that failed holds
// back the later ones; each carries an idempotency key (the Idempotency-Key header, and the JSON
// event's `id`) that is the same on every attempt, so a receiver that saw one twice (its answer
// lost) can tell. Two senders never post the same message at once (a claim with a lease that
// outlasts the longest post, kMaxPostTimeout, on the system's clock: the test clock does not
// move it). A receiver that says the webhook is gone (404,
// 410, 401, 403) stops its target at once; one that keeps failing stops it after kGiveUp; a
// stopped target is sent nothing more and is shown with its reason. All times come from
// core::now(): tests set the clock instead of sleeping.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "core/engine.hpp"
#include "store/sqlite.hpp"

namespace notify {

// Queues one message to each of the game's targets: `event` (referee/news.hpp) with its `game`,
// `turn` and `event`, in each target's format, its `id` set to the message's key. In the caller's
// transaction. Returns how many were queued (none for a game without targets).
// `picture`: the observer's board as SVG, for Discord's targets (sent as a PNG file); empty: none.
int queue(store::Database& db, const core::Document& event, const std::string& picture = {});

// The games this thread (for a command, this process) queued messages for, in the order first
// queued (their transactions may have rolled back since: the sender then finds nothing of
// theirs).
const std::vector<std::string>& queued_games();

// Which games a sender looks at: the ones named, or every game when none is named.
using Games = std::optional<std::vector<std::string>>;

// Whether a message of `games` is due now (not sent, not waiting for its back-off, not being
// sent, its target not stopped): a command that changed a game then starts the sender
// (cli/notify_helper.cpp).
bool owed(store::Database& db, const Games& games = {});

// The wait after the n-th failed attempt (n >= 1): 30 s, doubled each time, at most an hour.
core::Seconds backoff(int attempts);
// How long a target's oldest message may keep failing before the target is stopped: a day
// (some 30 attempts with the back-off above).
inline constexpr core::Seconds kGiveUp{24 * 3600};
// The longest wait a receiver's Retry-After is followed for; a longer one is this.
inline constexpr core::Seconds kLongestRetryAfter{6 * 3600};
// The longest one post may take (http.hpp): the claim on a message outlasts it.
inline constexpr core::Seconds kMaxPostTimeout{30};

// What waits, per target with anything unsent or that is stopped: [{game, target, format,
// waiting, attempts, next_attempt, last_error?}], a stopped one {game, target, format, waiting,
// stopped, reason} (never the URL); `game` narrows it to one game.
core::Document waiting(store::Database& db, const std::optional<std::string>& game = {});

// One post: the receiver's HTTP status (0 when none came: refused, timed out), or `error` in
// words that never quote the URL; `retry_after`, the wait the receiver asked for (Retry-After,
// in seconds or as a date) when it gave one.
struct PostResult {
  long status = 0;
  std::string error;
  std::optional<core::Seconds> retry_after{};
  bool ok() const { return status >= 200 && status < 300; }
  // The receiver says the webhook is gone or not ours: trying again cannot help.
  bool permanent() const {
    return status == 404 || status == 410 || status == 401 || status == 403;
  }
};
// `picture`: an SVG to send as a PNG file beside the body (Discord's multipart form); empty: none.
using Post = std::function<PostResult(const std::string& url, const std::string& body,
                                      const std::string& key, const std::string& picture)>;

// The targets of `games` still sent the news that have something unsent.
struct Owing {
  std::int64_t target = 0;
  std::string url;
};
std::vector<Owing> owing(store::Database& db, const Games& games = {});
// Sends what is due to one target, as deliver() does; several senders, each with its connection,
// may each take a target at once (caravan-ref-notify does: one slow receiver holds back no other).
core::Document deliver_to(store::Database& db, const Owing& target, const Post& post);
// Adds one report of deliver_to() to another.
void add_report(core::Document& total, const core::Document& part);

// Sends what is due for `games`, target by target, oldest first, each message marked sent (or its
// failure and next attempt recorded, or its target stopped) in its own transaction; a target's
// first failure ends its turn in this round. Returns {sent, failed, stopped, results: [{target,
// key, status?, error?, stopped?}]}.
core::Document deliver(store::Database& db, const Post& post, const Games& games = {});

}  // namespace notify
