#include "store/chat_seen.hpp"

namespace store {

bool first_sight(Database& db, const std::string& key, core::Time now) {
  Transaction tx(db);
  Statement forget(db, "DELETE FROM chat_seen WHERE seen_at < ?");
  forget.bind(1, core::format_time(now - kChatSeenFor)).run();
  // Both stores take ON CONFLICT DO NOTHING; the row counts say whether it was new.
  Statement remember(db,
                     "INSERT INTO chat_seen (key, seen_at) VALUES (?, ?) ON CONFLICT DO NOTHING");
  remember.bind(1, key).bind(2, core::format_time(now)).run();
  const bool first = db.changes() > 0;
  tx.commit();
  return first;
}

void keep_chat_id(Database& db, const std::string& key, const std::string& id, core::Time now) {
  Transaction tx(db);
  Statement forget(db, "DELETE FROM chat_ids WHERE made_at < ?");
  forget.bind(1, core::format_time(now - kChatIdsFor)).run();
  Statement keep(db,
                 "INSERT INTO chat_ids (key, id, made_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING");
  keep.bind(1, key).bind(2, id).bind(3, core::format_time(now)).run();
  tx.commit();
}

std::optional<std::string> chat_id(Database& db, const std::string& key) {
  Statement find(db, "SELECT id FROM chat_ids WHERE key = ?");
  find.bind(1, key);
  if (!find.step()) return std::nullopt;
  return find.text(0);
}

}  // namespace store
