#include "referee/superseded.hpp"

#include "referee/position.hpp"

namespace referee {

std::optional<Superseding> superseding_turn(store::GameStore& games, const store::GameRow& game,
                                            std::int64_t file_turn) {
  std::optional<Superseding> found;
  games.each_turn(
      game.id, file_turn - 1, store::GameStore::EventsAs::kNone, [&](store::TurnRow& turn) {
        if (!changes_position(turn)) return true;
        Superseding made;
        made.number = turn.number;
        made.seat = turn.seat;
        for (const auto& player : game.players)
          if (player.seat == turn.seat) made.player = player.name;
        made.by_file = turn.submission_id.has_value();
        const std::string action = turn.action.is_object() ? turn.action.value("action", "") : "";
        if (turn.forced && (action == "nmr" || action == "forfeit")) {
          made.by_clock = true;
          made.clock_action = action == "forfeit" ? "forfeit" : turn.action.value("policy", "wait");
        }
        made.applied_at = turn.applied_at;
        made.moves = turn.moves;
        made.action = turn.action;
        found = std::move(made);
        return false;
      });
  return found;
}

}  // namespace referee
