// store::first_sight (schema/016_chat_seen.sql), on both stores: pg.unit runs StoreChatSeen.* on
// PostgreSQL. What makes a replayed chat request refused by every serve on one database is tested
// whole, two serve processes and the same bytes sent to each, by tests/e2e/chat_replay.sh.
#include "store/chat_seen.hpp"

#include <gtest/gtest.h>

#include "core/clock.hpp"
#include "temp_db.hpp"

namespace {

using StoreChatSeen = TempDb;

const core::Time kNoon = *core::parse_time("2026-06-01T12:00:00Z");

std::int64_t rows(store::Database& db) {
  store::Statement count(db, "SELECT count(*) FROM chat_seen");
  count.step();
  return count.integer(0);
}

TEST_F(StoreChatSeen, AKeyIsNewOnceAndSeenAfterwards) {
  EXPECT_TRUE(store::first_sight(db(), "slack:sig:a", kNoon));
  EXPECT_FALSE(store::first_sight(db(), "slack:sig:a", kNoon));
  EXPECT_FALSE(store::first_sight(db(), "slack:sig:a", kNoon + std::chrono::minutes(9)));
  EXPECT_TRUE(store::first_sight(db(), "slack:sig:b", kNoon));
  EXPECT_EQ(rows(db()), 2);
}

// Another connection (another serve process) knows what the first saw.
TEST_F(StoreChatSeen, AKeySeenOnOneConnectionIsSeenOnAnother) {
  store::Database other(path());
  EXPECT_TRUE(store::first_sight(db(), "discord:id:1", kNoon));
  EXPECT_FALSE(store::first_sight(other, "discord:id:1", kNoon + std::chrono::seconds(1)));
  EXPECT_TRUE(store::first_sight(other, "discord:id:2", kNoon));
  EXPECT_FALSE(store::first_sight(db(), "discord:id:2", kNoon));
}

// Rows older than ten minutes go when a later key comes: the table holds ten minutes' worth.
TEST_F(StoreChatSeen, KeysOlderThanTenMinutesAreForgotten) {
  EXPECT_TRUE(store::first_sight(db(), "old", kNoon));
  EXPECT_TRUE(store::first_sight(db(), "newer", kNoon + std::chrono::minutes(5)));
  EXPECT_EQ(rows(db()), 2);
  // Ten minutes to the second: still remembered.
  EXPECT_FALSE(store::first_sight(db(), "old", kNoon + store::kChatSeenFor));
  EXPECT_TRUE(
      store::first_sight(db(), "later", kNoon + store::kChatSeenFor + std::chrono::seconds(1)));
  EXPECT_EQ(rows(db()), 2);  // "old" went, "newer" and "later" stay
  EXPECT_TRUE(store::first_sight(db(), "old", kNoon + std::chrono::minutes(11)));
}

// Inside a caller's transaction it is a savepoint: rolled back with it, the key is new again.
TEST_F(StoreChatSeen, ARolledBackSightIsForgotten) {
  {
    store::Transaction tx(db());
    EXPECT_TRUE(store::first_sight(db(), "k", kNoon));
  }
  EXPECT_TRUE(store::first_sight(db(), "k", kNoon));
  EXPECT_EQ(rows(db()), 1);
}

}  // namespace
