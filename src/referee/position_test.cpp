// The number a turn file carries names the position it was written for (referee/position.hpp):
// the game master's and the clock's turns, offers and their answers leave a file current; a move
// makes it stale; a file is never done twice; and the records keep verifying.
#include "referee/position.hpp"

#include <gtest/gtest.h>

#include "core/clock.hpp"
#include "ledger/crypto.hpp"
#include "ledger/record.hpp"
#include "ledger/turn_signature.hpp"
#include "referee/referee.hpp"
#include "referee/verify.hpp"
#include "store/game_store.hpp"
#include "unit/engine_testing.hpp"
#include "unit/temp_db.hpp"
#include "unit/turn_file.hpp"

namespace {

using core::Document;

class TurnPosition : public ClockedTempDb {
 protected:
  // p0 signs its turns with a key; the others send tokens. A clock of a day, waiting on a miss.
  void create(const std::string& kind = "caravaneers", int players = 2) {
    referee::NewGame request;
    request.kind = kind;
    for (int seat = 0; seat < players; ++seat)
      request.players.push_back("p" + std::to_string(seat));
    request.seed = 5;
    request.keys["p0"] = key_.public_key;
    request.timing.deadline = "1d";
    request.timing.nmr = "wait";
    request.timing.absence_days = 5;
    const Document made = referee::create_game(db(), request);
    game_ = made["game"].get<std::string>();
    tokens_.assign(static_cast<std::size_t>(players), "");
    for (const auto& player : made["players"])
      if (player.contains("token"))
        tokens_.at(player["seat"].get<std::size_t>()) = player["token"].get<std::string>();
  }

  Document view(const std::string& player) { return referee::view(db(), game_, player); }
  Document referee_view() { return referee::view(db(), game_, std::nullopt); }
  std::int64_t position() { return referee_view()["turn"].get<std::int64_t>(); }
  std::int64_t next_turn() { return store::GameStore(db()).next_turn(game_); }
  std::string mover() { return referee_view()["to_move"][0].get<std::string>(); }
  std::string other() { return mover() == "p0" ? "p1" : "p0"; }

  // `player`'s file for `turn` answering chain head `head`, signed by p0, with a token by the
  // others. `body`: "moves: [...]" or "action: ...".
  std::string write(const std::string& player, std::int64_t turn, const std::string& head,
                    const std::string& body) {
    TurnFile text(game_, player, turn);
    text.chain(head).lines(body);
    if (player == "p0" && p0_signs_) return ledger::sign_turn_file(text, "t.yaml", key_.secret_key);
    return text.token(tokens_.at(std::stoul(player.substr(1))));
  }
  // The file as `player` writes it from their own view now (its turn and chain head).
  std::string file(const std::string& player, const std::string& body) {
    const Document seen = view(player);
    return write(player, seen["turn"].get<std::int64_t>(), seen["chain"].get<std::string>(), body);
  }
  std::string first_move(const std::string& player) {
    const auto moves = referee::legal_moves(db(), game_, player, nullptr, 1);
    EXPECT_FALSE(moves.moves.empty());
    return "moves: [" + moves.moves.at(0).dump() + "]";
  }
  // The mover's file with their first legal move.
  std::string move_file() { return file(mover(), first_move(mover())); }
  int submit(const std::string& text) {
    const auto outcome = referee::submit(db(), text, "t.yaml");
    answer_ = outcome.answer;
    return outcome.exit_code;
  }
  Document admin(const std::string& op, const std::string& player = "", const std::string& by = "",
                 const std::string& address = "") {
    referee::AdminRequest request{game_, op, "a test"};
    request.player = player;
    request.by = by;
    request.address = address;
    return referee::admin(db(), request);
  }
  // The game audits, and its record verifies and imports into another database.
  void expect_record_holds() {
    const Document audit = referee::audit(db(), game_);
    EXPECT_TRUE(audit["ok"].get<bool>()) << audit.dump();
    const Document record = ledger::export_record(db(), game_, true);
    const Document report = referee::verify_record(record);
    EXPECT_TRUE(report["ok"].get<bool>()) << report.dump();
    store::Database other((dir_ / "other.db").string());
    EXPECT_EQ(referee::import_record(other, record)["imported"], game_);
    EXPECT_TRUE(referee::audit(other, game_)["ok"].get<bool>());
  }

  ledger::KeyPair key_ = ledger::new_key_pair();
  bool p0_signs_ = true;
  std::string game_;
  std::vector<std::string> tokens_;
  Document answer_;
};

class EveryEngineTurnPosition : public TurnPosition,
                                public ::testing::WithParamInterface<const core::Engine*> {};

TEST_P(EveryEngineTurnPosition, AFileWrittenForAPositionIsAcceptedAfterEveryTurnThatLeavesItAlone) {
  create(GetParam()->id());
  ASSERT_EQ(submit(move_file()), 0) << answer_.dump();
  ASSERT_EQ(submit(move_file()), 0) << answer_.dump();
  if (referee_view()["finished"].get<bool>()) GTEST_SKIP() << "over in two turns";
  const std::string waiting = other();
  const std::string pending = move_file();  // written now, sent after all of the below
  const std::int64_t written_for = position();

  // The clock: a missed deadline it waits on (no move), then the game master's hand.
  core::set_now(*core::parse_time("2026-03-03T12:00:00Z"));
  ASSERT_EQ(referee::tick(db())["actions"][0]["action"], "wait");
  admin("pause");
  admin("resume");
  admin("extend", "", "2h");
  admin("address", waiting, "", "new@example.org");
  const Document replaced = admin("replace", waiting, "a substitute");
  tokens_.at(std::stoul(waiting.substr(1))) = replaced.value("token", "");
  p0_signs_ = p0_signs_ && waiting != "p0";  // the substitute has a token
  referee::AdminRequest observe{game_, "observe", "a test"};
  observe.address = "olga@example.org";
  referee::admin(db(), observe);
  // Offers and requests, made and declined (the second by the player whose file waits).
  const std::string moving = mover();
  ASSERT_EQ(submit(file(waiting, "action: offer-draw")), 0) << answer_.dump();
  ASSERT_EQ(submit(file(moving, "action: decline-draw")), 0) << answer_.dump();
  ASSERT_EQ(submit(file(waiting, "action: request-undo")), 0) << answer_.dump();
  ASSERT_EQ(submit(file(moving, "action: decline-undo")), 0) << answer_.dump();
  ASSERT_EQ(submit(file(waiting, "action: absent\nuntil: 2026-03-05T00:00:00Z")), 0)
      << answer_.dump();

  EXPECT_EQ(position(), written_for) << "only the table changed";
  EXPECT_GT(next_turn(), written_for + 10);
  EXPECT_EQ(submit(pending), 0) << answer_.dump();
  EXPECT_EQ(position(), next_turn()) << "the move made a new position";
  expect_record_holds();
}

INSTANTIATE_TEST_SUITE_P(EveryEngine, EveryEngineTurnPosition, ::testing::ValuesIn(core::engines()),
                         engine_testing::engine_name);

TEST_F(TurnPosition, AFileMadeStaleByAMoveIsStillRefused) {
  create();
  const std::string first = move_file();
  admin("pause");
  const std::int64_t old_position = position();
  ASSERT_EQ(submit(move_file()), 0) << answer_.dump();  // the same position, written later
  EXPECT_EQ(submit(first), 65);
  const std::string message = answer_["error"]["message"].get<std::string>();
  EXPECT_NE(message.find("(stale)"), std::string::npos) << message;
  EXPECT_EQ(answer_["error"]["expected_turn"], position());
  EXPECT_GT(position(), old_position);
}

TEST_F(TurnPosition, AFileForATurnTheGameHasNotReachedIsRefusedAndNotCalledStale) {
  create();
  const std::string player = mover();
  EXPECT_EQ(submit(write(player, next_turn() + 1, view(player)["chain"].get<std::string>(),
                         first_move(player))),
            65);
  const std::string message = answer_["error"]["message"].get<std::string>();
  EXPECT_EQ(message.find("stale"), std::string::npos) << message;
  EXPECT_EQ(answer_["error"]["expected_turn"], position());
}

TEST_F(TurnPosition, ASignedTurnFileAcceptedAfterAPauseVerifiesAndAudits) {
  create();
  if (mover() != "p0") {
    ASSERT_EQ(submit(move_file()), 0) << answer_.dump();
  }
  ASSERT_EQ(mover(), "p0");
  const std::string signed_turn = move_file();
  admin("pause");
  admin("resume");
  ASSERT_EQ(submit(signed_turn), 0) << answer_.dump();
  EXPECT_EQ(answer_["receipt"]["turn"], next_turn() - 1) << "the receipt names the record's turn";
  expect_record_holds();
}

TEST_F(TurnPosition, ASignedFileIsRefusedOnceTheGameMovedOnAndWithAHeadFromBeforeThePosition) {
  create();
  if (mover() != "p0") {
    ASSERT_EQ(submit(move_file()), 0) << answer_.dump();
  }
  const std::string old_head = view("p0")["chain"].get<std::string>();
  const std::string signed_turn = move_file();
  ASSERT_EQ(submit(signed_turn), 0) << answer_.dump();
  admin("pause");
  EXPECT_EQ(submit(signed_turn), 65) << "sent again after it moved the game on";
  // A current turn number does not help a file that answers an older chain head.
  ASSERT_EQ(submit(move_file()), 0) << answer_.dump();  // p1
  ASSERT_EQ(mover(), "p0");
  EXPECT_EQ(submit(write("p0", position(), old_head, first_move("p0"))), 65);
  EXPECT_EQ(answer_["error"]["expected_chain"], view("p0")["chain"]);
}

TEST_F(TurnPosition, AnActionFileSentAgainIsNotDoneTwiceButTheSameActionFromANewViewIs) {
  create();
  ASSERT_EQ(submit(file("p1", "action: offer-draw")), 0) << answer_.dump();
  const std::string decline = file("p0", "action: decline-draw");  // signed
  ASSERT_EQ(submit(decline), 0) << answer_.dump();
  ASSERT_EQ(submit(file("p1", "action: offer-draw")), 0) << "a new offer from p1's new view";
  // p0's signed answer, sent again by anyone: the offer stands.
  EXPECT_EQ(submit(decline), 65);
  EXPECT_NE(answer_["error"]["message"].get<std::string>().find("done already"), std::string::npos);
  EXPECT_EQ(answer_["error"]["expected_turn"], next_turn());
  EXPECT_TRUE(referee_view().contains("draw_offer"));
  // p0's own view moved past its decline: the same answer written again is a new file.
  ASSERT_EQ(submit(file("p0", "action: decline-draw")), 0) << answer_.dump();
  EXPECT_FALSE(referee_view().contains("draw_offer"));
  expect_record_holds();
}

TEST_F(TurnPosition, AViewGivesThePositionsTurnAndAPlayerWhoActedSinceTheTurnAfterTheirOwn) {
  create();
  const std::int64_t start = position();
  admin("pause");
  admin("resume");
  EXPECT_EQ(position(), start);
  EXPECT_EQ(view("p0")["turn"], start);
  EXPECT_EQ(view("p1")["turn"], start);
  EXPECT_EQ(referee::observer_view(db(), game_)["turn"], start);
  ASSERT_EQ(submit(file("p1", "action: offer-draw")), 0);
  EXPECT_EQ(view("p1")["turn"], next_turn()) << "the turn after p1's own offer";
  EXPECT_EQ(view("p0")["turn"], start);
  EXPECT_EQ(referee::list_games(db(), {})[0]["turn"], start);
  ASSERT_EQ(submit(move_file()), 0);
  for (const char* player : {"p0", "p1"}) EXPECT_EQ(view(player)["turn"], next_turn());
}

store::TurnRow turn_of(const Document& moves, const Document& action) {
  store::TurnRow turn;
  turn.moves = moves;
  turn.action = action;
  return turn;
}

TEST(ChangesPosition, MovesResignationsUndosAndTheGameMastersEndAndRollbackChangeThePosition) {
  EXPECT_TRUE(referee::changes_position(turn_of({"b1"}, nullptr)));
  EXPECT_TRUE(referee::changes_position(turn_of({"b1"}, {{"action", "nmr"}})));  // a default
  for (const char* name : {"resign", "forfeit", "accept-undo", "something-new"})
    EXPECT_TRUE(referee::changes_position(turn_of(Document::array(), {{"action", name}}))) << name;
  for (const char* op : {"end", "rollback", "something-new"})
    EXPECT_TRUE(
        referee::changes_position(turn_of(Document::array(), {{"action", "admin"}, {"op", op}})))
        << op;
}

TEST(ChangesPosition, TheClockTheSeatsOffersAndAbsencesLeaveThePositionAlone) {
  for (const char* name : {"offer-draw", "decline-draw", "accept-draw", "request-undo",
                           "decline-undo", "absent", "nmr"})
    EXPECT_FALSE(referee::changes_position(turn_of(Document::array(), {{"action", name}}))) << name;
  for (const char* op : {"pause", "resume", "extend", "address", "replace", "observe"})
    EXPECT_FALSE(
        referee::changes_position(turn_of(Document::array(), {{"action", "admin"}, {"op", op}})))
        << op;
}

}  // namespace
