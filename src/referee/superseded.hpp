// Why a turn file came too late, from the record: the turn that moved the game on from the
// position the file was written for (referee/position.hpp), whose it was and what made it (the
// player's own file, the clock's default move or forfeit, the referee's forced move). The mail's
// answers word these facts ("you already played turn 2", "the clock played for you at 18:20").
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/engine.hpp"
#include "store/game_store.hpp"

namespace referee {

struct Superseding {
  std::int64_t number = 0;  // its number in the record
  int seat = 0;
  std::string player;        // the seat's name
  bool by_file = false;      // a file of the seat's own (a turn or an action it sent)
  bool by_clock = false;     // the clock, at a missed deadline: a default move, a forfeit, a wait
  std::string clock_action;  // "default", "wait" or "forfeit" when by_clock
  std::string applied_at;    // when it was recorded (ISO-8601 UTC)
  core::Document moves = core::Document::array();  // as recorded: the seat's own to show
  core::Document action;                           // null for moves
};

// The first turn of `game`'s record, numbered from `file_turn` on, that changed the position:
// the one that left a file for `file_turn` behind. None when no such turn is recorded.
std::optional<Superseding> superseding_turn(store::GameStore& games, const store::GameRow& game,
                                            std::int64_t file_turn);

}  // namespace referee
