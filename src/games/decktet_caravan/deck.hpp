// The Decktet basic deck as Decktet Caravan uses it (ruling DK-1): six Aces, twenty-four
// numerals of ranks 2-9 and six Crowns, each card in a fixed table.
//
// A card is its index in the table (0..35). The table runs in rank order: the Aces (rank 1),
// then the numerals rank by rank in the order DK-1 lists them, then the Crowns (rank 10), so
// sorting indices sorts a hand by rank.
//
// Short form (what the referee prints and what players may type):
//   suits     M Moons, S Suns, W Waves, L Leaves, Y Wyrms, K Knots
//   numeral   its rank then its two suits, e.g. "4MS" (Mountain); the suits may come either way
//   Ace       "A" and its suit, e.g. "AM" (Ace of Moons)
//   Crown     "C" and its suit, e.g. "CK" (Crown of Knots)
// Long forms are read too, in any case, with blanks, hyphens or underscores anywhere:
// "Mountain", "Chance Meeting", "ChanceMeeting", "Ace-Moons", "Ace of Moons", "Crown-Knots".
#pragma once

#include <array>
#include <optional>
#include <string>

namespace games::decktet_caravan {

using Card = int;

inline constexpr int kCards = 36;
inline constexpr int kSuitCount = 6;
inline constexpr int kNoSuit = -1;
inline constexpr int kAceRank = 1;
inline constexpr int kCrownRank = 10;
inline constexpr int kLowRank = 2;   // the lowest numeral rank; the lowest a wild may stand for
inline constexpr int kHighRank = 9;  // the highest numeral rank

enum Suit : int { kMoons, kSuns, kWaves, kLeaves, kWyrms, kKnots };

struct CardInfo {
  const char* name;          // "Mountain", "Ace of Moons"
  const char* code;          // "4MS", "AM"
  int rank;                  // 1 Ace, 2-9 numeral, 10 Crown
  std::array<int, 2> suits;  // the second is kNoSuit for Aces and Crowns
};

// The whole table, in card order: a constant, so that the packed plays (packed.hpp) derive
// their tables from it at compile time.
// Ruling DK-1, numerals in the order listed there.
inline constexpr std::array<CardInfo, kCards> kDeck = {{
    {"Ace of Moons", "AM", 1, {kMoons, kNoSuit}},
    {"Ace of Suns", "AS", 1, {kSuns, kNoSuit}},
    {"Ace of Waves", "AW", 1, {kWaves, kNoSuit}},
    {"Ace of Leaves", "AL", 1, {kLeaves, kNoSuit}},
    {"Ace of Wyrms", "AY", 1, {kWyrms, kNoSuit}},
    {"Ace of Knots", "AK", 1, {kKnots, kNoSuit}},
    {"Author", "2MK", 2, {kMoons, kKnots}},
    {"Desert", "2SY", 2, {kSuns, kWyrms}},
    {"Origin", "2WL", 2, {kWaves, kLeaves}},
    {"Journey", "3MW", 3, {kMoons, kWaves}},
    {"Painter", "3SK", 3, {kSuns, kKnots}},
    {"Savage", "3LY", 3, {kLeaves, kWyrms}},
    {"Mountain", "4MS", 4, {kMoons, kSuns}},
    {"Sailor", "4WL", 4, {kWaves, kLeaves}},
    {"Battle", "4YK", 4, {kWyrms, kKnots}},
    {"Forest", "5ML", 5, {kMoons, kLeaves}},
    {"Discovery", "5SW", 5, {kSuns, kWaves}},
    {"Soldier", "5YK", 5, {kWyrms, kKnots}},
    {"Lunatic", "6MW", 6, {kMoons, kWaves}},
    {"Penitent", "6SY", 6, {kSuns, kWyrms}},
    {"Market", "6LK", 6, {kLeaves, kKnots}},
    {"Chance Meeting", "7ML", 7, {kMoons, kLeaves}},
    {"Castle", "7SK", 7, {kSuns, kKnots}},
    {"Cave", "7WY", 7, {kWaves, kWyrms}},
    {"Diplomat", "8MS", 8, {kMoons, kSuns}},
    {"Mill", "8WL", 8, {kWaves, kLeaves}},
    {"Betrayal", "8YK", 8, {kWyrms, kKnots}},
    {"Pact", "9MS", 9, {kMoons, kSuns}},
    {"Darkness", "9WY", 9, {kWaves, kWyrms}},
    {"Merchant", "9LK", 9, {kLeaves, kKnots}},
    {"Crown of Moons", "CM", 10, {kMoons, kNoSuit}},
    {"Crown of Suns", "CS", 10, {kSuns, kNoSuit}},
    {"Crown of Waves", "CW", 10, {kWaves, kNoSuit}},
    {"Crown of Leaves", "CL", 10, {kLeaves, kNoSuit}},
    {"Crown of Wyrms", "CY", 10, {kWyrms, kNoSuit}},
    {"Crown of Knots", "CK", 10, {kKnots, kNoSuit}},
}};

inline const std::array<CardInfo, kCards>& deck() { return kDeck; }
const CardInfo& info(Card card);

inline bool is_ace(Card card) { return info(card).rank == kAceRank; }
inline bool is_crown(Card card) { return info(card).rank == kCrownRank; }
// Aces and Crowns: the wild cards of a caravan and the cards of a bandit.
inline bool is_wild(Card card) { return is_ace(card) || is_crown(card); }
bool has_suit(Card card, int suit);
bool share_suit(Card a, Card b);

const char* suit_name(int suit);   // "Moons"
char suit_letter(int suit);        // 'M'
std::string card_code(Card card);  // "4MS"
std::string card_name(Card card);  // "Mountain"
// "4MS Mountain (Moons+Suns)", "AM Ace of Moons": for people.
std::string card_label(Card card);

// Reads one card in any of the forms above; nullopt when the text names no card.
std::optional<Card> parse_card(const std::string& text);

}  // namespace games::decktet_caravan
