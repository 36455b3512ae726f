// A move built a part at a time, for a live page where a seat has too many legal moves for a
// button each (huber-caravan's camel moves, caravanserai's paths): pick the first part (the
// camel's square), then the next (where it goes), until the parts chosen make a whole move.
//
// A move's parts are its leaves in the order its notation writes them (move_lines.hpp's
// ordered_keys for a mapping, a list's items in turn): {move: {from: a1, to: b1}} is `from`, then
// `to`; {path: [E, white]} is the path's first part, then its second. The parts chosen so far are
// a partial move of the same shape ({move: {from: a1}}), which is also the prefix the engine
// narrows its list with (core::has_prefix).
//
// Promise: every choice offered leads to at least one of the moves given, and every move given is
// reached by some sequence of choices; a partial that no move begins with offers nothing.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.hpp"

namespace referee {

struct MoveStep {
  struct Choice {
    std::string part;        // what it picks: "move from", "path, part 2"; "" for a word
    std::string value;       // the part as the notation writes it ("b1", "white")
    core::Document partial;  // the partial move once it is chosen
    bool whole = false;      // the partial is itself a legal move
    bool more = false;       // and some legal move goes on from it
  };
  // The next parts, in the order the moves first give them; moves of other shapes may offer
  // other parts at the same step ({play: 7H, on: 1} and {discard: 7H}: `play` or `discard`).
  std::vector<Choice> choices;
  std::optional<core::Document> complete;  // the move the parts chosen make, when they make one
  std::size_t matching = 0;                // moves that begin with the parts chosen
};

// The step after `chosen` (a partial move; null: nothing yet) among `moves` (a list of legal
// moves, any that do not begin with `chosen` ignored).
MoveStep next_step(const core::Document& moves, const core::Document& chosen,
                   const std::string& kind);

// The parts chosen, said as "from a1, then to b1" ("" for none).
std::string chosen_words(const core::Document& chosen, const std::string& kind);

}  // namespace referee
