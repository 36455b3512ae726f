// Hosting a tournament on a real database: what is stored survives a reopening, the seed is
// revealed only at the end and matches its commitment, bots alone play a tournament out at its
// making, and a refused request leaves nothing behind.
#include "referee/tournament_host.hpp"

#include <algorithm>
#include <set>
#include <utility>

#include <gtest/gtest.h>

#include "ledger/chain.hpp"
#include "referee/in_hand.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"
#include "unit/temp_db.hpp"
#include "unit/user_errors.hpp"

namespace {

using referee::Document;

class TournamentHost : public ClockedTempDb {
 protected:
  Document document(const std::string& id) {
    referee::GamesInHand games(db());
    return referee::tournament_document(games, id);
  }
};

referee::NewTournament bots_only() {
  referee::NewTournament request;
  request.kind = "caravaneers";
  request.format = referee::TournamentFormat::kSwiss;
  request.rounds = 2;
  request.bots = {{"ada", "random"}, {"bea", "random"}, {"cyd", "greedy"}};
  request.seed = 11;
  return request;
}

// Three bots, two rounds: each round one game (played out at once) and one bye; the tournament
// ends in the command that made it, its seed revealed and matching the commitment it showed.
TEST_F(TournamentHost, BotsAlonePlayItOutAndTheSeedIsRevealedAtTheEnd) {
  const Document made = referee::create_tournament(db(), bots_only());
  const std::string id = made.at("tournament");
  ASSERT_EQ(made.at("made").size(), 3u);  // round 1, round 2, the end
  EXPECT_EQ(made.at("made")[2].at("finished"), true);
  const Document doc = document(id);
  EXPECT_TRUE(doc.at("finished").get<bool>());
  EXPECT_EQ(doc.at("seed"), "11");
  EXPECT_EQ(ledger::seed_commitment(11, doc.at("seed_salt").get<std::string>()),
            made.at("seed_commitment").get<std::string>());
  double points = 0;
  int byes = 0;
  for (const auto& row : doc.at("standings")) {
    points += row.at("points").get<double>();
    byes += row.at("byes").get<int>();
  }
  EXPECT_EQ(byes, 2);
  EXPECT_DOUBLE_EQ(points, 2 + 2);  // a point a game and a point a bye
  referee::GamesInHand games(db());
  EXPECT_TRUE(referee::advance_tournaments(games).empty()) << "a finished tournament is left be";
}

// People's games wait for them: no round 2 before round 1 has finished, the seed kept secret;
// everything read back the same from a database opened again.
TEST_F(TournamentHost, StoredAsMadeAndSecretWhileItRuns) {
  referee::NewTournament request;
  request.kind = "caravaneers";
  request.format = referee::TournamentFormat::kRoundRobin;
  request.players = {"ann <ann@example.org>", "bob", "cat", "dan"};
  request.timing.deadline = "3d";
  const Document made = referee::create_tournament(db(), request);
  const std::string id = made.at("tournament");
  EXPECT_EQ(made.at("rounds"), 3);
  ASSERT_EQ(made.at("made").size(), 1u);
  EXPECT_EQ(made.at("made")[0].at("games").size(), 2u);
  const Document before = document(id);
  EXPECT_FALSE(before.contains("seed"));
  EXPECT_FALSE(before.contains("seed_salt"));
  {
    referee::GamesInHand games(db());
    EXPECT_TRUE(referee::advance_tournaments(games, id).empty());
  }
  const std::string game = made.at("made")[0].at("games")[0].at("made").at("game");
  const auto row = store::GameStore(db()).find_game(game);
  ASSERT_TRUE(row);
  EXPECT_EQ(row->timing.at("deadline"), 3 * 24 * 3600);
  EXPECT_EQ(referee::tournament_of_game(db(), game), (Document{{"tournament", id}, {"round", 1}}));
  EXPECT_TRUE(referee::tournament_of_game(db(), "nosuchgm").is_null());
  db_.reset();
  db_ = std::make_unique<store::Database>(path());
  EXPECT_EQ(document(id), before);
  EXPECT_EQ(referee::list_tournaments(db()).at("tournaments").size(), 1u);
}

// A request refused after the draw (a game option the kind does not have) makes nothing: no
// tournament, no game.
TEST_F(TournamentHost, ARefusedRequestMakesNothing) {
  referee::NewTournament request = bots_only();
  request.options["nosuch"] = "1";
  EXPECT_EQ(exit_of([&] { referee::create_tournament(db(), request); }), core::Exit::kUsage);
  EXPECT_TRUE(referee::list_tournaments(db()).at("tournaments").empty());
  EXPECT_TRUE(store::GameStore(db()).game_ids().empty());
  request = bots_only();
  request.bots.push_back({"ada", "greedy"});
  EXPECT_EQ(exit_of([&] { referee::create_tournament(db(), request); }), core::Exit::kUsage);
  request = bots_only();
  request.kind = "chess";
  EXPECT_EQ(exit_of([&] { referee::create_tournament(db(), request); }), core::Exit::kNoInput);
  EXPECT_EQ(exit_of([&] { referee::withdraw_entrant(db(), "nosuchtt", "ada"); }),
            core::Exit::kNoInput);
}

// A round robin at tables of four, bots alone (caravanserai): played out at its making, every pair
// of the five has met at a table, each table has four seats and one bye a round, and the points
// add up as the ruling says: each table gives its four seats 4/2 = 2 points between them (six
// pairwise results over three others), each bye 1. The tables' places are read from the games'
// real results.
TEST_F(TournamentHost, BotsPlayARoundRobinAtTablesOfFourAndThePointsAddUp) {
  referee::NewTournament request;
  request.kind = "caravanserai";
  request.format = referee::TournamentFormat::kRoundRobin;
  request.seats = 4;
  request.bots = {{"ada", "random"},
                  {"bea", "random"},
                  {"cyd", "random"},
                  {"dot", "random"},
                  {"eve", "random"}};
  request.seed = 3;
  const Document made = referee::create_tournament(db(), request);
  const Document doc = document(made.at("tournament"));
  ASSERT_TRUE(doc.at("finished").get<bool>()) << doc.dump();
  EXPECT_EQ(doc.at("seats"), 4);
  std::set<std::pair<std::string, std::string>> met;
  int tables = 0, byes = 0;
  for (const auto& round : doc.at("pairings")) {
    EXPECT_EQ(round.at("byes").size(), 1u);
    byes += static_cast<int>(round.at("byes").size());
    for (const auto& game : round.at("games")) {
      ++tables;
      ASSERT_EQ(game.at("seats").size(), 4u);
      ASSERT_EQ(game.at("places").size(), 4u) << game.dump();
      for (const auto& a : game.at("seats"))
        for (const auto& b : game.at("seats"))
          if (a < b) met.insert({a.get<std::string>(), b.get<std::string>()});
    }
  }
  EXPECT_EQ(met.size(), 10u) << "every pair of five";
  double points = 0;
  for (const auto& row : doc.at("standings")) points += row.at("points").get<double>();
  EXPECT_NEAR(points, 2.0 * tables + byes, 1e-9);
}

// Refused with the kind's own numbers: seats the kind does not take, fewer entrants than a table;
// a knockout whose final would seat fewer than the kind takes (caravanserai takes 1: never).
TEST_F(TournamentHost, SeatsAreAsTheKindTakesThem) {
  referee::NewTournament request = bots_only();
  request.seats = 3;  // caravaneers: two players
  EXPECT_EQ(exit_of([&] { referee::create_tournament(db(), request); }), core::Exit::kUsage);
  request.kind = "huber-caravan";
  request.seats = 5;  // 2 to 4
  EXPECT_EQ(exit_of([&] { referee::create_tournament(db(), request); }), core::Exit::kUsage);
  request.seats = 4;  // three entrants
  EXPECT_EQ(exit_of([&] { referee::create_tournament(db(), request); }), core::Exit::kUsage);
  request.kind = "caravanserai";
  request.seats = 1;  // a game of one is no tournament
  EXPECT_EQ(exit_of([&] { referee::create_tournament(db(), request); }), core::Exit::kUsage);
  EXPECT_TRUE(referee::list_tournaments(db()).at("tournaments").empty());
}

// A withdrawal from a round robin of tables: the withdrawn entrant's seat is left out, the others
// play at a smaller table (huber-caravan takes two), and a table left with one has a bye.
TEST_F(TournamentHost, AWithdrawnEntrantsSeatIsLeftOutOfTheTable) {
  referee::NewTournament request;
  request.kind = "huber-caravan";
  request.format = referee::TournamentFormat::kRoundRobin;
  request.seats = 3;
  request.players = {"ann", "bob", "cat", "dan", "eve", "fay"};
  request.seed = 1;
  const Document made = referee::create_tournament(db(), request);
  const std::string id = made.at("tournament");
  const Document first = made.at("made")[0];
  ASSERT_EQ(first.at("games").size(), 2u);
  referee::withdraw_entrant(db(), id, first.at("games")[0].at("seats")[0].get<std::string>());
  for (const auto& game : first.at("games")) {
    referee::AdminRequest end;
    end.game = game.at("made").at("game");
    end.op = "end";
    end.winners = {game.at("seats")[1].get<std::string>()};
    end.reason = "ruled";
    referee::admin(db(), end);
  }
  referee::GamesInHand games(db());
  const Document next = referee::advance_tournaments(games, id);
  ASSERT_EQ(next.size(), 1u) << next.dump();
  const std::string out = first.at("games")[0].at("seats")[0];
  int seated = 0;
  for (const auto& game : next[0].at("games")) {
    const auto& seats = game.at("seats");
    EXPECT_EQ(std::find(seats.begin(), seats.end(), out), seats.end()) << "the withdrawn sits";
    seated += static_cast<int>(seats.size());
  }
  const auto& byes = next[0].at("byes");
  EXPECT_EQ(std::find(byes.begin(), byes.end(), out), byes.end()) << "nor has a bye";
  EXPECT_EQ(seated + static_cast<int>(byes.size()), 5);
}

}  // namespace
