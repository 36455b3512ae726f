// audit: replay every game from its record and compare each turn's state hash.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "core/errors.hpp"
#include "ledger/game_ledger.hpp"
#include "referee/actions.hpp"
#include "referee/game_context.hpp"
#include "referee/referee.hpp"
#include "referee/state_hash_checks.hpp"
#include "referee/turns.hpp"
#include "store/sqlite.hpp"

namespace referee {

namespace {

// Whether the replay made what the database stored: `made` as dump() writes it (or an engine's
// view_text, which is the same), `stored` as kept. Documents are stored as dump() writes them, so
// the texts are compared first; a text written another way is read and compared as a document.
bool same_as_stored(const std::string& made, const std::string& stored) {
  if (made == stored) return true;
  try {
    return Document::parse(stored) == Document::parse(made);
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

// Whether the stored snapshot (its state as stored text) still has its state hash: the hash is of
// the state as dump() writes it, which is the stored text unless it was written another way.
bool snapshot_keeps_its_hash(const store::GameRow& row) {
  if (state_hash_of_text(row.state_text, row.rng, row.host) == row.state_hash) return true;
  try {
    return state_hash(Document::parse(row.state_text), row.rng, row.host) == row.state_hash;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

// A copy of the game's row for the replay to change (its clock, host, seats), without the
// documents the replay makes again itself: the states, the set-up events and the result are
// moved aside while the rest is copied (copying them cost a short game's audit a tenth of it).
store::GameRow copy_for_replay(store::GameRow& row) {
  Document initial_state = std::move(row.initial_state), result = std::move(row.result);
  std::string state = std::move(row.state_text), initial = std::move(row.initial_state_text);
  std::string setup_events = std::move(row.setup_events_text);
  store::GameRow copy = row;
  row.initial_state = std::move(initial_state);
  row.result = std::move(result);
  row.state_text = std::move(state);
  row.initial_state_text = std::move(initial);
  row.setup_events_text = std::move(setup_events);
  return copy;
}

// `row` is read with its states and set-up events as stored text (GameStore::StatesAs::kText);
// it is changed only while copy_for_replay() copies it, and to read a position it started from.
// Each turn's state hash is compared by `checks`, beside the replay (a failure is still the
// first in the record's order: a hash that differs before a turn that fails otherwise).
Document audit_game(store::GameStore& games, store::GameRow& row, StateHashChecks& checks) {
  Document report = {{"game", row.id}, {"kind", row.kind}, {"turns", 0}, {"ok", false}};
  auto fail = [&](const std::string& why) {
    report["error"] = why;
    return report;
  };
  const core::Engine* engine = core::find_engine(row.kind);
  if (!engine) return fail("unknown kind " + row.kind);
  const auto options = options_of(row);
  const int players = static_cast<int>(row.players.size());

  if (row.from_position) {  // the genesis and the restore read the position as a document
    try {
      row.initial_state = Document::parse(row.initial_state_text);
    } catch (const nlohmann::json::exception& e) {
      return fail(std::string("the recorded start cannot be read: ") + e.what());
    }
  }
  GameContext context;
  context.engine = engine;
  context.row = copy_for_replay(row);
  context.row.host = Document::object();  // the replay makes the table's state again
  try {
    if (!row.from_position) {
      // The recorded start must be what the seed gives; the replay then starts from the state
      // the seed gave (the same, as the check shows), not from the recorded one read back.
      core::Rng rng(row.seed);
      core::Setup fresh = engine->start(players, options, rng);
      if (!same_as_stored(fresh.state->view_text(core::kReferee), row.initial_state_text) ||
          rng.save() != row.initial_rng)
        return fail("the initial state is not what the seed gives");
      Document events = Document::array();
      for (auto& event : fresh.events) events.push_back(event_document(std::move(event)));
      if (!same_as_stored(events.dump(), row.setup_events_text))
        return fail("the set-up events are not what the seed gives");
      context.state = std::move(fresh.state);
      context.rng = rng;
    } else {
      context.state = engine->restore(row.initial_state, players, options);
      context.rng = core::Rng::restore(row.initial_rng);
    }
  } catch (const std::exception& e) {
    return fail(std::string("cannot set the game up again: ") + e.what());
  }

  // The record is read one turn at a time (a long game's would not fit the memory an audit
  // keeps to): the chain is checked as each turn comes, before the turn is replayed.
  ledger::StoredChain chain(row);
  if (auto broken = chain.start()) return fail(*broken);
  const auto actions = games.turn_actions(row.id);
  // What undo and rollback restore, as the replay made it (not as the database kept it): the
  // states after the latest kRecent turns and after every turn a rollback in the record names,
  // kept as the engine's own states (a clone, no document). An older one (an undo that reaches
  // far back) is made again by replaying from the start. A record with no accepted undo and no
  // rollback never asks: then only the start is kept.
  constexpr std::int64_t kRecent = 64;
  bool asks = false;
  std::set<std::int64_t> rollback_targets = {0};
  for (const auto& [number, action] : actions) {
    asks = asks || asks_for_earlier_state(action);
    if (action.is_object() && action.value("op", "") == "rollback")
      rollback_targets.insert(action.value("to", std::int64_t{-1}));
  }
  struct Kept {
    std::unique_ptr<core::State> state;
    std::string rng;
    Document host;
  };
  auto keep = [](const GameContext& c) { return Kept{c.state->clone(), c.rng.save(), c.row.host}; };
  std::map<std::int64_t, Kept> kept;
  kept.emplace(0, keep(context));
  // The row as the replay starts it: only a replay from the start (for an undo) needs it.
  const store::GameRow start_row = asks ? context.row : store::GameRow{};
  std::int64_t expected = 1;  // the number of the turn being replayed, then of the next
  std::function<Document(std::int64_t)> replayed = [&](std::int64_t n) -> Document {
    if (n < 0 || n >= expected) return Document();  // only a state before this turn
    if (const auto found = kept.find(n); found != kept.end())
      return {{"state", found->second.state->view(core::kReferee)},
              {"rng", found->second.rng},
              {"host", found->second.host}};
    const Kept& start = kept.at(0);
    GameContext again;
    again.engine = engine;
    again.row = start_row;
    again.state = start.state->clone();
    again.rng = core::Rng::restore(start.rng);
    games.each_turn(row.id, 0, store::GameStore::EventsAs::kNone, [&](store::TurnRow& turn) {
      if (turn.number > n) return false;
      replay_turn_text(again, turn, replayed);
      return true;
    });
    return snapshot_of(again);
  };
  std::optional<Document> failed;
  // The generator's state as the hash takes it, written again only when it changed: most turns
  // draw nothing. (The table's state changes every turn: it names the last turn played.)
  core::Rng rng_written = context.rng;
  std::string rng_text = rng_written.save();
  checks.start_game(row.next_turn - 1);
  games.each_turn(row.id, 0, store::GameStore::EventsAs::kText, [&](store::TurnRow& turn) {
    auto stop = [&](const std::string& why) {
      failed = fail(why);
      return false;
    };
    if (auto broken = chain.next(turn)) return stop(*broken);
    if (turn.number != expected) return stop(fmt::format("turn {} is missing", expected));
    try {
      if (!same_as_stored(replay_turn_text(context, turn, replayed), turn.events_text))
        return stop(fmt::format("turn {}: the events differ", turn.number));
    } catch (const MoveFailure& failure) {
      return stop(fmt::format("turn {}: move {} is refused on replay: {}", turn.number,
                              failure.index + 1, failure.message));
    } catch (const core::UserError& error) {
      return stop(
          fmt::format("turn {}: the action is refused on replay: {}", turn.number, error.what()));
    }
    if (!(context.rng == rng_written)) {
      rng_written = context.rng;
      rng_text = rng_written.save();
    }
    checks.check_state(turn.number, *context.state, rng_text, host_text_for_hash(context.row.host),
                       std::move(turn.state_hash));
    if (checks.differed()) return false;  // finish() names the turn
    if (asks) {
      kept.insert_or_assign(turn.number, keep(context));
      if (const auto old = kept.find(turn.number - kRecent);
          old != kept.end() && old->first != 0 && !rollback_targets.count(old->first))
        kept.erase(old);
    }
    report["turns"] = turn.number;
    ++expected;
    return true;
  });
  StateHashChecks::Outcome checked = checks.finish();
  if (checked.first_differing) {
    report["turns"] = *checked.first_differing - 1;
    return fail(fmt::format("turn {}: the state hash differs", *checked.first_differing));
  }
  if (failed) return *failed;
  if (auto broken = chain.finish()) return fail(*broken);
  if (expected != row.next_turn) return fail("the game's turn counter disagrees with its record");
  // The game as the replay made it (as it was set up, when it has no turn).
  std::string replayed_text = std::move(checked.last_text);
  std::string replayed_hash = std::move(checked.last_hash);
  if (expected == 1) {
    replayed_text = context.state->view_text(core::kReferee);
    replayed_hash = state_hash_of_text(replayed_text, context.rng.save(), context.row.host);
  }
  // A stored snapshot that is the replayed game byte for byte (the state's text, the generator,
  // the table's state) has the replay's hash, already made.
  const bool as_replayed = row.state_text == replayed_text && row.rng == context.rng.save() &&
                           row.host == context.row.host;
  if (!(as_replayed ? replayed_hash == row.state_hash : snapshot_keeps_its_hash(row)))
    return fail("the stored snapshot does not match its state hash: it was changed");
  if (replayed_hash != row.state_hash) return fail("the snapshot differs from the replayed state");
  if (const Document result = result_document(*context.state, context.row);
      result != row.result && result_as_written_before_scores(result) != row.result)
    return fail("the recorded result differs from the replayed one");
  // What undo and rollback would install: each kept state must still have its turn's state hash,
  // which the replay has just checked.
  std::optional<std::int64_t> forged;
  games.each_kept_snapshot(row.id, [&](std::int64_t number, const store::KeptSnapshot& stored) {
    if (!forged && !kept_snapshot_has_hash(stored.text, stored.state_hash)) forged = number;
  });
  if (forged)
    return fail(
        fmt::format("the state kept after turn {} does not match its state hash: it was "
                    "changed",
                    *forged));
  report["ok"] = true;
  report["state_hash"] = row.state_hash;
  report["chain"] = row.seed_commitment.empty() ? Document("none (made before the audit chain)")
                                                : Document(row.chain_head);
  return report;
}

}  // namespace

Document audit(store::Database& db, const std::optional<std::string>& game) {
  store::GameStore games(db);
  StateHashChecks checks;
  Document reports = Document::array();
  // Each game is read from one snapshot: its row, its turns and its actions as they were
  // together, whatever a referee commits meanwhile (a turn committed between reading the row and
  // reading the turns would otherwise look like a record longer than its counter). A snapshot
  // is taken again between games every kGamesASnapshot games: not one for the whole audit,
  // which would keep the write-ahead log from its checkpoints as long as it runs, nor one a game
  // (each costs a short game's audit about 4%: it takes the log's read lock).
  constexpr std::size_t kGamesASnapshot = 64;
  if (game) {
    store::ReadSnapshot snapshot(db);
    auto row = games.find_game(*game, store::GameStore::StatesAs::kText);
    if (!row)
      throw core::UserError(core::Exit::kNoInput,
                            fmt::format("no game '{}' in this database", *game));
    reports.push_back(audit_game(games, *row, checks));
  } else {
    std::optional<store::ReadSnapshot> snapshot;
    std::size_t audited = 0;
    for (const auto& id : games.game_ids()) {
      if (audited++ % kGamesASnapshot == 0) snapshot.emplace(db);  // ends the one before first
      if (auto row = games.find_game(id, store::GameStore::StatesAs::kText))
        reports.push_back(audit_game(games, *row, checks));
    }
  }
  bool ok = true;
  for (const auto& report : reports) ok = ok && report["ok"].get<bool>();
  return {{"ok", ok}, {"games", reports}};
}

}  // namespace referee
