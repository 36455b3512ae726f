#include "ledger/receipt.hpp"

#include <fmt/format.h>

#include "ledger/chain.hpp"
#include "ledger/crypto.hpp"
#include "store/game_store.hpp"

namespace ledger {

namespace {

struct StoredKey {
  std::string public_key;
  std::string secret_key;
};

std::optional<StoredKey> load_key(store::Database& db) {
  store::Statement query(db, "SELECT public_key, secret_key FROM referee_key WHERE id = 1");
  if (!query.step()) return std::nullopt;
  return StoredKey{query.text(0), query.text(1)};
}

StoredKey load_or_make_key(store::Database& db) {
  if (auto key = load_key(db)) return *key;
  const KeyPair pair = new_key_pair();
  // OR IGNORE: if another process made the key meanwhile, theirs stays and is read back.
  store::Statement insert(db,
                          "INSERT OR IGNORE INTO referee_key (id, public_key, secret_key, "
                          "created_at) VALUES (1, ?, ?, ?)");
  insert.bind(1, pair.public_key).bind(2, pair.secret_key).bind(3, store::now_utc());
  insert.run();
  return *load_key(db);
}

std::string receipt_message(const ReceiptFields& fields) {
  const nlohmann::json content = {
      {"chain", fields.chain},   {"file_sha256", fields.file_sha256}, {"game", fields.game},
      {"player", fields.player}, {"referee_key", fields.referee_key}, {"turn", fields.turn}};
  return "caravan-ref receipt\n" + canonical(content);
}

}  // namespace

std::string referee_public_key(store::Database& db) { return load_or_make_key(db).public_key; }

std::optional<std::string> existing_referee_key(store::Database& db) {
  if (auto key = load_key(db)) return key->public_key;
  return std::nullopt;
}

nlohmann::json issue_receipt(store::Database& db, const ReceiptFields& request) {
  const StoredKey key = load_or_make_key(db);
  ReceiptFields fields = request;
  fields.referee_key = key.public_key;
  return {{"game", fields.game},
          {"turn", fields.turn},
          {"player", fields.player},
          {"file_sha256", fields.file_sha256},
          {"chain", fields.chain},
          {"referee_key", key.public_key},
          {"signature", sign(key.secret_key, receipt_message(fields))}};
}

ReceiptCheck check_receipt(const nlohmann::json& receipt, const std::string& given_key) {
  std::string public_key = given_key;
  for (char& c : public_key)
    if (c >= 'A' && c <= 'F') c = static_cast<char>(c - 'A' + 'a');
  if (!receipt.is_object()) return {false, "a receipt is a mapping"};
  ReceiptFields fields;
  for (const char* key : {"game", "player", "file_sha256", "chain", "referee_key", "signature"})
    if (!receipt.contains(key) || !receipt[key].is_string())
      return {false, fmt::format("the receipt has no '{}' (text)", key)};
  if (!receipt.contains("turn") || !receipt["turn"].is_number_integer())
    return {false, "the receipt has no 'turn' (a whole number)"};
  fields.game = receipt["game"];
  fields.turn = receipt["turn"];
  fields.player = receipt["player"];
  fields.file_sha256 = receipt["file_sha256"];
  fields.chain = receipt["chain"];
  fields.referee_key = receipt["referee_key"];
  if (!is_hex(public_key, 32)) return {false, "the referee's key is not 64 hex digits"};
  if (fields.referee_key != public_key)
    return {false, fmt::format("the receipt names key {}, not {}", fields.referee_key, public_key)};
  if (!verify(public_key, receipt_message(fields), receipt["signature"].get<std::string>()))
    return {false, fmt::format("the signature does not hold for key {}: the receipt was changed "
                               "or another key made it",
                               public_key)};
  return {true,
          fmt::format("signed by {}: game {}, turn {}, player {}, file {}, chain {}", public_key,
                      fields.game, fields.turn, fields.player, fields.file_sha256, fields.chain)};
}

}  // namespace ledger
