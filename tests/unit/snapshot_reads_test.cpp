// Commands that read a game's row and then its turns read both from one snapshot
// (store::ReadSnapshot): a turn that another referee commits between the two reads is not half
// seen. The tests commit a turn from a second connection at the moment the first connection
// starts its query of the turns (an SQLite statement trace), which is when a referee running
// beside the command could.
#include <cstring>
#include <functional>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "core/rng.hpp"
#include "game_driver.hpp"
#include "ledger/record.hpp"
#include "referee/picture.hpp"
#include "referee/referee.hpp"
#include "referee/verify.hpp"
#include "temp_db.hpp"

namespace {

using core::Document;

class SnapshotReads : public TempDb {
 protected:
  void SetUp() override {
    TempDb::SetUp();
    game_ = game_driver::new_game(path(), *core::find_engine("caravaneers"), 7);
    for (int turn = 0; turn < 2; ++turn) play(db());
    before_ = game_driver::turn_counter(path(), game_);
  }

  // Plays the first legal move of the player to move, on `on`.
  void play(store::Database& on) {
    core::Rng unused(0);  // the first move is chosen, not drawn
    const auto turn = game_driver::next_turn(path(), game_, unused, 0);
    ASSERT_TRUE(turn);
    ASSERT_EQ(referee::submit(on, turn->text, "t.yaml").exit_code, 0);
  }

  // Runs `read` on the test's connection; when it first starts a statement that reads the turns
  // table, another connection commits the next turn first.
  template <typename Read>
  auto with_a_turn_committed_meanwhile(Read read) {
    other_ = std::make_unique<store::Database>(path());
    sqlite3_trace_v2(db().handle(), SQLITE_TRACE_STMT, &SnapshotReads::traced, this);
    auto result = read();
    sqlite3_trace_v2(db().handle(), 0, nullptr, nullptr);
    EXPECT_TRUE(committed_) << "the turns were never read";
    EXPECT_EQ(game_driver::turn_counter(path(), game_), before_ + 1);
    return result;
  }

  static int traced(unsigned, void* self, void*, void* sql) {
    auto* test = static_cast<SnapshotReads*>(self);
    if (!test->committed_ && std::strstr(static_cast<const char*>(sql), "FROM turns")) {
      test->committed_ = true;
      test->play(*test->other_);
    }
    return 0;
  }

  game_driver::Game game_;
  std::int64_t before_ = 0;
  std::unique_ptr<store::Database> other_;
  bool committed_ = false;
};

TEST_F(SnapshotReads, AViewShowsTheLatestTurnOfTheStateItShows) {
  const Document view =
      with_a_turn_committed_meanwhile([&] { return referee::view(db(), game_.id, std::nullopt); });
  EXPECT_EQ(view.at("turn").get<std::int64_t>(), before_);
  ASSERT_EQ(view.at("last").size(), 1u);
  EXPECT_EQ(view.at("last")[0].at("turn").get<std::int64_t>(), before_ - 1);
}

TEST_F(SnapshotReads, TheLatestTurnOfAPictureIsTheStatesLatest) {
  const Document latest = with_a_turn_committed_meanwhile(
      [&] { return referee::latest_turn(db(), game_.id, std::nullopt); });
  EXPECT_EQ(latest.at("turn").get<std::int64_t>(), before_ - 1);
}

// submit --out and a mail reply draw views made before the turns are read again: the picture
// marks the view's own latest turn, not one committed since.
TEST_F(SnapshotReads, APictureOfAnEarlierViewMarksThatViewsLatestTurn) {
  const Document view = referee::view(db(), game_.id, std::nullopt);
  play(db());
  const std::int64_t shown = view.at("turn").get<std::int64_t>();
  EXPECT_EQ(referee::latest_turn(db(), game_.id, std::nullopt, shown).at("turn"), shown - 1);
  EXPECT_EQ(referee::latest_turn(db(), game_.id, std::nullopt).at("turn"), shown);
  EXPECT_TRUE(referee::latest_turn(db(), game_.id, std::nullopt, 1).is_null());  // no turn yet
  EXPECT_TRUE(referee::latest_turn(db(), game_.id, std::nullopt, shown + 5).is_null());
}

TEST_F(SnapshotReads, AHistoryEndsAtTheChainHeadItGives) {
  const Document history = with_a_turn_committed_meanwhile(
      [&] { return referee::history(db(), game_.id, std::nullopt); });
  ASSERT_EQ(history.at("turns").size(), static_cast<std::size_t>(before_ - 1));
  EXPECT_EQ(history.at("turns").back().at("chain"), history.at("chain"));
}

TEST_F(SnapshotReads, AnAuditDoesNotTakeATurnCommittedMeanwhileForABrokenRecord) {
  const Document report =
      with_a_turn_committed_meanwhile([&] { return referee::audit(db(), std::nullopt); });
  EXPECT_TRUE(report.at("ok").get<bool>()) << report.dump();
  EXPECT_EQ(report.at("games")[0].at("turns").get<std::int64_t>(), before_ - 1);
  EXPECT_TRUE(referee::audit(db(), std::nullopt).at("ok").get<bool>());  // and after it
}

TEST_F(SnapshotReads, AnExportedRecordEndsAtItsChainHeadAndVerifies) {
  const Document record =
      with_a_turn_committed_meanwhile([&] { return ledger::export_record(db(), game_.id, false); });
  ASSERT_EQ(record.at("turns").size(), static_cast<std::size_t>(before_ - 1));
  EXPECT_EQ(record.at("turns").back().at("chain"), record.at("chain_head"));
  EXPECT_TRUE(referee::verify_record(record).at("ok").get<bool>());
}

}  // namespace
