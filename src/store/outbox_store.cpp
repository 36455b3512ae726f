#include "store/outbox_store.hpp"

#include <fmt/format.h>

namespace store {

namespace {

// The oldest unsent notice of each target that is still sent the news: only it may go next.
constexpr const char* kHeads =
    "SELECT MIN(o.id) FROM notify_outbox o JOIN notify_targets t ON t.id = o.target_id WHERE "
    "o.sent_at IS NULL AND t.removed_at IS NULL AND t.stopped_at IS NULL GROUP BY o.target_id";

template <typename T>
void bind_optional(Statement& statement, int index, const std::optional<T>& value) {
  if (value)
    statement.bind(index, *value);
  else
    statement.bind_null(index);
}

}  // namespace

// ---- mail_outbox

void MailOutboxStore::keep(const NewMail& mail) {
  Statement insert(db_,
                   "INSERT INTO mail_outbox (queued_at, recipient, subject, message_id, "
                   "game_id, shown_turn, answers, bytes) VALUES (?,?,?,?,?,?,?,?)");
  insert.bind(1, mail.queued_at)
      .bind(2, mail.recipient)
      .bind(3, mail.subject)
      .bind(4, mail.message_id)
      .bind(8, mail.bytes);
  bind_optional(insert, 5, mail.game);
  bind_optional(insert, 6, mail.shown_turn);
  bind_optional(insert, 7, mail.answers);
  insert.run();
}

std::optional<OwedMail> MailOutboxStore::oldest_owed() {
  Statement next(db_,
                 "SELECT id, recipient, subject, message_id, bytes FROM mail_outbox "
                 "WHERE sent_at IS NULL ORDER BY id LIMIT 1");
  if (!next.step()) return std::nullopt;
  return OwedMail{next.integer(0), next.text(1), next.text(2), next.text(3), next.text(4)};
}

void MailOutboxStore::record_failure(std::int64_t id, const std::string& error) {
  Statement failed(db_,
                   "UPDATE mail_outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?");
  failed.bind(1, error).bind(2, id);
  failed.run();
}

void MailOutboxStore::mark_sent(std::int64_t id, const std::string& when) {
  Statement mark(db_,
                 "UPDATE mail_outbox SET sent_at = ?, bytes = NULL, attempts = attempts "
                 "+ 1, last_error = NULL WHERE id = ?");
  mark.bind(1, when).bind(2, id);
  mark.run();
}

bool MailOutboxStore::answer_owed(std::int64_t answers) {
  Statement query(db_, "SELECT 1 FROM mail_outbox WHERE answers = ? AND sent_at IS NULL LIMIT 1");
  query.bind(1, answers);
  return query.step();
}

std::optional<std::int64_t> MailOutboxStore::shown_turn(const std::string& message_id,
                                                        const std::string& game,
                                                        const std::string& address) {
  Statement query(db_,
                  "SELECT shown_turn FROM mail_outbox WHERE message_id = ? AND game_id = ? "
                  "AND lower(recipient) = lower(?) AND shown_turn IS NOT NULL");
  query.bind(1, message_id).bind(2, game).bind(3, address);
  if (query.step()) return query.integer(0);
  return std::nullopt;
}

std::optional<std::int64_t> MailOutboxStore::latest_shown_turn(const std::string& game,
                                                               const std::string& address) {
  Statement latest(db_,
                   "SELECT shown_turn FROM mail_outbox WHERE game_id = ? AND "
                   "lower(recipient) = lower(?) AND shown_turn IS NOT NULL AND sent_at IS NOT "
                   "NULL ORDER BY id DESC LIMIT 1");
  latest.bind(1, game).bind(2, address);
  if (latest.step()) return latest.integer(0);
  return std::nullopt;
}

// ---- notify_outbox

void NotifyOutboxStore::queue(const NewNotice& notice) {
  // A statement a message: one stepped to its end takes no new values until reset.
  Statement insert(db_,
                   "INSERT INTO notify_outbox (target_id, game_id, turn, event, key, body, "
                   "queued_at, next_at, picture) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  insert.bind(1, notice.target).bind(2, notice.game).bind(3, notice.turn);
  insert.bind(4, notice.event).bind(5, notice.key).bind(6, notice.body);
  insert.bind(7, notice.queued_at).bind(8, notice.queued_at);
  bind_optional(insert, 9, notice.picture);
  insert.run();
}

std::optional<NoticeHead> NotifyOutboxStore::head(std::int64_t target) {
  Statement next(db_,
                 "SELECT o.id, o.key, o.body, o.attempts, o.next_at, o.claimed_until, "
                 "o.failing_since, t.stopped_at, t.removed_at, o.picture FROM notify_outbox o JOIN "
                 "notify_targets t ON t.id = o.target_id WHERE o.target_id = ? AND "
                 "o.sent_at IS NULL ORDER BY o.id LIMIT 1");
  next.bind(1, target);
  if (!next.step()) return std::nullopt;
  NoticeHead head;
  head.id = next.integer(0);
  head.key = next.text(1);
  head.body = next.text(2);
  head.attempts = static_cast<int>(next.integer(3));
  head.next_at = next.text(4);
  head.claimed_until = next.optional_text(5);
  head.failing_since = next.optional_text(6);
  head.target_stopped = !next.is_null(7);
  head.target_removed = !next.is_null(8);
  if (!next.is_null(9)) head.picture = next.text(9);
  return head;
}

std::optional<NotifyOutboxStore::Schedule> NotifyOutboxStore::head_schedule(std::int64_t target) {
  Statement head(db_,
                 "SELECT next_at, claimed_until FROM notify_outbox WHERE target_id = ? AND "
                 "sent_at IS NULL ORDER BY id LIMIT 1");
  head.bind(1, target);
  if (!head.step()) return std::nullopt;
  return Schedule{head.text(0), head.optional_text(1)};
}

void NotifyOutboxStore::claim(std::int64_t id, const std::string& until) {
  Statement mark(db_, "UPDATE notify_outbox SET claimed_until = ? WHERE id = ?");
  mark.bind(1, until).bind(2, id);
  mark.run();
}

void NotifyOutboxStore::mark_sent(std::int64_t id, const std::string& when, std::int64_t attempts) {
  Statement sent(db_,
                 "UPDATE notify_outbox SET sent_at = ?, attempts = ?, last_error = NULL, "
                 "claimed_until = NULL, failing_since = NULL WHERE id = ?");
  sent.bind(1, when).bind(2, attempts).bind(3, id);
  sent.run();
}

void NotifyOutboxStore::put_off(std::int64_t id, std::int64_t attempts, const std::string& error,
                                const std::string& next_at, const std::string& failing_since) {
  Statement failed(db_,
                   "UPDATE notify_outbox SET attempts = ?, last_error = ?, next_at = ?, "
                   "claimed_until = NULL, failing_since = ? WHERE id = ?");
  failed.bind(1, attempts).bind(2, error);
  failed.bind(3, next_at).bind(4, failing_since).bind(5, id);
  failed.run();
}

void NotifyOutboxStore::stop_target(std::int64_t target, const std::string& when,
                                    const std::string& reason) {
  Statement stop(db_,
                 "UPDATE notify_targets SET stopped_at = ?, stop_reason = ? WHERE id = ? "
                 "AND stopped_at IS NULL");
  stop.bind(1, when).bind(2, reason).bind(3, target);
  stop.run();
}

std::vector<std::int64_t> NotifyOutboxStore::active_targets(const std::string& game) {
  Statement select(db_,
                   "SELECT id FROM notify_targets WHERE game_id = ? AND removed_at IS NULL "
                   "AND stopped_at IS NULL ORDER BY id");
  select.bind(1, game);
  std::vector<std::int64_t> ids;
  while (select.step()) ids.push_back(select.integer(0));
  return ids;
}

bool NotifyOutboxStore::any_due(const std::string& now, const std::string& real_now) {
  Statement due(db_, fmt::format("SELECT 1 FROM notify_outbox WHERE id IN ({}) AND "
                                 "next_at <= ? AND (claimed_until IS NULL OR "
                                 "claimed_until <= ?) LIMIT 1",
                                 kHeads));
  due.bind(1, now).bind(2, real_now);
  return due.step();
}

std::vector<WaitingNotices> NotifyOutboxStore::waiting(const std::optional<std::string>& game) {
  Statement heads(
      db_,
      fmt::format(
          "SELECT o.game_id, o.target_id, t.format, (SELECT COUNT(*) FROM notify_outbox c "
          "WHERE c.target_id = o.target_id AND c.sent_at IS NULL), o.next_at, o.attempts, "
          "o.last_error FROM notify_outbox o JOIN notify_targets t ON t.id = o.target_id "
          "WHERE o.id IN ({}) AND (CAST(?1 AS TEXT) IS NULL OR o.game_id = ?1) ORDER BY o.game_id, "
          "o.target_id",
          kHeads));
  heads.bind(1, game);
  std::vector<WaitingNotices> list;
  while (heads.step())
    list.push_back({heads.text(0), heads.integer(1), heads.text(2), heads.integer(3), heads.text(4),
                    heads.integer(5), heads.optional_text(6)});
  return list;
}

std::vector<StoppedTarget> NotifyOutboxStore::stopped(const std::optional<std::string>& game) {
  Statement stopped(
      db_,
      "SELECT t.game_id, t.id, t.format, (SELECT COUNT(*) FROM notify_outbox c WHERE c.target_id "
      "= t.id AND c.sent_at IS NULL), t.stopped_at, t.stop_reason FROM notify_targets t WHERE "
      "t.stopped_at IS NOT NULL AND t.removed_at IS NULL AND (CAST(?1 AS TEXT) IS NULL OR "
      "t.game_id = ?1) "
      "ORDER BY t.game_id, t.id");
  stopped.bind(1, game);
  std::vector<StoppedTarget> list;
  while (stopped.step())
    list.push_back({stopped.text(0), stopped.integer(1), stopped.text(2), stopped.integer(3),
                    stopped.text(4), stopped.text(5)});
  return list;
}

std::vector<OwingTarget> NotifyOutboxStore::owing(const std::optional<std::string>& game) {
  Statement select(db_,
                   "SELECT t.id, t.url FROM notify_targets t WHERE (CAST(?1 AS TEXT) IS NULL OR "
                   "t.game_id = ?1) AND t.removed_at IS NULL AND t.stopped_at IS NULL "
                   "AND EXISTS (SELECT 1 FROM notify_outbox o WHERE o.target_id = t.id "
                   "AND o.sent_at IS NULL) ORDER BY t.id");
  select.bind(1, game);
  std::vector<OwingTarget> targets;
  while (select.step()) targets.push_back({select.integer(0), select.text(1)});
  return targets;
}

}  // namespace store
