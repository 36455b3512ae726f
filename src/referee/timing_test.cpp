// A game's clock in machine output and for people (referee/timing.hpp).
#include "referee/timing.hpp"

#include <gtest/gtest.h>

#include "referee/picture.hpp"
#include "referee/referee.hpp"
#include "unit/temp_db.hpp"

namespace {

using core::Document;

class GameClock : public TempDb {};

// Issue 40: a clock's durations are numbers of seconds in a view (JSON and YAML alike); the
// HTML page, like text and mail, says them in words.
TEST_F(GameClock, AClocksDurationsAreSecondsInAViewAndWordsOnItsPage) {
  referee::NewGame request;
  request.kind = "caravaneers";
  request.players = {"ann", "bob"};
  request.timing.deadline = "1d12h";
  request.timing.grace = "1.5h";
  request.timing.remind = "90m";
  const Document made = referee::create_game(db(), request);
  EXPECT_EQ(made["clock"]["deadline"], 129600);
  const Document seen = referee::view(db(), made["game"].get<std::string>(), "ann");
  EXPECT_EQ(seen["clock"]["deadline"], 129600);
  EXPECT_EQ(seen["clock"]["grace"], 5400);
  EXPECT_EQ(seen["clock"]["remind"], 5400);
  EXPECT_TRUE(seen["clock"]["deadline"].is_number());
  const std::string page = referee::html_page(seen, Document::array(), Document::array());
  EXPECT_NE(page.find("Each move is due within 1d 12h, with 1h 30m of grace after the deadline. "
                      "If a player misses a deadline, the game waits for them."),
            std::string::npos)
      << page;
}

}  // namespace
