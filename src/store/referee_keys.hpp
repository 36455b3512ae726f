// The referee's public keys as the database keeps them (schema/003_audit.sql, 007): the one
// in use and the retired ones, so that old receipts still check after a key change. The secret
// key is never here but in the old table a database from before schema 7 kept it in, read once
// to move it to the key file (ledger/receipt.hpp keeps the policy).
#pragma once

#include <optional>
#include <string>

#include "store/sqlite.hpp"

namespace store {

// The public key in use (hex), if the database has one.
std::optional<std::string> current_referee_key(Database& db);
// Makes `public_key` the key in use, from now (store::now_utc): the one in use before, if
// another, is retired; a key retired before is in use again. In the caller's transaction.
void use_referee_key(Database& db, const std::string& public_key);
// Whether the referee of this database has ever had this key (any case of its hex digits).
bool is_known_referee_key(Database& db, const std::string& public_key);

// The secret key a database from before schema 7 still holds in the table referee_key, if any;
// forget_old_secret_key() empties it once it is kept elsewhere.
std::optional<std::string> old_secret_key(Database& db);
void forget_old_secret_key(Database& db);

}  // namespace store
