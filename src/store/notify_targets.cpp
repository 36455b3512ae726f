#include "store/notify_targets.hpp"

#include "store/game_store.hpp"

namespace store {

std::optional<std::int64_t> active_notify_target_with_url(Database& db, const std::string& game,
                                                          const std::string& url) {
  Statement same(db,
                 "SELECT id FROM notify_targets WHERE game_id = ? AND url = ? AND "
                 "removed_at IS NULL AND stopped_at IS NULL");
  same.bind(1, game).bind(2, url);
  if (!same.step()) return std::nullopt;
  return same.integer(0);
}

std::int64_t insert_notify_target(Database& db, const std::string& game, const std::string& format,
                                  const std::string& url) {
  Statement insert(
      db, "INSERT INTO notify_targets (game_id, format, url, added_at) VALUES (?, ?, ?, ?)");
  insert.bind(1, game).bind(2, format).bind(3, url).bind(4, now_utc());
  insert.run();
  return db.last_insert_id();
}

bool remove_notify_target(Database& db, const std::string& game, std::int64_t id) {
  Statement remove(db,
                   "UPDATE notify_targets SET removed_at = ? WHERE id = ? AND game_id = ? "
                   "AND removed_at IS NULL");
  remove.bind(1, now_utc()).bind(2, id).bind(3, game);
  remove.run();
  if (db.changes() == 0) return false;
  Statement drop(db, "DELETE FROM notify_outbox WHERE target_id = ? AND sent_at IS NULL");
  drop.bind(1, id);
  drop.run();
  return true;
}

std::vector<NotifyTargetRow> active_notify_targets(Database& db, const std::string& game) {
  Statement select(db,
                   "SELECT id, format, url FROM notify_targets WHERE game_id = ? AND "
                   "removed_at IS NULL AND stopped_at IS NULL ORDER BY id");
  select.bind(1, game);
  std::vector<NotifyTargetRow> targets;
  while (select.step())
    targets.push_back({select.integer(0), game, select.text(1), select.text(2)});
  return targets;
}

std::vector<NotifyTargetRow> listed_notify_targets(Database& db, const std::string& game) {
  Statement select(db,
                   "SELECT id, format, added_at, stopped_at, stop_reason FROM notify_targets "
                   "WHERE game_id = ? AND removed_at IS NULL ORDER BY id");
  select.bind(1, game);
  std::vector<NotifyTargetRow> targets;
  while (select.step())
    targets.push_back({select.integer(0), game, select.text(1), "", select.text(2),
                       select.optional_text(3), select.optional_text(4)});
  return targets;
}

std::vector<NotifyTargetRow> untold_notify_target_stops(Database& db) {
  Statement select(db,
                   "SELECT game_id, id, format, stopped_at, stop_reason FROM notify_targets "
                   "WHERE stopped_at IS NOT NULL AND stop_told_at IS NULL AND removed_at IS "
                   "NULL ORDER BY stopped_at, id");
  std::vector<NotifyTargetRow> stops;
  while (select.step())
    stops.push_back({select.integer(1), select.text(0), select.text(2), "", "", select.text(3),
                     select.text(4)});
  return stops;
}

void mark_stop_told(Database& db, std::int64_t target) {
  Statement told(db, "UPDATE notify_targets SET stop_told_at = ? WHERE id = ?");
  told.bind(1, now_utc()).bind(2, target);
  told.run();
}

std::optional<std::string> mention_of(Database& db, const std::string& game, int seat,
                                      const std::string& platform) {
  Statement select(db,
                   "SELECT user_id FROM notify_mentions WHERE game_id = ? AND seat = ? "
                   "AND platform = ?");
  select.bind(1, game).bind(2, std::int64_t{seat}).bind(3, platform);
  if (!select.step()) return std::nullopt;
  return select.text(0);
}

bool set_mention_of(Database& db, const std::string& game, int seat, const std::string& platform,
                    const std::string& user) {
  if (user.empty()) {
    Statement remove(db,
                     "DELETE FROM notify_mentions WHERE game_id = ? AND seat = ? AND "
                     "platform = ?");
    remove.bind(1, game).bind(2, std::int64_t{seat}).bind(3, platform);
    remove.run();
    return db.changes() > 0;
  }
  // The table's own column named as such: PostgreSQL finds a bare `user_id` ambiguous beside
  // excluded's.
  Statement upsert(db,
                   "INSERT INTO notify_mentions (game_id, seat, platform, user_id) VALUES "
                   "(?, ?, ?, ?) ON CONFLICT (game_id, seat, platform) DO UPDATE SET "
                   "user_id = excluded.user_id WHERE notify_mentions.user_id <> excluded.user_id");
  upsert.bind(1, game).bind(2, std::int64_t{seat}).bind(3, platform).bind(4, user);
  upsert.run();
  return db.changes() > 0;
}

}  // namespace store
