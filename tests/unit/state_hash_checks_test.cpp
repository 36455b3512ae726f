// An audit checks each turn's state hash on a second thread while the replay goes on
// (referee/state_hash_checks.hpp). Whichever thread checks a turn, the audit names the first
// turn of the record that fails, as a replay that checked every hash in turn would.
#include "referee/state_hash_checks.hpp"

#include <set>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/rng.hpp"
#include "referee/game_context.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"
#include "temp_db.hpp"

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

// The audit of a long nv-caravan game (states of about 1.6 KB, so its hashes are checked on the
// thread). The game is made to look as if it were recorded before the audit chain existed (no
// seed commitment), so that a changed state hash is not first caught by the chain: the audit
// must then find it by the replay.
class AuditHashChecks : public TempDb {
 protected:
  void SetUp() override {
    TempDb::SetUp();
    db().exec("PRAGMA synchronous=OFF");
    const Document made = referee::create_game(db(), {"nv-caravan", {"ann", "bob"}, {}, 11, {}});
    game_ = made["game"];
    core::Rng chooser(5);
    for (int n = 1; n <= 90; ++n) {
      const Document view = referee::view(db(), game_, std::nullopt);
      if (view["finished"].get<bool>()) break;
      const std::string player = view["to_move"][0];
      const auto moves = referee::legal_moves(db(), game_, player, nullptr, 64);
      const std::string file =
          "game: " + game_ + "\nplayer: " + player + "\nturn: " + std::to_string(n) +
          "\ntoken: " + made["players"][player == "ann" ? 0 : 1]["token"].get<std::string>() +
          "\nmoves: [" + moves.moves.at(chooser.below(moves.moves.size())).dump() + "]\n";
      ASSERT_EQ(referee::submit(db(), file, "test", {.views = false}).exit_code, 0) << file;
      turns_ = n;
    }
    ASSERT_GE(turns_, StateHashChecks::kLongGame + 16);
    ASSERT_GE(store::GameStore(db()).find_game(game_)->state.dump().size(),
              StateHashChecks::kLongState);
    db().exec("UPDATE games SET seed_commitment = ''");
  }
  void change(const std::string& column, std::int64_t turn) {
    const std::string value = column == "state_hash" ? "'" + std::string(64, '0') + "'" : "'[]'";
    db().exec("UPDATE turns SET " + column + " = " + value +
              " WHERE number = " + std::to_string(turn));
  }
  Document audited() { return referee::audit(db(), game_)["games"][0]; }
  std::string game_;
  std::int64_t turns_ = 0;
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

}  // namespace
