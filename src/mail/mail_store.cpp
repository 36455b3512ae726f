#include "mail/mail_store.hpp"

#include "ledger/crypto.hpp"
#include "referee/position.hpp"
#include "store/game_store.hpp"
#include "turnfile/redact.hpp"

namespace mail {

std::optional<MessageRow> MailStore::find(const std::string& message_id) {
  return store::find_message(db_, message_id);
}

std::int64_t MailStore::insert(const MessageRow& row) { return store::insert_message(db_, row); }

void MailStore::count_again(std::int64_t id) { store::count_message_again(db_, id); }

void MailStore::decide(const MessageRow& row) {
  MessageRow stored = row;
  stored.turn_text = row.kept_turn_text ? row.kept_turn_text
                     : row.turn_text
                         ? std::optional<std::string>(turnfile::without_token(*row.turn_text))
                         : std::nullopt;
  store::record_verdict(db_, stored);
}

void MailStore::mark_answered(std::int64_t id) { store::mark_message_answered(db_, id); }

std::optional<SubmissionOutcome> MailStore::submission_of(const std::string& text,
                                                          const std::string& since) {
  return store::latest_submission_of(db_, ledger::sha256_hex(text), since);
}

std::vector<SeatOfAddress> MailStore::seats_of(const std::string& address) {
  std::vector<SeatOfAddress> seats;
  store::GameStore games(db_);
  for (const auto& seat : store::seats_of_address(db_, address))
    seats.push_back(
        {seat.game, seat.kind, seat.player, referee::turn_to_write(games, seat.game, seat.seat)});
  return seats;
}

}  // namespace mail
