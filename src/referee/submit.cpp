// submit: one turn file in, a verdict out; recorded whatever the verdict.
#include <fmt/format.h>

#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "core/errors.hpp"
#include "core/fault.hpp"
#include "ledger/crypto.hpp"
#include "ledger/game_ledger.hpp"
#include "ledger/receipt.hpp"
#include "referee/actions.hpp"
#include "referee/game_context.hpp"
#include "referee/in_hand.hpp"
#include "referee/news.hpp"
#include "referee/position.hpp"
#include "referee/referee.hpp"
#include "referee/timing.hpp"
#include "referee/turns.hpp"
#include "turnfile/redact.hpp"
#include "turnfile/turnfile.hpp"

namespace referee {

namespace {

Document answer(const GameContext& context, std::int64_t number, const std::string& chain) {
  Document doc = {{"accepted", true},
                  {"game", context.row.id},
                  {"turn", number},
                  {"chain", chain},
                  {"next_turn", context.row.next_turn},
                  {"to_move", to_move_names(*context.state, context.row)},
                  {"finished", game_over(*context.state, context.row)},
                  {"result", result_document(*context.state, context.row)}};
  if (context.row.deadline) doc["deadline"] = *context.row.deadline;
  return doc;
}

// An action (resign, a draw offer, an undo request, an absence) from any seated player, whoever
// is to move: a turn of the record like any other.
Document accept_action(store::GameStore& games, const turnfile::TurnRequest& request,
                       std::optional<std::int64_t> submission_id, GameContext& context,
                       const TurnWindow& window) {
  ledger::check_chain(request, window.heads);
  const int seat = seat_of(context.row, request.player);
  const std::int64_t number = context.row.next_turn;
  const std::string name = request.action.at("action").get<std::string>();
  const auto before = context.state->current_player();
  const Document events = apply_action(context, seat, request.action, number,
                                       live_snapshots(games, context.row), core::now());
  const bool undone = name == "accept-undo" && !context.row.host.contains("undo");
  if (name == "absent" && before == seat) extend_for_absence(context.row, seat);
  record_turn(games, context, seat, false, Document::array(), events, submission_id, request.action,
              undone || name == "resign");
  const std::string chain = context.row.chain_head;
  apply_forced_moves(games, context);
  return answer(context, number, chain);
}

// Checks the request against the game and applies it; throws UserError on any rejection.
Document accept(store::GameStore& games, const turnfile::TurnRequest& request,
                std::optional<std::int64_t> submission_id, GameContext& context) {
  const int seat = seat_of(context.row, request.player);
  ledger::authenticate(request, context.row.players.at(static_cast<std::size_t>(seat)),
                       request.game, ledger::turn_pass_key(games.db()));
  if (game_over(*context.state, context.row))
    throw core::UserError(core::Exit::kRejected, fmt::format("game {} is over", request.game));
  const TurnWindow window = turn_window(games, context.row);
  check_turn(request, seat, window);
  if (!request.action.is_null())
    return accept_action(games, request, submission_id, context, window);
  if (const auto to_move = context.state->current_player(); to_move != seat) {
    const std::string whose =
        to_move && *to_move >= 0 && static_cast<std::size_t>(*to_move) < context.row.players.size()
            ? fmt::format("; it is {}'s [{}]", player_name(context.row, *to_move),
                          context.engine->seat_name(*to_move))
            : "";
    throw core::UserError(core::Exit::kRejected,
                          fmt::format("it is not {}'s turn{}", request.player, whose));
  }
  ledger::check_chain(request, window.heads);

  Document events;
  Document moves = request.moves;
  try {
    events = apply_moves(context, seat, moves);
  } catch (const MoveFailure& failure) {
    const auto& where = request.move_positions.at(failure.index);
    throw core::UserError(
        core::Exit::kRejected,
        fmt::format("{}:{}:{}: move {} ({}): {}", request.source, where.line, where.column,
                    failure.index + 1, request.moves[failure.index].dump(), failure.message),
        {{"move", failure.index + 1},
         {"file", request.source},
         {"line", where.line},
         {"column", where.column}});
  }
  // A turn of several moves that the file closes before they run out.
  if (request.end && context.state->current_player() == seat) {
    if (auto end = context.state->end_turn_move()) {
      Document end_moves = Document::array({*end});
      try {
        for (auto& event : apply_moves(context, seat, end_moves)) events.push_back(event);
      } catch (const MoveFailure& failure) {
        throw core::UserError(core::Exit::kInternal,
                              "the engine refused its own end of turn: " + failure.message);
      }
      moves.push_back(*end);
    }
  }
  const std::int64_t number = context.row.next_turn;
  after_own_moves(context.row, seat, number);
  record_turn(games, context, seat, false, moves, events, submission_id);
  const std::string chain = context.row.chain_head;  // this turn's own chain value
  apply_forced_moves(games, context);
  return answer(context, number, chain);
}

Document error_document(const core::UserError& error) {
  Document detail = {{"code", static_cast<int>(error.code())},
                     {"kind", core::exit_name(error.code())},
                     {"message", error.what()}};
  for (const auto& [key, value] : error.detail().items()) detail[key] = value;
  return {{"accepted", false}, {"error", detail}};
}

}  // namespace

Document rejection(const core::UserError& error) { return error_document(error); }

TurnOutcome submit(store::Database& db, const std::string& text, const std::string& source,
                   const SubmitOptions& options) {
  GamesInHand games(db);
  return submit(games, text, source, options);
}

TurnOutcome submit(GamesInHand& hand, const std::string& text, const std::string& source,
                   const SubmitOptions& options) {
  return submit(hand, text, turnfile::read(text, source), options);
}

TurnOutcome submit(GamesInHand& hand, const std::string& text, const turnfile::Read& read,
                   const SubmitOptions& options) {
  store::Database& db = hand.db();
  store::GameStore games(db);
  store::SubmissionRow record;
  record.raw_sha256 = ledger::sha256_hex(text);
  TurnOutcome outcome;
  try {
    if (!read.request) throw *read.error;
    const turnfile::TurnRequest& request = *read.request;
    outcome.file = request.document;
    record.raw = turnfile::without_token(text, request);  // no secret at rest (caravan-ref(1))
    core::fault_point("after-parse");
    record.game_id = request.game;
    record.player = request.player;
    record.turn = request.turn;

    const bool in_preview_batch = options.dry_run && db.in_transaction();
    store::Transaction tx(db);
    core::fault_point("after-begin");
    // A copy of the game in hand to play on: a refused turn leaves the game in hand as it is.
    GameContext context = hand.copy(request.game);
    if (options.dry_run) {
      // The same checks and the same play, then the transaction rolls back (its destructor):
      // no submission row, no receipt, nothing written. In a batch the caller holds one
      // transaction it never commits, and this turn stays in it for the files after it.
      outcome.answer = accept(games, request, std::nullopt, context);
      outcome.answer["dry_run"] = true;
      outcome.answer["view"] = view_of(games, context, request.player);
      outcome.game = request.game;
      if (in_preview_batch) {
        tx.commit();
        hand.keep(std::move(context));
      }
      return outcome;
    }
    record.accepted = true;
    const std::int64_t id = games.record_submission(record);
    core::fault_point("after-record-submission");
    outcome.answer = accept(games, request, id, context);
    outcome.answer["receipt"] = ledger::issue_receipt(
        db, {request.game, outcome.answer["turn"].get<std::int64_t>(), request.player,
             ledger::sha256_hex(text), outcome.answer["chain"].get<std::string>()});
    core::fault_point("after-receipt");
    tell_news(db, context);
    tx.commit();
    outcome.game = request.game;
    hand.keep(std::move(context));
    // The turn stands; the bots that are owed a move now answer it, each in a turn of its own.
    if (options.seated_bots) play_seated_bots(hand, request.game, &outcome.answer);
    // The views come from the game in hand: the snapshots just committed are not read again.
    if (options.views) {
      const auto game = hand.row(request.game);
      for (const auto& player : game->players)
        outcome.views[player.name] = hand.view(request.game, player.name);
      outcome.views["referee"] = hand.view(request.game, std::nullopt);
    }
    core::fault_point("after-views");
    return outcome;
  } catch (const core::UserError& error) {
    if (error.code() == core::Exit::kTempFail) throw;
    if (options.dry_run) {
      outcome.answer = error_document(error);
      outcome.answer["dry_run"] = true;
      outcome.exit_code = static_cast<int>(error.code());
      return outcome;
    }
    record.accepted = false;
    if (record.raw.empty()) record.raw = turnfile::without_token(text);
    record.error_code = static_cast<int>(error.code());
    record.error = error.what();
    core::fault_point("before-record-rejection");
    store::Transaction tx(db);  // the rejected turn's own transaction rolled back; keep the file
    games.record_submission(record);
    core::fault_point("after-record-rejection");
    tx.commit();
    outcome.answer = error_document(error);
    outcome.exit_code = static_cast<int>(error.code());
    return outcome;
  }
}

}  // namespace referee
