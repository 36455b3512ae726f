// Power cuts lose nothing acknowledged. The referee runs in process on the "power-cut" VFS
// (power_cut_vfs.hpp), which undoes every write not yet synced when the power fails. Each
// scenario is run once to count its steps (writes, truncations, syncs), then once with the cut
// before each step and once with the cut after the last. After every cut the database reopens
// with SQLite's own VFS: integrity_check is ok, audit is ok, and every turn that was
// acknowledged (submit's receipt, the mail filter's exit 0) is in the record.
#include <filesystem>
#include <iostream>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "core/engine.hpp"
#include "game_driver.hpp"
#include "ledger/receipt.hpp"
#include "mail/mailer.hpp"
#include "power_cut_vfs.hpp"
#include "temp_db.hpp"

namespace {

namespace fs = std::filesystem;
using game_driver::Game;

constexpr int kTurns = 3;

class DropsEverything : public mail::Delivery {
 public:
  void send(const mail::Composed&) override {}
};

std::string mail_of(const std::string& sender, int number, const std::string& turn) {
  return fmt::format(
      "From: {0} <{0}@example.org>\r\nTo: referee@example.org\r\nSubject: my turn\r\n"
      "Message-ID: <turn-{1}@example.org>\r\nDate: Mon, 23 Nov 2026 12:00:00 +0000\r\n"
      "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{2}",
      sender, number, turn);
}

class PowerCut : public TempDir {
 protected:
  void SetUp() override {
    TempDir::SetUp();
    fs::create_directories(dir_ / "fixture");
    fixture_ = (dir_ / "fixture" / "games.db").string();
    {
      store::Database db(fixture_);
      const auto made = referee::create_game(
          db, {"caravaneers", {"ann <ann@example.org>", "bob <bob@example.org>"}, {}, 7, {}});
      game_.id = made["game"];
      for (const auto& player : made["players"])
        game_.seats.push_back({player["name"], player["token"]});
      ledger::referee_public_key(db);  // the key file exists before the first receipt
    }
    // The turns to play, found on a scratch copy so that the fixture stays at turn 1.
    const std::string scratch = copy_fixture("scratch");
    core::Rng rng(1);
    for (int i = 0; i < kTurns; ++i) {
      const auto turn = game_driver::next_turn(scratch, game_, rng, 0);
      ASSERT_TRUE(turn);
      turns_.push_back(*turn);
      store::Database db(scratch);
      ASSERT_EQ(referee::submit(db, turn->text, "turn").exit_code, 0);
    }
  }
  std::string copy_fixture(const std::string& name) {
    const fs::path trial = dir_ / name;
    fs::remove_all(trial);
    fs::copy(dir_ / "fixture", trial);
    return (trial / "games.db").string();
  }

  // Runs the scenario on a fresh copy with the power cut before step `cut_before` (0: after
  // the last step), then checks the copy. Returns the number of steps taken.
  template <typename Scenario>
  std::int64_t trial(std::int64_t cut_before, Scenario scenario) {
    const std::string path = copy_fixture(fmt::format("cut-{}", cut_before));
    power_cut::arm(cut_before);
    int acknowledged = 0;
    try {
      store::Database db(path, {.create = false, .vfs = power_cut::kVfsName});
      scenario(db, acknowledged);
    } catch (const std::exception&) {  // the power is off: the process would be gone
    }
    const std::int64_t steps = power_cut::steps();
    power_cut::cut();
    SCOPED_TRACE(fmt::format("power cut before step {} of the scenario", cut_before));
    EXPECT_EQ(game_driver::integrity(path), "ok");
    const auto audit = game_driver::audit(path);
    EXPECT_TRUE(audit.at("ok").get<bool>()) << audit.dump();
    const auto record = game_driver::record(path, game_);
    EXPECT_GE(static_cast<int>(record.size()), acknowledged) << "an acknowledged turn was lost";
    if (!HasFailure()) fs::remove_all(fs::path(path).parent_path());
    return steps;
  }

  template <typename Scenario>
  void at_every_step(Scenario scenario) {
    const std::int64_t steps = trial(0, scenario);
    ASSERT_GT(steps, 0);
    for (std::int64_t step = 1; step <= steps && !HasFailure(); ++step) trial(step, scenario);
  }

  std::string fixture_;
  Game game_;
  std::vector<game_driver::Turn> turns_;
};

TEST_F(PowerCut, AtEveryStepOfSubmitEveryAcknowledgedTurnSurvives) {
  at_every_step([this](store::Database& db, int& acknowledged) {
    for (const auto& turn : turns_) {
      const auto outcome = referee::submit(db, turn.text, "turn");
      if (outcome.exit_code != 0 || !outcome.answer.contains("receipt")) return;
      ++acknowledged;
    }
  });
}

TEST_F(PowerCut, AtEveryStepOfMailEveryAcknowledgedTurnSurvives) {
  at_every_step([this](store::Database& db, int& acknowledged) {
    DropsEverything out;
    for (int i = 0; i < kTurns; ++i) {
      const auto handled =
          mail::handle_message(db,
                               mail_of(turns_[static_cast<std::size_t>(i)].player, i,
                                       turns_[static_cast<std::size_t>(i)].text),
                               mail::Config{}, out);
      if (handled.exit_code != 0 || handled.summary.value("verdict", "") != "accepted") return;
      ++acknowledged;
    }
  });
}

}  // namespace
