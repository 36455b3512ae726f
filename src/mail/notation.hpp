// How a move is written in each game, for the invitation: one sentence and two moves taken from
// the game's man page (caravan-ref-KIND(6)); a unit test checks that the page still shows both.
#pragma once

#include <array>
#include <string>

namespace mail {

struct Notation {
  std::string how;                      // one sentence
  std::array<std::string, 2> examples;  // each a YAML list item's text ("c3", "{discard: 4C}")
};

// nullptr for a kind without an entry (the invitation then points to the man page only).
const Notation* notation_of(const std::string& kind);

}  // namespace mail
