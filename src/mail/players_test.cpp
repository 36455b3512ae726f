// Players registered with an address: `new --player "Ann <ann@example.org>"`.
#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"
#include "unit/temp_db.hpp"

namespace {

using nlohmann::json;

class PlayersWithAddresses : public TempDb {};

TEST_F(PlayersWithAddresses, ANameWithAnAddressPlaysUnderTheNameAndKeepsTheAddress) {
  const json created = referee::create_game(
      db(), {"caravaneers", {"Ann <ann@example.org>", "\"Bob B.\" <bob@example.org>"}, {}, 1, {}});
  EXPECT_EQ(created["players"][0]["name"], "Ann");
  EXPECT_EQ(created["players"][0]["address"], "ann@example.org");
  EXPECT_EQ(created["players"][1]["name"], "Bob B.");
  const auto row = store::GameStore(db()).find_game(created["game"]);
  ASSERT_TRUE(row);
  EXPECT_EQ(row->players[0].address, "ann@example.org");
  EXPECT_EQ(row->players[1].address, "bob@example.org");
  EXPECT_EQ(referee::view(db(), created["game"], std::string("Ann"))["you"]["name"], "Ann");
}

TEST_F(PlayersWithAddresses, APlainNameHasNoAddress) {
  const json created = referee::create_game(db(), {"caravaneers", {"ann", "bob"}, {}, 1, {}});
  EXPECT_FALSE(created["players"][0].contains("address"));
  EXPECT_EQ(store::GameStore(db()).find_game(created["game"])->players[0].address, "");
}

TEST_F(PlayersWithAddresses, SomethingThatIsNotAnAddressIsAUsageError) {
  for (const char* player : {"Ann <ann>", "Ann <@example.org>", "Ann <a b@example.org>",
                             "Ann <a@b@example.org>", "<ann@example.org>"}) {
    SCOPED_TRACE(player);
    try {
      referee::create_game(db(), {"caravaneers", {player, "bob"}, {}, 1, {}});
      ADD_FAILURE() << "accepted";
    } catch (const core::UserError& e) {
      EXPECT_EQ(e.code(), core::Exit::kUsage);
    }
  }
}

}  // namespace
