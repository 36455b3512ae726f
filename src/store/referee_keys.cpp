#include "store/referee_keys.hpp"

#include "store/game_store.hpp"

namespace store {

std::optional<std::string> current_referee_key(Database& db) {
  Statement query(db, "SELECT public_key FROM referee_keys WHERE retired_at IS NULL");
  if (!query.step()) return std::nullopt;
  return query.text(0);
}

void use_referee_key(Database& db, const std::string& public_key) {
  if (current_referee_key(db) == public_key) return;
  Statement retire(db, "UPDATE referee_keys SET retired_at = ? WHERE retired_at IS NULL");
  retire.bind(1, now_utc());
  retire.run();
  Statement insert(db,
                   "INSERT INTO referee_keys (public_key, created_at) VALUES (?, ?) "
                   "ON CONFLICT (public_key) DO UPDATE SET retired_at = NULL");
  insert.bind(1, public_key).bind(2, now_utc());
  insert.run();
}

bool is_known_referee_key(Database& db, const std::string& public_key) {
  Statement query(db, "SELECT 1 FROM referee_keys WHERE public_key = lower(?)");
  query.bind(1, public_key);
  return query.step();
}

std::optional<std::string> old_secret_key(Database& db) {
  Statement query(db, "SELECT secret_key FROM referee_key WHERE secret_key != ''");
  if (!query.step()) return std::nullopt;
  return query.text(0);
}

void forget_old_secret_key(Database& db) { db.exec("UPDATE referee_key SET secret_key = ''"); }

}  // namespace store
