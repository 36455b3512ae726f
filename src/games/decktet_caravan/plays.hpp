// Plays of Decktet Caravan: caravans and bandits, how they are written, which beats which, and
// every play a hand can make (rulings DK-2, DK-3, DK-8, docs/rules/decktet-caravan.md).
//
// Notation (canonical form first; see deck.hpp for card names):
//   caravan  its cards lowest rank first, each wild card with the rank it stands for after "=":
//            "3MW 4MS AM=5". Players may list the cards in any order, separate them by blanks,
//            commas or "+", write "AM as 5", or give a YAML list: [Journey, Mountain, {AM: 5}].
//   bandit   one Ace, one Crown, or an Ace and a Crown, written without ranks: "AM", "AM CK".
//   pass     the word "pass" (not a play; handled by the state).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "games/decktet_caravan/deck.hpp"

namespace games::decktet_caravan {

// A card as played: in a caravan, a wild card takes its declared rank.
struct Placed {
  Card card = 0;
  int rank = 0;
  bool operator==(const Placed&) const = default;
};

enum class PlayKind { kCaravan, kBandit };

struct Play {
  PlayKind kind = PlayKind::kCaravan;
  std::vector<Placed> cards;  // a caravan lowest rank first; a bandit Ace first

  int length() const { return static_cast<int>(cards.size()); }
  // A caravan's highest rank, wild cards counted at their declared rank (DK-8).
  int top() const { return cards.empty() ? 0 : cards.back().rank; }
  // A bandit's place in DK-3's order: 1 Ace, 2 Crown, 3 Ace+Crown of two suits, 4 of one suit.
  int bandit_strength() const;
  bool operator==(const Play&) const = default;
};

// The canonical text of a play: "3MW 4MS AM=5", "AM CK".
std::string format_play(const Play& play);
// Reads a move document naming a play (not "pass") and checks its shape: a caravan of
// consecutive ranks 2-9 with adjacent cards sharing a suit, at least one numeral and a rank for
// every wild card; or a bandit. Does not check that the cards are held. Throws MoveError.
Play parse_play(const core::Document& move);
// Whether `play` may answer `table` (DK-3): a bandit beats any caravan and any lower bandit; a
// caravan beats a caravan of its length with a lower top rank.
bool beats(const Play& play, const Play& table);

// Every caravan the cards can make (DK-2), in listing order: shorter first, then lower top
// rank, then by the cards. Wild cards appear at every rank they can stand for.
std::vector<Play> all_caravans(const std::vector<Card>& hand);
// Every bandit the cards can make, weakest first.
std::vector<Play> all_bandits(const std::vector<Card>& hand);
// Whether the cards can open a season: any numeral makes a caravan of one.
bool can_open(const std::vector<Card>& hand);

}  // namespace games::decktet_caravan
