// An audit checks each turn's state hash on a second thread while the replay goes on
// (referee/state_hash_checks.hpp). Whichever thread checks a turn, the audit names the first
// turn of the record that fails, as a replay that checked every hash in turn would. A verify of
// the same long game's record (which checks each hash in turn) is held to the same order.
#include "referee/state_hash_checks.hpp"

#include <map>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/rng.hpp"
#include "ledger/record.hpp"
#include "referee/game_context.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"
#include "temp_db.hpp"
#include "turn_file.hpp"

namespace {

using core::Document;
using referee::StateHashChecks;

// Turn `n` of a made-up game, its state text `size` bytes long; its recorded hash is the right
// one unless `wrong`.
StateHashChecks::Turn made_turn(std::int64_t n, std::size_t size, bool wrong = false) {
  StateHashChecks::Turn turn{n, std::string(size, static_cast<char>('a' + n % 26)), "rng", "", ""};
  turn.state_text += std::to_string(n);
  turn.recorded = wrong ? std::string(64, '0')
                        : referee::state_hash_of_texts(turn.state_text, turn.rng, turn.host_text);
  return turn;
}

// The checks of a game of `turns` turns whose states are `size` bytes long, wrong at `wrong`.
StateHashChecks::Outcome check_game(StateHashChecks& checks, std::int64_t turns, std::size_t size,
                                    const std::set<std::int64_t>& wrong = {}) {
  checks.start_game(turns);
  for (std::int64_t n = 1; n <= turns; ++n) checks.check(made_turn(n, size, wrong.count(n) > 0));
  return checks.finish();
}

const std::size_t kLong = StateHashChecks::kLongState, kShort = kLong / 4;
const std::int64_t kLongGame = StateHashChecks::kLongGame + 37;  // not a whole number of batches

TEST(StateHashChecks, ALongGameOfLongStatesIsCheckedOnTheThreadAndAgreesToTheLastTurn) {
  StateHashChecks checks;
  const auto outcome = check_game(checks, kLongGame, kLong);
  EXPECT_FALSE(outcome.first_differing);
  const auto last = made_turn(kLongGame, kLong);
  EXPECT_EQ(outcome.last_text, last.state_text);
  EXPECT_EQ(outcome.last_hash, last.recorded);
  EXPECT_GT(checks.handed_over(), 0);
  EXPECT_LT(checks.handed_over(), kLongGame) << "the last turns are checked by the caller";
  EXPECT_FALSE(checks.differed());
}

TEST(StateHashChecks, TheFirstTurnWhoseHashDiffersIsNamedWhicheverThreadCheckedIt) {
  StateHashChecks checks;
  auto outcome = check_game(checks, kLongGame, kLong, {40, 70});
  EXPECT_EQ(outcome.first_differing, 40);
  EXPECT_EQ(outcome.last_text, made_turn(40, kLong).state_text) << "checked up to the first";
  // In the last turns, fewer than a batch, that the caller checks itself.
  outcome = check_game(checks, kLongGame, kLong, {kLongGame});
  EXPECT_EQ(outcome.first_differing, kLongGame);
  // The first turn.
  outcome = check_game(checks, kLongGame, kLong, {1, kLongGame});
  EXPECT_EQ(outcome.first_differing, 1);
}

TEST(StateHashChecks, AShortGameOrShortStatesAreCheckedByTheCallerAsTheyCome) {
  StateHashChecks checks;
  for (const auto& [turns, size] :
       {std::pair{StateHashChecks::kLongGame - 1, kLong}, std::pair{kLongGame, kShort}}) {
    checks.start_game(turns);
    for (std::int64_t n = 1; n <= 10; ++n) {
      checks.check(made_turn(n, size, n == 10));
      EXPECT_EQ(checks.differed(), n == 10) << "turn " << n << " of " << turns;
    }
    EXPECT_EQ(checks.finish().first_differing, 10);
  }
  EXPECT_EQ(checks.handed_over(), 0) << "no thread started";
}

// The texts of checked turns come back, empty, with their memory, for the next turns' states to
// be written into (State::write_view_text), whichever thread checked them; at most kSpares are
// kept. Turns written into them check as any others.
TEST(StateHashChecks, TheTextsOfCheckedTurnsComeBackEmptyWithTheirMemory) {
  StateHashChecks checks;
  EXPECT_LT(checks.spare_text().capacity(), kLong) << "none has come back yet";
  const auto spares = [&checks] {
    std::size_t count = 0;
    for (;;) {  // (a string assigned an empty one would keep its own memory)
      const std::string text = checks.spare_text();
      if (text.capacity() < kShort) return count;
      EXPECT_TRUE(text.empty());
      ++count;
    }
  };
  check_game(checks, kLongGame, kLong);  // on the thread, and the last turns by the caller
  // More turns came back than are kept.
  static_assert(kLongGame > static_cast<std::int64_t>(StateHashChecks::kSpares) + 1);
  EXPECT_EQ(spares(), StateHashChecks::kSpares);
  check_game(checks, 5, kShort);  // by the caller alone
  EXPECT_EQ(spares(), 4U) << "the last turn's text is the outcome's";

  checks.start_game(kLongGame);
  for (std::int64_t n = 1; n <= kLongGame; ++n) {
    StateHashChecks::Turn turn = made_turn(n, kLong, n == 77);
    std::string text = checks.spare_text();
    text.assign(turn.state_text);
    turn.state_text = std::move(text);
    checks.check(std::move(turn));
  }
  EXPECT_EQ(checks.finish().first_differing, 77);
}

TEST(StateHashChecks, EachGameIsCheckedAfresh) {
  StateHashChecks checks;
  EXPECT_EQ(check_game(checks, kLongGame, kLong, {50}).first_differing, 50);
  EXPECT_FALSE(checks.differed());
  const auto next = check_game(checks, kLongGame, kLong);
  EXPECT_FALSE(next.first_differing);
  EXPECT_EQ(next.last_hash, made_turn(kLongGame, kLong).recorded);
  EXPECT_FALSE(check_game(checks, 3, kShort).first_differing);
  // A game with no turn checks nothing.
  checks.start_game(0);
  const auto none = checks.finish();
  EXPECT_FALSE(none.first_differing);
  EXPECT_EQ(none.last_hash, "");
}

// A long game of `kind`, played to 90 turns (or its end) by random legal moves.
class LongGame : public TempDb {
 protected:
  LongGame(std::string kind, std::vector<std::string> players)
      : kind_(std::move(kind)), players_(std::move(players)) {}
  void SetUp() override {
    TempDb::SetUp();
    db().exec("PRAGMA synchronous=OFF");
    const Document made = referee::create_game(db(), {kind_, players_, {}, 11, {}});
    game_ = made["game"];
    std::map<std::string, std::string> tokens;
    for (const Document& player : made["players"]) tokens[player["name"]] = player["token"];
    core::Rng chooser(5);
    for (int n = 1; n <= 90; ++n) {
      const Document view = referee::view(db(), game_, std::nullopt);
      if (view["finished"].get<bool>()) break;
      const std::string player = view["to_move"][0];
      const auto moves = referee::legal_moves(db(), game_, player, nullptr, 64);
      const std::string file = TurnFile(game_, player, view["turn"].get<std::int64_t>())
                                   .token(tokens.at(player))
                                   .move(moves.moves.at(chooser.below(moves.moves.size())));
      ASSERT_EQ(referee::submit(db(), file, "test", {.views = false}).exit_code, 0) << file;
      turns_ = n;
    }
    ASSERT_GE(turns_, StateHashChecks::kLongGame + 16);
  }
  std::string kind_;
  std::vector<std::string> players_;
  std::string game_;
  std::int64_t turns_ = 0;
};

// The audit of the long game. The game is made to look as if it were recorded before the audit
// chain existed (no seed commitment), so that a changed state hash is not first caught by the
// chain: the audit must then find it by the replay.
class AuditHashChecks : public LongGame {
 protected:
  // caravanserai's states (about 2.7 KB of text and more) are long enough to be checked on the
  // thread; nv-caravan's (about 1.6 KB) are checked in turn.
  AuditHashChecks() : LongGame("caravanserai", {"ann", "bob", "cy", "dee"}) {}
  void SetUp() override {
    LongGame::SetUp();
    // The thread is used or not by a game's first state; the rest are longer still.
    ASSERT_GE(store::GameStore(db()).find_game(game_)->initial_state.dump().size(),
              StateHashChecks::kLongState);
    db().exec("UPDATE games SET seed_commitment = ''");
  }
  void change(const std::string& column, std::int64_t turn) {
    const std::string value = column == "state_hash" ? "'" + std::string(64, '0') + "'" : "'[]'";
    db().exec("UPDATE turns SET " + column + " = " + value +
              " WHERE number = " + std::to_string(turn));
  }
  Document audited() { return referee::audit(db(), game_)["games"][0]; }
};

TEST_F(AuditHashChecks, AnUnchangedLongGameAudits) {
  const Document report = audited();
  EXPECT_EQ(report["ok"], true) << report.dump();
  EXPECT_EQ(report["turns"], turns_);
}

TEST_F(AuditHashChecks, TheFirstChangedStateHashIsTheOneNamed) {
  change("state_hash", 60);
  change("state_hash", 20);
  Document report = audited();
  EXPECT_EQ(report["error"], "turn 20: the state hash differs");
  EXPECT_EQ(report["turns"], 19) << "the turns that audited";
  // Before a later turn whose events differ, a changed hash is still the first failure.
  change("events", 30);
  EXPECT_EQ(audited()["error"], "turn 20: the state hash differs");
}

TEST_F(AuditHashChecks, EventsThatDifferBeforeAChangedHashAreTheFailure) {
  change("state_hash", 60);
  change("events", 30);
  const Document report = audited();
  EXPECT_EQ(report["error"], "turn 30: the events differ");
  EXPECT_EQ(report["turns"], 29);
}

TEST_F(AuditHashChecks, TheLastTurnsHashIsChecked) {
  change("state_hash", turns_);
  EXPECT_EQ(audited()["error"], fmt::format("turn {}: the state hash differs", turns_));
}

// verify of the long game's record, exported with its seed so that it is replayed. A record is
// a document anyone can change, a field at a time, as these tests do. (Checking verify's hashes
// on the thread too was tried and was slower: docs/PERFORMANCE.md, eleventh session.)
class VerifyLongRecord : public LongGame {
 protected:
  VerifyLongRecord() : LongGame("nv-caravan", {"ann", "bob"}) {}
  void SetUp() override {
    LongGame::SetUp();
    record_ = ledger::export_record(db(), game_, true);
    ASSERT_EQ(record_["turns"].size(), static_cast<std::size_t>(turns_));
  }
  Document& turn(std::int64_t n) { return record_["turns"][static_cast<std::size_t>(n - 1)]; }
  void change_hash(std::int64_t n) { turn(n)["state_hash"] = std::string(64, '0'); }
  void change_chain(std::int64_t n) { turn(n)["chain"] = std::string(64, 'f'); }
  // The failure named: "field at turn N".
  std::string failure() {
    const Document report = ledger::verify_record(record_);
    if (report["ok"].get<bool>()) return "none";
    const Document& error = report["error"];
    return fmt::format("{} at turn {}", error["field"].get<std::string>(),
                       error.value("turn", std::int64_t{0}));
  }
  Document record_;
};

TEST_F(VerifyLongRecord, AnUnchangedLongRecordVerifiesAndIsReplayed) {
  const Document report = ledger::verify_record(record_);
  EXPECT_EQ(report["ok"], true) << report.dump();
  EXPECT_EQ(report["replayed"], true);
  EXPECT_EQ(report["turns"], turns_);
}

TEST_F(VerifyLongRecord, TheFirstChangedStateHashIsTheOneNamed) {
  change_hash(60);
  change_hash(20);
  EXPECT_EQ(failure(), "state_hash at turn 20");
  const Document report = ledger::verify_record(record_);
  EXPECT_NE(report["error"]["message"].get<std::string>().find("the state hash was changed"),
            std::string::npos)
      << report.dump();
}

TEST_F(VerifyLongRecord, AChangedHashComesBeforeALaterBrokenChain) {
  change_hash(20);
  change_chain(70);
  EXPECT_EQ(failure(), "state_hash at turn 20");
}

TEST_F(VerifyLongRecord, ABrokenChainComesBeforeALaterChangedHash) {
  change_hash(70);
  change_chain(30);
  EXPECT_EQ(failure(), "chain at turn 30");
}

TEST_F(VerifyLongRecord, AChangedHashAndChainOfOneTurnNameTheMoves) {
  // Neither the recorded hash nor the replayed one gives the recorded chain: the replay cannot
  // tell which was changed, and names the turn's moves, as it does when checking in turn.
  change_hash(40);
  change_chain(40);
  EXPECT_EQ(failure(), "moves at turn 40");
}

TEST_F(VerifyLongRecord, AFailureAfterTheTurnsComesAfterAChangedHash) {
  change_hash(turns_);
  record_["chain_head"] = std::string(64, 'e');
  EXPECT_EQ(failure(), fmt::format("state_hash at turn {}", turns_));
}

TEST_F(VerifyLongRecord, TheLastTurnsHashIsChecked) {
  change_hash(turns_);
  EXPECT_EQ(failure(), fmt::format("state_hash at turn {}", turns_));
}

}  // namespace
