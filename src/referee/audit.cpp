// audit: replay every game from its record and compare each turn's state hash.
#include <functional>
#include <optional>

#include <fmt/format.h>

#include "core/errors.hpp"
#include "ledger/game_ledger.hpp"
#include "referee/actions.hpp"
#include "referee/game_context.hpp"
#include "referee/referee.hpp"
#include "referee/replay.hpp"
#include "store/sqlite.hpp"

namespace referee {

namespace {

// Whether the replay made what the database stored: `made` as dump() writes it, `stored` as
// kept. Documents are stored as dump() writes them, so
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

// A copy of the game's row for the replay to start from (its clock, host, seats), without the
// documents the replay makes again itself: the states, the set-up events and the result are
// moved aside while the rest is copied (copying them cost a short game's audit a tenth of it).
store::GameRow copy_for_replay(store::GameRow& row) {
  Document result = std::move(row.result);
  std::string state = std::move(row.state_text), initial = std::move(row.initial_state_text);
  std::string setup_events = std::move(row.setup_events_text);
  store::GameRow copy = row;
  row.result = std::move(result);
  row.state_text = std::move(state);
  row.initial_state_text = std::move(initial);
  row.setup_events_text = std::move(setup_events);
  return copy;
}

// Why a game does not audit, as its report says it.
struct AuditFailure {
  std::string why;
};

// The audit's part of the replay: the start against the stored one, each turn's chain value,
// number, events and state hash against the database's rows.
class AuditSink : public ReplaySink {
 public:
  AuditSink(const store::GameRow& row, Document& report)
      : row_(row), report_(report), chain_(row) {}

  bool set_up() const { return set_up_; }
  ledger::StoredChain& chain() { return chain_; }

  void started(const GameContext& context, const std::string& setup_events_text) override {
    set_up_ = true;
    // The recorded start must be what the seed gives; the replay goes on from the state the seed
    // gave (the same, as this shows), not from the recorded one read back.
    if (!row_.from_position) {
      if (!same_as_stored(context.state->view(core::kReferee).dump(), row_.initial_state_text) ||
          context.rng.save() != row_.initial_rng)
        throw AuditFailure{"the initial state is not what the seed gives"};
      if (!same_as_stored(setup_events_text, row_.setup_events_text))
        throw AuditFailure{"the set-up events are not what the seed gives"};
    }
    if (auto broken = chain_.start()) throw AuditFailure{*broken};
  }
  // The record is read one turn at a time (a long game's would not fit the memory an audit keeps
  // to): the chain is checked as each turn comes, before the turn is replayed.
  void read(const store::TurnRow& turn, const GameContext&) override {
    if (auto broken = chain_.next(turn)) throw AuditFailure{*broken};
    if (turn.number != expected_) throw AuditFailure{fmt::format("turn {} is missing", expected_)};
  }
  void refused(const store::TurnRow& turn, const Refusal& refusal) override {
    if (refusal.action)
      throw AuditFailure{fmt::format("turn {}: the action is refused on replay: {}", turn.number,
                                     refusal.message)};
    throw AuditFailure{fmt::format("turn {}: move {} is refused on replay: {}", turn.number,
                                   refusal.move + 1, refusal.message)};
  }
  void events(store::TurnRow& turn, std::string events_text) override {
    if (!same_as_stored(events_text, turn.events_text))
      throw AuditFailure{fmt::format("turn {}: the events differ", turn.number)};
  }
  void state(store::TurnRow& turn, const std::string&, const std::string& state_hash) override {
    if (state_hash != turn.state_hash)
      throw AuditFailure{fmt::format("turn {}: the state hash differs", turn.number)};
    report_["turns"] = turn.number;
    ++expected_;
  }

 private:
  const store::GameRow& row_;
  Document& report_;
  ledger::StoredChain chain_;
  bool set_up_ = false;
  std::int64_t expected_ = 1;
};

// `row` is read with its states and set-up events as stored text (GameStore::StatesAs::kText);
// it is changed only while copy_for_replay() copies it, and to read a position it started from.
Document audit_game(store::GameStore& games, store::GameRow& row) {
  Document report = {{"game", row.id}, {"kind", row.kind}, {"turns", 0}, {"ok", false}};
  auto fail = [&](const std::string& why) {
    report["error"] = why;
    return report;
  };
  if (!core::find_engine(row.kind)) return fail("unknown kind " + row.kind);
  if (row.from_position) {  // the genesis and the restore read the position as a document
    try {
      row.initial_state = Document::parse(row.initial_state_text);
    } catch (const nlohmann::json::exception& e) {
      return fail(std::string("the recorded start cannot be read: ") + e.what());
    }
  }
  store::GameRow start = copy_for_replay(row);
  start.host = Document::object();  // the replay makes the table's state again
  TurnSource source;
  source.each_turn = [&](const std::function<bool(store::TurnRow&)>& take) {
    games.each_turn(row.id, 0, store::GameStore::EventsAs::kText, take);
  };
  source.actions = games.turn_actions(row.id);
  AuditSink sink(row, report);
  Replayed replayed;
  try {
    replayed = replay(std::move(start), source, sink);
  } catch (const AuditFailure& failure) {
    return fail(failure.why);
  } catch (const std::exception& e) {
    if (sink.set_up()) throw;
    return fail(std::string("cannot set the game up again: ") + e.what());
  }
  const GameContext& context = replayed.context;
  if (auto broken = sink.chain().finish()) return fail(*broken);
  if (replayed.turns + 1 != row.next_turn)
    return fail("the game's turn counter disagrees with its record");
  // A stored snapshot that is the replayed game byte for byte (the state's text, the generator,
  // the table's state) has the replay's hash, already made.
  const bool as_replayed = row.state_text == replayed.state_text && row.rng == context.rng.save() &&
                           row.host == context.row.host;
  if (!(as_replayed ? replayed.state_hash == row.state_hash : snapshot_keeps_its_hash(row)))
    return fail("the stored snapshot does not match its state hash: it was changed");
  if (replayed.state_hash != row.state_hash)
    return fail("the snapshot differs from the replayed state");
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
    reports.push_back(audit_game(games, *row));
  } else {
    std::optional<store::ReadSnapshot> snapshot;
    std::size_t audited = 0;
    for (const auto& id : games.game_ids()) {
      if (audited++ % kGamesASnapshot == 0) snapshot.emplace(db);  // ends the one before first
      if (auto row = games.find_game(id, store::GameStore::StatesAs::kText))
        reports.push_back(audit_game(games, *row));
    }
  }
  bool ok = true;
  for (const auto& report : reports) ok = ok && report["ok"].get<bool>();
  return {{"ok", ok}, {"games", reports}};
}

}  // namespace referee
