#include "ledger/receipt.hpp"

#include <map>

#include <fmt/format.h>
#include <sys/stat.h>

#include "core/crypto.hpp"
#include "core/errors.hpp"
#include "ledger/chain.hpp"
#include "ledger/crypto.hpp"
#include "ledger/key_file.hpp"
#include "ledger/turn_signature.hpp"
#include "store/referee_keys.hpp"

namespace ledger {

namespace {

// An in-memory database (tests) has no file to keep a key beside: its key lives as long as the
// connection.
KeyPair memory_key(store::Database& db) {
  auto& memo = db.memo();
  if (!memo.contains("referee-secret-key")) {
    const KeyPair made = new_key_pair();
    memo["referee-public-key"] = made.public_key;
    memo["referee-secret-key"] = made.secret_key;
  }
  return {memo["referee-public-key"], memo["referee-secret-key"]};
}

// Databases from before schema 7 kept the secret key in the table referee_key: it moves to the
// key file (written and synced first), then the table forgets it.
void move_old_secret_out(store::Database& db) {
  const auto old_secret = store::old_secret_key(db);
  if (!old_secret) return;
  const std::string secret = *old_secret;
  const auto public_key = public_key_of(secret);
  if (!public_key) return;
  if (!create_key_file(db.key_file(), {*public_key, secret})) {
    const auto existing = read_key_file(db.key_file());
    if (!existing || existing->public_key != *public_key)
      throw core::UserError(
          core::Exit::kConfig,
          fmt::format("the database holds the referee's old secret key ({}), and the key file {} "
                      "holds another; move that file away (the old key then moves into it)",
                      *public_key, db.key_file()));
  }
  store::forget_old_secret_key(db);
}

// What tells a key file from the one read before: its inode, size, mode and change times (a
// file replaced, rewritten or made readable to others differs); empty when there is none.
std::string file_identity(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return {};
  return fmt::format("{}:{}:{}:{}:{}.{}:{}.{}", info.st_dev, info.st_ino, info.st_size,
                     info.st_mode, info.st_mtim.tv_sec, info.st_mtim.tv_nsec, info.st_ctim.tv_sec,
                     info.st_ctim.tv_nsec);
}

KeyPair load_or_make_key(store::Database& db) {
  if (db.key_file().empty()) {
    const KeyPair pair = memory_key(db);
    store::use_referee_key(db, pair.public_key);
    return pair;
  }
  move_old_secret_out(db);
  // The file is read again only when it changed: a batch reads it once, not once a receipt.
  auto& memo = db.memo();
  const std::string identity = file_identity(db.key_file());
  if (!identity.empty() && memo["referee-key-file"] == identity) {
    const KeyPair known{memo["referee-public-key"], memo["referee-secret-key"]};
    store::use_referee_key(db, known.public_key);
    return known;
  }
  auto pair = read_key_file(db.key_file());
  if (!pair) {
    if (const auto current = store::current_referee_key(db))
      throw core::UserError(
          core::Exit::kConfig,
          fmt::format("the referee's key file {} is missing; this database's receipts are signed "
                      "with key {}. Restore the file, or name it with --key-file or "
                      "$CARAVAN_REF_KEY (a new key: see caravan-ref(1), KEYS)",
                      db.key_file(), *current));
    const KeyPair made = new_key_pair();
    create_key_file(db.key_file(), made);  // false: another run made one meanwhile; read it
    pair = read_key_file(db.key_file());
  }
  store::use_referee_key(db, pair->public_key);
  memo["referee-key-file"] = file_identity(db.key_file());  // as read (or just made)
  memo["referee-public-key"] = pair->public_key;
  memo["referee-secret-key"] = pair->secret_key;
  return *pair;
}

std::string receipt_message(const ReceiptFields& fields) {
  const nlohmann::json content = {
      {"chain", fields.chain},   {"file_sha256", fields.file_sha256}, {"game", fields.game},
      {"player", fields.player}, {"referee_key", fields.referee_key}, {"turn", fields.turn}};
  return "caravan-ref receipt\n" + canonical(content);
}

}  // namespace

std::string turn_pass_key(store::Database& db) {
  return core::hash_hex({"caravan-ref turn pass key\n", load_or_make_key(db).secret_key});
}

std::string referee_public_key(store::Database& db) { return load_or_make_key(db).public_key; }

std::optional<std::string> existing_referee_key(store::Database& db) {
  return store::current_referee_key(db);
}

nlohmann::json sign_as_referee(store::Database& db, const nlohmann::json& turn,
                               const std::string& source) {
  return signed_turn(turn, source, load_or_make_key(db).secret_key);
}

bool is_referee_key(store::Database& db, const std::string& public_key) {
  return store::is_known_referee_key(db, public_key);
}

nlohmann::json issue_receipt(store::Database& db, const ReceiptFields& request) {
  const KeyPair key = load_or_make_key(db);
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
