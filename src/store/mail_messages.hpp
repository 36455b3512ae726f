// The mail filter's record (schema/004_mail.sql): one row per message received, written before
// the message is acted on; and what the filter looks up by a message's sender or text (the seats
// an address holds, the submission a turn file made). The filter's policy (what a verdict is,
// what of a turn file is kept) is mail/'s; this file holds the SQL.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "store/sqlite.hpp"

namespace store {

struct MessageRow {
  std::int64_t id = 0;
  std::string message_id;
  std::optional<std::string> sender;
  std::string received_at;  // empty: now (store::now_utc) when inserted
  std::int64_t size = 0;
  std::string subject;
  // received (recorded, not yet decided), accepted, rejected, refused (wrong sender),
  // no-turn, unreadable (no sender to answer), ignored (automatic mail)
  std::string verdict = "received";
  std::optional<std::string> reason;
  std::optional<std::string> game_id;
  std::optional<std::string> player;
  std::optional<std::int64_t> turn;
  std::optional<std::string> turn_text;  // stored with its token replaced (turnfile/redact.hpp)
  // turn_text as stored, when the mailer read it as a turn file (mail::MailStore::decide
  // otherwise replaces tokens by lines).
  std::optional<std::string> kept_turn_text;
  std::optional<std::int64_t> submission_id;
  nlohmann::json answer;  // null until decided
  std::optional<std::string> answered_at;
  std::int64_t times_seen = 1;
};

// The message recorded with this Message-ID, if any (its kept_turn_text unset).
std::optional<MessageRow> find_message(Database& db, const std::string& message_id);
// Records a message as received (its id, sender, time, size, subject, verdict, reason); its id.
std::int64_t insert_message(Database& db, const MessageRow& row);
// The message was received once more (the same Message-ID).
void count_message_again(Database& db, std::int64_t id);
// Writes the verdict and what goes with it (reason, game, player, turn, turn_text as given,
// submission, answer) to the message `row.id`.
void record_verdict(Database& db, const MessageRow& row);
// The message's answer was sent, now.
void mark_message_answered(Database& db, std::int64_t id);

struct SubmissionOutcome {
  std::int64_t id = 0;
  bool accepted = false;
  std::string error;  // empty when accepted
};
// The latest submission of the file whose SHA-256 is `raw_sha256`, received at or after `since`.
std::optional<SubmissionOutcome> latest_submission_of(Database& db, const std::string& raw_sha256,
                                                      const std::string& since);

// A seat that an address holds in a game that is not over.
struct AddressSeat {
  std::string game;
  std::string kind;
  std::string player;
  int seat = 0;
};
// The seats `address` (any ASCII case) holds in running games, the oldest game first.
std::vector<AddressSeat> seats_of_address(Database& db, const std::string& address);

}  // namespace store
