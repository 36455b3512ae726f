// The one replay (replay.hpp): the database's turns and the record's turns replay through it to
// the state hashes the referee recorded, and the text the referee stores of a kept state is the
// dump of that state's document.
#include "referee/replay.hpp"

#include <gtest/gtest.h>

#include "core/engine.hpp"
#include "ledger/record.hpp"
#include "referee/actions.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"
#include "unit/temp_db.hpp"

namespace {

using core::Document;

// Keeps what the replay hands on: each turn's number, events and state hash.
class Collect : public referee::ReplaySink {
 public:
  std::vector<std::int64_t> numbers;
  std::vector<std::string> hashes, events_texts;
  std::string setup_events;

  void started(const referee::GameContext&, const std::string& setup_events_text) override {
    setup_events = setup_events_text;
  }
  void refused(const store::TurnRow& turn, const referee::Refusal& refusal) override {
    throw std::runtime_error("turn " + std::to_string(turn.number) +
                             " refused: " + refusal.message);
  }
  void events(store::TurnRow&, std::string events_text) override {
    events_texts.push_back(std::move(events_text));
  }
  void state(store::TurnRow& turn, const std::string&, const std::string& state_hash) override {
    numbers.push_back(turn.number);
    hashes.push_back(state_hash);
  }
};

class ReplayTest : public TempDb {};

// A game of nv-caravan played by its first legal moves for `turns` turns, with a draw offered
// and declined and an undo asked and accepted on the way (actions, and an earlier state).
std::string play(store::Database& db, int turns) {
  referee::NewGame request;
  request.kind = "nv-caravan";
  request.players = {"ann", "bob"};
  request.seed = 6;
  const Document created = referee::create_game(db, request);
  const std::string game = created["game"];
  std::map<std::string, std::string> tokens;
  for (const auto& player : created["players"]) tokens[player["name"]] = player["token"];
  auto send = [&](const std::string& who, const std::string& body) {
    const Document view = referee::view(db, game, std::nullopt);
    const std::string text = "game: " + game + "\nplayer: " + who +
                             "\nturn: " + view["turn"].dump() + "\ntoken: " + tokens[who] + "\n" +
                             body + "\n";
    const auto outcome = referee::submit(db, text, "t.yaml");
    EXPECT_EQ(outcome.exit_code, 0) << outcome.answer.dump();
  };
  for (int n = 0; n < turns; ++n) {
    const Document view = referee::view(db, game, std::nullopt);
    if (view["finished"].get<bool>()) break;
    const std::string who = view["to_move"][0];
    const Document move = referee::legal_moves(db, game, who, nullptr, 1).moves.at(0);
    send(who, "moves: [" + move.dump() + "]");
    if (n == 4) {
      const std::string other = who == "ann" ? "bob" : "ann";
      send(who, "action: request-undo");
      send(other, "action: accept-undo");
      send(who, "moves: [" + move.dump() + "]");
      send(who, "action: offer-draw");
      send(other, "action: decline-draw");
    }
  }
  return game;
}

TEST_F(ReplayTest, TheDatabaseAndTheRecordReplayToTheRecordedStateHashes) {
  const std::string game = play(db(), 12);
  store::GameStore games(db());
  const store::GameRow row = *games.find_game(game);
  std::vector<std::int64_t> numbers;
  std::vector<std::string> recorded;
  for (const auto& turn : games.turns(game, 0, store::GameStore::EventsAs::kNone)) {
    numbers.push_back(turn.number);
    recorded.push_back(turn.state_hash);
  }
  ASSERT_GE(recorded.size(), 15u);

  referee::TurnSource from_db;
  from_db.each_turn = [&](const std::function<bool(store::TurnRow&)>& take) {
    games.each_turn(game, 0, store::GameStore::EventsAs::kNone, take);
  };
  from_db.actions = games.turn_actions(game);
  store::GameRow start = row;
  start.host = Document::object();
  Collect database;
  const referee::Replayed replayed = referee::replay(start, from_db, database);
  EXPECT_EQ(database.numbers, numbers);
  EXPECT_EQ(database.hashes, recorded);
  EXPECT_EQ(replayed.turns, static_cast<std::int64_t>(recorded.size()));
  EXPECT_EQ(replayed.state_hash, row.state_hash);
  EXPECT_EQ(replayed.state_text, row.state.dump());
  EXPECT_EQ(Document::parse(database.setup_events), row.setup_events);

  const Document record = ledger::export_record(db(), game, true);
  referee::TurnSource from_record;
  from_record.each_turn = [&](const std::function<bool(store::TurnRow&)>& take) {
    std::int64_t expected = 1;
    for (const auto& item : record["turns"]) {
      store::TurnRow turn = ledger::read_record_turn(item, expected++, row);
      if (!take(turn)) return;
    }
  };
  from_record.actions = ledger::record_actions(record);
  Collect from_the_record;
  referee::replay(ledger::read_record_header(record).row, from_record, from_the_record);
  EXPECT_EQ(from_the_record.hashes, recorded);
  EXPECT_EQ(from_the_record.events_texts, database.events_texts);
}

TEST_F(ReplayTest, ARefusedMoveGoesToTheSinkWithItsIndex) {
  const std::string game = play(db(), 3);
  store::GameStore games(db());
  const store::GameRow row = *games.find_game(game);
  std::vector<store::TurnRow> turns = games.turns(game, 0, store::GameStore::EventsAs::kNone);
  ASSERT_EQ(turns.size(), 3u);
  turns[1].moves.push_back(turns[1].moves[0]);  // a second move after the turn ended
  referee::TurnSource source;
  source.each_turn = [&](const std::function<bool(store::TurnRow&)>& take) {
    for (store::TurnRow turn : turns)
      if (!take(turn)) return;
  };
  class Refusals : public Collect {
   public:
    std::optional<referee::Refusal> seen;
    void refused(const store::TurnRow&, const referee::Refusal& refusal) override {
      seen = refusal;
      throw std::runtime_error("refused");
    }
  } sink;
  store::GameRow start = row;
  start.host = Document::object();
  EXPECT_THROW(referee::replay(start, source, sink), std::runtime_error);
  ASSERT_TRUE(sink.seen.has_value());
  EXPECT_FALSE(sink.seen->action);
  EXPECT_EQ(sink.seen->move, 1u);
  EXPECT_TRUE(sink.seen->out_of_turn);
  EXPECT_EQ(sink.numbers, std::vector<std::int64_t>{1});
}

TEST(SnapshotText, IsTheDumpOfTheKeptStatesDocument) {
  const Document state = {{"deck", {"AS", "2H"}}, {"note", "a \"quoted\" word\n"}, {"n", 3}};
  for (const Document& host :
       {Document::object(), Document({{"retired", {1}}, {"draw", {{"by", 0}}}})}) {
    const Document snapshot = {{"state", state}, {"rng", "1 2 3 4"}, {"host", host}};
    EXPECT_EQ(referee::snapshot_text(state.dump(), "1 2 3 4", host), snapshot.dump());
    EXPECT_TRUE(
        referee::kept_snapshot_has_hash(referee::snapshot_text(state.dump(), "1 2 3 4", host),
                                        referee::state_hash(state, "1 2 3 4", host)));
  }
}

}  // namespace
