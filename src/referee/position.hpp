// The number a turn file carries: the position it was written for, not a count of the record.
//
// Every turn of the record has a number (store::GameRow::next_turn is the next one), whatever
// it did. Most change the position: moves (a player's, the referee's forced ones, the clock's
// default ones), resigning, forfeiting, an accepted undo, the game master's end and rollback.
// The others change only the table around it: the game master's pause, resume, extend, address,
// replace and observe; draw offers and undo requests made, declined or accepted by one seat of
// several; absences; a missed deadline the clock waits on. The position's turn is 1 + the number
// of the latest turn that changed the position: what views, mails and bots give as `turn`, and
// what stays the same while only the table changes, so a file written for a position is still
// current after a pause, an offer or a new address.
//
// A file is current when its turn is from the position's turn to the record's next number (a
// file written from older output, which gave the next number, still counts; so does one a
// player wrote before their own offer or decline), when the chain head it names (if any) is one
// the game had since the position was reached, and when it is not a file already done since then
// (the same seat, turn and action). Records are not changed by this: they keep their own
// numbers, and nothing in a replay reads a file's turn.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "store/game_store.hpp"
#include "turnfile/turnfile.hpp"

namespace referee {

// Whether a recorded turn changed the position (see above). An action this build does not know
// counts as a change: a file is then stale rather than played on a position nobody saw.
bool changes_position(const store::TurnRow& turn);

// What a turn file may carry now.
struct TurnWindow {
  std::int64_t position = 1;  // the position's turn: the oldest a file may carry
  std::int64_t next = 1;      // the record's next number: the newest
  // The chain heads a file may answer, newest first: the game's head, back to the one the
  // position was reached with (the genesis before any turn).
  std::vector<std::string> heads;
  // Each turn a player's file made since the position was reached (only the table changed):
  // the same file again is refused, not done twice.
  struct Made {
    std::int64_t number;     // its number in the record
    int seat;                // whose file
    std::int64_t file_turn;  // the turn the file carried
    core::Document action;   // what it did
  };
  std::vector<Made> made;
};

// The window of a stored game now: one look back through its latest turns, to the position.
TurnWindow turn_window(store::GameStore& games, const store::GameRow& row);
// The turn `seat`'s next file carries, as its view, letters and bot give it: the position's
// turn, or, when the seat made a turn of its own since (an offer, a decline, an absence), the
// number after that turn, so that the same action written again from the new view is a new file,
// not the old one sent twice. Without a seat (the referee, an observer, a list): the position's.
std::int64_t turn_to_write(store::GameStore& games, const std::string& game,
                           std::optional<int> seat = std::nullopt);

// The one check of a file's turn against the window, for `seat`: UserError 65 (its details name
// expected_turn) when the file is stale, ahead of the game, or was done already. Its chain head
// is ledger::check_chain's, against window.heads.
void check_turn(const turnfile::TurnRequest& request, int seat, const TurnWindow& window);

}  // namespace referee
