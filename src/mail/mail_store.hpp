// The mail filter's record (schema/004_mail.sql): one row per message received, written before
// the message is acted on, and the players' addresses. The SQL is the store's
// (store/mail_messages.hpp); what is kept of a turn file and a seat's next turn are decided here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/mail_messages.hpp"
#include "store/sqlite.hpp"

namespace mail {

using MessageRow = store::MessageRow;
using SubmissionOutcome = store::SubmissionOutcome;

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
