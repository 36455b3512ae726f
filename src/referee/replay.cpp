#include "referee/replay.hpp"

#include <map>
#include <memory>
#include <set>
#include <stdexcept>

#include "core/errors.hpp"
#include "referee/actions.hpp"
#include "referee/turns.hpp"

namespace referee {

namespace {

// A state the replay keeps for undo and rollback: the engine's own (a clone, no document).
struct Kept {
  std::unique_ptr<core::State> state;
  std::string rng;
  core::Document host;
};

Kept keep(const GameContext& context) {
  return {context.state->clone(), context.rng.save(), context.row.host};
}

// The game of `row` as it was set up: from its seed, or restored from the position it was made
// from. The set-up events go to `events_text` as dump() writes their list.
GameContext set_up(store::GameRow row, std::string& events_text) {
  GameContext context;
  context.engine = core::find_engine(row.kind);
  if (!context.engine) throw core::SetupError("this build knows no game kind '" + row.kind + "'");
  const auto options = options_of(row);
  const int players = static_cast<int>(row.players.size());
  context.row = std::move(row);
  if (context.row.from_position) {
    context.state = context.engine->restore(context.row.initial_state, players, options);
    context.rng = core::Rng::restore(context.row.initial_rng);
    return context;
  }
  context.rng = core::Rng(context.row.seed);
  core::Setup setup = context.engine->start(players, options, context.rng);
  context.state = std::move(setup.state);
  core::Document events = core::Document::array();
  for (auto& event : setup.events) events.push_back(event_document(std::move(event)));
  events_text = events.dump();
  return context;
}

// The state hash of the game as it stands, with the dump of its referee view it is made of.
std::pair<std::string, std::string> state_and_hash(const GameContext& context) {
  std::string text = context.state->view(core::kReferee).dump();
  std::string hash = state_hash_of_text(text, context.rng.save(), context.row.host);
  return {std::move(text), std::move(hash)};
}

}  // namespace

Replayed replay(store::GameRow row, const TurnSource& source, ReplaySink& sink) {
  std::string setup_events;
  Replayed out;
  out.context = set_up(std::move(row), setup_events);
  GameContext& context = out.context;
  sink.started(context, setup_events);

  // What undo and rollback restore, as the replay made it (not as a database kept it): the
  // states after the latest kRecent turns and after every turn a rollback in the record names.
  // An older one (an undo that reaches far back) is made again by replaying from the start. A
  // record with no accepted undo and no rollback never asks: then only the start is kept.
  constexpr std::int64_t kRecent = 64;
  bool asks = false;
  std::set<std::int64_t> rollback_targets = {0};
  for (const auto& [number, action] : source.actions) {
    asks = asks || asks_for_earlier_state(action);
    // Read as a record may give them (a changed record is refused later, when its turn comes).
    const core::Document& to = core::member(action, "to");
    if (core::member(action, "op") == "rollback" && to.is_number_integer())
      rollback_targets.insert(to.get<std::int64_t>());
  }
  std::map<std::int64_t, Kept> kept;
  kept.emplace(0, keep(context));
  const store::GameRow start_row = asks ? context.row : store::GameRow{};
  std::int64_t expected = 1;  // the number of the turn being replayed, then of the next
  SnapshotSource earlier = [&](std::int64_t n) -> core::Document {
    if (n < 0 || n >= expected) return core::Document();  // only a state before this turn
    if (const auto found = kept.find(n); found != kept.end())
      return {{"state", found->second.state->view(core::kReferee)},
              {"rng", found->second.rng},
              {"host", found->second.host}};
    const Kept& start = kept.at(0);
    GameContext again;
    again.engine = context.engine;
    again.row = start_row;
    again.state = start.state->clone();
    again.rng = core::Rng::restore(start.rng);
    source.each_turn([&](store::TurnRow& turn) {
      if (turn.number > n) return false;
      replay_turn_text(again, turn, earlier);
      return true;
    });
    return snapshot_of(again);
  };

  source.each_turn([&](store::TurnRow& turn) {
    sink.read(turn, context);
    std::string events;
    try {
      events = replay_turn_text(context, turn, earlier);
    } catch (const MoveFailure& failure) {
      sink.refused(turn, {false, failure.index, failure.out_of_turn, failure.message});
      throw std::logic_error("a replay's sink went on after a refused move");
    } catch (const core::UserError& error) {
      sink.refused(turn, {true, 0, false, error.what()});
      throw std::logic_error("a replay's sink went on after a refused action");
    }
    sink.events(turn, std::move(events));
    if (asks) {
      kept.insert_or_assign(turn.number, keep(context));
      if (const auto old = kept.find(turn.number - kRecent);
          old != kept.end() && old->first != 0 && !rollback_targets.count(old->first))
        kept.erase(old);
    }
    std::tie(out.state_text, out.state_hash) = state_and_hash(context);
    sink.state(turn, out.state_text, out.state_hash);
    out.turns = expected;
    ++expected;
    return true;
  });
  if (out.turns == 0) std::tie(out.state_text, out.state_hash) = state_and_hash(context);
  return out;
}

}  // namespace referee
