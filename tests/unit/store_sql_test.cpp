// The store's functions that hold the SQL of the referee's keys, the mail filter's record and the
// notification targets (store/referee_keys.hpp, mail_messages.hpp, notify_targets.hpp), read
// back through the store as their callers read them; and the backends' interface as a caller
// meets it. Run on SQLite and, in pg.unit, on PostgreSQL.
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "core/clock.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"
#include "store/mail_messages.hpp"
#include "store/notify_targets.hpp"
#include "store/referee_keys.hpp"
#include "temp_db.hpp"

namespace {

const std::string kKeyA(64, 'a');
const std::string kKeyB(64, 'b');

class StoreSql : public ClockedTempDb {
 protected:
  // A game of two seats, Ann's with an address of mixed case.
  std::string new_game() {
    referee::NewGame request;
    request.kind = "caravaneers";
    request.players = {"Ann <Ann@Example.org>", "bob"};
    request.seed = 3;
    return referee::create_game(db(), request)["game"].get<std::string>();
  }
};

TEST_F(StoreSql, AKeyChangeRetiresTheOldKeyWhichStaysKnown) {
  EXPECT_EQ(store::current_referee_key(db()), std::nullopt);
  store::use_referee_key(db(), kKeyA);
  EXPECT_EQ(store::current_referee_key(db()), kKeyA);
  store::use_referee_key(db(), kKeyB);
  EXPECT_EQ(store::current_referee_key(db()), kKeyB);
  EXPECT_TRUE(store::is_known_referee_key(db(), kKeyA));
  EXPECT_TRUE(store::is_known_referee_key(db(), std::string(64, 'B')));  // any case
  EXPECT_FALSE(store::is_known_referee_key(db(), std::string(64, 'c')));
  store::use_referee_key(db(), kKeyA);  // a retired key in use again: still one key in use
  EXPECT_EQ(store::current_referee_key(db()), kKeyA);
  store::Statement in_use(db(), "SELECT count(*) FROM referee_keys WHERE retired_at IS NULL");
  ASSERT_TRUE(in_use.step());
  EXPECT_EQ(in_use.integer(0), 1);
}

TEST_F(StoreSql, AMessageIsRecordedDecidedAndAnswered) {
  store::MessageRow row;
  row.message_id = "<one@example.org>";
  row.sender = "ann@example.org";
  row.size = 120;
  row.subject = "turn";
  const std::int64_t id = store::insert_message(db(), row);
  store::count_message_again(db(), id);
  auto found = store::find_message(db(), "<one@example.org>");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->id, id);
  EXPECT_EQ(found->verdict, "received");
  EXPECT_EQ(found->received_at, "2026-03-01T12:00:00Z");  // the tests' clock, as now
  EXPECT_EQ(found->times_seen, 2);
  EXPECT_EQ(found->turn, std::nullopt);
  EXPECT_TRUE(found->answer.is_null());

  found->verdict = "rejected";
  found->reason = "not your turn";
  found->turn = 4;
  found->turn_text = "game: g\n";
  found->answer = {{"verdict", "rejected"}};
  store::record_verdict(db(), *found);
  store::mark_message_answered(db(), id);
  const auto decided = store::find_message(db(), "<one@example.org>");
  ASSERT_TRUE(decided);
  EXPECT_EQ(decided->verdict, "rejected");
  EXPECT_EQ(decided->reason, "not your turn");
  EXPECT_EQ(decided->turn, 4);
  EXPECT_EQ(decided->turn_text, "game: g\n");
  EXPECT_EQ(decided->submission_id, std::nullopt);
  EXPECT_EQ(decided->answer, found->answer);
  EXPECT_EQ(decided->answered_at, "2026-03-01T12:00:00Z");
  EXPECT_FALSE(store::find_message(db(), "<two@example.org>"));
}

TEST_F(StoreSql, AnAddressFindsItsSeatsInRunningGamesInAnyCase) {
  const std::string game = new_game();
  const auto seats = store::seats_of_address(db(), "ann@EXAMPLE.org");
  ASSERT_EQ(seats.size(), 1u);
  EXPECT_EQ(seats[0].game, game);
  EXPECT_EQ(seats[0].kind, "caravaneers");
  EXPECT_EQ(seats[0].player, "Ann");
  EXPECT_EQ(seats[0].seat, 0);
  EXPECT_TRUE(store::seats_of_address(db(), "bob@example.org").empty());
  db().exec("UPDATE games SET finished = 1");
  EXPECT_TRUE(store::seats_of_address(db(), "ann@example.org").empty());
}

TEST_F(StoreSql, TheLatestSubmissionOfAFileSinceATimeIsFound) {
  store::GameStore games(db());
  store::SubmissionRow refused;
  refused.raw = "x";
  refused.raw_sha256 = "feed";
  refused.error = "no such game";
  refused.error_code = 65;
  games.record_submission(refused);
  EXPECT_FALSE(store::latest_submission_of(db(), "feed", "2026-03-01T12:00:01Z"));
  const auto found = store::latest_submission_of(db(), "feed", "2026-03-01T12:00:00Z");
  ASSERT_TRUE(found);
  EXPECT_FALSE(found->accepted);
  EXPECT_EQ(found->error, "no such game");
  store::SubmissionRow accepted = refused;
  accepted.accepted = true;
  accepted.error = std::nullopt;
  accepted.error_code = std::nullopt;
  const std::int64_t second = games.record_submission(accepted);
  const auto latest = store::latest_submission_of(db(), "feed", "2026-03-01T12:00:00Z");
  ASSERT_TRUE(latest);
  EXPECT_EQ(latest->id, second);
  EXPECT_TRUE(latest->accepted);
  EXPECT_EQ(latest->error, "");
}

TEST_F(StoreSql, ATargetIsAddedListedStoppedToldAndRemoved) {
  const std::string game = new_game();
  const std::int64_t first = store::insert_notify_target(db(), game, "json", "https://a/SECRET");
  const std::int64_t second = store::insert_notify_target(db(), game, "slack", "https://b/SECRET");
  EXPECT_EQ(store::active_notify_target_with_url(db(), game, "https://a/SECRET"), first);
  EXPECT_EQ(store::active_notify_target_with_url(db(), game, "https://c/SECRET"), std::nullopt);
  auto active = store::active_notify_targets(db(), game);
  ASSERT_EQ(active.size(), 2u);
  EXPECT_EQ(active[1].id, second);
  EXPECT_EQ(active[1].format, "slack");
  EXPECT_EQ(active[1].url, "https://b/SECRET");

  store::Statement stop(db(),
                        "UPDATE notify_targets SET stopped_at = ?, stop_reason = ? WHERE id = ?");
  stop.bind(1, std::string("2026-03-01T12:00:00Z")).bind(2, std::string("410 Gone"));
  stop.bind(3, first).run();
  EXPECT_EQ(store::active_notify_targets(db(), game).size(), 1u);
  const auto listed = store::listed_notify_targets(db(), game);
  ASSERT_EQ(listed.size(), 2u);
  EXPECT_EQ(listed[0].stopped_at, "2026-03-01T12:00:00Z");
  EXPECT_EQ(listed[0].stop_reason, "410 Gone");
  EXPECT_EQ(listed[0].added_at, "2026-03-01T12:00:00Z");
  EXPECT_EQ(listed[1].stopped_at, std::nullopt);
  for (const auto& target : listed) EXPECT_EQ(target.url, "") << "a listing shows no URL";
  const auto untold = store::untold_notify_target_stops(db());
  ASSERT_EQ(untold.size(), 1u);
  EXPECT_EQ(untold[0].id, first);
  EXPECT_EQ(untold[0].game, game);
  EXPECT_EQ(untold[0].url, "");
  store::mark_stop_told(db(), first);
  EXPECT_TRUE(store::untold_notify_target_stops(db()).empty());

  EXPECT_TRUE(store::remove_notify_target(db(), game, second));
  EXPECT_FALSE(store::remove_notify_target(db(), game, second));
  EXPECT_FALSE(store::remove_notify_target(db(), "another", first));
  EXPECT_EQ(store::listed_notify_targets(db(), game).size(), 1u);
}

TEST_F(StoreSql, ASeatsChatUserIsLinkedChangedAndUnlinked) {
  const std::string game = new_game();
  EXPECT_EQ(store::mention_of(db(), game, 0, "discord"), std::nullopt);
  EXPECT_TRUE(store::set_mention_of(db(), game, 0, "discord", "123456789012345678"));
  EXPECT_FALSE(store::set_mention_of(db(), game, 0, "discord", "123456789012345678"));
  EXPECT_TRUE(store::set_mention_of(db(), game, 0, "discord", "223456789012345678"));
  EXPECT_EQ(store::mention_of(db(), game, 0, "discord"), "223456789012345678");
  EXPECT_EQ(store::mention_of(db(), game, 0, "slack"), std::nullopt);
  EXPECT_EQ(store::mention_of(db(), game, 1, "discord"), std::nullopt);
  EXPECT_TRUE(store::set_mention_of(db(), game, 0, "discord", ""));
  EXPECT_FALSE(store::set_mention_of(db(), game, 0, "discord", ""));
  EXPECT_EQ(store::mention_of(db(), game, 0, "discord"), std::nullopt);
}

// A Statement kept past its Database's end is freed without the connection (which the Database
// closed), on either backend.
TEST_F(StoreSql, AStatementThatOutlivesItsDatabaseIsOnlyFreed) {
  std::optional<store::Statement> kept;
  kept.emplace(db(), "SELECT count(*) FROM games");
  ASSERT_TRUE(kept->step());
  EXPECT_EQ(kept->integer(0), 0);
  db_.reset();
  kept.reset();
  db_ = std::make_unique<store::Database>(path());  // the database is whole and opens again
  store::Statement again(db(), "SELECT count(*) FROM games");
  ASSERT_TRUE(again.step());
  EXPECT_EQ(again.integer(0), 0);
}

// A statement taken back from the connection's cache keeps nothing of its last use: neither its
// parameters nor its place in the rows.
TEST_F(StoreSql, AStatementOfTheSameSqlStartsAfresh) {
  new_game();
  new_game();
  const std::string sql = "SELECT kind FROM games WHERE CAST(?1 AS TEXT) IS NULL OR kind = ?1";
  {
    store::Statement first(db(), sql);
    first.bind(1, std::string("caravaneers"));
    ASSERT_TRUE(first.step());  // left after its first row of two
  }
  store::Statement second(db(), sql);
  second.bind(1, std::string("nothing"));
  EXPECT_FALSE(second.step());
  store::Statement third(db(), sql);
  third.bind_null(1);
  int rows = 0;
  while (third.step()) ++rows;
  EXPECT_EQ(rows, 2);
}

}  // namespace
