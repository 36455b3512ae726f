// Legal moves as a person reads them (mail, html): each move on one line with its keys in the
// order its notation writes them (`{play: JC, on: 1, at: 1}`, as the game's manual page does,
// not alphabetically), grouped by what the move moves (the card played, the camel moved).
//
// Promise: every move given comes out, once, in the order given within its group; groups come in
// the order their first move came. A key the table does not know comes after the known ones.
#pragma once

#include <string>
#include <vector>

#include "core/engine.hpp"

namespace referee {

// A mapping's keys in the order the game's notation writes them, the others after them.
std::vector<std::string> ordered_keys(const core::Document& map, const std::string& kind);

// One move on one line, YAML flow style: {play: JC, on: 1, at: 1}; a plain word stays a word.
std::string move_line(const core::Document& move, const std::string& kind);

struct MoveGroup {
  std::string label;               // "play JC", "move c3", "discard"; empty for plain words
  std::vector<std::string> moves;  // move_line of each
  // How a person says each (core::Engine::move_phrase: "Play J♥ on caravan 2, card 3"), one a
  // move; empty when made by hand (each move is then said as written).
  std::vector<std::string> phrases{};
};
std::vector<MoveGroup> group_moves(const core::Document& moves, const std::string& kind);

}  // namespace referee
