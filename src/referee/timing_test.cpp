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

// Issue 62: a deadline reads as a day and a time on the page, in the text view and in the
// picture, from the clock tests set; the view keeps it as ISO 8601.
TEST_F(GameClock, ADeadlineIsADayAndATimeForPeopleAndIsoInTheView) {
  core::set_now(core::parse_time("2026-11-20T12:00:00Z"));  // a Friday
  referee::NewGame request;
  request.kind = "caravaneers";
  request.players = {"ann", "bob"};
  request.timing.deadline = "1d6h";
  const Document made = referee::create_game(db(), request);
  const Document seen = referee::view(db(), made["game"].get<std::string>(), "ann");
  EXPECT_EQ(seen["deadline"], "2026-11-21T18:00:00Z");
  const std::string words = "Saturday 18:00 UTC, in 30 hours (2026-11-21T18:00:00Z)";
  const std::string page = referee::html_page(seen, Document::array(), Document::array());
  EXPECT_NE(page.find("To move: ann, due " + words), std::string::npos) << page;
  const std::string text = referee::draw_view(seen);
  EXPECT_NE(text.find("To move: ann [South], due " + words), std::string::npos) << text;
  const std::string svg = referee::picture_svg(seen);
  EXPECT_NE(svg.find("due Saturday 18:00 UTC<"), std::string::npos) << svg;
  EXPECT_EQ(svg.find("2026-11-21T18:00:00Z"), std::string::npos) << svg;
  core::set_now(std::nullopt);
}

}  // namespace
