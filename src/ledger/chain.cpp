#include "ledger/chain.hpp"

#include "core/crypto.hpp"
#include "ledger/crypto.hpp"

namespace ledger {

std::string canonical(const Document& doc) { return doc.dump(); }

std::string new_salt() { return core::random_hex(32); }

std::string seed_commitment(std::uint64_t seed, const std::string& salt) {
  return sha256_hex({salt, ":", std::to_string(seed)});
}

bool seed_matches(const std::string& seed_decimal, const std::string& salt,
                  const std::string& commitment) {
  if (seed_decimal.empty() || seed_decimal.size() > 20 ||
      seed_decimal.find_first_not_of("0123456789") != std::string::npos)
    return false;
  return sha256_hex({salt, ":", seed_decimal}) == commitment;
}

Document genesis_document(const std::string& game, const std::string& kind, const Document& options,
                          const std::vector<Seat>& seats, const std::string& commitment,
                          const std::string& position_hash) {
  Document seat_list = Document::array();
  for (const auto& seat : seats)
    seat_list.push_back(
        {{"name", seat.name}, {"key", seat.key.empty() ? Document(nullptr) : Document(seat.key)}});
  return {{"format", kFormat},
          {"game", game},
          {"kind", kind},
          {"options", options.is_null() ? Document::object() : options},
          {"position", position_hash.empty() ? Document(nullptr) : Document(position_hash)},
          {"seats", seat_list},
          {"seed_commitment", commitment}};
}

std::string genesis(const Document& genesis_document) {
  return sha256_hex(canonical(genesis_document));
}

Document canonical_turn(const std::string& game, std::int64_t number, const std::string& player,
                        int seat, bool forced, const Document& moves, const Document& action) {
  Document turn = {{"forced", forced}, {"game", game},     {"moves", moves},
                   {"number", number}, {"player", player}, {"seat", seat}};
  if (!action.is_null()) turn["action"] = action;
  return turn;
}

std::string chain_link(const std::string& previous, const Document& canonical_turn,
                       const std::string& state_hash) {
  return chain_link_of_text(previous, canonical(canonical_turn), state_hash);
}

std::string canonical_turn_text(const std::string& game, std::int64_t number,
                                const std::string& player, int seat, bool forced,
                                const Document& moves, const Document& action) {
  return canonical(canonical_turn(game, number, player, seat, forced, moves, action));
}

std::string chain_link_of_text(const std::string& previous, const std::string& canonical_turn_text,
                               const std::string& state_hash) {
  return sha256_hex({previous, "\n", canonical_turn_text, "\n", state_hash});
}

}  // namespace ledger
