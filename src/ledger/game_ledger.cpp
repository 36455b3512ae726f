#include "ledger/game_ledger.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/crypto.hpp"
#include "core/errors.hpp"
#include "ledger/chain.hpp"
#include "ledger/crypto.hpp"
#include "ledger/turn_signature.hpp"

namespace ledger {

namespace {

std::string lower(std::string text) {
  for (char& c : text)
    if (c >= 'A' && c <= 'F') c = static_cast<char>(c - 'A' + 'a');
  return text;
}

}  // namespace

std::string seat_player(const store::GameRow& row, int seat) {
  return seat < 0 ? std::string("referee") : row.players.at(static_cast<std::size_t>(seat)).name;
}

std::string canonical_turn_of(const store::GameRow& row, const store::TurnRow& turn) {
  return canonical_turn_text(row.id, turn.number, seat_player(row, turn.seat), turn.seat,
                             turn.forced, turn.moves, turn.action);
}

void register_keys(store::GameRow& row, const std::map<std::string, std::string>& keys) {
  for (const auto& [name, key] : keys) {
    store::PlayerRow* player = nullptr;
    for (auto& candidate : row.players)
      if (candidate.name == name) player = &candidate;
    if (!player)
      throw core::UserError(core::Exit::kUsage,
                            fmt::format("--key names '{}', who is not a player", name));
    if (!is_hex(key, 32))
      throw core::UserError(
          core::Exit::kUsage,
          fmt::format("the key of '{}' is not an Ed25519 public key (64 hex digits)", name));
    player->public_key = lower(key);
  }
}

Document genesis_document_of(const store::GameRow& row) {
  std::vector<Seat> seats;
  for (const auto& player : row.players) seats.push_back({player.name, player.genesis_key});
  return genesis_document(row.id, row.kind, row.options, seats, row.seed_commitment,
                          row.from_position ? sha256_hex(canonical(row.initial_state)) : "");
}

void seal_new_game(store::GameRow& row) {
  for (auto& player : row.players) player.genesis_key = player.public_key;
  row.seed_salt = new_salt();
  row.seed_commitment = seed_commitment(row.seed, row.seed_salt);
  row.genesis = genesis(genesis_document_of(row));
  row.chain_head = row.genesis;
}

void chain_turn(store::GameRow& row, store::TurnRow& turn) {
  turn.chain = chain_link_of_text(row.chain_head, canonical_turn_of(row, turn), turn.state_hash);
  row.chain_head = turn.chain;
}

std::string turn_pass(const std::string& pass_key, const store::PlayerRow& player,
                      const std::string& game, std::int64_t turn) {
  if (player.token_hash.empty()) return "";
  const std::string number = std::to_string(turn);
  return core::keyed_hash_hex(pass_key, {"caravan-ref turn pass\n", player.token_hash, "\n", game,
                                         "\n", player.name, "\n", number})
      .substr(0, 32);
}

void authenticate(const turnfile::TurnRequest& request, const store::PlayerRow& player,
                  const std::string& game, const std::string& pass_key) {
  if (player.public_key.empty()) {
    if (request.token.empty())
      throw core::UserError(core::Exit::kNoPermission,
                            fmt::format("player '{}' in game {} registered no key: a turn file "
                                        "carries the player's token, not a signature",
                                        request.player, game));
    const std::string pass = turn_pass(pass_key, player, game, request.turn);
    const bool passed =
        request.token.size() == pass.size() && core::same_digest(request.token, pass);
    if (!passed && !core::same_digest(core::hash_hex(request.token), player.token_hash))
      throw core::UserError(
          core::Exit::kNoPermission,
          fmt::format("wrong token for player '{}' in game {}", request.player, game));
    return;
  }
  if (request.signature.empty())
    throw core::UserError(core::Exit::kNoPermission,
                          fmt::format("player '{}' in game {} signs turns: a turn file carries "
                                      "a signature (caravan-ref sign), not a token",
                                      request.player, game));
  if (!verify(player.public_key, turn_signing_message(request.document), request.signature))
    throw core::UserError(core::Exit::kNoPermission,
                          fmt::format("the signature does not match player '{}''s key in game {}",
                                      request.player, game));
}

void check_chain(const turnfile::TurnRequest& request, const std::vector<std::string>& heads) {
  if (request.chain.empty()) {
    if (!request.signature.empty())
      throw core::UserError(core::Exit::kRejected,
                            "a signed turn names the chain head it answers (key 'chain', from "
                            "the player's view)");
    return;
  }
  const std::string head = heads.empty() ? std::string() : heads.front();
  if (std::find(heads.begin(), heads.end(), lower(request.chain)) == heads.end())
    throw core::UserError(
        core::Exit::kRejected,
        fmt::format("this file answers chain head {}, but the game's head is {} (an old file?)",
                    request.chain, head),
        {{"expected_chain", head}});
}

void add_audit_fields(Document& doc, const store::GameRow& row, bool finished) {
  const bool sealed = !row.seed_commitment.empty();
  doc["seed_commitment"] = sealed ? Document(row.seed_commitment) : Document(nullptr);
  doc["chain"] = sealed ? Document(row.chain_head) : Document(nullptr);
  if (finished && sealed) {
    doc["seed"] = std::to_string(row.seed);
    doc["seed_salt"] = row.seed_salt;
  }
}

StoredChain::StoredChain(const store::GameRow& row)
    : row_(row), sealed_(!row.seed_commitment.empty()), head_(row.genesis) {}

std::optional<std::string> StoredChain::start() const {
  if (!sealed_) return std::nullopt;
  if (seed_commitment(row_.seed, row_.seed_salt) != row_.seed_commitment)
    return "the seed does not match its commitment";
  if (genesis(genesis_document_of(row_)) != row_.genesis)
    return "the genesis value does not follow from the game's id, kind, options, seats, "
           "commitment and position";
  return std::nullopt;
}

std::optional<std::string> StoredChain::next(const store::TurnRow& turn) {
  if (!sealed_) return std::nullopt;
  if (chain_link_of_text(head_, canonical_turn_of(row_, turn), turn.state_hash) != turn.chain)
    return fmt::format("turn {}: the chain value does not follow", turn.number);
  head_ = turn.chain;
  return std::nullopt;
}

std::optional<std::string> StoredChain::finish() const {
  if (sealed_ && head_ != row_.chain_head)
    return "the game's chain head is not its last turn's chain value";
  return std::nullopt;
}

}  // namespace ledger
