// tick: the clock's round over every game with a deadline. Each game is handled in a transaction
// of its own, reloaded inside it, so a submit that came first is seen and a second tick finds
// nothing left to do: reminders are rows that exist once, and every miss restarts the deadline.
#include <fmt/format.h>

#include "core/clock.hpp"
#include "core/errors.hpp"
#include "referee/actions.hpp"
#include "referee/game_context.hpp"
#include "referee/in_hand.hpp"
#include "referee/news.hpp"
#include "referee/position.hpp"
#include "referee/referee.hpp"
#include "referee/timing.hpp"
#include "referee/tournament_host.hpp"
#include "referee/turns.hpp"

namespace referee {

namespace {

// A turn of several moves needs several default moves; no real turn comes near this.
constexpr int kMaxDefaultMoves = 100;

// The seat's default moves until its turn passes (closed with the engine's end of turn).
// nullopt when the engine has none to give: the clock then waits instead.
std::optional<Document> default_moves(GameContext& context, int seat, Document& events) {
  Document moves = Document::array();
  try {
    for (int count = 0; count < kMaxDefaultMoves; ++count) {
      if (game_over(*context.state, context.row) || context.state->current_player() != seat)
        return moves;
      const auto end = count > 0 ? context.state->end_turn_move() : std::nullopt;
      const Document move = Document::array({end ? *end : context.state->default_move()});
      for (auto& event : apply_moves(context, seat, move)) events.push_back(event);
      moves.push_back(move[0]);
    }
  } catch (const core::MoveError&) {
  } catch (const MoveFailure&) {
  }
  if (!moves.empty())
    throw core::UserError(core::Exit::kInternal, "the engine's default moves did not end the turn");
  return std::nullopt;
}

// The seat to move missed its deadline (and the grace): the game's NMR policy.
Document miss(store::GameStore& games, GameContext& context, int seat) {
  store::GameRow& row = context.row;
  const Document nmr = row.timing.value("nmr", Document::object());
  const int misses =
      row.host.value("misses", Document::object()).value(std::to_string(seat), 0) + 1;
  const std::int64_t number = row.next_turn;
  const auto snapshots = live_snapshots(games, row);
  Document report = {{"game", row.id},
                     {"player", player_name(row, seat)},
                     {"turn", turn_to_write(games, row.id, seat)},  // as the seat's view gave it
                     {"deadline", *row.deadline},
                     {"misses", misses}};
  games.record_reminder(row.id, seat, *row.deadline, "missed");

  const int forfeit = nmr.value("forfeit", 0);
  if (forfeit > 0 && misses >= forfeit) {
    const Document action = {{"action", "forfeit"}, {"misses", misses}};
    const Document events = apply_action(context, seat, action, number, snapshots, core::now());
    record_turn(games, context, seat, true, Document::array(), events, std::nullopt, action);
    report["action"] = "forfeit";
  } else {
    Document events = Document::array();
    std::optional<Document> moves;
    // Works on a copy: a default the engine refuses leaves the game as it was.
    GameContext trial{row, context.engine, context.state->clone(), context.rng};
    if (nmr.value("default", false)) moves = default_moves(trial, seat, events);
    if (moves) context = std::move(trial);
    const Document action = {{"action", "nmr"}, {"policy", moves ? "default" : "wait"}};
    for (auto& event : apply_action(context, seat, action, number, snapshots, core::now()))
      events.push_back(event);
    record_turn(games, context, seat, true, moves.value_or(Document::array()), events, std::nullopt,
                action);
    report["action"] = moves ? "default" : "wait";
    if (moves) report["moves"] = *moves;
  }
  apply_forced_moves(games, context);
  report["next_deadline"] = row.deadline ? Document(*row.deadline) : Document();
  report["finished"] = row.finished;
  if (row.finished) report["result"] = row.result;
  return report;
}

// One game's share of the round; null when there was nothing to do.
Document tick_game(GamesInHand& hand, const std::string& id, core::Time now) {
  store::GameStore games(hand.db());
  store::Transaction tx(hand.db());
  const auto game = hand.game(id);  // checked against its state hash, whatever the round does
  const store::GameRow& row = game->row;
  if (row.finished || !row.deadline || !row.to_move || row.host.contains("paused")) return nullptr;
  const auto deadline = core::parse_time(*row.deadline);
  if (!deadline) throw std::runtime_error("game " + id + " has a deadline that is not a time");
  const int seat = *row.to_move;
  const core::Seconds grace(row.timing.value("grace", std::int64_t{0}));
  const core::Seconds remind(row.timing.value("remind", std::int64_t{0}));
  // Missed once the deadline and the grace are past: at the very second they end, the seat may
  // still move (caravan-ref(1), "past the deadline").
  if (now > *deadline + grace) {
    GameContext context = hand.copy(id);
    Document report = miss(games, context, seat);
    tell_news(hand.db(), context);
    tx.commit();
    hand.keep(std::move(context));
    return report;
  }
  if (remind.count() > 0 && now >= *deadline - remind &&
      games.record_reminder(id, seat, *row.deadline, "due")) {
    Document report = {{"game", id},
                       {"player", player_name(row, seat)},
                       {"action", "remind"},
                       {"turn", turn_to_write(games, id, seat)},
                       {"deadline", *row.deadline}};
    tx.commit();
    return report;
  }
  return nullptr;
}

}  // namespace

Document tick(store::Database& db) {
  GamesInHand games(db);
  return tick(games);
}

Document tick(GamesInHand& hand) {
  const core::Time now = core::now();
  store::GameStore games(hand.db());
  Document actions = Document::array();
  Document errors = Document::array();
  // Each game on its own: one that cannot be handled (its transaction rolled back) is reported,
  // and the round goes on with the others.
  for (const auto& game : games.games_with_deadlines()) {
    try {
      Document report = tick_game(hand, game.id, now);
      if (!report.is_null()) actions.push_back(std::move(report));
    } catch (const core::UserError& error) {
      errors.push_back(
          {{"game", game.id}, {"code", static_cast<int>(error.code())}, {"message", error.what()}});
    } catch (const std::exception& error) {
      errors.push_back({{"game", game.id},
                        {"code", static_cast<int>(core::Exit::kInternal)},
                        {"message", error.what()}});
    }
  }
  // Then every seat a bot holds plays while it is to move (a forfeit above may have given one
  // its turn).
  for (auto& report : play_bots(hand)) actions.push_back(std::move(report));
  // Then each tournament whose round has finished gets its next round (or ends).
  Document tournaments = advance_tournaments(hand);
  Document round = {{"now", core::format_time(now)}, {"actions", actions}};
  if (!errors.empty()) round["errors"] = errors;
  if (!tournaments.empty()) round["tournaments"] = tournaments;
  return round;
}

}  // namespace referee
