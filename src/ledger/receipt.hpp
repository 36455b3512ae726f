// The referee's key pair and the receipts it signs.
//
// The key pair (Ed25519) is made on first use and kept in the referee's key file (mode 0600,
// ledger/key_file.hpp); the database keeps every public key it has used (table referee_keys),
// the one in use and the retired ones, so old receipts still check after a key change.
// A receipt says: the referee (this key) accepted this file (its SHA-256, as `sha256sum` prints
// it) as this player's turn in this game, and the chain value that turn got. What is signed: the
// bytes "caravan-ref receipt\n" followed by the canonical JSON of {chain, file_sha256, game,
// player, referee_key, turn}, so no byte of a receipt's values can change unseen.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "store/sqlite.hpp"

namespace ledger {

// The referee's public key (hex), making the pair and its key file if the database has none yet.
// A key file holding another key than the database's is a key change: the new key is used from
// now on and the old one is kept as retired. UserError 78 when the database has a key but its
// key file is missing or unreadable, or readable by others.
std::string referee_public_key(store::Database& db);
// The public key in use if the database has one, without making it.
std::optional<std::string> existing_referee_key(store::Database& db);
// The turn of a seat the referee's own bot plays (players.bot), signed with the referee's key
// (ledger::signed_turn): the seat is registered with that public key, so the turn file written
// from it is checked as any signed one is.
nlohmann::json sign_as_referee(store::Database& db, const nlohmann::json& turn,
                               const std::string& source);
// Whether the referee of this database has ever signed with this key.
bool is_referee_key(store::Database& db, const std::string& public_key);

struct ReceiptFields {
  std::string game;
  std::int64_t turn = 0;
  std::string player;
  std::string file_sha256;
  std::string chain;
  std::string referee_key{};  // filled in by issue_receipt
};

// {game, turn, player, file_sha256, chain, referee_key, signature}, signed with the database's
// referee key (made if needed).
nlohmann::json issue_receipt(store::Database& db, const ReceiptFields& fields);

struct ReceiptCheck {
  bool ok = false;
  std::string message;  // why not, or what was checked
};
// Checks a receipt document against `public_key` (hex), which must be the key the receipt names.
// Every field is required.
ReceiptCheck check_receipt(const nlohmann::json& receipt, const std::string& public_key);

}  // namespace ledger
