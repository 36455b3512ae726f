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

// store::keep_chat_id and store::chat_id (schema/017_chat_ids.sql): a choice id too long for a
// Discord button, kept under the key the button carries, known to every connection.
using StoreChatIds = TempDb;

TEST_F(StoreChatIds, AnIdKeptOnOneConnectionIsFoundOnAnother) {
  store::Database other(path());
  EXPECT_FALSE(store::chat_id(other, "k|1"));
  store::keep_chat_id(db(), "k|1", "s|game|4|0|[\"a\"]", kNoon);
  EXPECT_EQ(store::chat_id(other, "k|1"), "s|game|4|0|[\"a\"]");
  // The first id given a key stays (a key is a hash of its id: another id under it is a clash).
  store::keep_chat_id(other, "k|1", "something else", kNoon);
  EXPECT_EQ(store::chat_id(db(), "k|1"), "s|game|4|0|[\"a\"]");
}

// Ids older than thirty days go when a later one is kept; younger ones stay.
TEST_F(StoreChatIds, IdsOlderThanThirtyDaysAreForgotten) {
  store::keep_chat_id(db(), "k|old", "old", kNoon);
  store::keep_chat_id(db(), "k|young", "young", kNoon + std::chrono::days(20));
  store::keep_chat_id(db(), "k|new", "new", kNoon + store::kChatIdsFor);
  EXPECT_EQ(store::chat_id(db(), "k|old"), "old");  // thirty days to the second: kept
  store::keep_chat_id(db(), "k|newer", "newer",
                      kNoon + store::kChatIdsFor + std::chrono::seconds(1));
  EXPECT_FALSE(store::chat_id(db(), "k|old"));
  EXPECT_EQ(store::chat_id(db(), "k|young"), "young");
  EXPECT_EQ(store::chat_id(db(), "k|newer"), "newer");
}

}  // namespace
