// The mail filter's record (schema/004_mail.sql): one row per message received, written before
// the message is acted on, and the players' addresses.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "store/sqlite.hpp"

namespace mail {

struct MessageRow {
  std::int64_t id = 0;
  std::string message_id;
  std::optional<std::string> sender;
  std::string received_at;
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
  // turn_text as stored, when the mailer read it as a turn file (else decide() replaces tokens
  // by lines).
  std::optional<std::string> kept_turn_text;
  std::optional<std::int64_t> submission_id;
  nlohmann::json answer;  // null until decided
  std::optional<std::string> answered_at;
  std::int64_t times_seen = 1;
};

struct SubmissionOutcome {
  std::int64_t id = 0;
  bool accepted = false;
  std::string error;  // empty when accepted
};

// A seat that an address holds in a game that is not over.
struct SeatOfAddress {
  std::string game;
  std::string kind;
  std::string player;
  std::int64_t next_turn = 0;  // the turn a file for it carries now (referee/position.hpp)
};

class MailStore {
 public:
  explicit MailStore(store::Database& db) : db_(db) {}

  std::optional<MessageRow> find(const std::string& message_id);
  std::int64_t insert(const MessageRow& row);
  void count_again(std::int64_t id);
  void decide(const MessageRow& row);  // writes the verdict and what goes with it
  void mark_answered(std::int64_t id);

  // The latest submission of exactly `text` received at or after `since`: its id and whether it
  // was accepted. Finds the outcome of a turn whose message was recorded but not decided when
  // the filter was stopped.
  std::optional<SubmissionOutcome> submission_of(const std::string& text, const std::string& since);
  std::vector<SeatOfAddress> seats_of(const std::string& address);

 private:
  store::Database& db_;
};

}  // namespace mail
