// Hosting a tournament on a real database: what is stored survives a reopening, the seed is
// revealed only at the end and matches its commitment, bots alone play a tournament out at its
// making, and a refused request leaves nothing behind.
#include "referee/tournament_host.hpp"

#include <gtest/gtest.h>

#include "ledger/chain.hpp"
#include "referee/in_hand.hpp"
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

}  // namespace
