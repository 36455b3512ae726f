// The referee's key pair and the receipts it signs.
//
// The key pair (Ed25519) is made on first use and kept in the database (table referee_key).
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

// The referee's public key (hex), making the pair if the database has none yet.
std::string referee_public_key(store::Database& db);
// The public key if the database has one, without making it.
std::optional<std::string> existing_referee_key(store::Database& db);

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
