// Decktet Caravan's compact types for the engine's inside (issue 16): a set of cards is a 36-bit
// mask (bit c: card c, so walking the bits walks the cards in rank order), and a play is a
// number, the core::ActionId the fast path lists. Documents are only made at the boundary.
//
// A packed play, from the high bit down:
//   bit 63     pass (no other bit set)
//   bit 62     a bandit (clear: a caravan)
//   bits 58-61 a caravan's length, or a bandit's strength (DK-3: 1 Ace .. 4 Ace and Crown of one
//              suit)
//   bits 54-57 a caravan's top rank (0 for a bandit)
//   bits 6-53  the cards in play order, six bits each, the first card highest: a caravan lowest
//              rank first, a wild card standing for the rank of its place; a bandit Ace first
// so that numbers compare as the listing orders plays (plays.hpp's all_caravans, all_bandits,
// then "pass"): caravans by length, top rank, then cards; then bandits by strength, then cards.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/engine.hpp"
#include "games/decktet_caravan/deck.hpp"
#include "games/decktet_caravan/plays.hpp"

namespace games::decktet_caravan::packed {

using core::ActionId;
using Cards = std::uint64_t;  // bit c set: card c is in the set

inline constexpr ActionId kPass = ActionId{1} << 63;
inline constexpr ActionId kBanditBit = ActionId{1} << 62;
inline constexpr int kLengthShift = 58;
inline constexpr int kTopShift = 54;
inline constexpr int kFirstCardShift = 48;
inline constexpr int kCardBits = 6;
inline constexpr int kMaxCaravan = kHighRank - kLowRank + 1;  // eight cards, ranks 2-9

inline constexpr Cards bit(int card) { return Cards{1} << card; }

struct Tables {
  std::array<std::uint8_t, kCards> rank{};
  std::array<Cards, kCards> shares_suit{};  // the cards that share a suit with card c
  std::array<Cards, kSuitCount> of_suit{};  // the cards of a suit
  std::array<Cards, kHighRank + 1> numerals_of_rank{};
  Cards aces = 0, crowns = 0, wilds = 0, numerals = 0;
};

constexpr Tables make_tables() {
  Tables t;
  for (int c = 0; c < kCards; ++c) {
    const CardInfo& info = kDeck[static_cast<std::size_t>(c)];
    t.rank[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(info.rank);
    for (int suit : info.suits)
      if (suit != kNoSuit) t.of_suit[static_cast<std::size_t>(suit)] |= bit(c);
    if (info.rank == kAceRank) t.aces |= bit(c);
    if (info.rank == kCrownRank) t.crowns |= bit(c);
    if (info.rank >= kLowRank && info.rank <= kHighRank)
      t.numerals_of_rank[static_cast<std::size_t>(info.rank)] |= bit(c);
  }
  for (int c = 0; c < kCards; ++c)
    for (int suit : kDeck[static_cast<std::size_t>(c)].suits)
      if (suit != kNoSuit)
        t.shares_suit[static_cast<std::size_t>(c)] |= t.of_suit[static_cast<std::size_t>(suit)];
  t.wilds = t.aces | t.crowns;
  t.numerals = ((Cards{1} << kCards) - 1) & ~t.wilds;
  return t;
}

inline constexpr Tables kTables = make_tables();

inline int count(Cards cards) { return std::popcount(cards); }
inline int lowest(Cards cards) { return std::countr_zero(cards); }
inline bool is_wild_card(int card) { return (kTables.wilds & bit(card)) != 0; }

// ---- A packed play's parts ----------------------------------------------------------------

inline bool is_bandit(ActionId play) { return (play & kBanditBit) != 0; }
// A caravan's length, or a bandit's strength.
inline int length_field(ActionId play) { return static_cast<int>((play >> kLengthShift) & 15); }
inline int top(ActionId play) { return static_cast<int>((play >> kTopShift) & 15); }
inline int card_at(ActionId play, int place) {
  return static_cast<int>((play >> (kFirstCardShift - kCardBits * place)) & 63);
}
// How many cards the play puts down.
inline int size(ActionId play) {
  if (!is_bandit(play)) return length_field(play);
  return length_field(play) <= 2 ? 1 : 2;
}
Cards cards_of(ActionId play);

// The bandit of one Ace or Crown, or of an Ace and a Crown (`second`).
inline ActionId bandit(int first, int second = -1) {
  const bool two = second >= 0;
  const int strength = !two ? ((kTables.aces & bit(first)) != 0 ? 1 : 2)
                       : kTables.shares_suit[static_cast<std::size_t>(first)] & bit(second) ? 4
                                                                                            : 3;
  ActionId play = kBanditBit | ActionId(static_cast<unsigned>(strength)) << kLengthShift |
                  ActionId(static_cast<unsigned>(first)) << kFirstCardShift;
  if (two) play |= ActionId(static_cast<unsigned>(second)) << (kFirstCardShift - kCardBits);
  return play;
}

// The same play in the documents' form, and back (a Play parse_play checked).
ActionId pack(const Play& play);
Play unpack(ActionId play);
// The play a move in exactly its canonical text names ("3MW 4MS AM=5", "AM CK"), when that play
// is well formed; nullopt otherwise, and parse_play reads the move (other spellings, or the
// error that says what is wrong). A quick way in for the moves the referee itself wrote.
std::optional<ActionId> read_canonical(std::string_view text);
// Whether `play` may answer `table` (DK-3), as plays.hpp's beats().
bool beats(ActionId play, ActionId table);
// The canonical text of a play ("3MW 4MS AM=5", "AM CK"), appended to `out`; "pass" for kPass.
void append_text(ActionId play, std::string& out);
std::string text(ActionId play);
// The cards' short forms, in rank order: ["AM", "3MW", "CK"].
core::Document codes(Cards cards);

// ---- Every play a set of cards can make ------------------------------------------------------
//
// `visit(play)` is called for each play, in no particular order; it returns true to stop the
// walk, and the walk then returns true.

// Caravans (DK-2) of `length` cards (0: any length) whose top rank is above `above`.
template <class Visit>
bool for_each_caravan(Cards hand, int length, int above, Visit&& visit);
// Bandits stronger than `above` (0: every bandit).
template <class Visit>
bool for_each_bandit(Cards hand, int above, Visit&& visit);

// ---- Implementation of the walks ------------------------------------------------------------

namespace detail {

template <class Visit>
struct CaravanWalk {
  Cards numerals;
  Cards wilds;
  int length;  // 0: any
  int above;
  Visit& visit;

  // Grows the chain `prefix` of `depth` cards by a card of `rank` that shares a suit with the
  // last one (`allowed`), each wild card used once.
  bool grow(int rank, int depth, bool has_numeral, Cards allowed, Cards used_wilds,
            ActionId prefix) const {
    Cards next = ((numerals & kTables.numerals_of_rank[static_cast<std::size_t>(rank)]) |
                  (wilds & ~used_wilds)) &
                 allowed;
    const int chain = depth + 1;
    const bool emit_here = (length == 0 || chain == length) && rank > above;
    const bool grow_on = rank < kHighRank && (length == 0 || chain < length);
    while (next != 0) {
      const int card = lowest(next);
      next &= next - 1;
      const bool wild = is_wild_card(card);
      const ActionId id = prefix | ActionId(static_cast<unsigned>(card))
                                       << (kFirstCardShift - kCardBits * depth);
      const bool numeral = has_numeral || !wild;
      if (emit_here && numeral &&
          visit(id | ActionId(static_cast<unsigned>(chain)) << kLengthShift |
                ActionId(static_cast<unsigned>(rank)) << kTopShift))
        return true;
      if (grow_on &&
          grow(rank + 1, chain, numeral, kTables.shares_suit[static_cast<std::size_t>(card)],
               wild ? used_wilds | bit(card) : used_wilds, id))
        return true;
    }
    return false;
  }
};

}  // namespace detail

template <class Visit>
bool for_each_caravan(Cards hand, int length, int above, Visit&& visit) {
  const detail::CaravanWalk<Visit> walk{hand & kTables.numerals, hand & kTables.wilds, length,
                                        above, visit};
  if (walk.numerals == 0) return false;  // every caravan holds a numeral
  int first = kLowRank, last = kHighRank;
  if (length != 0) {
    first = std::max(kLowRank, above - length + 2);  // its top rank, first + length - 1 > above
    last = kHighRank - length + 1;
  }
  constexpr Cards kAny = ~Cards{0};
  for (int rank = first; rank <= last; ++rank)
    if (walk.grow(rank, 0, false, kAny, 0, 0)) return true;
  return false;
}

template <class Visit>
bool for_each_bandit(Cards hand, int above, Visit&& visit) {
  const Cards aces = hand & kTables.aces;
  const Cards crowns = hand & kTables.crowns;
  if (above < 1)
    for (Cards a = aces; a != 0; a &= a - 1)
      if (visit(bandit(lowest(a)))) return true;
  if (above < 2)
    for (Cards c = crowns; c != 0; c &= c - 1)
      if (visit(bandit(lowest(c)))) return true;
  if (above < 4)
    for (Cards a = aces; a != 0; a &= a - 1)
      for (Cards c = crowns; c != 0; c &= c - 1) {
        const ActionId play = bandit(lowest(a), lowest(c));
        if (length_field(play) > above && visit(play)) return true;
      }
  return false;
}

}  // namespace games::decktet_caravan::packed
