#include "mail/notation.hpp"

#include <map>

namespace mail {

const Notation* notation_of(const std::string& kind) {
  static const std::map<std::string, Notation> kNotations = {
      {"caravaneers",
       {"a move is the square of the piece that leads the line you move", {"c3", "a6"}}},
      {"nv-caravan",
       {"a move is a map: play a card on a caravan (and at a card), discard a card, or disband a "
        "caravan",
        {"{play: 7H, on: 2}", "{discard: 4C}"}}},
      {"decktet-caravan",
       {"a play is its cards by code, an Ace or Crown with the rank it stands for after '=', or "
        "pass",
        {"3MW 4MS AM=5", "pass"}}},
      {"huber-caravan",
       {"each action is a map (place, move, pickup, steal, good) or end, several to a turn",
        {"place: c3", "move: {from: c3, to: d3}"}}},
      {"caravanserai",
       {"a placement is a path: a direction, then goods by colour and turns",
        {"{path: [SW]}", "{path: [E, red, SE]}"}}},
  };
  const auto it = kNotations.find(kind);
  return it == kNotations.end() ? nullptr : &it->second;
}

}  // namespace mail
