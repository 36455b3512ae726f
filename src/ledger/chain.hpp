// The formats that make a game auditable by hand: the seed's commitment, the canonical form of a
// turn, the genesis value and the chain of turns. Each is a SHA-256 over bytes that are spelled
// out here and in caravan-ref(1), "AUDITING A GAME", so anyone can recompute them with
// `sha256sum` and `jq -cS`.
//
//   canonical(doc)  = JSON, no whitespace, object keys sorted (nlohmann's dump(); `jq -cS`)
//   commitment      = SHA-256( salt_hex ":" seed_decimal )
//   genesis         = SHA-256( canonical({format, game, kind, options, position, seats,
//                                          seed_commitment}) )
//   chain_n         = SHA-256( chain_{n-1} "\n" canonical(turn_n) "\n" state_hash_n ),
//                     chain_0 = genesis
//   canonical turn  = canonical({forced, game, moves, number, player, seat}), and `action` among
//                     them when the turn is an action (resign, offer-draw, nmr, admin, ...)
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace ledger {

using Document = nlohmann::json;

// Written into the genesis document and every record, so a later format can be told apart.
inline constexpr const char* kFormat = "caravan-ref/1";

std::string canonical(const Document& doc);

// A fresh salt: 32 bytes from the OS. Kept secret with the seed, revealed with it at the end;
// without it a 64-bit (or chosen, small) seed could be found from its commitment by trying.
std::string new_salt();
std::string seed_commitment(std::uint64_t seed, const std::string& salt);
// Accepts the seed as written in a record: decimal digits.
bool seed_matches(const std::string& seed_decimal, const std::string& salt,
                  const std::string& commitment);

struct Seat {
  std::string name;
  std::string key;  // the player's Ed25519 public key (hex); empty when the player uses a token
};

// The document whose SHA-256 is the genesis value. `position_hash` is the SHA-256 of the initial
// state's canonical JSON (the record's `position` text) for games set up from a position, else
// empty (written as null).
Document genesis_document(const std::string& game, const std::string& kind, const Document& options,
                          const std::vector<Seat>& seats, const std::string& seed_commitment,
                          const std::string& position_hash);
std::string genesis(const Document& genesis_document);

Document canonical_turn(const std::string& game, std::int64_t number, const std::string& player,
                        int seat, bool forced, const Document& moves,
                        const Document& action = nullptr);
std::string chain_link(const std::string& previous, const Document& canonical_turn,
                       const std::string& state_hash);
// The same two written without the turn's document (a turn is chained once when it is taken and
// checked again at every audit and verify): canonical(canonical_turn(...)) and chain_link of it.
std::string canonical_turn_text(const std::string& game, std::int64_t number,
                                const std::string& player, int seat, bool forced,
                                const Document& moves, const Document& action = nullptr);
std::string chain_link_of_text(const std::string& previous, const std::string& canonical_turn_text,
                               const std::string& state_hash);

}  // namespace ledger
