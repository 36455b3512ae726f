#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "game_driver.hpp"
#include "store/copy.hpp"
#include "store/game_store.hpp"
#include "store/pg.hpp"
#include "temp_db.hpp"

namespace {

using core::Document;
using StoreTest = TempDb;

store::SubmissionRow submission(const char* raw) {
  store::SubmissionRow row;
  row.raw = raw;
  return row;
}

TEST_F(StoreTest, MigrationsBringAnEmptyDatabaseToTheLatestSchema) {
  EXPECT_GE(store::Database::latest_schema_version(), 2);
  EXPECT_EQ(db().schema_version(), store::Database::latest_schema_version());
  for (const char* table : {"games", "players", "submissions", "turns"}) {
    store::Statement query(
        db(), on_postgresql() ? "SELECT count(*) FROM information_schema.tables WHERE "
                                "table_schema = current_schema() AND table_name = ?"
                              : "SELECT count(*) FROM sqlite_master WHERE type='table' AND name=?");
    query.bind(1, std::string(table));
    ASSERT_TRUE(query.step());
    EXPECT_EQ(query.integer(0), 1) << table;
  }
}

TEST_F(StoreTest, ReopeningDoesNotMigrateAgainAndKeepsData) {
  store::GameStore(db()).record_submission(
      {std::nullopt, std::nullopt, std::nullopt, "x", false, 65, "bad"});
  db_.reset();
  db_ = std::make_unique<store::Database>(path());
  EXPECT_EQ(db().schema_version(), store::Database::latest_schema_version());
  EXPECT_EQ(store::GameStore(db()).submissions(std::nullopt).size(), 1u);
}

TEST_F(StoreTest, TheDatabaseRunsInWalMode) {
  SKIP_ON_POSTGRESQL();
  store::Statement query(db(), "PRAGMA journal_mode");
  ASSERT_TRUE(query.step());
  EXPECT_EQ(query.text(0), "wal");
}

TEST_F(StoreTest, ATransactionRollsBackUnlessCommitted) {
  store::GameStore games(db());
  {
    store::Transaction tx(db());
    games.record_submission({std::nullopt, std::nullopt, std::nullopt, "lost", false, 65, "x"});
  }
  EXPECT_TRUE(games.submissions(std::nullopt).empty());
  {
    store::Transaction tx(db());
    games.record_submission(
        {std::nullopt, std::nullopt, std::nullopt, "kept", true, std::nullopt, std::nullopt});
    tx.commit();
  }
  ASSERT_EQ(games.submissions(std::nullopt).size(), 1u);
  EXPECT_EQ(games.submissions(std::nullopt)[0].raw, "kept");
}

// A batch of turns (submit of several files) puts each turn's transaction inside one shared
// transaction: an inner rollback undoes only its own work, and an inner commit lasts only if the
// shared one commits.
TEST_F(StoreTest, ATransactionInsideAnotherIsASavepointThatStandsOrFallsAlone) {
  store::GameStore games(db());
  auto row = [](const char* raw) {
    store::SubmissionRow submission;
    submission.raw = raw;
    submission.accepted = true;
    return submission;
  };
  {
    store::Transaction batch(db());
    {
      store::Transaction first(db());
      games.record_submission(row("first"));
      first.commit();
    }
    {
      store::Transaction refused(db());
      games.record_submission(row("refused"));
    }  // rolled back: only its own row goes
    {
      store::Transaction third(db());
      games.record_submission(row("third"));
      third.commit();
    }
    batch.commit();
  }
  const auto kept = games.submissions(std::nullopt);
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept[0].raw, "first");
  EXPECT_EQ(kept[1].raw, "third");
  {
    store::Transaction batch(db());
    store::Transaction inner(db());
    games.record_submission(row("never"));
    inner.commit();
  }  // the shared transaction was not committed: the inner commit goes with it
  EXPECT_EQ(games.submissions(std::nullopt).size(), 2u);
}

// audit reads a game's row, then its turns and actions: all of them from one snapshot, so a turn
// another referee commits meanwhile is not half seen.
TEST_F(StoreTest, AReadSnapshotSeesTheDatabaseAsItWasAtItsFirstRead) {
  store::GameStore games(db());
  store::Database other(path());
  store::GameStore others(other);
  games.record_submission(submission("before"));
  {
    store::ReadSnapshot snapshot(db());
    ASSERT_EQ(games.submissions(std::nullopt).size(), 1u);
    others.record_submission(submission("meanwhile"));  // committed by another connection
    EXPECT_EQ(others.submissions(std::nullopt).size(), 2u);
    EXPECT_EQ(games.submissions(std::nullopt).size(), 1u);
  }
  EXPECT_EQ(games.submissions(std::nullopt).size(), 2u);
}

TEST_F(StoreTest, AReadSnapshotKeepsNoWriteAndLeavesAnOpenTransactionAlone) {
  store::GameStore games(db());
  {
    store::ReadSnapshot snapshot(db());
    games.record_submission(submission("not kept"));
  }
  EXPECT_TRUE(games.submissions(std::nullopt).empty());
  {
    store::Transaction tx(db());
    {
      store::ReadSnapshot inside(db());
      games.record_submission(submission("kept"));
    }
    tx.commit();
  }
  ASSERT_EQ(games.submissions(std::nullopt).size(), 1u);
  EXPECT_EQ(games.submissions(std::nullopt)[0].raw, "kept");
}

// A transaction opened inside a read snapshot would be a savepoint that the snapshot's end rolls
// back: refused at once, so that no write is lost without a word.
TEST_F(StoreTest, ATransactionInsideAReadSnapshotIsRefused) {
  store::GameStore games(db());
  {
    store::ReadSnapshot snapshot(db());
    EXPECT_THROW(store::Transaction tx(db()), std::logic_error);
  }
  store::Transaction tx(db());  // after it, as before
  games.record_submission(submission("kept"));
  tx.commit();
  EXPECT_EQ(games.submissions(std::nullopt).size(), 1u);
}

TEST_F(StoreTest, AWriterWaitingPastTheBusyTimeoutGetsATemporaryFailure) {
  store::Transaction holder(db());  // this connection holds the write lock
  store::Database other(path());
  other.exec(on_postgresql() ? "SET lock_timeout = 50" : "PRAGMA busy_timeout = 50");
  try {
    store::Transaction blocked(other);
    FAIL() << "a second writer got the lock";
  } catch (const core::UserError& e) {
    EXPECT_EQ(e.code(), core::Exit::kTempFail);
  }
}

// Migration 010 moved the snapshots kept after each turn out of the turns table into their own.
// A database from before it is made here from a new one by undoing the migration (the snapshots
// back in the turns' rows, user_version 9), with one turn stored without a snapshot, as games
// older than 006 are. Opened again, it keeps every snapshot where undo and rollback read them.
TEST_F(StoreTest, AnOlderDatabaseMovesItsSnapshotsToTheirOwnTable) {
  SKIP_ON_POSTGRESQL();  // a history of SQLite files: no PostgreSQL database is older than 014
  const core::Engine& engine = *core::find_engine("nv-caravan");
  const game_driver::Game game = game_driver::new_game(path(), engine, 5);
  core::Rng rng(5);
  for (int played = 0; played < 6; ++played) {
    const auto turn = game_driver::next_turn(path(), game, rng);
    ASSERT_TRUE(turn.has_value());
    ASSERT_EQ(referee::submit(db(), turn->text, "test", {.views = false}).exit_code, 0);
  }
  std::vector<Document> kept;
  for (std::int64_t n = 1; n <= 6; ++n) {
    kept.push_back(store::GameStore(db()).snapshot_after(game.id, n).document());
    ASSERT_TRUE(kept.back().is_object()) << "turn " << n;
  }
  db().exec(
      "ALTER TABLE turns ADD COLUMN snapshot TEXT;"
      "UPDATE turns SET snapshot = (SELECT s.snapshot FROM turn_snapshots s "
      "  WHERE s.game_id = turns.game_id AND s.number = turns.number);"
      "UPDATE turns SET snapshot = NULL WHERE number = 2;"
      "DROP TABLE turn_snapshots;"
      "DROP TABLE chat_seen;"         // what schema 016 adds
      "DROP TABLE chat_ids;"          // what schema 017 adds
      "DROP TABLE tournament_seats;"  // what schema 015 adds (its column goes with its table)
      "DROP TABLE tournament_games;"  // and 014
      "DROP TABLE tournament_entrants;"
      "DROP TABLE tournaments;"
      "DROP TABLE notify_mentions;"  // what schema 013 adds (its columns go with their tables)
      "DROP TABLE notify_outbox;"    // what schema 012 adds
      "DROP TABLE notify_targets;"
      "DROP TABLE mail_outbox;"  // and what schema 011 adds: its table, the application id
      "PRAGMA application_id = 0;"
      "PRAGMA user_version = 9;");
  db_.reset();
  db_ = std::make_unique<store::Database>(path());

  EXPECT_EQ(db().schema_version(), store::Database::latest_schema_version());
  store::Statement columns(db(), "SELECT count(*) FROM pragma_table_info('turns') WHERE name = ?");
  columns.bind(1, std::string("snapshot"));
  ASSERT_TRUE(columns.step());
  EXPECT_EQ(columns.integer(0), 0) << "the turns table still has its snapshot column";
  for (std::int64_t n = 1; n <= 6; ++n) {
    const Document moved = store::GameStore(db()).snapshot_after(game.id, n).document();
    if (n == 2)
      EXPECT_TRUE(moved.is_null()) << "a turn stored without a snapshot has none";
    else
      EXPECT_EQ(moved, kept[static_cast<std::size_t>(n - 1)]) << "turn " << n;
  }
  EXPECT_EQ(store::GameStore(db()).turns(game.id).size(), 6u);
  EXPECT_TRUE(referee::audit(db(), game.id)["ok"].get<bool>());
}

TEST_F(StoreTest, MisusedSqlThrows) {
  EXPECT_THROW(store::Statement(db(), "SELECT nonsense FROM nowhere"), std::runtime_error);
}

// The statements' SQL is written once; PostgreSQL is sent SQLite's placeholders as its own.
TEST(StorePlaceholders, BecomeNumberedOutsideQuotedText) {
  EXPECT_EQ(store::pg::numbered_placeholders("SELECT a FROM t WHERE b = ? AND c = ?"),
            "SELECT a FROM t WHERE b = $1 AND c = $2");
  EXPECT_EQ(store::pg::numbered_placeholders("WHERE ?1 IS NULL OR g = ?1 LIMIT ?2"),
            "WHERE $1 IS NULL OR g = $1 LIMIT $2");
  EXPECT_EQ(store::pg::numbered_placeholders("SELECT '?', \"a?\" FROM t WHERE x = ?"),
            "SELECT '?', \"a?\" FROM t WHERE x = $1");
  EXPECT_EQ(store::pg::numbered_placeholders("SELECT 'it''s ?' WHERE x = ?"),
            "SELECT 'it''s ?' WHERE x = $1");
}

TEST(StorePlaceholders, APasswordInAUrlIsNeverShown) {
  EXPECT_EQ(store::pg::shown("postgresql://ref:s3cret@db.example/games"),
            "postgresql://ref:***@db.example/games");
  EXPECT_EQ(store::pg::shown("postgres:///games?host=/run/pg&password=s3cret&sslmode=require"),
            "postgres:///games?host=/run/pg&password=***&sslmode=require");
  EXPECT_TRUE(store::pg::is_url("postgres://x/y"));
  EXPECT_FALSE(store::pg::is_url("games.db"));
}

// Both backends reach the same schema version: a migration added to schema/ needs its twin in
// schema/pg/.
TEST(StorePlaceholders, PostgreSqlMigrationsReachTheSameVersion) {
  EXPECT_EQ(store::pg::latest_schema_version(), store::Database::latest_schema_version());
}

// A statement stepped past its last row runs again when stepped once more, on both backends; a
// statement that changes nothing says so; the statements' parameter that may be NULL
// (`CAST(?1 AS TEXT) IS NULL`, a form PostgreSQL can type) matches all when it is.
TEST_F(StoreTest, ChangesCountTheRowsAStatementChanged) {
  store::GameStore games(db());
  games.record_submission(submission("one"));
  games.record_submission(submission("two"));
  db().exec("UPDATE submissions SET error = 'x'");
  EXPECT_EQ(db().changes(), 2);
  store::Statement none(db(), "UPDATE submissions SET error = 'y' WHERE id = ?");
  none.bind(1, std::int64_t{999}).run();
  EXPECT_EQ(db().changes(), 0);
  store::GameStore(db()).record_submission(submission("three"));
  store::Statement count(db(), "SELECT count(*) FROM submissions WHERE error = ?");
  count.bind(1, std::string("x"));
  ASSERT_TRUE(count.step());
  EXPECT_EQ(count.integer(0), 2);
  EXPECT_FALSE(count.step());
  ASSERT_TRUE(count.step());  // run again
  EXPECT_EQ(count.integer(0), 2);
  EXPECT_EQ(store::GameStore(db()).submissions(std::nullopt).size(), 3u);
  EXPECT_EQ(store::GameStore(db()).submissions(std::string("nowhere")).size(), 0u);
}

// On PostgreSQL, what stands for the SQLite file's header: the table caravan_ref_meta.
TEST_F(StoreTest, APostgreSqlSchemaOfAnotherProgramIsRefusedUntouched) {
  if (!on_postgresql()) GTEST_SKIP() << "a test of the PostgreSQL store";
  db_.reset();
  const std::string other = "other_" + schema_;
  test_pg_exec("CREATE SCHEMA " + other + "; CREATE TABLE " + other + ".accounts (id int)");
  const std::string url = test_pg_url() + "&options=-csearch_path%3D" + other;
  try {
    store::Database refused(url);
    ADD_FAILURE() << "another program's schema was opened";
  } catch (const core::UserError& e) {
    EXPECT_EQ(e.code(), core::Exit::kRejected);
    EXPECT_NE(std::string(e.what()).find("another program"), std::string::npos) << e.what();
  }
  test_pg_exec("DROP SCHEMA " + other + " CASCADE");
}

TEST_F(StoreTest, APostgreSqlDatabaseFromANewerCaravanRefIsRefused) {
  if (!on_postgresql()) GTEST_SKIP() << "a test of the PostgreSQL store";
  db().exec("UPDATE caravan_ref_meta SET schema_version = 999");
  db_.reset();
  try {
    store::Database refused(path());
    ADD_FAILURE() << "a newer schema was opened";
  } catch (const core::UserError& e) {
    EXPECT_EQ(e.code(), core::Exit::kConfig);
  }
}

TEST_F(StoreTest, APostgreSqlDatabaseInAnotherEncodingIsRefused) {
  if (!on_postgresql()) GTEST_SKIP() << "a test of the PostgreSQL store";
  const std::string name = "utf8_" + schema_;
  test_pg_exec("CREATE DATABASE " + name + " ENCODING 'UTF8' TEMPLATE template0");
  std::string url = test_pg_url();
  url.replace(url.find("/caravan?"), 9, "/" + name + "?");
  try {
    store::Database refused(url);
    ADD_FAILURE() << "a UTF8 database was opened";
  } catch (const core::UserError& e) {
    EXPECT_EQ(e.code(), core::Exit::kConfig);
    EXPECT_NE(std::string(e.what()).find("SQL_ASCII"), std::string::npos) << e.what();
  }
  test_pg_exec("DROP DATABASE " + name);
}

TEST_F(StoreTest, AnUnreachablePostgreSqlServerIsATemporaryFailure) {
  try {
    store::Database refused("postgresql:///caravan?host=" + dir_.string() + "/no-server");
    ADD_FAILURE() << "a server that is not there answered";
  } catch (const core::UserError& e) {
    EXPECT_EQ(e.code(), core::Exit::kTempFail);
  }
}

// copy knows every table and column a migrated database has (it copies a new one whole), and
// refuses a source with one it does not know rather than leave it behind.
TEST_F(StoreTest, CopyKnowsEveryColumnAndRefusesASourceWithOneItDoesNot) {
  const std::string into = (dir_ / "copy.db").string();
  {
    store::Database to(into);
    EXPECT_NO_THROW(store::copy_database(db(), to));
  }
  db().exec("ALTER TABLE games ADD COLUMN later TEXT");
  store::Database again((dir_ / "again.db").string());
  try {
    store::copy_database(db(), again);
    ADD_FAILURE() << "a column copy does not know was left behind";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("column later of table games"), std::string::npos)
        << e.what();
  }
}

}  // namespace
