// Crashes lose nothing: `caravan-ref submit` killed with SIGKILL at every step of processing a
// turn (core::fault_point, CARAVAN_FAULT) and at random moments. Afterwards SQLite finds the file
// sound, audit replays every game clean, every turn that was acknowledged (exit 0) is in the
// record, and the game goes on. Runs over every registered engine.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <thread>

#include <gtest/gtest.h>
#include <unistd.h>

#include "core/engine.hpp"
#include "game_driver.hpp"
#include "process.hpp"
#include "temp_db.hpp"

namespace {

namespace fs = std::filesystem;
using game_driver::Game;
using game_driver::Turn;

// The fault points a turn passes, in order, and whether the turn is stored when the process
// dies there (the write transaction commits between before-commit and after-commit).
struct Point {
  const char* name;
  bool stored;
};
constexpr Point kAcceptedPath[] = {
    {"after-parse", false},   {"after-begin", false},       {"after-record-submission", false},
    {"after-apply", false},   {"after-append-turn", false}, {"after-update-snapshot", false},
    {"after-receipt", false}, {"before-commit", false},     {"after-commit", true},
    {"after-views", true},
};
// A refused turn: its submission row is written in a transaction of its own.
constexpr Point kRejectedPath[] = {
    {"after-parse", false},
    {"before-record-rejection", false},
    {"after-record-rejection", false},
    {"before-commit", false},
    {"after-commit", true},
};

class CrashSafety : public TempDir, public ::testing::WithParamInterface<const core::Engine*> {
 protected:
  void SetUp() override {
    TempDir::SetUp();
    db_ = path();
  }

  process::Outcome submit(const std::string& file, const std::string& fault = "",
                          const std::string& name = "submit") {
    std::map<std::string, std::string> env;
    if (!fault.empty()) env["CARAVAN_FAULT"] = fault;
    return process::run({"--db", db_, "submit", file, "--out", (dir_ / "views").string()},
                        dir_.string(), env, name);
  }

  // The database is sound and every game in it replays clean.
  void expect_sound(const std::string& when) {
    EXPECT_EQ(game_driver::integrity(db_), "ok") << when;
    const auto audit = game_driver::audit(db_);
    EXPECT_TRUE(audit.at("ok").get<bool>()) << when << ": " << audit.dump();
  }

  // A game that is not over, started afresh when the last one ended.
  Game& live_game(core::Rng& rng) {
    if (!game_ || !game_driver::next_turn(db_, *game_, rng))
      game_ = game_driver::new_game(db_, *GetParam(), 100 + games_++);
    return *game_;
  }

  std::string db_;
  std::optional<Game> game_;
  int games_ = 0;
};

TEST_P(CrashSafety, AKillAtEveryStepOfAnAcceptedTurnLosesNothingAndTheTurnCanBeSentAgain) {
  core::Rng rng(1);
  for (const Point& point : kAcceptedPath) {
    SCOPED_TRACE(point.name);
    Game& game = live_game(rng);
    const auto turn = game_driver::next_turn(db_, game, rng);
    ASSERT_TRUE(turn);
    const std::string file = game_driver::write_file(dir_ / "turn.yaml", turn->text);

    const auto killed = submit(file, point.name);
    EXPECT_EQ(killed.signal, SIGKILL) << "the fault point was not reached: " << killed.err;
    expect_sound(point.name);
    EXPECT_EQ(game_driver::turn_counter(db_, game), turn->number + (point.stored ? 1 : 0))
        << "the turn is stored exactly when the process died after the commit";

    // Sent again: applied now if it was lost, refused as stale if it was kept.
    const auto again = submit(file);
    if (point.stored) {
      EXPECT_EQ(again.exit_code, 65) << again.err;
      EXPECT_NE(again.err.find("(stale)"), std::string::npos) << again.err;
    } else {
      EXPECT_EQ(again.exit_code, 0) << again.err;
    }
    EXPECT_GT(game_driver::turn_counter(db_, game), turn->number);
    expect_sound(std::string("after sending again, ") + point.name);
  }
}

TEST_P(CrashSafety, AKillAtEveryStepOfARefusedTurnLeavesTheGameAsItWas) {
  core::Rng rng(2);
  for (const Point& point : kRejectedPath) {
    SCOPED_TRACE(point.name);
    Game& game = live_game(rng);
    const auto turn = game_driver::next_turn(db_, game, rng);
    ASSERT_TRUE(turn);
    // The right player and move, but a turn number from the future: refused.
    const std::string file = game_driver::write_file(
        dir_ / "late.yaml",
        game_driver::turn_file(game, turn->number + 5, turn->player, turn->move));
    const std::size_t recorded = game_driver::submissions(db_, game).size();

    const auto killed = submit(file, point.name);
    EXPECT_EQ(killed.signal, SIGKILL) << "the fault point was not reached: " << killed.err;
    expect_sound(point.name);
    EXPECT_EQ(game_driver::turn_counter(db_, game), turn->number);
    EXPECT_EQ(game_driver::submissions(db_, game).size(), recorded + (point.stored ? 1 : 0));

    const auto again = submit(file);
    EXPECT_EQ(again.exit_code, 65) << again.err;
    const auto good = submit(game_driver::write_file(dir_ / "turn.yaml", turn->text));
    EXPECT_EQ(good.exit_code, 0) << good.err;
  }
  expect_sound("at the end");
}

TEST_P(CrashSafety, KillsAtRandomMomentsNeverLoseAnAcknowledgedTurnAndTheGameGoesOn) {
  core::Rng rng(3);
  Game& first = live_game(rng);
  // How long one submission takes here: the kills land anywhere from its start to past its end.
  auto turn = game_driver::next_turn(db_, first, rng);
  ASSERT_TRUE(turn);
  const auto timed = submit(game_driver::write_file(dir_ / "turn.yaml", turn->text));
  ASSERT_EQ(timed.exit_code, 0) << timed.err;
  const auto span_us = static_cast<std::uint64_t>(timed.seconds * 1.3e6) + 1000;

  struct Acknowledged {
    std::string game;
    Turn turn;
  };
  std::vector<Acknowledged> acknowledged;
  int kills = 0, finished_first = 0;
  constexpr int kRuns = 30;
  for (int run = 0; run < kRuns; ++run) {
    Game& game = live_game(rng);
    turn = game_driver::next_turn(db_, game, rng);
    ASSERT_TRUE(turn);
    const std::string file = game_driver::write_file(dir_ / "turn.yaml", turn->text);
    process::Child child({"--db", db_, "submit", file}, {}, dir_.string(), "random");
    std::this_thread::sleep_for(std::chrono::microseconds(rng.below(span_us)));
    child.kill();
    ++kills;
    const auto outcome = child.wait();
    if (outcome.signal == 0) {
      // It finished before the kill: it must have done so cleanly.
      ASSERT_EQ(outcome.exit_code, 0) << outcome.err;
      ++finished_first;
      acknowledged.push_back({game.id, *turn});
    } else {
      ASSERT_EQ(outcome.signal, SIGKILL);
    }
    if (run % 10 == 9) expect_sound(fmt::format("after {} kills", run + 1));
  }
  expect_sound("after the kills");
  std::printf(
      "[ %s ] %d kills tried, %d submissions finished first, all %zu acknowledged turns "
      "checked\n",
      GetParam()->id().c_str(), kills, finished_first, acknowledged.size());

  // Every acknowledged turn is in its game's record, as it was sent.
  for (const auto& ack : acknowledged) {
    Game game{ack.game, {}};
    bool found = false;
    for (const auto& row : game_driver::record(db_, game))
      if (row.number == ack.turn.number) {
        found = !row.moves.empty() && row.moves[0] == ack.turn.move && !row.forced;
        break;
      }
    EXPECT_TRUE(found) << "acknowledged turn " << ack.turn.number << " of " << ack.game
                       << " is missing";
  }

  // The game goes on: a few more turns, each accepted.
  for (int more = 0; more < 5; ++more) {
    Game& game = live_game(rng);
    turn = game_driver::next_turn(db_, game, rng);
    ASSERT_TRUE(turn);
    const auto outcome = submit(game_driver::write_file(dir_ / "turn.yaml", turn->text));
    EXPECT_EQ(outcome.exit_code, 0) << outcome.err;
  }
  expect_sound("at the end");
}

std::string engine_name(const ::testing::TestParamInfo<const core::Engine*>& info) {
  std::string name = info.param->id();
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(EveryEngine, CrashSafety, ::testing::ValuesIn(core::engines()),
                         engine_name);

}  // namespace
