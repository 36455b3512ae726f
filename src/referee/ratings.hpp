// Ratings: Glicko-2 (Glickman's system: a rating, its deviation, the player's volatility) per game
// kind, derived from the finished games alone, so that computing them again, on this database or
// on one made by importing its exported records, gives the same table. Nothing is stored.
//
// The rating periods are calendar months (UTC) of when each game was made (`created`, which the
// record carries; it carries no time of the end): every game made in a month is one period, its
// results taken together against the ratings as the month began, so the order of the games within
// a month changes nothing. A player rated before a month without a game of the kind has their
// deviation grow once for that month (never above a newcomer's 350). A game of two seats is one
// result; a game of more is the pairwise results its final order implies (a shared place is a draw
// between those seats). The order is the result the referee wrote: its winners first, then the
// seats by score; a draw, a resignation, a forfeit or the game master's ruling counts as written.
// A seat is rated under its name as seated; a seat the referee's bot held as `bot:<level>`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "store/game_store.hpp"
#include "store/sqlite.hpp"

namespace referee {

// The system's constants: tau (how fast a volatility may change), a newcomer's rating,
// deviation and volatility, and the Glicko-2 scale factor (400 / ln 10).
inline constexpr double kGlickoTau = 0.5;
inline constexpr double kInitialRating = 1500.0;
inline constexpr double kInitialDeviation = 350.0;
inline constexpr double kInitialVolatility = 0.06;
inline constexpr double kGlickoScale = 173.7178;

struct Glicko {
  double rating = kInitialRating;
  double deviation = kInitialDeviation;
  double volatility = kInitialVolatility;
};

// One game's outcome for a player against one opponent: the opponent as rated when the period
// began, and the player's score (1 a win, 0.5 a draw, 0 a loss).
struct GlickoResult {
  double rating;
  double deviation;
  double score;
};

// Glickman's update of one player over one rating period (steps 2 to 8 of "Example of the
// Glicko-2 system", with the Illinois method for the volatility); with no results, the deviation
// alone grows.
Glicko glicko2_period(const Glicko& player, const std::vector<GlickoResult>& results,
                      double tau = kGlickoTau);

// A finished game as ratings see it: who sat (rated names, by seat) and each seat's place (0 the
// best; equal places shared).
struct RatedGame {
  std::string id;
  std::string kind;
  std::string period;  // "YYYY-MM" of when the game was made
  std::vector<std::string> players;
  std::vector<int> places;
};

// The rated name of a seat: its name, or `bot:<level>` for a seat the referee's bot held.
std::string rated_name(const store::PlayerRow& player);
// A finished game's row (GameStore::finished_games) as ratings see it; nullopt for a game of
// fewer than two seats or without a result.
std::optional<RatedGame> rated_game(const store::GameRow& row);

struct Rating {
  std::string player;
  std::string kind;
  Glicko glicko{};
  int games = 0;  // games of the kind counted (seeded ratings start at 0)
};

// The table from the games (any order) and the ratings seeded before them; sorted by kind, then
// rating (highest first), then name.
std::vector<Rating> compute_ratings(std::vector<RatedGame> games, const std::vector<Rating>& seeds);

// The database's table: every finished game read through the store, with the seeds; `kind`
// non-empty keeps that kind alone.
std::vector<Rating> ratings(store::Database& db, const std::vector<Rating>& seeds,
                            const std::string& kind);

// The table as a document: {system, tau, period, ratings: [{player, kind, rating, deviation,
// volatility, games}]}, figures rounded (a rating and deviation to 0.01, a volatility to 1e-6).
nlohmann::json ratings_document(const std::vector<Rating>& table);

}  // namespace referee
