#include "referee/page_link.hpp"

#include <gtest/gtest.h>

#include "core/crypto.hpp"
#include "core/errors.hpp"

namespace {

store::GameRow two_seats() {
  store::GameRow game;
  game.id = "g2345678";
  game.players.push_back({0, "ann", core::hash_hex("ann's token")});
  game.players.push_back({1, "bob", core::hash_hex("bob's token")});
  return game;
}

const std::string kKey = core::hash_hex("a referee's key");

TEST(PageLink, TheSameSeatGetsTheSameCapabilityAndEachSeatItsOwn) {
  const auto game = two_seats();
  const auto ann = referee::seat_capability(kKey, game.id, game.players[0]);
  EXPECT_EQ(ann.size(), 32U);
  EXPECT_EQ(ann, referee::seat_capability(kKey, game.id, game.players[0]));
  EXPECT_NE(ann, referee::seat_capability(kKey, game.id, game.players[1]));
  EXPECT_NE(ann, referee::seat_capability(kKey, "other123", game.players[0]));
  EXPECT_NE(ann, referee::seat_capability(core::hash_hex("another key"), game.id, game.players[0]));
  EXPECT_EQ(referee::seat_of_capability(kKey, game, ann)->name, "ann");
  EXPECT_FALSE(referee::seat_of_capability(kKey, game, ann.substr(1)));
  EXPECT_FALSE(referee::seat_of_capability(kKey, game, std::string(32, '0')));
}

TEST(PageLink, ANewTokenRevokesTheOldCapability) {
  auto game = two_seats();
  const auto before = referee::seat_capability(kKey, game.id, game.players[0]);
  game.players[0].token_hash = core::hash_hex("the substitute's token");
  EXPECT_FALSE(referee::seat_of_capability(kKey, game, before));
  EXPECT_NE(referee::seat_capability(kKey, game.id, game.players[0]), before);
}

TEST(PageLink, ABotsSeatHasNoPage) {
  auto game = two_seats();
  game.players[1].bot = "mcts";
  EXPECT_EQ(referee::seat_capability(kKey, game.id, game.players[1]), "");
}

TEST(PageLink, TokensAreFoundByTheirHashAlone) {
  const auto game = two_seats();
  EXPECT_EQ(referee::seat_of_token(game, "bob's token")->name, "bob");
  EXPECT_FALSE(referee::seat_of_token(game, "bob's token "));
  EXPECT_FALSE(referee::seat_of_token(game, ""));
  EXPECT_FALSE(referee::seat_of_token(game, core::hash_hex("bob's token")));
}

TEST(PageLink, BaseUrlsAreCheckedAndTheirSlashDropped) {
  EXPECT_EQ(referee::checked_base_url("https://games.example.org/caravan/"),
            "https://games.example.org/caravan");
  for (const char* bad : {"games.example.org", "ftp://x", "https://", "https:///x", "http://a b",
                          "http://x/?q", "http://x/\"><script>"})
    EXPECT_THROW(referee::checked_base_url(bad), core::UserError) << bad;
  EXPECT_EQ(referee::player_url("http://h", "g 1", "abc"), "http://h/play/g%201/abc");
  EXPECT_EQ(referee::observer_url("http://h", "g1"), "http://h/watch/g1");
}

}  // namespace
