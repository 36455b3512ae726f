// Hosting a game to its end (issue 13), over every engine, on a fake clock (core::set_now): the
// NMR policies, reminders sent once, tick idempotent, resignation, draws, undo, rollback and the
// game master's hand. After each, the game must audit and its exported record must verify.
#include <gtest/gtest.h>

#include "core/clock.hpp"
#include "core/engine.hpp"
#include "engine_testing.hpp"
#include "ledger/record.hpp"
#include "referee/game_context.hpp"
#include "referee/referee.hpp"
#include "referee/verify.hpp"
#include "store/game_store.hpp"
#include "temp_db.hpp"
#include "turn_file.hpp"

namespace {

using core::Document;

core::Time at(const std::string& text) { return *core::parse_time(text); }

class Hosting : public ClockedTempDb, public ::testing::WithParamInterface<const core::Engine*> {
 protected:
  void create(const std::string& kind, int players, referee::TimingRequest timing = {}) {
    referee::NewGame request;
    request.kind = kind;
    for (int seat = 0; seat < players; ++seat)
      request.players.push_back("p" + std::to_string(seat));
    request.seed = 11;
    request.timing = std::move(timing);
    const Document made = referee::create_game(db(), request);
    game_ = made["game"].get<std::string>();
    tokens_.clear();
    for (const auto& player : made["players"])
      tokens_.push_back(player["token"].get<std::string>());
  }
  void create(int players = 2, referee::TimingRequest timing = {}) {
    create(GetParam()->id(), players, std::move(timing));
  }

  Document referee_view() { return referee::view(db(), game_, std::nullopt); }
  std::int64_t turn() { return referee_view()["turn"].get<std::int64_t>(); }
  std::string to_move() {
    const Document view = referee_view();
    return view["to_move"].empty() ? "" : view["to_move"][0].get<std::string>();
  }
  // A turn file as the player writes it, with the turn their own view gives.
  TurnFile turn_file(const std::string& player) {
    const std::size_t seat = std::stoul(player.substr(1));
    return TurnFile(game_, player, referee::view(db(), game_, player)["turn"].get<std::int64_t>())
        .token(tokens_.at(seat));
  }
  // The player to move plays their first legal move (or the engine's default).
  Document play() {
    const std::string player = to_move();
    const auto moves = referee::legal_moves(db(), game_, player, nullptr, 1);
    EXPECT_FALSE(moves.moves.empty());
    return send(turn_file(player).move(moves.moves[0]));
  }
  Document act(const std::string& player, const std::string& action) {
    return send(turn_file(player).action(action));
  }
  Document send(const std::string& text) {
    const auto outcome = referee::submit(db(), text, "t.yaml");
    last_exit_ = outcome.exit_code;
    return outcome.answer;
  }
  Document tick_at(const std::string& time) {
    core::set_now(at(time));
    return referee::tick(db())["actions"];
  }
  // The audit replays the game and its exported record verifies, both to the same chain head.
  void expect_record_holds() {
    const Document audit = referee::audit(db(), game_);
    EXPECT_TRUE(audit["ok"].get<bool>()) << audit.dump();
    const Document report = referee::verify_record(ledger::export_record(db(), game_, true));
    EXPECT_TRUE(report["ok"].get<bool>()) << report.dump();
    EXPECT_EQ(report["chain_head"], referee_view()["chain"]);
  }

  std::string game_;
  std::vector<std::string> tokens_;
  int last_exit_ = 0;
};

referee::TimingRequest clock(const std::string& nmr, const std::string& remind = "") {
  referee::TimingRequest timing;
  timing.deadline = "1d";
  timing.grace = "1h";
  timing.nmr = nmr;
  if (!remind.empty()) timing.remind = remind;
  return timing;
}

TEST_P(Hosting, ASeatThatMissesItsDeadlineUnderWaitIsRemindedAndNothingElseChanges) {
  create(2, clock("wait"));
  const Document before = referee_view();
  EXPECT_EQ(before["deadline"], "2026-03-02T12:00:00Z");
  EXPECT_TRUE(tick_at("2026-03-02T12:30:00Z").empty()) << "within the grace";
  // A second after the deadline and the grace: past them (at the very second, not yet).
  EXPECT_TRUE(tick_at("2026-03-02T13:00:00Z").empty()) << "not past the deadline and the grace yet";
  const Document actions = tick_at("2026-03-02T13:00:01Z");
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_EQ(actions[0]["action"], "wait");
  const Document after = referee_view();
  EXPECT_EQ(after["state"], before["state"]);
  EXPECT_EQ(after["to_move"], before["to_move"]);
  EXPECT_EQ(after["deadline"], "2026-03-03T13:00:01Z");
  EXPECT_TRUE(tick_at("2026-03-02T13:00:01Z").empty()) << "a second tick does nothing";
  expect_record_holds();
}

TEST_P(Hosting, ASeatThatMissesItsDeadlineUnderDefaultHasItsDefaultMovePlayed) {
  create(2, clock("default"));
  const std::string missing = to_move();
  const std::int64_t number = turn();
  const Document actions = tick_at("2026-03-02T13:00:01Z");
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_EQ(actions[0]["action"], "default");
  EXPECT_EQ(actions[0]["player"], missing);
  EXPECT_GT(turn(), number);
  const auto record = store::GameStore(db()).turns(game_);
  ASSERT_FALSE(record.empty());
  EXPECT_FALSE(record[static_cast<std::size_t>(number - 1)].moves.empty());
  EXPECT_TRUE(tick_at("2026-03-02T13:00:01Z").empty()) << "a second tick does nothing";
  expect_record_holds();
}

TEST_P(Hosting, ASeatThatMissesItsDeadlineUnderForfeitLosesAtTheNthMiss) {
  create(2, clock("forfeit:2"));
  const std::string missing = to_move();
  ASSERT_EQ(tick_at("2026-03-02T13:00:01Z")[0]["action"], "wait");
  const Document second = tick_at("2026-03-03T14:00:02Z");
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0]["action"], "forfeit");
  const Document view = referee_view();
  EXPECT_TRUE(view["finished"].get<bool>());
  EXPECT_EQ(view["result"]["by"], "forfeit");
  EXPECT_EQ(view["result"]["winner"], missing == "p0" ? "p1" : "p0");
  EXPECT_FALSE(view.contains("deadline") && !view["deadline"].is_null());
  EXPECT_TRUE(tick_at("2026-03-09T14:00:00Z").empty());
  expect_record_holds();
}

TEST_P(Hosting, DefaultThenForfeitPlaysForTheSeatUntilItsThirdMiss) {
  create(2, clock("default,forfeit:3"));
  std::vector<std::string> done;
  for (const char* day : {"2026-03-02T13:00:01Z", "2026-03-03T14:00:02Z", "2026-03-04T15:00:03Z",
                          "2026-03-05T16:00:04Z", "2026-03-06T17:00:05Z", "2026-03-07T18:00:06Z"})
    for (const auto& action : tick_at(day)) done.push_back(action["action"].get<std::string>());
  ASSERT_FALSE(done.empty());
  EXPECT_EQ(done.front(), "default");
  EXPECT_TRUE(referee_view()["finished"].get<bool>());
  expect_record_holds();
}

TEST_P(Hosting, AReminderIsSentOnceBeforeTheDeadline) {
  create(2, clock("wait", "6h"));
  EXPECT_TRUE(tick_at("2026-03-02T05:00:00Z").empty()) << "not yet due";
  const Document first = tick_at("2026-03-02T07:00:00Z");
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0]["action"], "remind");
  EXPECT_EQ(first[0]["deadline"], "2026-03-02T12:00:00Z");
  EXPECT_TRUE(tick_at("2026-03-02T07:00:00Z").empty());
  EXPECT_TRUE(tick_at("2026-03-02T09:00:00Z").empty());
  play();  // the next seat's deadline gets its own reminder
  EXPECT_EQ(tick_at("2026-03-03T04:00:00Z").size(), 1u);
  expect_record_holds();
}

TEST_P(Hosting, AResignationInATwoPlayerGameGivesTheOtherTheWin) {
  create(2);
  play();
  const std::string resigner = to_move() == "p0" ? "p1" : "p0";  // not the one to move
  const Document answer = act(resigner, "resign");
  ASSERT_EQ(last_exit_, 0) << answer.dump();
  const Document view = referee_view();
  EXPECT_TRUE(view["finished"].get<bool>());
  EXPECT_EQ(view["result"]["by"], "resignation");
  EXPECT_EQ(view["result"]["winner"], resigner == "p0" ? "p1" : "p0");
  act(resigner == "p0" ? "p1" : "p0", "offer-draw");
  EXPECT_EQ(last_exit_, 65) << "nothing after the end";
  const Document log = referee::history(db(), game_, std::nullopt);
  EXPECT_EQ(log["turns"].back()["action"]["action"], "resign");
  expect_record_holds();
}

TEST_P(Hosting, ADrawOfferIsDeclinedThenAcceptedByTheOtherPlayer) {
  create(2);
  act("p0", "offer-draw");
  ASSERT_EQ(last_exit_, 0);
  EXPECT_EQ(referee_view()["draw_offer"]["by"], "p0");
  act("p0", "accept-draw");
  EXPECT_EQ(last_exit_, 65) << "an offer is answered by the others";
  act("p1", "decline-draw");
  ASSERT_EQ(last_exit_, 0);
  EXPECT_FALSE(referee_view().contains("draw_offer"));
  act("p1", "offer-draw");
  play();  // a move lets the offer lapse
  EXPECT_FALSE(referee_view().contains("draw_offer"));
  act("p1", "accept-draw");
  EXPECT_EQ(last_exit_, 65);
  act("p1", "offer-draw");
  act("p0", "accept-draw");
  ASSERT_EQ(last_exit_, 0);
  const Document view = referee_view();
  EXPECT_TRUE(view["finished"].get<bool>());
  EXPECT_EQ(view["result"]["by"], "draw");
  EXPECT_TRUE(view["result"]["draw"].get<bool>());
  expect_record_holds();
}

TEST_P(Hosting, AnUndoRestoresTheStateAndGeneratorAndTheRecordKeepsBoth) {
  create(2);
  play();
  const Document before = referee_view();
  const std::string mover = to_move();
  const std::string other = mover == "p0" ? "p1" : "p0";
  const Document other_before = referee::view(db(), game_, other);
  const Document first = play();
  ASSERT_EQ(last_exit_, 0) << first.dump();
  const auto undone = store::GameStore(db()).turns(game_, first["turn"].get<std::int64_t>() - 1);

  act(mover, "request-undo");
  ASSERT_EQ(last_exit_, 0);
  act(other, "decline-undo");
  ASSERT_EQ(last_exit_, 0);
  EXPECT_NE(referee_view()["state"], before["state"]) << "a declined undo changes nothing";
  act(mover, "request-undo");
  act(other, "accept-undo");
  ASSERT_EQ(last_exit_, 0);
  const Document after = referee_view();
  EXPECT_EQ(after["state"], before["state"]);
  EXPECT_EQ(after["to_move"], before["to_move"]);
  // The leak test for views after an undo: the other player sees the state they saw before.
  EXPECT_EQ(referee::view(db(), game_, other)["state"], other_before["state"]);
  // The same move again draws what it drew the first time: the generator was restored.
  const Document again = play();
  ASSERT_EQ(last_exit_, 0);
  const auto redone = store::GameStore(db()).turns(game_, again["turn"].get<std::int64_t>() - 1);
  ASSERT_FALSE(undone.empty());
  ASSERT_FALSE(redone.empty());
  EXPECT_EQ(redone[0].events, undone[0].events);
  EXPECT_EQ(redone[0].state_hash.empty(), false);
  expect_record_holds();
}

// The audit keeps only recent snapshots (and those a rollback names): an undo accepted after a
// long run of the game master's turns takes back a move older than those, and the audit makes
// that snapshot again by replaying from the start, to the same result.
TEST_P(Hosting, AnUndoAfterManyGameMasterTurnsStillAudits) {
  create(2, clock("wait"));
  play();
  const Document before = referee_view();
  const std::string mover = to_move();
  const std::string other = mover == "p0" ? "p1" : "p0";
  play();
  referee::AdminRequest request;
  request.game = game_;
  request.reason = "a long journey";
  request.op = "extend";
  request.by = "1h";
  for (int i = 0; i < 80; ++i) referee::admin(db(), request);
  act(mover, "request-undo");
  ASSERT_EQ(last_exit_, 0);
  act(other, "accept-undo");
  ASSERT_EQ(last_exit_, 0);
  EXPECT_EQ(referee_view()["state"], before["state"]);
  expect_record_holds();
}

TEST_P(Hosting, ARollbackReturnsTheGameToATurnAndKeepsWhatFollowed) {
  create(2);
  play();
  const Document after_one = referee_view();
  const std::int64_t kept = after_one["turn"].get<std::int64_t>() - 1;
  play();
  play();
  const std::size_t recorded = store::GameStore(db()).turns(game_).size();
  referee::AdminRequest request;
  request.game = game_;
  request.op = "rollback";
  request.reason = "a move was entered wrongly";
  request.to = kept;
  referee::admin(db(), request);
  const Document view = referee_view();
  EXPECT_EQ(view["state"], after_one["state"]);
  EXPECT_GT(store::GameStore(db()).turns(game_).size(), recorded) << "nothing is deleted";
  EXPECT_EQ(referee::history(db(), game_, std::nullopt)["turns"].back()["player"], "referee");
  play();
  expect_record_holds();
}

TEST_P(Hosting, TheGameMasterExtendsPausesResumesAndEndsAGame) {
  create(2, clock("wait"));
  referee::AdminRequest request;
  request.game = game_;
  request.reason = "travel";
  request.op = "extend";
  request.by = "2d";
  referee::admin(db(), request);
  EXPECT_EQ(referee_view()["deadline"], "2026-03-04T12:00:00Z");
  request.op = "pause";
  referee::admin(db(), request);
  EXPECT_TRUE(referee_view()["deadline"].is_null());
  EXPECT_TRUE(tick_at("2026-03-10T12:00:00Z").empty()) << "a paused game has no deadline";
  request.op = "resume";
  referee::admin(db(), request);
  EXPECT_EQ(referee_view()["deadline"], "2026-03-13T12:00:00Z") << "the three days left";
  request.op = "end";
  request.winners = {"p1"};
  request.reason = "p0 left the club";
  referee::admin(db(), request);
  const Document view = referee_view();
  EXPECT_EQ(view["result"]["by"], "adjudication");
  EXPECT_EQ(view["result"]["winner"], "p1");
  expect_record_holds();
}

// Issue 40: the time left comes back at resume only to the seat that had it; a seat whose turn
// began during the pause gets a whole deadline from the resume.
TEST_P(Hosting, ASeatWhoseTurnBeganDuringAPauseGetsAWholeDeadlineAtResume) {
  create(2, clock("wait"));
  referee::AdminRequest request;
  request.game = game_;
  request.reason = "holiday";
  request.op = "pause";
  core::set_now(at("2026-03-01T18:00:00Z"));  // 18 hours of the first seat's day left
  referee::admin(db(), request);
  const std::string first = to_move();
  play();
  if (to_move() == first || to_move().empty()) GTEST_SKIP() << "the same seat moves again";
  core::set_now(at("2026-03-05T12:00:00Z"));
  request.op = "resume";
  referee::admin(db(), request);
  EXPECT_EQ(referee_view()["deadline"], "2026-03-06T12:00:00Z") << "a whole day, not 18 hours";
  expect_record_holds();
}

INSTANTIATE_TEST_SUITE_P(EveryEngine, Hosting, ::testing::ValuesIn(core::engines()),
                         engine_testing::engine_name);

class FourPlayers : public Hosting {};

TEST_F(FourPlayers, AResignationInAFourPlayerHuberGameLetsTheOthersPlayOn) {
  const core::Engine* huber = core::find_engine("huber-caravan");
  if (!huber) GTEST_SKIP() << "huber-caravan is not built";
  create("huber-caravan", 4);
  {  // Waits for the engine half of issue 13: huber-caravan's State::retire.
    core::Rng rng(1);
    auto setup = huber->start(4, {}, rng);
    try {
      setup.state->retire(1, rng);
    } catch (const core::MoveError&) {
      GTEST_SKIP() << "PENDING: huber-caravan does not implement State::retire yet";
    }
  }
  act("p1", "resign");
  ASSERT_EQ(last_exit_, 0);
  Document view = referee_view();
  EXPECT_FALSE(view["finished"].get<bool>());
  EXPECT_EQ(view["left"], Document::array({"p1"}));
  for (int i = 0; i < 8 && !referee_view()["finished"].get<bool>(); ++i) {
    EXPECT_NE(to_move(), "p1");
    play();
  }
  act("p2", "offer-draw");
  act("p0", "accept-draw");
  EXPECT_FALSE(referee_view()["finished"].get<bool>()) << "p3 has not accepted";
  act("p3", "accept-draw");
  EXPECT_EQ(referee_view()["result"]["by"], "draw");
  expect_record_holds();
}

TEST_F(FourPlayers, DrawsAndUndoInAFourPlayerHuberGameNeedEveryOtherSeat) {
  if (!core::find_engine("huber-caravan")) GTEST_SKIP() << "huber-caravan is not built";
  create("huber-caravan", 4);
  const Document before = referee_view();
  const std::string mover = to_move();
  play();
  act(mover, "request-undo");
  std::vector<std::string> others;
  for (const char* name : {"p0", "p1", "p2", "p3"})
    if (name != mover) others.push_back(name);
  act(others[0], "accept-undo");
  act(others[1], "accept-undo");
  EXPECT_NE(referee_view()["state"], before["state"]) << "one seat has not accepted";
  act(others[2], "accept-undo");
  ASSERT_EQ(last_exit_, 0);
  EXPECT_EQ(referee_view()["state"], before["state"]);
  act(others[0], "offer-draw");
  act(others[1], "decline-draw");
  EXPECT_FALSE(referee_view().contains("draw_offer"));
  expect_record_holds();
}

TEST(Clock, DurationsAndTimesReadBackAsWritten) {
  EXPECT_EQ(core::parse_duration("1d12h")->count(), 129600);
  EXPECT_EQ(core::format_duration(core::Seconds(129600)), "1d12h");
  EXPECT_FALSE(core::parse_duration("12"));
  EXPECT_FALSE(core::parse_duration("3x"));
  // Issue 40: decimal and compound durations wherever one is read; for people, spaced.
  EXPECT_EQ(core::parse_duration("1h30m")->count(), 5400);
  EXPECT_EQ(core::parse_duration("1.5h")->count(), 5400);
  EXPECT_EQ(core::parse_duration_ms("0.5s")->count(), 500);
  EXPECT_EQ(core::parse_duration_ms("250ms")->count(), 250);
  EXPECT_EQ(core::parse_duration_ms("1m5s")->count(), 65000);
  EXPECT_FALSE(core::parse_duration("1.s"));
  EXPECT_FALSE(core::parse_duration("1.2345s"));
  EXPECT_EQ(core::duration_words(core::Seconds(530123)), "6d 3h 15m 23s");
  EXPECT_EQ(core::duration_words(core::Seconds(5400)), "1h 30m");
  EXPECT_EQ(core::format_time(at("2026-02-28T23:59:59Z") + core::Seconds(1)),
            "2026-03-01T00:00:00Z");
  EXPECT_FALSE(core::parse_time("2026-02-30T00:00:00Z"));
  EXPECT_FALSE(core::parse_time("2026-03-01 12:00"));
}

}  // namespace
