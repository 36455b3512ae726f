// The audit's hooks into the referee: what a new game commits to, what each turn adds to the
// chain, who may sign a turn, and what a view reveals. The referee calls these few functions;
// the formats themselves live in ledger/chain.hpp.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "store/game_store.hpp"
#include "turnfile/turnfile.hpp"

namespace ledger {

// Checks that every named player exists and every key is an Ed25519 public key (64 hex digits);
// UserError 64 otherwise. Sets the players' public_key.
void register_keys(store::GameRow& row, const std::map<std::string, std::string>& keys);

// Commits a new game (its id, kind, options, seats and keys, initial state set): a fresh salt,
// the seed's commitment, the genesis value; the chain head starts at genesis.
void seal_new_game(store::GameRow& row);

// The genesis document of a stored game (see ledger::genesis_document).
nlohmann::json genesis_document_of(const store::GameRow& row);

// The player of a seat as a turn names it: the seat's player, or "referee" for the game master's
// own turns (admin actions, seat -1).
std::string seat_player(const store::GameRow& row, int seat);
// canonical_turn_text of a stored turn of `row`'s game.
std::string canonical_turn_of(const store::GameRow& row, const store::TurnRow& turn);

// Gives `turn` (applied, with its state hash) its chain value and moves the game's head on.
void chain_turn(store::GameRow& row, store::TurnRow& turn);

// A turn pass: a token good for one turn of one seat, which the referee can make again: a BLAKE2b
// code, keyed with `pass_key` (ledger::turn_pass_key, from the referee's secret key in the key
// file, so the database alone makes none), of the seat's token hash, game, player and turn; 32 hex
// digits, like a token. Only the player's own mails carry it, in their one-tap move links
// (mail/letters.hpp): a player who never kept the invitation's token can still play by tapping,
// and a pass seen later is worth nothing, its turn being over. Empty for a player who signs (no
// token hash).
std::string turn_pass(const std::string& pass_key, const store::PlayerRow& player,
                      const std::string& game, std::int64_t turn);

// The file's credentials for `player`: its token (or the turn pass of the turn it names, made
// with `pass_key`), or for a player with a registered key its signature. UserError 77 when they
// do not hold (wrong token, forged signature, wrong kind).
void authenticate(const turnfile::TurnRequest& request, const store::PlayerRow& player,
                  const std::string& game, const std::string& pass_key);
// A file that names a chain head must name one of `heads`: the game's head first, then the ones
// it had since its position was reached (referee/position.hpp: a pause does not make a file
// stale); a signed file must name one. UserError 65 otherwise (an old signed file sent again is
// refused here or by its turn number).
void check_chain(const turnfile::TurnRequest& request, const std::vector<std::string>& heads);

// Adds seed_commitment and chain to a view or log; once the game is over also seed and
// seed_salt. Games from before the audit (no commitment) show null.
void add_audit_fields(nlohmann::json& doc, const store::GameRow& row, bool finished);

// A stored game's commitment and chain against its rows, checked as the turns are read one by
// one. Each step gives the first disagreement it finds, or nullopt. Games from before the audit
// have no chain: every step gives nullopt.
class StoredChain {
 public:
  explicit StoredChain(const store::GameRow& row);
  // The commitment against the seed and salt, and the genesis.
  std::optional<std::string> start() const;
  // The turn's chain value against the one before it (the genesis for the first turn).
  std::optional<std::string> next(const store::TurnRow& turn);
  // The game's chain head against the last turn's chain value.
  std::optional<std::string> finish() const;

 private:
  const store::GameRow& row_;
  bool sealed_;
  std::string head_;
};

}  // namespace ledger
