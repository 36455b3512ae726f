// A placement (rule 4.1): its notation, its check and effects, and the enumeration of all of them.
//
// Notation (a move of the main game):
//   {path: [NE, purple, [yellow, 2], purple, E, [purple, 2]], decline: [d7], place: [f3]}
// `path` reads from the head camel: a direction first, then goods one colour at a time (a colour
// alone is one good, [colour, n] is n goods), a direction wherever the line turns (only just
// after a piece on a Caravanserai cell, or after the lying camel), `lying` for the expert
// variant's lying camel. The new head camel that ends every placement is implied: it goes one
// cell further in the last direction. `decline` names the cells whose good a block of its colour
// passes but leaves (CS-6: the good goes back to the market and the block is counted); goods
// not declined are taken into their block. `place` optionally names, in order, the free
// Caravanserai cells that get the goods owed for camels taken back from the tail (CS-8); what it
// leaves out is owed as separate moves {place: CELL}.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "games/caravanserai/position.hpp"

namespace games::caravanserai {

enum class StepKind { kDir, kGood, kLying };

struct Step {
  StepKind kind = StepKind::kDir;
  int value = 0;  // a direction or a colour
  bool operator==(const Step&) const = default;
};

struct PlacementPlan {
  std::vector<Step> steps;
  std::vector<int> declined;  // cells
  std::vector<int> place;     // cells
};

// Reads a placement move; throws core::MoveError saying what is wrong with the notation.
PlacementPlan parse_placement(const core::Document& move, const Board& board);

// The canonical notation of a placement (what the move lists give).
core::Document placement_document(const std::vector<Step>& steps, const std::vector<int>& declined,
                                  const Board& board);
// core::has_prefix(placement_document(steps, declined, board), prefix), without writing the
// whole document: only the path items the prefix reaches are built.
bool placement_has_prefix(const std::vector<Step>& steps, const std::vector<int>& declined,
                          const Board& board, const core::Document& prefix);

struct PlacementReport {
  int placed = 0;            // pieces put on the board, camels included
  int count = 0;             // the count of rule 4.2: pieces taken back from the tail
  int camels_back = 0;       // camels among them
  int goods_returned = 0;    // goods on the board sent back to the market
  std::vector<int> omitted;  // sizes of the blocks left out of the count
};

// Checks a placement of `seat` completely and makes it on `pos`: the pieces, the goods taken on
// the way and at camel stops, the count, the pieces taken back, and the goods of `place`.
// Leaves `pos.owed` at the goods still owed. Throws core::MoveError (pos is then spoiled: the
// caller works on a copy).
PlacementReport apply_placement(Position& pos, int seat, const PlacementPlan& plan);

// ---- A placement's choices as one number (actions.hpp says which digits) ----------------------

// A mixed-radix number written digit by digit (the first digit is the least significant).
// `overflow` is set, for good, once it would not fit in 62 bits.
struct PlacementDigits {
  static constexpr std::uint64_t kLimit = std::uint64_t{1} << 62;
  std::uint64_t value = 0;
  std::uint64_t scale = 1;
  bool overflow = false;

  void put(int digit, int radix) {
    if (radix <= 1 || overflow) return;
    const auto r = static_cast<std::uint64_t>(radix);
    if (scale > kLimit / r) {
      overflow = true;
      return;
    }
    value += static_cast<std::uint64_t>(digit) * scale;
    scale *= r;
  }
};

// The radices of a placement's choices, shared by the enumeration, the encoder and the decoder.
inline constexpr int kDirectionRadix = kDirections;
inline constexpr int kDeclineRadix = 2;
inline constexpr int kPlaceCountRadix = 2 * kCamelsEach + 1;
inline int boundary_radix(bool expert, bool lying_used) { return expert && !lying_used ? 3 : 2; }
inline int colour_radix(int prev_colour) { return prev_colour < 0 ? kColours : kColours - 1; }
inline int colour_digit(int colour, int prev_colour) {
  return prev_colour >= 0 && colour > prev_colour ? colour - 1 : colour;
}

// Which placements an enumeration visits: all of them by default; `first_dir` >= 0 keeps those
// that set off that way; `straight` those that never turn; `max_blocks` those with at most that
// many blocks (the lying camel counts as one); `begins_with` those whose steps begin with these
// (a branch that leaves them is never walked).
// `order`, when given, walks the choices at each step in a random rotation of their order (drawn
// from it), so that the first placement visited is a random one, though not uniformly: a bot's
// playout takes it and stops (random_placement).
struct PlacementFilter {
  int first_dir = -1;
  bool straight = false;
  int max_blocks = 1 << 20;
  std::vector<Step> begins_with;
  core::Rng* order = nullptr;
};

// The placements with at most two blocks: counted first, since past a bound they are found much
// sooner than by the depth-first walk of every placement, which follows long runs of goods.
inline PlacementFilter shallow_placements() {
  PlacementFilter filter;
  filter.max_blocks = 2;
  return filter;
}
// The bounded canonical form that the move lists give past their bound: straight, at most two
// blocks.
inline PlacementFilter bounded_form() {
  PlacementFilter filter = shallow_placements();
  filter.straight = true;
  return filter;
}

// Every legal placement of `seat` (within `filter`), in a fixed order, as steps and declined
// cells (the decline variants are placements of their own) and the digits of its choices
// (actions.hpp). `visit` returns false to stop.
using PlacementVisitor = std::function<bool(
    const std::vector<Step>& steps, const std::vector<int>& declined, const PlacementDigits& code)>;
void for_each_placement(const Position& pos, int seat, const PlacementFilter& filter,
                        const PlacementVisitor& visit);
// How many legal placements `seat` has within `filter`, counted up to limit + 1 (the walk stops
// there).
std::size_t count_placements(const Position& pos, int seat, const PlacementFilter& filter,
                             std::size_t limit);
// Whether `seat` has more than `limit` legal placements (walking as few as it can).
bool more_placements_than(const Position& pos, int seat, std::size_t limit);
// One legal placement of `seat` as its digits, found by a depth-first walk that takes the choices
// in a random order and stops at the first placement: cheap (no list), not uniform. nullopt when
// `seat` has none, or when the one found needs more than 62 bits.
std::optional<PlacementDigits> random_placement(const Position& pos, int seat, core::Rng& rng);

}  // namespace games::caravanserai
