#include "referee/position.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/errors.hpp"

namespace referee {

using core::Document;

bool changes_position(const store::TurnRow& turn) {
  if (!turn.moves.empty() || !turn.action.is_object()) return true;
  const std::string name = turn.action.value("action", "");
  if (name == "admin") {
    const std::string op = turn.action.value("op", "");
    return !(op == "pause" || op == "resume" || op == "extend" || op == "address" ||
             op == "replace" || op == "observe" || op == "notify");
  }
  // An accepted draw ends the game (nothing is current after it); an accepted undo may take a
  // turn back, and counts as a change even while other seats still have to accept it.
  return !(name == "offer-draw" || name == "decline-draw" || name == "accept-draw" ||
           name == "request-undo" || name == "decline-undo" || name == "absent" || name == "nmr");
}

TurnWindow turn_window(store::GameStore& games, const store::GameRow& row) {
  TurnWindow window;
  window.position = 1;
  window.next = row.next_turn;
  games.each_turn_back(row.id, [&](store::TurnRow& turn, std::optional<std::int64_t> file_turn) {
    window.heads.push_back(std::move(turn.chain));
    if (changes_position(turn)) {
      window.position = turn.number + 1;
      return false;
    }
    if (file_turn)
      window.made.push_back({turn.number, turn.seat, *file_turn, std::move(turn.action)});
    return true;
  });
  if (window.position == 1) window.heads.push_back(row.genesis);
  return window;
}

std::int64_t turn_to_write(store::GameStore& games, const std::string& game,
                           std::optional<int> seat) {
  std::int64_t position = 1;
  std::int64_t own = 0;  // the seat's latest turn of its own since the position, if any
  games.each_turn_back(game, [&](store::TurnRow& turn, std::optional<std::int64_t>) {
    if (changes_position(turn)) {
      position = turn.number + 1;
      return false;
    }
    if (own == 0 && seat && turn.seat == *seat && !turn.forced) own = turn.number;
    return true;
  });
  return std::max(position, own + 1);
}

void check_turn(const turnfile::TurnRequest& request, int seat, const TurnWindow& window) {
  const Document expected = {{"expected_turn", window.position}};
  if (request.turn < window.position || request.turn > window.next)
    throw core::UserError(
        core::Exit::kRejected,
        fmt::format("this file is for turn {}, but the game is at turn {}{}", request.turn,
                    window.position, request.turn < window.position ? " (stale)" : ""),
        expected);
  // Only the table changed since the position: a file that did the same already would do it
  // twice (an answer mailed again, a signed file sent again by someone else).
  for (const auto& made : window.made)
    if (made.seat == seat && made.file_turn == request.turn && made.action == request.action)
      throw core::UserError(
          core::Exit::kRejected,
          fmt::format("this file for turn {} was done already, as turn {} of the record (stale); "
                      "to do it again, write turn {}",
                      request.turn, made.number, window.next),
          {{"expected_turn", window.next}});
}

}  // namespace referee
