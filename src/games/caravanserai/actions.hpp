// Caravanserai's moves as numbers (core::ActionId), for random play, bots and replays.
//
// An action packs a move into 64 bits: the low two bits say what it is, the rest its payload.
//   kStart      the cell of {start: CELL}
//   kPlace      {place: CELL} or {place: [CELLS]}: the number of cells less one (base 16), then
//               each cell (base the board's size)
//   kPlacement  a placement as the choices made along its path, read from the head camel, as one
//               mixed-radix number (PlacementDigits)
//   kOther      0: pass; k + 1: the k-th placement of the full enumeration (for the rare
//               placement whose choices need more than 62 bits; such a placement is long, so it
//               is listed only while every placement is, at most kListedInFull of them)
// The choices of a placement, in path order: at each block boundary what comes next (0 the new
// head camel, 1 a block of goods, 2 the lying camel: base 3 while the expert variant's lying
// camel is still to be had, else base 2); for a block of goods its size when it is the first and
// may be 1 or 2 (base 2) and its colour (base 5, or base 4 skipping the colour of the block
// before); before every piece, the head camel included, its direction where the line may turn
// (base 6); on a cell whose standing good has the block's colour, whether it is declined (base
// 2); at the end the number of cells of `place` (base 17) and each of them (base the board's
// size). Block sizes after the first follow from the rule (one more each), so they cost nothing.
// The decoding needs only the board and the standing goods, not the rest of the position.
#pragma once

#include <cstdint>
#include <optional>

#include "core/engine.hpp"
#include "games/caravanserai/placement.hpp"

namespace games::caravanserai {

enum class ActionKind : std::uint8_t { kStart = 0, kPlace = 1, kPlacement = 2, kOther = 3 };

inline constexpr core::ActionId kPassAction = static_cast<core::ActionId>(ActionKind::kOther);

inline constexpr core::ActionId make_action(ActionKind kind, std::uint64_t payload) {
  return payload << 2 | static_cast<core::ActionId>(kind);
}
inline constexpr ActionKind action_kind(core::ActionId action) {
  return static_cast<ActionKind>(action & 3u);
}
inline constexpr std::uint64_t action_payload(core::ActionId action) { return action >> 2; }

// The choices of a placement of the player to move (checked legal by the caller) as digits.
PlacementDigits encode_placement(const Position& pos, int seat, const PlacementPlan& plan);
// The placement of a kPlacement payload: its steps, declined cells and `place` cells. nullopt
// when the number is no placement's code here (a step would leave the board).
std::optional<PlacementPlan> decode_placement(const Position& pos, int seat, std::uint64_t code);

}  // namespace games::caravanserai
