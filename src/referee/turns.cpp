#include "referee/turns.hpp"

#include <fmt/format.h>

#include "core/errors.hpp"
#include "core/fault.hpp"
#include "ledger/chain.hpp"
#include "ledger/game_ledger.hpp"
#include "referee/timing.hpp"

namespace referee {

using core::Document;

namespace {

// An engine that forced moves forever would hang the referee; no real game comes close.
constexpr int kMaxForcedMoves = 10000;

}  // namespace

Document apply_moves(GameContext& context, int seat, const Document& moves) {
  Document events = Document::array();
  apply_moves(context, seat, moves, [&events](core::Event& event) {
    events.push_back(event_document(std::move(event)));
  });
  return events;
}

void apply_moves(GameContext& context, int seat, const Document& moves,
                 const std::function<void(core::Event&)>& take) {
  std::unique_ptr<core::State> trial = context.state->clone();
  core::Rng rng = context.rng;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (trial->finished())
      throw MoveFailure{i, fmt::format("the game ended after move {}", i), true};
    if (trial->current_player() != seat)
      throw MoveFailure{i,
                        i == 0 ? std::string("it is not your turn")
                               : fmt::format("your turn ended after move {}", i),
                        true};
    try {
      for (auto& event : trial->apply(seat, moves[i], rng)) take(event);
    } catch (const core::MoveError& e) {
      throw MoveFailure{i, e.what()};
    } catch (const nlohmann::json::exception& e) {
      // An engine should say MoveError; one that trips over an odd move document instead still
      // only refuses the turn (the trial state is thrown away), not the whole submission.
      throw MoveFailure{i, fmt::format("the move could not be read: {}", e.what())};
    } catch (const std::logic_error& e) {
      throw MoveFailure{i, fmt::format("the move could not be read: {}", e.what())};
    }
  }
  context.state = std::move(trial);
  context.rng = rng;
  core::fault_point("after-apply");
}

void record_turn(store::GameStore& games, GameContext& context, int seat, bool forced,
                 const Document& moves, const Document& events,
                 std::optional<std::int64_t> submission_id, const Document& action, bool restart) {
  store::GameRow& row = context.row;
  row.state = context.state->view(core::kReferee);
  // The state's one text: the state hash is taken of it, and the game's row and the turn's
  // snapshot keep it.
  const std::string state_text = row.state.dump();
  row.rng = context.rng.save();
  row.state_hash = state_hash_of_text(state_text, row.rng, row.host);
  row.finished = game_over(*context.state, row);
  row.result = result_document(*context.state, row);
  update_clock(row, *context.state, restart);

  store::TurnRow turn;
  turn.number = row.next_turn;
  turn.seat = seat;
  turn.forced = forced;
  turn.moves = moves;
  turn.events = events;
  turn.state_hash = row.state_hash;
  turn.submission_id = submission_id;
  turn.applied_at = store::now_utc();
  turn.action = action;
  turn.snapshot = snapshot_text(state_text, row.rng, row.host);
  ledger::chain_turn(row, turn);
  games.append_turn(row.id, turn);
  core::fault_point("after-append-turn");
  ++row.next_turn;
  games.update_snapshot(row, state_text);
  core::fault_point("after-update-snapshot");
  turn.snapshot.clear();  // kept in the store; the turn itself stays at hand for its pictures
  context.untold.push_back(turn);
  context.last_turn = std::move(turn);
}

void apply_forced_moves(store::GameStore& games, GameContext& context) {
  for (int count = 0; !game_over(*context.state, context.row); ++count) {
    const auto seat = context.state->current_player();
    const auto move = context.state->forced_move();
    if (!seat || !move) return;
    if (count == kMaxForcedMoves)
      throw core::UserError(core::Exit::kInternal, "the engine keeps forcing moves; stopped");
    const Document moves = Document::array({*move});
    try {
      const Document events = apply_moves(context, *seat, moves);
      record_turn(games, context, *seat, true, moves, events, std::nullopt);
    } catch (const MoveFailure& failure) {
      throw core::UserError(core::Exit::kInternal,
                            "the engine refused its own forced move: " + failure.message);
    }
  }
}

namespace {

[[noreturn]] void changed_outside(const std::string& game, const std::string& what) {
  throw core::UserError(core::Exit::kIoError,
                        fmt::format("game {}: {} (the database was changed outside caravan-ref); "
                                    "'caravan-ref audit {}' tells more",
                                    game, what, game));
}

// The start as stored, checked before a rollback to it installs it: a position the game was made
// from is bound by the genesis, a dealt start by the seed (dealt again here, as audit does).
Document checked_start(const store::GameRow& row) {
  const Document start = {
      {"state", row.initial_state}, {"rng", row.initial_rng}, {"host", Document::object()}};
  if (row.seed_commitment.empty()) return start;  // made before the audit chain: nothing binds it
  if (row.from_position) {
    if (ledger::genesis(ledger::genesis_document_of(row)) != row.genesis)
      changed_outside(row.id, "the stored start does not match the game's genesis");
    return start;
  }
  const core::Engine* engine = core::find_engine(row.kind);
  core::Rng rng(row.seed);
  const core::Setup fresh =
      engine->start(static_cast<int>(row.players.size()), options_of(row), rng);
  if (fresh.state->view(core::kReferee) != row.initial_state || rng.save() != row.initial_rng)
    changed_outside(row.id, "the stored start is not what the game's seed deals");
  return start;
}

}  // namespace

std::function<Document(std::int64_t)> live_snapshots(store::GameStore& games,
                                                     const store::GameRow& row) {
  return [&games, &row](std::int64_t n) {
    if (n == 0) return checked_start(row);
    const store::KeptSnapshot kept = games.snapshot_after(row.id, n);
    if (kept.text.empty()) return Document();
    if (!kept_snapshot_has_hash(kept.text, kept.state_hash))
      changed_outside(row.id, fmt::format("the state kept after turn {} does not match that "
                                          "turn's state hash",
                                          n));
    return kept.document();
  };
}

Document setup_document(const store::GameRow& row, int viewer) {
  return {{"turn", 0}, {"setup", true}, {"events", visible(row.setup_events, viewer)}};
}

Document turn_document(const store::TurnRow& turn, const store::GameRow& row, int viewer) {
  Document doc = {
      {"turn", turn.number}, {"player", player_name(row, turn.seat)}, {"forced", turn.forced}};
  if (!turn.action.is_null()) doc["action"] = turn.action;
  // A player's own moves are theirs to see; others learn what the events tell them.
  if ((viewer == core::kReferee || viewer == turn.seat) && !turn.moves.empty())
    doc["moves"] = turn.moves;
  doc["events"] = visible(turn.events, viewer);
  doc["chain"] = turn.chain;
  return doc;
}

}  // namespace referee
