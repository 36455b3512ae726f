// Playing cards for Caravan (Fallout: New Vegas): names, parsing, and the decks a player may use.
//
// Promise: every physical card has exactly one name. A card is its rank, its suit and the
// standard 54-card deck it was taken from (1-4, ruling NV-1). Names are short and typed by
// hand: "7H", "10C" (also "TC"), "AS", "QD", "JK1" and "JK2" (the two Jokers of a deck). A card
// from standard deck 2-4 carries the deck after a slash: "7H/2", "JK1/3"; deck 1 is written bare.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace games::nv_caravan {

inline constexpr int kAce = 1;
inline constexpr int kJack = 11;
inline constexpr int kQueen = 12;
inline constexpr int kKing = 13;
inline constexpr int kJoker = 14;
inline constexpr int kMaxSourceDecks = 4;
inline constexpr int kMinDeck = 30;
inline constexpr int kMinNumberCards = 3;

struct Card {
  int rank = 0;  // 1 = Ace, 2..10, 11 = Jack, 12 = Queen, 13 = King, 14 = Joker
  int suit = 0;  // 0..3 = C, D, H, S; for a Joker, 1 or 2 (which Joker of its deck)
  int deck = 1;  // the standard deck it comes from, 1..4
  auto operator<=>(const Card&) const = default;
};

// Number cards are the Aces and 2-10; the rest are face cards (Jokers included).
inline bool is_number(const Card& card) { return card.rank >= kAce && card.rank <= 10; }
inline bool is_face(const Card& card) { return !is_number(card); }

// A card packed in one byte for the engine's own state: ((rank - 1) * 4 + suit) * 4 + deck - 1.
// Codes sort as cards do (rank, then suit, then source deck), so a set of codes lists a hand in
// its order.
using Code = std::uint8_t;
inline constexpr int kCodes = 14 * 16;  // up to the last Joker of deck 4
inline constexpr Code code_of(const Card& card) {
  return static_cast<Code>(((card.rank - 1) * 4 + card.suit) * 4 + card.deck - 1);
}
inline constexpr int rank_of(Code code) { return (code >> 4) + 1; }
inline constexpr int suit_of(Code code) { return (code >> 2) & 3; }
inline constexpr Card card_of(Code code) { return {rank_of(code), suit_of(code), (code & 3) + 1}; }
inline constexpr bool is_number(Code code) { return code < 10 * 16; }
// The card's name ("7H/2"), made once for every code.
const std::string& card_name(Code code);

// "7H", "10C", "JK2", "7H/2".
std::string card_name(const Card& card);
// The suit letter: 'C', 'D', 'H' or 'S'.
char suit_letter(int suit);
// "Jack", "Queen", "7", ... for messages.
std::string rank_word(int rank);

// What a person typed: a card, possibly with its source deck or Joker number left open.
struct CardSpec {
  int rank = 0;
  int suit = -1;  // -1: any (only for "JK", any Joker)
  int deck = 0;   // 0: not given
  bool matches(const Card& card) const;
};
// Reads "7h", "10C", "TC", "JK", "JK1", "qs/2"... (any case, blanks around allowed).
std::optional<CardSpec> parse_card_spec(const std::string& text);
// Reads one exact card name (deck 1 when no deck is given); nullopt when it is not one.
std::optional<Card> parse_card(const std::string& text);

// A standard deck (52 cards and `jokers` Jokers) taken from source deck `deck`.
std::vector<Card> standard_deck(int deck, int jokers);

// A custom deck from an option value (`option` names it in errors): the JSON text of a list whose
// items are "7H", "7H/2" or {card: 7H, deck: 2}. Checked against NV-1 and NV-11 (at least 30
// cards, at most 4 source decks, no card twice from one deck, Jokers JK1..JK<jokers>, at least 3
// number cards); throws core::SetupError naming the offending card.
std::vector<Card> custom_deck(const std::string& option, const std::string& json_text, int jokers);

}  // namespace games::nv_caravan
