// A command loads each game it touches once, reads each turn file once and makes each reader's
// view once: its turn, its answer and every letter, view file and picture are made from the game
// it holds in hand (referee/in_hand.hpp). The commands run whole, in this process, as from the
// command line, and core/tally.hpp counts the steps.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/cli.hpp"
#include "core/tally.hpp"
#include "game_driver.hpp"
#include "referee/referee.hpp"
#include "temp_db.hpp"

namespace {

using core::Document;

struct Counts {
  std::uint64_t loads = 0, files_read = 0, views = 0;
};

Counts now_counted() {
  return {core::tallied(core::Step::kSnapshotLoad), core::tallied(core::Step::kTurnFileRead),
          core::tallied(core::Step::kViewMade)};
}

std::size_t files_in(const std::filesystem::path& dir) {
  if (!std::filesystem::exists(dir)) return 0;
  return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir),
                                                std::filesystem::directory_iterator()));
}

class OneLoad : public ClockedTempDb {
 protected:
  void SetUp() override {
    ClockedTempDb::SetUp();
    referee::NewGame request;
    request.kind = "caravaneers";
    request.players = {"ann <ann@example.org>", "bob <bob@example.org>"};
    request.seed = 7;
    request.observers = {"cy <cy@example.org>"};
    request.timing.deadline = "1h";
    request.timing.nmr = "default";
    const Document made = referee::create_game(db(), request);
    game_.id = made.at("game").get<std::string>();
    for (const auto& seat : made.at("players"))
      game_.seats.push_back({seat.at("name").get<std::string>(), seat.at("token")});
  }

  // Runs the command line (after `caravan-ref --db DB --format json`) in this process and
  // returns what it counted; its exit code and standard output are kept.
  Counts run(std::vector<std::string> args) {
    args.insert(args.begin(), {"caravan-ref", "--db", path(), "--format", "json"});
    std::vector<char*> argv;
    for (auto& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    const Counts before = now_counted();
    testing::internal::CaptureStdout();
    exit_code_ = cli::run(static_cast<int>(args.size()), argv.data(), cli::Mail::kLinked);
    printed_ = testing::internal::GetCapturedStdout();
    const Counts after = now_counted();
    return {after.loads - before.loads, after.files_read - before.files_read,
            after.views - before.views};
  }

  // ann's first turn, as a file.
  std::string first_turn() {
    const auto moves = referee::legal_moves(db(), game_.id, "ann", nullptr, 1);
    EXPECT_FALSE(moves.moves.empty());
    return game_driver::turn_file(game_, 1, "ann", moves.moves.at(0));
  }

  std::string file(const std::string& name, const std::string& text) {
    return game_driver::write_file(dir_ / name, text);
  }

  game_driver::Game game_;
  int exit_code_ = -1;
  std::string printed_;
};

TEST_F(OneLoad, ASubmitLoadsItsGameOnceAndReadsItsFileOnce) {
  const Counts counted = run({"submit", file("t.yaml", first_turn())});
  ASSERT_EQ(exit_code_, 0) << printed_;
  EXPECT_EQ(counted.loads, 1u);
  EXPECT_EQ(counted.files_read, 1u);
  EXPECT_EQ(counted.views, 0u);  // nothing asked for a view
}

TEST_F(OneLoad, ASubmitWithViewsAndPicturesMakesEachViewOnceFromTheOneLoad) {
  const Counts counted = run({"--format", "svg", "submit", "--out", (dir_ / "out").string(),
                              file("t.yaml", first_turn())});
  ASSERT_EQ(exit_code_, 0) << printed_;
  EXPECT_EQ(counted.loads, 1u);
  EXPECT_EQ(counted.files_read, 1u);
  EXPECT_EQ(counted.views, 3u);                      // ann's, bob's and the referee's
  EXPECT_EQ(files_in(dir_ / "out" / game_.id), 7u);  // each view, its picture, the receipt
}

TEST_F(OneLoad, AMailedTurnLoadsItsGameOnceAndMakesEachLettersViewOnce) {
  const auto maildir = dir_ / "maildir";
  for (const char* sub : {"new", "cur", "tmp"}) std::filesystem::create_directories(maildir / sub);
  file("maildir/new/1.eml",
       "From: Ann <ann@example.org>\nTo: referee@example.org\nSubject: my move\n"
       "Date: Sun, 01 Mar 2026 12:00:00 +0000\nMessage-ID: <one-load-1@example.org>\n"
       "MIME-Version: 1.0\nContent-Type: text/plain; charset=us-ascii\n\n" +
           first_turn());
  const auto outbox = dir_ / "outbox";
  const Counts counted = run({"mail", "--maildir", maildir.string(), "--outbox", outbox.string(),
                              "--from", "referee@example.org"});
  ASSERT_EQ(exit_code_, 0) << printed_;
  ASSERT_EQ(Document::parse(printed_).at(0).at("verdict"), "accepted") << printed_;
  EXPECT_EQ(files_in(outbox / "new"), 3u);  // ann (with her receipt), bob, the observer cy
  EXPECT_EQ(counted.loads, 1u);
  EXPECT_EQ(counted.files_read, 1u);
  EXPECT_EQ(counted.views, 3u);
}

TEST_F(OneLoad, ATickLoadsEachGameOnceForItsTurnAndItsMail) {
  const auto outbox = dir_ / "outbox";
  // Past ann's deadline: the clock plays her default move and every reader hears of it.
  const Counts counted = run({"--now", "2026-03-01T15:00:00Z", "tick", "--mail", "--outbox",
                              outbox.string(), "--from", "referee@example.org"});
  ASSERT_EQ(exit_code_, 0) << printed_;
  const Document report = Document::parse(printed_);
  ASSERT_EQ(report.at("actions").size(), 1u) << printed_;
  EXPECT_EQ(report["actions"][0].at("action"), "default");
  EXPECT_EQ(files_in(outbox / "new"), 3u);
  EXPECT_EQ(counted.loads, 1u);
  EXPECT_EQ(counted.files_read, 0u);
  EXPECT_EQ(counted.views, 3u);
}

TEST_F(OneLoad, AnAdminCorrectionLoadsItsGameOnceForItsTurnAndItsMail) {
  const auto outbox = dir_ / "outbox";
  const Counts counted =
      run({"admin", "extend", game_.id, "--by", "1d", "--reason", "a holiday", "--mail", "--outbox",
           outbox.string(), "--from", "referee@example.org"});
  ASSERT_EQ(exit_code_, 0) << printed_;
  EXPECT_EQ(files_in(outbox / "new"), 3u);
  EXPECT_EQ(counted.loads, 1u);
  EXPECT_EQ(counted.views, 3u);
}

TEST_F(OneLoad, ABotTurnLoadsItsGameOnceAndMakesNoView) {
  referee::NewGame request;
  request.kind = "caravaneers";
  request.players = {"robot", "ann"};
  request.seed = 8;
  request.bots = {{"robot", "random"}};
  const std::string id = referee::create_game(db(), request).at("game").get<std::string>();
  const Counts counted = run({"bot", id, "--player", "robot", "--level", "random"});
  ASSERT_EQ(exit_code_, 0) << printed_;
  EXPECT_TRUE(Document::parse(printed_).at("file").contains("signature")) << printed_;
  EXPECT_EQ(counted.loads, 1u);
  // The bot signs its turn as a document and writes the file once: submit is its one reader.
  EXPECT_EQ(counted.files_read, 1u);
  EXPECT_EQ(counted.views, 0u);
}

// A person's turn by mail that the referee's bot answers in the same run: the bot's turn is
// played on the game in hand, and the one reply shows the game after it.
TEST_F(OneLoad, AMailedTurnThatTheSeatedBotAnswersLoadsItsGameOnce) {
  referee::NewGame request;
  request.kind = "caravaneers";
  request.players = {"ann <ann@example.org>", "robot"};
  request.seed = 8;
  request.bots = {{"robot", "greedy"}};
  const Document made = referee::create_game(db(), request);
  game_driver::Game game{made.at("game").get<std::string>(), {}};
  for (const auto& seat : made.at("players"))
    game.seats.push_back({seat.at("name").get<std::string>(), seat.value("token", "")});
  const auto moves = referee::legal_moves(db(), game.id, "ann", nullptr, 1);
  ASSERT_FALSE(moves.moves.empty());
  const auto maildir = dir_ / "maildir";
  for (const char* sub : {"new", "cur", "tmp"}) std::filesystem::create_directories(maildir / sub);
  file("maildir/new/1.eml",
       "From: Ann <ann@example.org>\nTo: referee@example.org\nSubject: my move\n"
       "Date: Sun, 01 Mar 2026 12:00:00 +0000\nMessage-ID: <one-load-bot@example.org>\n"
       "MIME-Version: 1.0\nContent-Type: text/plain; charset=us-ascii\n\n" +
           game_driver::turn_file(game, 1, "ann", moves.moves.at(0)));
  const auto outbox = dir_ / "outbox";
  const Counts counted = run({"mail", "--maildir", maildir.string(), "--outbox", outbox.string(),
                              "--from", "referee@example.org"});
  ASSERT_EQ(exit_code_, 0) << printed_;
  const Document summary = Document::parse(printed_).at(0);
  ASSERT_EQ(summary.at("verdict"), "accepted") << printed_;
  ASSERT_EQ(summary.at("bots").size(), 1u) << printed_;
  EXPECT_EQ(summary["bots"][0].at("accepted"), true);
  EXPECT_EQ(files_in(outbox / "new"), 1u);  // ann's one reply: the robot has no address
  EXPECT_EQ(counted.loads, 1u);
  EXPECT_EQ(counted.files_read, 2u);  // ann's file, and the bot's (submit is its one reader)
  EXPECT_EQ(counted.views, 1u);       // ann's, after the robot's turn
}

}  // namespace
