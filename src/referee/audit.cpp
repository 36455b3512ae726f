// audit: replay every game from its record and compare each turn's state hash.
#include <fmt/format.h>

#include "core/errors.hpp"
#include "ledger/game_ledger.hpp"
#include "referee/actions.hpp"
#include "referee/game_context.hpp"
#include "referee/referee.hpp"
#include "referee/turns.hpp"

namespace referee {

namespace {

Document audit_game(store::GameStore& games, const store::GameRow& row) {
  Document report = {{"game", row.id}, {"kind", row.kind}, {"turns", 0}, {"ok", false}};
  auto fail = [&](const std::string& why) {
    report["error"] = why;
    return report;
  };
  const core::Engine* engine = core::find_engine(row.kind);
  if (!engine) return fail("unknown kind " + row.kind);
  const auto options = options_of(row);
  const int players = static_cast<int>(row.players.size());

  GameContext context;
  context.engine = engine;
  context.row = row;
  context.row.host = Document::object();  // the replay makes the table's state again
  try {
    if (!row.from_position) {
      // The recorded start must be what the seed gives.
      core::Rng rng(row.seed);
      core::Setup fresh = engine->start(players, options, rng);
      if (fresh.state->view(core::kReferee) != row.initial_state || rng.save() != row.initial_rng)
        return fail("the initial state is not what the seed gives");
      Document events = Document::array();
      for (const auto& event : fresh.events) events.push_back(event_document(event));
      if (events != row.setup_events) return fail("the set-up events are not what the seed gives");
    }
    context.state = engine->restore(row.initial_state, players, options);
    context.rng = core::Rng::restore(row.initial_rng);
  } catch (const std::exception& e) {
    return fail(std::string("cannot set the game up again: ") + e.what());
  }

  const std::vector<store::TurnRow> record = games.turns(row.id);
  if (auto broken = ledger::check_stored_chain(row, record)) return fail(*broken);
  std::int64_t expected = 1;
  // What undo and rollback restore, as the replay made it (not as the database kept it).
  std::vector<Document> snapshots = {snapshot_of(context)};
  const SnapshotSource replayed = [&snapshots](std::int64_t n) {
    return n >= 0 && static_cast<std::size_t>(n) < snapshots.size()
               ? snapshots[static_cast<std::size_t>(n)]
               : Document();
  };
  for (const auto& turn : record) {
    if (turn.number != expected) return fail(fmt::format("turn {} is missing", expected));
    try {
      const Document events = replay_turn(context, turn, replayed);
      if (events != turn.events)
        return fail(fmt::format("turn {}: the events differ", turn.number));
    } catch (const MoveFailure& failure) {
      return fail(fmt::format("turn {}: move {} is refused on replay: {}", turn.number,
                              failure.index + 1, failure.message));
    } catch (const core::UserError& error) {
      return fail(
          fmt::format("turn {}: the action is refused on replay: {}", turn.number, error.what()));
    }
    snapshots.push_back(snapshot_of(context));
    if (state_hash(context.state->view(core::kReferee), context.rng.save(), context.row.host) !=
        turn.state_hash)
      return fail(fmt::format("turn {}: the state hash differs", turn.number));
    report["turns"] = turn.number;
    ++expected;
  }
  if (expected != row.next_turn) return fail("the game's turn counter disagrees with its record");
  if (state_hash(context.state->view(core::kReferee), context.rng.save(), context.row.host) !=
      row.state_hash)
    return fail("the snapshot differs from the replayed state");
  if (result_document(*context.state, context.row) != row.result)
    return fail("the recorded result differs from the replayed one");
  report["ok"] = true;
  report["state_hash"] = row.state_hash;
  report["chain"] = row.seed_commitment.empty() ? Document("none (made before the audit chain)")
                                                : Document(row.chain_head);
  return report;
}

}  // namespace

Document audit(store::Database& db, const std::optional<std::string>& game) {
  store::GameStore games(db);
  Document reports = Document::array();
  if (game) {
    auto row = games.find_game(*game);
    if (!row)
      throw core::UserError(core::Exit::kNoInput,
                            fmt::format("no game '{}' in this database", *game));
    reports.push_back(audit_game(games, *row));
  } else {
    for (const auto& summary : games.list_games())
      reports.push_back(audit_game(games, *games.find_game(summary.id)));
  }
  bool ok = true;
  for (const auto& report : reports) ok = ok && report["ok"].get<bool>();
  return {{"ok", ok}, {"games", reports}};
}

}  // namespace referee
