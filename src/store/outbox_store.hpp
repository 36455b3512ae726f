// The outboxes' rows: the mail the referee owes (schema/011_mail_outbox.sql) and the notices owed
// to webhooks (notify_outbox, with the state of their targets that sending changes). Callers see
// rows, never SQL; the policy (what is due, the back-off, when a target is stopped) is theirs
// (mail/outbox.hpp, notify/outbox.hpp). Writes happen inside the caller's Transaction: a claim or
// a mark is only as safe as the transaction it is made in (on PostgreSQL, the writers' lock).
// Times are ISO 8601 text (core::format_time), compared as text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/sqlite.hpp"

namespace store {

// A mail to keep: composed, not yet sent.
struct NewMail {
  std::string queued_at;
  std::string recipient;
  std::string subject;
  std::string message_id;
  std::optional<std::string> game{};
  std::optional<std::int64_t> shown_turn{};  // the game's next turn when it was written
  std::optional<std::int64_t> answers{};     // the message row it answers
  std::string bytes;
};

// A mail still owed, as the MTA is handed it.
struct OwedMail {
  std::int64_t id = 0;
  std::string recipient;
  std::string subject;
  std::string message_id;
  std::string bytes;
};

class MailOutboxStore {
 public:
  explicit MailOutboxStore(Database& db) : db_(db) {}

  void keep(const NewMail& mail);
  // The oldest mail not yet sent; nullopt when none is owed.
  std::optional<OwedMail> oldest_owed();
  // One more attempt that the MTA refused, with its reason; the mail stays owed.
  void record_failure(std::int64_t id, const std::string& error);
  // Sent at `when`: its bytes are deleted, its attempt counted, any error cleared.
  void mark_sent(std::int64_t id, const std::string& when);
  // Whether a mail answering the message row `answers` is still owed.
  bool answer_owed(std::int64_t answers);
  // The turn shown by the mail `message_id` of `game` to `address` (compared without case).
  std::optional<std::int64_t> shown_turn(const std::string& message_id, const std::string& game,
                                         const std::string& address);
  // The turn shown by the latest mail of `game` sent to `address`.
  std::optional<std::int64_t> latest_shown_turn(const std::string& game,
                                                const std::string& address);

 private:
  Database& db_;
};

// A notice to queue for one target.
struct NewNotice {
  std::int64_t target = 0;
  std::string game;
  std::int64_t turn = 0;
  std::string event;
  std::string key;
  std::string body;
  std::string queued_at;  // also its first next attempt
  std::optional<std::string> picture{};
};

// The oldest unsent notice of a target, with what decides whether it may go now.
struct NoticeHead {
  std::int64_t id = 0;
  std::string key;
  std::string body;
  std::string picture;  // empty: none
  int attempts = 0;
  std::string next_at;
  std::optional<std::string> claimed_until{};
  std::optional<std::string> failing_since{};
  bool target_stopped = false;
  bool target_removed = false;
};

// A target's waiting notices, by its oldest (the one that goes next).
struct WaitingNotices {
  std::string game;
  std::int64_t target = 0;
  std::string format;
  std::int64_t waiting = 0;
  std::string next_at;
  std::int64_t attempts = 0;
  std::optional<std::string> last_error{};
};

// A target stopped and not removed, with what waits for it.
struct StoppedTarget {
  std::string game;
  std::int64_t target = 0;
  std::string format;
  std::int64_t waiting = 0;
  std::string stopped_at;
  std::string reason;
};

// A target still sent the news with something unsent.
struct OwingTarget {
  std::int64_t target = 0;
  std::string url;
};

class NotifyOutboxStore {
 public:
  explicit NotifyOutboxStore(Database& db) : db_(db) {}

  void queue(const NewNotice& notice);
  // The target's oldest unsent notice, whatever its state; nullopt when it has none.
  std::optional<NoticeHead> head(std::int64_t target);
  // The head's next attempt and claim alone (without its body): nullopt when it has none.
  struct Schedule {
    std::string next_at;
    std::optional<std::string> claimed_until{};
  };
  std::optional<Schedule> head_schedule(std::int64_t target);
  // The notice is being sent, by this sender, until `until` (a time on the system's clock).
  void claim(std::int64_t id, const std::string& until);
  // Sent at `when` after `attempts` attempts: its claim, error and failing time cleared.
  void mark_sent(std::int64_t id, const std::string& when, std::int64_t attempts);
  // Failed again: tried next at `next_at`, failing since `failing_since`, its claim dropped.
  void put_off(std::int64_t id, std::int64_t attempts, const std::string& error,
               const std::string& next_at, const std::string& failing_since);
  // The target is sent nothing more, for `reason` (a target stopped already keeps its first).
  void stop_target(std::int64_t target, const std::string& when, const std::string& reason);
  // The targets of `game` still sent the news, oldest first.
  std::vector<std::int64_t> active_targets(const std::string& game);
  // Whether the head of any target still sent the news is due: next_at <= `now`, and not claimed
  // past `real_now`.
  bool any_due(const std::string& now, const std::string& real_now);
  // Per target still sent the news with anything unsent, of `game` or of every game.
  std::vector<WaitingNotices> waiting(const std::optional<std::string>& game);
  std::vector<StoppedTarget> stopped(const std::optional<std::string>& game);
  // The targets still sent the news with anything unsent, of `game` or of every game, by id.
  std::vector<OwingTarget> owing(const std::optional<std::string>& game);

 private:
  Database& db_;
};

}  // namespace store
