// Ratings: Glickman's own example, the results a game's record implies, the periods, the seeds.
#include "referee/ratings.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "turnfile/ratings_seed.hpp"

namespace {

using nlohmann::json;
using referee::Glicko;
using referee::RatedGame;
using referee::Rating;

double round_to(double value, double unit) { return std::round(value / unit) * unit; }

// "Example of the Glicko-2 system" (Glickman): a 1500/200/0.06 player beats a 1400/30 and loses to
// a 1550/100 and a 1700/300 in one period, tau = 0.5. The paper prints the new values on its own
// scale to four places, mu' = -0.2069 and phi' = 0.8722, and sigma' = 0.05999, and converts the
// printed figures back: 173.7178 * -0.2069 + 1500 = 1464.06, 173.7178 * 0.8722 = 151.52.
// (Unrounded, the rating is 1464.0507: the paper's 1464.06 is its four-place mu' converted.)
TEST(Ratings, GlickmanPaperExample) {
  const Glicko after = referee::glicko2_period(
      {1500, 200, 0.06}, {{1400, 30, 1.0}, {1550, 100, 0.0}, {1700, 300, 0.0}}, 0.5);
  const double mu = (after.rating - 1500) / 173.7178;
  const double phi = after.deviation / 173.7178;
  EXPECT_DOUBLE_EQ(round_to(mu, 0.0001), -0.2069);
  EXPECT_DOUBLE_EQ(round_to(phi, 0.0001), 0.8722);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);  // 0.0599960: printed as 0.05999
  EXPECT_LT(after.volatility, 0.06);
  EXPECT_DOUBLE_EQ(round_to(173.7178 * round_to(mu, 0.0001) + 1500, 0.01), 1464.06);
  EXPECT_DOUBLE_EQ(round_to(173.7178 * round_to(phi, 0.0001), 0.01), 151.52);
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_DOUBLE_EQ(round_to(after.deviation, 0.01), 151.52);
}

TEST(Ratings, APeriodWithoutGamesOnlyWidensTheDeviation) {
  const Glicko after = referee::glicko2_period({1600, 100, 0.06}, {});
  EXPECT_EQ(after.rating, 1600);
  EXPECT_NEAR(after.deviation, std::sqrt(100.0 * 100.0 + std::pow(0.06 * 173.7178, 2)), 1e-9);
  EXPECT_EQ(after.volatility, 0.06);
}

const Rating& find(const std::vector<Rating>& table, const std::string& player) {
  const auto it =
      std::find_if(table.begin(), table.end(), [&](const Rating& r) { return r.player == player; });
  EXPECT_NE(it, table.end()) << player;
  return *it;
}

RatedGame two_seats(const std::string& id, int first_place, int second_place,
                    const std::string& period = "2026-03") {
  return {id, "nv-caravan", period, {"ann", "bob"}, {first_place, second_place}};
}

TEST(Ratings, TwoSeatWinLossAndDraw) {
  const auto win = referee::compute_ratings({two_seats("g1", 0, 1)}, {});
  ASSERT_EQ(win.size(), 2u);
  EXPECT_EQ(win[0].player, "ann");  // sorted by rating
  // Against a newcomer, as the algorithm computes it by hand: 1500 + 173.7178 phi'^2 g (1 - 1/2).
  const double phi = 350 / 173.7178;
  const double g = 1 / std::sqrt(1 + 3 * phi * phi / (M_PI * M_PI));
  const double v = 1 / (g * g * 0.25);
  const Glicko ann = find(win, "ann").glicko;
  const double phi_new = ann.deviation / 173.7178;
  EXPECT_NEAR(ann.rating, 1500 + 173.7178 * phi_new * phi_new * g * 0.5, 1e-9);
  EXPECT_LT(phi_new, phi);
  EXPECT_GT(1 / (phi_new * phi_new), 1 / v);  // the period's information narrowed it
  EXPECT_NEAR(find(win, "bob").glicko.rating, 3000 - ann.rating, 1e-9);
  EXPECT_EQ(find(win, "ann").games, 1);

  const auto loss = referee::compute_ratings({two_seats("g1", 1, 0)}, {});
  EXPECT_NEAR(find(loss, "ann").glicko.rating, find(win, "bob").glicko.rating, 1e-9);

  const auto draw = referee::compute_ratings({two_seats("g1", 0, 0)}, {});
  EXPECT_NEAR(find(draw, "ann").glicko.rating, 1500, 1e-9);
  EXPECT_NEAR(find(draw, "bob").glicko.rating, 1500, 1e-9);
  EXPECT_LT(find(draw, "ann").glicko.deviation, 350);
}

store::GameRow finished(const std::vector<std::string>& names, json result,
                        const std::string& created = "2026-03-01T12:00:00Z") {
  store::GameRow row;
  row.id = "g";
  row.kind = "caravanserai";
  row.created_at = created;
  row.finished = true;
  row.result = std::move(result);
  for (std::size_t i = 0; i < names.size(); ++i)
    row.players.push_back({static_cast<int>(i), names[i], ""});
  return row;
}

TEST(Ratings, AThreeSeatGameIsThePairwiseResultsOfItsOrder) {
  // cat won; ann and bob tied second on score: cat beats both, ann and bob draw.
  const auto game = referee::rated_game(
      finished({"ann", "bob", "cat"}, {{"by", "rules"},
                                       {"draw", false},
                                       {"winner", "cat"},
                                       {"scores", {{"ann", 4}, {"bob", 4}, {"cat", 4}}}}));
  ASSERT_TRUE(game);
  EXPECT_EQ(game->places, (std::vector<int>{1, 1, 0}));
  EXPECT_EQ(game->period, "2026-03");
  const auto table = referee::compute_ratings({*game}, {});
  // Each played two newcomers: cat won both, ann and bob each lost one and drew one.
  const Glicko cat = referee::glicko2_period({}, {{1500, 350, 1}, {1500, 350, 1}});
  const Glicko ann = referee::glicko2_period({}, {{1500, 350, 0.5}, {1500, 350, 0}});
  EXPECT_DOUBLE_EQ(find(table, "cat").glicko.rating, cat.rating);
  EXPECT_DOUBLE_EQ(find(table, "ann").glicko.rating, ann.rating);
  EXPECT_DOUBLE_EQ(find(table, "bob").glicko.rating, ann.rating);
  EXPECT_EQ(table[0].player, "cat");

  // By score alone below the winner: four seats, places 0, 1, 2, 2.
  const auto four =
      referee::rated_game(finished({"ann", "bob", "cat", "dan"},
                                   {{"by", "rules"},
                                    {"draw", false},
                                    {"winner", "bob"},
                                    {"scores", {{"ann", 7}, {"bob", 5}, {"cat", 3}, {"dan", 3}}}}));
  ASSERT_TRUE(four);
  EXPECT_EQ(four->places, (std::vector<int>{1, 0, 2, 2}));
}

TEST(Ratings, AResignationAndAForfeitCountAsTheRecordDeclares) {
  // As the referee writes a declared result (game_context.cpp): the winner, each seat's share.
  const auto resigned =
      referee::rated_game(finished({"ann", "bob"}, {{"by", "resignation"},
                                                    {"draw", false},
                                                    {"winner", "bob"},
                                                    {"scores", {{"ann", 0}, {"bob", 1}}}}));
  ASSERT_TRUE(resigned);
  EXPECT_EQ(resigned->places, (std::vector<int>{1, 0}));
  // A forfeit in a three-seat game: two winners share first place, the seat that forfeited third.
  const auto forfeit = referee::rated_game(
      finished({"ann", "bob", "cat"}, {{"by", "forfeit"},
                                       {"draw", false},
                                       {"winner", nullptr},
                                       {"winners", {"ann", "cat"}},
                                       {"scores", {{"ann", 0.5}, {"bob", 0}, {"cat", 0.5}}}}));
  ASSERT_TRUE(forfeit);
  EXPECT_EQ(forfeit->places, (std::vector<int>{0, 2, 0}));  // two seats above bob
  // An agreed draw: everyone shares the place.
  const auto draw =
      referee::rated_game(finished({"ann", "bob"}, {{"by", "draw"},
                                                    {"draw", true},
                                                    {"winner", nullptr},
                                                    {"scores", {{"ann", 0.5}, {"bob", 0.5}}}}));
  ASSERT_TRUE(draw);
  EXPECT_EQ(draw->places, (std::vector<int>{0, 0}));
  // A declared result from before scores were written: the winner first, the others level.
  const auto old = referee::rated_game(finished(
      {"ann", "bob", "cat"},
      {{"by", "resignation"}, {"draw", false}, {"winner", "cat"}, {"scores", json::object()}}));
  ASSERT_TRUE(old);
  EXPECT_EQ(old->places, (std::vector<int>{1, 1, 0}));
}

TEST(Ratings, ABotSeatIsRatedByItsLevel) {
  auto row = finished(
      {"ann", "hal"},
      {{"by", "rules"}, {"draw", false}, {"winner", "hal"}, {"scores", {{"ann", 1}, {"hal", 2}}}});
  row.players[1].bot = "hard";
  const auto game = referee::rated_game(row);
  ASSERT_TRUE(game);
  EXPECT_EQ(game->players, (std::vector<std::string>{"ann", "bot:hard"}));
  EXPECT_EQ(game->places, (std::vector<int>{1, 0}));
}

TEST(Ratings, ThePeriodsAreMonthsAndTheOrderOfGamesWithinThemChangesNothing) {
  std::vector<RatedGame> games = {
      two_seats("a", 0, 1, "2026-01"), two_seats("b", 1, 0, "2026-01"),
      two_seats("c", 0, 1, "2026-01"), {"d", "nv-caravan", "2026-03", {"bob", "cat"}, {0, 1}},
      two_seats("e", 0, 0, "2026-03"), {"f", "nv-caravan", "2026-04", {"cat", "ann"}, {0, 0}}};
  const auto table = referee::compute_ratings(games, {});
  std::mt19937 shuffle(7);
  for (int round = 0; round < 5; ++round) {
    std::shuffle(games.begin(), games.end(), shuffle);
    const auto again = referee::compute_ratings(games, {});
    EXPECT_EQ(referee::ratings_document(again), referee::ratings_document(table));
  }
  // January by hand: ann won two of three against bob, both newcomers, in one period.
  const Glicko ann_january =
      referee::glicko2_period({}, {{1500, 350, 1}, {1500, 350, 0}, {1500, 350, 1}});
  // February had no game: a period away widens ann's deviation; March she drew bob, whose
  // rating as March began counts.
  const Glicko bob_january =
      referee::glicko2_period({}, {{1500, 350, 0}, {1500, 350, 1}, {1500, 350, 0}});
  const Glicko ann_february = referee::glicko2_period(ann_january, {});
  const Glicko bob_february = referee::glicko2_period(bob_january, {});
  const Glicko ann_march =
      referee::glicko2_period(ann_february, {{bob_february.rating, bob_february.deviation, 0.5}});
  const Glicko ann_april =
      referee::glicko2_period(ann_march, {{1500, 350, 0.5}});  // cat, new in March, played bob
  const auto& ann = find(table, "ann");
  EXPECT_EQ(ann.games, 5);
  EXPECT_NE(ann.glicko.rating, ann_april.rating);  // cat was rated in March: not a newcomer
  const Glicko cat_march =
      referee::glicko2_period({}, {{bob_february.rating, bob_february.deviation, 0}});
  const Glicko ann_april_really =
      referee::glicko2_period(ann_march, {{cat_march.rating, cat_march.deviation, 0.5}});
  EXPECT_DOUBLE_EQ(ann.glicko.rating, ann_april_really.rating);
  EXPECT_DOUBLE_EQ(ann.glicko.deviation, ann_april_really.deviation);
}

TEST(Ratings, SeedsAreWhereTheirPlayersStart) {
  const std::vector<Rating> seeds = {{"ann", "nv-caravan", {1800, 60, 0.05}, 0},
                                     {"zed", "nv-caravan", {1700, 340, 0.06}, 0}};
  const auto table = referee::compute_ratings({two_seats("g", 1, 0)}, seeds);
  const Glicko ann = referee::glicko2_period({1800, 60, 0.05}, {{1500, 350, 0}});
  EXPECT_DOUBLE_EQ(find(table, "ann").glicko.rating, ann.rating);
  // zed played nothing: the same rating, the deviation widened by one period away.
  EXPECT_EQ(find(table, "zed").glicko.rating, 1700);
  EXPECT_NEAR(find(table, "zed").glicko.deviation,
              std::sqrt(340.0 * 340.0 + std::pow(0.06 * 173.7178, 2)), 1e-9);
  EXPECT_EQ(find(table, "zed").games, 0);
  // Never past a newcomer's 350, however long away (a year widens 349 to 351 uncapped).
  const std::vector<Rating> unsure = {{"zed", "nv-caravan", {1700, 349, 0.06}, 0}};
  const auto later = referee::compute_ratings(
      {two_seats("g", 1, 0, "2026-01"), two_seats("h", 1, 0, "2027-01")}, unsure);
  EXPECT_EQ(find(later, "zed").glicko.deviation, 350);
}

TEST(Ratings, SeedFileReadsYamlAndJson) {
  const auto yaml = turnfile::parse_rating_seeds(
      "- player: ann\n  kind: nv-caravan\n  rating: 1720\n  deviation: 80\n  volatility: 0.06\n",
      "seeds.yaml");
  ASSERT_EQ(yaml.size(), 1u);
  EXPECT_EQ(yaml[0].player, "ann");
  EXPECT_EQ(yaml[0].rating, 1720);
  const auto json_seeds = turnfile::parse_rating_seeds(
      R"([{"player": "bob", "kind": "caravaneers", "rating": 1400.5, "deviation": 350,
           "volatility": 0.05}])",
      "seeds.json");
  ASSERT_EQ(json_seeds.size(), 1u);
  EXPECT_EQ(json_seeds[0].deviation, 350);
}

void expect_refused(const std::string& text, const std::string& where, const std::string& why) {
  try {
    turnfile::parse_rating_seeds(text, "seeds.yaml");
    ADD_FAILURE() << "accepted: " << text;
  } catch (const core::UserError& error) {
    EXPECT_EQ(error.code(), core::Exit::kRejected);
    const std::string message = error.what();
    EXPECT_EQ(message.rfind(where, 0), 0u) << message;
    EXPECT_NE(message.find(why), std::string::npos) << message;
  }
}

TEST(Ratings, SeedFileErrorsNameTheFileTheLineAndWhy) {
  const std::string good =
      "- {player: ann, kind: nv-caravan, rating: 1500, deviation: 80, "
      "volatility: 0.06}\n";
  expect_refused("player: ann\n", "seeds.yaml:1", "a list of entries");
  expect_refused(good + "- 12\n", "seeds.yaml:2", "a mapping");
  expect_refused(good + "- {player: bob, kind: nv-caravan, rating: 1500, deviation: 80}\n",
                 "seeds.yaml:2", "no 'volatility'");
  expect_refused(good +
                     "- {player: bob, kind: chess, rating: 1500, deviation: 80, "
                     "volatility: 0.06}\n",
                 "seeds.yaml:2", "no game 'chess'");
  expect_refused(good +
                     "\n- {player: bob, kind: nv-caravan, rating: high, deviation: 80, "
                     "volatility: 0.06}\n",
                 "seeds.yaml:3", "'rating' must be a number");
  expect_refused(good +
                     "- {player: bob, kind: nv-caravan, rating: 1500, deviation: 400, "
                     "volatility: 0.06}\n",
                 "seeds.yaml:2", "'deviation' is 400");
  expect_refused(good +
                     "- {player: bob, kind: nv-caravan, rating: 1500, deviation: 80, "
                     "volatility: 0}\n",
                 "seeds.yaml:2", "'volatility' is 0");
  expect_refused(good + good, "seeds.yaml:2", "ann has a rating at nv-caravan already");
  expect_refused(good +
                     "- {player: bob, kind: nv-caravan, rating: 1500, deviation: 80, "
                     "volatility: 0.06, club: x}\n",
                 "seeds.yaml:2", "unknown key 'club'");
  expect_refused("- [unclosed\n", "seeds.yaml:", "");
}

}  // namespace
