#include "referee/verify.hpp"

#include <fmt/format.h>

#include "core/crypto.hpp"
#include "core/errors.hpp"
#include "ledger/game_ledger.hpp"
#include "ledger/receipt.hpp"
#include "ledger/record.hpp"
#include "output/writer.hpp"
#include "referee/game_context.hpp"
#include "referee/referee.hpp"
#include "referee/replay.hpp"
#include "store/game_store.hpp"
#include "turnfile/turnfile.hpp"

namespace referee {

namespace {

using core::Document;
using ledger::Place;
using ledger::record_error;

// A record written as YAML and read back keeps text, whole numbers and booleans, but not
// fractions (they come back as text); results are compared in that common form.
Document as_written(const Document& doc) {
  return turnfile::yaml_to_document(output::to_yaml(doc), "record");
}

// What checking a record gives: enough to store the game again.
struct Checked {
  store::GameRow row;
  std::vector<store::TurnRow> turns;
  std::int64_t turn_count = 0;
  bool replayed = false;
};

// What check() keeps: all the game would need to be stored (import), or only what a verdict
// reports (verify: the turns counted, not kept; the starting state and every turn's events not
// read back as documents, as nothing stores them).
enum class Keep { kGame, kVerdict };

// The record's part of the replay: each turn checked as a player's turn (the seat to move, forced
// or not), its state hash and its chain value, and with Keep::kGame the game kept for storing.
class RecordSink : public ReplaySink {
 public:
  RecordSink(const Document& record, ledger::RecordChain& chain, Checked& out, Keep keep)
      : record_(record), chain_(chain), out_(out), keep_(keep == Keep::kGame) {}

  bool set_up() const { return set_up_; }

  void started(const GameContext& context, const std::string& setup_events_text) override {
    set_up_ = true;
    if (keep_) {
      if (!out_.row.from_position) out_.row.setup_events = Document::parse(setup_events_text);
      out_.row.initial_state = context.state->view(core::kReferee);
    }
    out_.row.initial_rng = context.rng.save();
    ledger::record_turns(record_);
  }
  void read(const store::TurnRow& turn, const GameContext& context) override {
    if (!turn.action.is_null()) return;  // the action says what it allows (actions.hpp)
    const Place where{"turn", turn.number};
    const core::State& state = *context.state;
    const std::string player = ledger::seat_player(context.row, turn.seat);
    if (game_over(state, context.row))
      record_error("turns", "the game was over before this turn", where);
    const auto to_move = state.current_player();
    if (to_move != turn.seat)
      record_error(
          "player",
          fmt::format("on replay {} is to move, not {}",
                      to_move ? context.row.players[static_cast<std::size_t>(*to_move)].name
                              : std::string("nobody"),
                      player),
          where);
    const auto forced_move = state.forced_move();
    if (turn.forced != forced_move.has_value() ||
        (forced_move && turn.moves != Document::array({*forced_move})))
      record_error("forced",
                   turn.forced ? "the referee could not have forced these moves here"
                               : "here the referee makes the move itself (a forced move); a "
                                 "player's turn cannot be",
                   where);
  }
  void refused(const store::TurnRow& turn, const Refusal& refusal) override {
    const Place where{"turn", turn.number};
    if (refusal.action)
      record_error("action", "the action is refused on replay: " + refusal.message, where);
    if (!turn.action.is_null())
      record_error(
          "moves",
          fmt::format("move {} is refused on replay: {}", refusal.move + 1, refusal.message),
          where);
    const Place at{"turn", turn.number, refusal.move + 1};
    if (refusal.out_of_turn)
      record_error("moves", fmt::format("move {} comes after the turn ended", refusal.move + 1),
                   at);
    record_error("moves",
                 fmt::format("move {} ({}) is refused on replay: {}", refusal.move + 1,
                             turn.moves.at(refusal.move).dump(), refusal.message),
                 at);
  }
  void events(store::TurnRow& turn, std::string events_text) override {
    if (keep_) turn.events = Document::parse(events_text);
  }
  void state(store::TurnRow& turn, const std::string&, const std::string& state_hash) override {
    if (state_hash != turn.state_hash) chain_.state_differs(turn, state_hash);
    chain_.next(turn, true);
    ++out_.turn_count;
    if (keep_) out_.turns.push_back(std::move(turn));
  }

 private:
  const Document& record_;
  ledger::RecordChain& chain_;
  Checked& out_;
  bool keep_;
  bool set_up_ = false;
};

Checked check(const Document& record, Keep keep) {
  ledger::RecordHeader header = ledger::read_record_header(record);
  Checked out;
  out.row = header.row;
  store::GameRow& row = out.row;
  ledger::RecordChain chain(row);
  // The record's turns, each checked as it is read.
  TurnSource source;
  source.each_turn = [&](const std::function<bool(store::TurnRow&)>& take) {
    std::int64_t expected = 1;
    for (const auto& item : ledger::record_turns(record)) {
      store::TurnRow turn = ledger::read_record_turn(item, expected++, row);
      if (!take(turn)) return;
    }
  };

  if (!header.has_seed) {
    // Without the seed only the chain can be checked.
    source.each_turn([&](store::TurnRow& turn) {
      chain.next(turn, false);
      ++out.turn_count;
      return true;
    });
    row.chain_head = chain.head();
    row.next_turn = out.turn_count + 1;
    chain.finish(record);
    return out;
  }

  // Set the game up again from the seed (or the position), as the referee did, and replay it.
  source.actions = ledger::record_actions(record);
  store::GameRow start = row;
  if (start.from_position) start.initial_rng = core::Rng(start.seed).save();
  RecordSink sink(record, chain, out, keep);
  Replayed replayed;
  try {
    replayed = replay(std::move(start), source, sink);
  } catch (const core::SetupError& e) {
    if (sink.set_up()) throw;
    record_error(row.from_position ? "position" : "options",
                 std::string("the game cannot be set up again: ") + e.what());
  }
  out.replayed = true;
  row.chain_head = chain.head();
  row.next_turn = out.turn_count + 1;
  chain.finish(record);

  const core::State& state = *replayed.context.state;
  row.host = replayed.context.row.host;
  const bool over = game_over(state, row);
  if (!header.finished && !over && state.forced_move())
    record_error("turns", "the record stops where the referee makes a forced move");
  if (header.finished != over)
    record_error("finished",
                 header.finished ? "the replayed game is not over" : "the replayed game is over");
  row.finished = header.finished;
  row.result = result_document(state, row);
  // The same document as written needs no writing and reading back to say so.
  const Document& recorded_result = core::member(record, "result");
  const auto recorded_as = [&](const Document& result) {
    return core::identical(result, recorded_result) ||
           as_written(result) == as_written(recorded_result);
  };
  if (!recorded_as(row.result) && !recorded_as(result_as_written_before_scores(row.result)))
    record_error("result",
                 "the recorded result is not what the replay gives: " + row.result.dump());
  row.rng = replayed.context.rng.save();
  if (keep == Keep::kGame) {
    row.state = state.view(core::kReferee);
    row.state_hash = replayed.state_hash;
  }
  return out;
}

}  // namespace

Document verify_record(const Document& record) {
  Document report = {{"ok", false}};
  if (record.is_object())
    for (const char* key : {"game", "kind"})
      if (record.contains(key)) report[key] = record[key];
  try {
    const Checked checked = check(record, Keep::kVerdict);
    report["ok"] = true;
    report["turns"] = checked.turn_count;
    report["finished"] = checked.replayed ? checked.row.finished : record["finished"].get<bool>();
    report["chain_head"] = checked.row.chain_head;
    report["seed_checked"] = checked.replayed;
    report["replayed"] = checked.replayed;
    if (checked.replayed)
      report["result"] = checked.row.result;
    else
      report["note"] =
          "the seed is not revealed until the game is over: the chain was checked, the game was "
          "not replayed";
  } catch (const ledger::RecordError& failure) {
    Document error = failure.where;
    error["message"] = failure.message;
    report["error"] = error;
  }
  return report;
}

Document import_record(store::Database& db, const Document& record) {
  Checked replay;
  try {
    replay = check(record, Keep::kGame);
  } catch (const ledger::RecordError& failure) {
    Document detail = failure.where;
    std::string where = failure.where["field"].get<std::string>();
    if (failure.where.contains("turn"))
      where = fmt::format("turn {}, {}", failure.where["turn"].dump(), where);
    throw core::UserError(core::Exit::kRejected,
                          fmt::format("the record does not verify: {}: {}", where, failure.message),
                          detail);
  }
  if (!replay.replayed)
    throw core::UserError(core::Exit::kRejected,
                          "the record has no seed, so the game cannot go on here (the referee "
                          "exports a running game with --secret)");
  store::GameRow& row = replay.row;
  const core::Engine* engine = core::find_engine(row.kind);
  Document seats = Document::array();
  for (auto& player : row.players) {
    Document seat = {
        {"name", player.name}, {"seat", player.seat}, {"role", engine->seat_name(player.seat)}};
    const std::string token = core::new_token();
    player.token_hash = core::hash_hex(token);
    if (!player.bot.empty()) {
      // The referee's bot plays on here, signing with this referee's key (the genesis keeps the
      // key the seat began with, as after admin replace).
      try {
        player.bot = bot_spec_text(parse_bot_spec(player.bot));
      } catch (const core::UserError& error) {
        throw core::UserError(core::Exit::kRejected,
                              fmt::format("the record's seat {} is played by a bot this referee "
                                          "does not have: {}",
                                          player.name, error.what()));
      }
      player.public_key = ledger::referee_public_key(db);
      seat["bot"] = player.bot;
    }
    if (player.public_key.empty())
      seat["token"] = token;
    else
      seat["key"] = player.public_key;
    seats.push_back(seat);
  }

  store::GameStore games(db);
  store::Transaction tx(db);
  if (games.find_game(row.id))
    throw core::UserError(core::Exit::kRejected,
                          fmt::format("game {} is already in this database", row.id));
  games.insert_game(row);
  for (auto& turn : replay.turns) {
    turn.applied_at = store::now_utc();
    games.append_turn(row.id, turn);
  }
  tx.commit();
  return {{"imported", row.id},       {"kind", row.kind},        {"turns", replay.turns.size()},
          {"finished", row.finished}, {"chain", row.chain_head}, {"players", seats}};
}

}  // namespace referee
