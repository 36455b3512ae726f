// Races lose nothing: many `caravan-ref submit` processes let loose at the same moment. The same
// turn of one game is accepted exactly once and the others are refused as stale; turns of
// different games are all accepted; every submission is recorded; "database is locked" never
// reaches a user, and 75 (busy) comes only when the busy timeout has truly run out.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

#include <gtest/gtest.h>
#include <unistd.h>

#include "core/clock.hpp"
#include "core/engine.hpp"
#include "game_driver.hpp"
#include "process.hpp"
#include "temp_db.hpp"

namespace {

namespace fs = std::filesystem;
using core::Document;
using game_driver::Game;

class Races : public TempDir {
 protected:
  void SetUp() override {
    TempDir::SetUp();
    db_ = path();
  }

  // Starts one `submit` per file, all held at a gate and let loose together; their outcomes.
  std::vector<process::Outcome> submit_at_once(const std::vector<std::string>& files) {
    process::Gate gate;
    std::vector<std::unique_ptr<process::Child>> children;
    for (std::size_t i = 0; i < files.size(); ++i)
      children.push_back(std::make_unique<process::Child>(
          std::vector<std::string>{"--db", db_, "submit", files[i]},
          std::map<std::string, std::string>{}, dir_.string(), fmt::format("racer{}", i), &gate));
    gate.open();
    std::vector<process::Outcome> outcomes;
    for (const auto& child : children) outcomes.push_back(child->wait());
    return outcomes;
  }

  static void expect_no_lock_message(const process::Outcome& outcome) {
    EXPECT_EQ(outcome.err.find("locked"), std::string::npos) << outcome.err;
    EXPECT_EQ(outcome.out.find("locked"), std::string::npos) << outcome.out;
  }

  std::string db_;
};

TEST_F(Races, TheSameTurnSentByManyAtOnceIsAcceptedOnceTheRestStaleAndAllRecorded) {
  constexpr int kRacers = 12;
  int total = 0;
  for (const core::Engine* engine : core::engines()) {
    SCOPED_TRACE(engine->id());
    const Game game = game_driver::new_game(db_, *engine, 5);
    core::Rng rng(5);
    std::vector<std::string> files;
    std::int64_t number = 0;
    for (int i = 0; i < kRacers; ++i) {  // the player to move, trying different moves
      const auto turn = game_driver::next_turn(db_, game, rng, static_cast<std::size_t>(i));
      ASSERT_TRUE(turn);
      number = turn->number;
      files.push_back(
          game_driver::write_file(dir_ / fmt::format("{}-{}.yaml", engine->id(), i), turn->text));
    }
    const auto outcomes = submit_at_once(files);
    total += kRacers;
    int accepted = 0;
    for (const auto& outcome : outcomes) {
      expect_no_lock_message(outcome);
      if (outcome.exit_code == 0) {
        ++accepted;
      } else {
        EXPECT_EQ(outcome.exit_code, 65) << outcome.err;
        EXPECT_NE(outcome.err.find("(stale)"), std::string::npos) << outcome.err;
      }
    }
    EXPECT_EQ(accepted, 1);
    int recorded = 0, recorded_accepted = 0;
    for (const auto& row : game_driver::submissions(db_, game))
      if (row.turn && *row.turn == number) {
        ++recorded;
        recorded_accepted += row.accepted ? 1 : 0;
      }
    EXPECT_EQ(recorded, kRacers) << "every racing submission is recorded";
    EXPECT_EQ(recorded_accepted, 1);
    EXPECT_GT(game_driver::turn_counter(db_, game), number);
  }
  EXPECT_EQ(game_driver::integrity(db_), "ok");
  EXPECT_TRUE(game_driver::audit(db_).at("ok").get<bool>());
  std::printf("[ races ] %d racing submissions of the same turns\n", total);
}

TEST_F(Races, TurnsOfDifferentGamesSentAtOnceAreAllAccepted) {
  constexpr int kGamesPerEngine = 3;
  std::vector<Game> games;
  std::vector<std::int64_t> numbers;
  std::vector<std::string> files;
  core::Rng rng(6);
  for (int copy = 0; copy < kGamesPerEngine; ++copy)
    for (const core::Engine* engine : core::engines()) {
      games.push_back(game_driver::new_game(db_, *engine, 10 + games.size()));
      const auto turn = game_driver::next_turn(db_, games.back(), rng);
      ASSERT_TRUE(turn) << engine->id();
      numbers.push_back(turn->number);
      files.push_back(
          game_driver::write_file(dir_ / fmt::format("game{}.yaml", files.size()), turn->text));
    }
  const auto outcomes = submit_at_once(files);
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    expect_no_lock_message(outcomes[i]);
    EXPECT_EQ(outcomes[i].exit_code, 0) << outcomes[i].err;
    EXPECT_GT(game_driver::turn_counter(db_, games[i]), numbers[i]);
  }
  EXPECT_EQ(game_driver::integrity(db_), "ok");
  EXPECT_TRUE(game_driver::audit(db_).at("ok").get<bool>());
  std::printf("[ races ] %zu submissions to different games at once\n", outcomes.size());
}

TEST_F(Races, ManyProcessesCreatingTheSameNewDatabaseAtOnceAllSucceed) {
  constexpr int kRacers = 12;
  process::Gate gate;
  std::vector<std::unique_ptr<process::Child>> children;
  const core::Engine& engine = *core::engines().front();
  std::vector<std::string> args = {"--db", db_, "new", engine.id()};
  for (int seat = 0; seat < engine.min_players(); ++seat)
    args.insert(args.end(), {"--player", fmt::format("p{}", seat)});
  for (int i = 0; i < kRacers; ++i)
    children.push_back(std::make_unique<process::Child>(args, std::map<std::string, std::string>{},
                                                        dir_.string(), fmt::format("creator{}", i),
                                                        &gate));
  gate.open();
  for (const auto& child : children) {
    const auto outcome = child->wait();
    expect_no_lock_message(outcome);
    EXPECT_EQ(outcome.exit_code, 0) << outcome.err;
  }
  EXPECT_EQ(game_driver::integrity(db_), "ok");
  store::Database db(db_);
  EXPECT_EQ(store::GameStore(db).list_games().size(), static_cast<std::size_t>(kRacers));
}

// The clock's tick against the player's own turn, at a moment past the deadline: whichever comes
// first takes the turn (the player's move, or the default move the clock plays); the other finds
// it done. Never both, never a lock message, and the record audits.
TEST_F(Races, TicksAndASubmitPastTheDeadlineTakeTheTurnOnceBetweenThem) {
  constexpr int kTicks = 4, kSubmits = 4;
  core::set_now(core::parse_time("2026-03-01T12:00:00Z"));
  for (const core::Engine* engine : core::engines()) {
    SCOPED_TRACE(engine->id());
    Game game;
    {
      store::Database db(db_);
      referee::NewGame request;
      request.kind = engine->id();
      for (int seat = 0; seat < std::max(2, engine->min_players()); ++seat)
        request.players.push_back(fmt::format("p{}", seat));
      request.seed = 9;
      request.timing.deadline = "1d";
      request.timing.nmr = "default";
      const Document made = referee::create_game(db, request);
      game.id = made.at("game").get<std::string>();
      for (const auto& player : made.at("players"))
        game.seats.push_back(
            {player.at("name").get<std::string>(), player.value("token", std::string())});
    }
    core::Rng rng(9);
    const auto turn = game_driver::next_turn(db_, game, rng);
    ASSERT_TRUE(turn);
    const std::string file =
        game_driver::write_file(dir_ / fmt::format("{}-turn.yaml", engine->id()), turn->text);
    process::Gate gate;
    const std::map<std::string, std::string> late = {{"CARAVAN_REF_NOW", "2026-03-03T00:00:00Z"}};
    std::vector<std::unique_ptr<process::Child>> children;
    for (int i = 0; i < kTicks + kSubmits; ++i)
      children.push_back(std::make_unique<process::Child>(
          i % 2 == 0 ? std::vector<std::string>{"--db", db_, "tick"}
                     : std::vector<std::string>{"--db", db_, "submit", file},
          late, dir_.string(), fmt::format("{}-{}", engine->id(), i), &gate));
    gate.open();
    int accepted = 0, defaults = 0;
    for (int i = 0; i < kTicks + kSubmits; ++i) {
      const auto outcome = children[static_cast<std::size_t>(i)]->wait();
      expect_no_lock_message(outcome);
      if (i % 2 == 0) {
        EXPECT_EQ(outcome.exit_code, 0) << outcome.err;
        for (std::size_t at = outcome.out.find("action: default"); at != std::string::npos;
             at = outcome.out.find("action: default", at + 1))
          ++defaults;
      } else if (outcome.exit_code == 0) {
        ++accepted;
      } else {
        EXPECT_EQ(outcome.exit_code, 65) << outcome.err;
      }
    }
    EXPECT_EQ(accepted + defaults, 1) << "the turn is taken once, by the player or the clock";
    const auto record = game_driver::record(db_, game);
    ASSERT_GE(record.size(), static_cast<std::size_t>(turn->number));
    EXPECT_EQ(record[static_cast<std::size_t>(turn->number - 1)].action.is_null(), accepted == 1);
  }
  core::set_now(std::nullopt);
  EXPECT_EQ(game_driver::integrity(db_), "ok");
  EXPECT_TRUE(game_driver::audit(db_).at("ok").get<bool>());
}

TEST_F(Races, AWriterWaitsForTheLockAndIsBusyOnlyWhenTheTimeoutRunsOut) {
  const Game game = game_driver::new_game(db_, *core::engines().front(), 7);
  core::Rng rng(7);
  const auto turn = game_driver::next_turn(db_, game, rng);
  ASSERT_TRUE(turn);
  const std::string file = game_driver::write_file(dir_ / "turn.yaml", turn->text);
  const std::vector<std::string> args = {"--db", db_, "submit", file};

  {  // Another writer holds the lock for a while, then lets go: the submission waits and wins.
    store::Database holder(db_);
    holder.exec("BEGIN IMMEDIATE");
    process::Child child(args, {{"CARAVAN_REF_BUSY_TIMEOUT", "5000"}}, dir_.string(), "waits");
    std::this_thread::sleep_for(std::chrono::milliseconds(700));  // time to reach the lock
    EXPECT_TRUE(child.running()) << "it did not wait for the lock";
    holder.exec("COMMIT");
    const auto outcome = child.wait();
    EXPECT_EQ(outcome.exit_code, 0) << outcome.err;
    expect_no_lock_message(outcome);
  }
  const auto next = game_driver::next_turn(db_, game, rng);
  ASSERT_TRUE(next);
  const std::string next_file = game_driver::write_file(dir_ / "next.yaml", next->text);
  {  // The lock outlasts the timeout: 75 while it is still held, a clear message, nothing changed.
    store::Database holder(db_);
    holder.exec("BEGIN IMMEDIATE");
    process::Child child({"--db", db_, "submit", next_file}, {{"CARAVAN_REF_BUSY_TIMEOUT", "300"}},
                         dir_.string(), "busy");
    const auto outcome = child.wait();
    holder.exec("COMMIT");
    EXPECT_EQ(outcome.exit_code, 75) << outcome.err;
    EXPECT_NE(outcome.err.find("busy"), std::string::npos) << outcome.err;
    expect_no_lock_message(outcome);
  }
  EXPECT_EQ(game_driver::turn_counter(db_, game), next->number);
  const auto retried = process::run({"--db", db_, "submit", next_file}, dir_.string());
  EXPECT_EQ(retried.exit_code, 0) << retried.err;
}

}  // namespace
