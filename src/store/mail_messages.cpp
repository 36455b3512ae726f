#include "store/mail_messages.hpp"

#include "store/game_store.hpp"

namespace store {

namespace {

std::optional<std::int64_t> optional_integer(const Statement& row, int column) {
  if (row.is_null(column)) return std::nullopt;
  return row.integer(column);
}

void bind_integer(Statement& statement, int index, std::optional<std::int64_t> value) {
  if (value)
    statement.bind(index, *value);
  else
    statement.bind_null(index);
}

}  // namespace

std::optional<MessageRow> find_message(Database& db, const std::string& message_id) {
  Statement query(
      db,
      "SELECT id, message_id, sender, received_at, size, subject, verdict, reason, game_id, "
      "player, turn, turn_text, submission_id, answer, answered_at, times_seen "
      "FROM messages WHERE message_id = ?");
  query.bind(1, message_id);
  if (!query.step()) return std::nullopt;
  MessageRow row;
  row.id = query.integer(0);
  row.message_id = query.text(1);
  row.sender = query.optional_text(2);
  row.received_at = query.text(3);
  row.size = query.integer(4);
  row.subject = query.text(5);
  row.verdict = query.text(6);
  row.reason = query.optional_text(7);
  row.game_id = query.optional_text(8);
  row.player = query.optional_text(9);
  row.turn = optional_integer(query, 10);
  row.turn_text = query.optional_text(11);
  row.submission_id = optional_integer(query, 12);
  if (!query.is_null(13)) row.answer = nlohmann::json::parse(query.text(13));
  row.answered_at = query.optional_text(14);
  row.times_seen = query.integer(15);
  return row;
}

std::int64_t insert_message(Database& db, const MessageRow& row) {
  Statement insert(db,
                   "INSERT INTO messages (message_id, sender, received_at, size, subject, "
                   "verdict, reason) VALUES (?,?,?,?,?,?,?)");
  insert.bind(1, row.message_id)
      .bind(2, row.sender)
      .bind(3, row.received_at.empty() ? now_utc() : row.received_at)
      .bind(4, row.size)
      .bind(5, row.subject)
      .bind(6, row.verdict)
      .bind(7, row.reason);
  insert.run();
  return db.last_insert_id();
}

void count_message_again(Database& db, std::int64_t id) {
  Statement update(db, "UPDATE messages SET times_seen = times_seen + 1 WHERE id = ?");
  update.bind(1, id);
  update.run();
}

void record_verdict(Database& db, const MessageRow& row) {
  Statement update(db,
                   "UPDATE messages SET verdict = ?, reason = ?, game_id = ?, player = ?, "
                   "turn = ?, turn_text = ?, submission_id = ?, answer = ? WHERE id = ?");
  update.bind(1, row.verdict)
      .bind(2, row.reason)
      .bind(3, row.game_id)
      .bind(4, row.player)
      .bind(6, row.turn_text)
      .bind(8, row.answer.is_null() ? std::optional<std::string>() : row.answer.dump())
      .bind(9, row.id);
  bind_integer(update, 5, row.turn);
  bind_integer(update, 7, row.submission_id);
  update.run();
}

void mark_message_answered(Database& db, std::int64_t id) {
  Statement update(db, "UPDATE messages SET answered_at = ? WHERE id = ?");
  update.bind(1, now_utc()).bind(2, id);
  update.run();
}

std::optional<SubmissionOutcome> latest_submission_of(Database& db, const std::string& raw_sha256,
                                                      const std::string& since) {
  Statement query(db,
                  "SELECT id, accepted, error FROM submissions "
                  "WHERE raw_sha256 = ? AND received_at >= ? ORDER BY id DESC LIMIT 1");
  query.bind(1, raw_sha256).bind(2, since);
  if (!query.step()) return std::nullopt;
  return SubmissionOutcome{query.integer(0), query.integer(1) != 0,
                           query.is_null(2) ? std::string() : query.text(2)};
}

std::vector<AddressSeat> seats_of_address(Database& db, const std::string& address) {
  Statement query(db,
                  "SELECT g.id, g.kind, p.name, p.seat FROM players p "
                  "JOIN games g ON g.id = p.game_id "
                  "WHERE lower(p.address) = lower(?) AND g.finished = 0 "
                  "ORDER BY g.created_at, g.id");
  query.bind(1, address);
  std::vector<AddressSeat> seats;
  while (query.step())
    seats.push_back(
        {query.text(0), query.text(1), query.text(2), static_cast<int>(query.integer(3))});
  return seats;
}

}  // namespace store
