// A seat's link to a chat user (notify::set_mention, admin notify mention) on both stores: pg.unit
// runs NotifyMentionStore.* on PostgreSQL, which refused the upsert's bare `user_id` (in the
// DO UPDATE's WHERE it could be the row's or the one proposed) as ambiguous.
#include <gtest/gtest.h>

#include "notify/targets.hpp"
#include "referee/referee.hpp"
#include "temp_db.hpp"

namespace {

using NotifyMentionStore = TempDb;

TEST_F(NotifyMentionStore, ALinkIsMadeChangedAndRemovedAndSaysWhetherItChangedAnything) {
  referee::NewGame request;
  request.kind = "caravaneers";
  request.players = {"ann", "bob"};
  request.seed = 5;
  const std::string game = referee::create_game(db(), request)["game"].get<std::string>();
  const auto ann = notify::parse_mention("discord:100000000000000041");
  const auto other = notify::parse_mention("discord:100000000000000042");
  using Users = std::vector<std::string>;
  EXPECT_TRUE(notify::set_mention(db(), game, 0, ann));
  EXPECT_FALSE(notify::set_mention(db(), game, 0, ann));  // the same link again: no change
  EXPECT_EQ(notify::mentions_of(db(), game, {0}, notify::Format::kDiscord),
            Users{"100000000000000041"});
  EXPECT_TRUE(notify::set_mention(db(), game, 0, other));
  EXPECT_EQ(notify::mentions_of(db(), game, {0}, notify::Format::kDiscord),
            Users{"100000000000000042"});
  EXPECT_TRUE(notify::set_mention(db(), game, 0, notify::parse_mention("discord:")));
  EXPECT_TRUE(notify::mentions_of(db(), game, {0}, notify::Format::kDiscord).empty());
}

}  // namespace
