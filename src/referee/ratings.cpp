#include "referee/ratings.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <set>
#include <tuple>
#include <utility>

#include "store/sqlite.hpp"

namespace referee {

namespace {

using Document = nlohmann::json;

// Glickman's g(phi): how much an opponent's uncertainty weakens what a result says.
double weight(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

// The expected score against an opponent at mu_j with deviation phi_j.
double expected(double mu, double mu_j, double phi_j) {
  return 1.0 / (1.0 + std::exp(-weight(phi_j) * (mu - mu_j)));
}

// The volatility after the period (step 5): the root of f by the Illinois method, to within
// Glickman's convergence tolerance of 0.000001.
double new_volatility(double sigma, double phi, double v, double delta, double tau) {
  const double a = std::log(sigma * sigma);
  const auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
  };
  constexpr double kEpsilon = 0.000001;
  double big_a = a;
  double big_b = 0;
  if (delta * delta > phi * phi + v) {
    big_b = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    big_b = a - k * tau;
  }
  double f_a = f(big_a);
  double f_b = f(big_b);
  while (std::abs(big_b - big_a) > kEpsilon) {
    const double c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
    const double f_c = f(c);
    if (f_c * f_b <= 0) {
      big_a = big_b;
      f_a = f_b;
    } else {
      f_a /= 2.0;
    }
    big_b = c;
    f_b = f_c;
  }
  return std::exp(big_a / 2.0);
}

// "YYYY-MM" as a month number, or nullopt for another text.
std::optional<int> month_number(const std::string& period) {
  if (period.size() != 7 || period[4] != '-') return std::nullopt;
  for (std::size_t i : {0, 1, 2, 3, 5, 6})
    if (period[i] < '0' || period[i] > '9') return std::nullopt;
  const int month = std::stoi(period.substr(5, 2));
  if (month < 1 || month > 12) return std::nullopt;
  return std::stoi(period.substr(0, 4)) * 12 + month - 1;
}

double rounded(double value, double unit) { return std::round(value / unit) * unit; }

}  // namespace

Glicko glicko2_period(const Glicko& player, const std::vector<GlickoResult>& results, double tau) {
  const double mu = (player.rating - kInitialRating) / kGlickoScale;
  const double phi = player.deviation / kGlickoScale;
  const double sigma = player.volatility;
  if (results.empty()) {
    return {player.rating, kGlickoScale * std::sqrt(phi * phi + sigma * sigma), sigma};
  }
  double inverse_v = 0;
  double sum = 0;
  for (const auto& result : results) {
    const double mu_j = (result.rating - kInitialRating) / kGlickoScale;
    const double phi_j = result.deviation / kGlickoScale;
    const double g = weight(phi_j);
    const double e = expected(mu, mu_j, phi_j);
    inverse_v += g * g * e * (1.0 - e);
    sum += g * (result.score - e);
  }
  const double v = 1.0 / inverse_v;
  const double delta = v * sum;
  const double sigma_new = new_volatility(sigma, phi, v, delta, tau);
  const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * sum;
  return {kGlickoScale * mu_new + kInitialRating, kGlickoScale * phi_new, sigma_new};
}

std::string rated_name(const store::PlayerRow& player) {
  return player.bot.empty() ? player.name : "bot:" + player.bot;
}

std::optional<RatedGame> rated_game(const store::GameRow& row) {
  if (row.players.size() < 2 || !row.result.is_object()) return std::nullopt;
  std::set<std::string> winners;
  if (const auto it = row.result.find("winners"); it != row.result.end() && it->is_array())
    for (const auto& name : *it)
      if (name.is_string()) winners.insert(name.get<std::string>());
  if (const auto it = row.result.find("winner"); it != row.result.end() && it->is_string())
    winners.insert(it->get<std::string>());
  const Document scores = row.result.value("scores", Document::object());
  // Each seat's standing: a winner before every other seat, then the higher score.
  std::vector<std::pair<int, double>> standing;
  for (const auto& player : row.players) {
    const auto score = scores.find(player.name);
    standing.emplace_back(winners.contains(player.name) ? 1 : 0,
                          score != scores.end() && score->is_number() ? score->get<double>() : 0.0);
  }
  RatedGame game{row.id, row.kind, row.created_at.substr(0, 7), {}, {}};
  for (std::size_t seat = 0; seat < row.players.size(); ++seat) {
    game.players.push_back(rated_name(row.players[seat]));
    game.places.push_back(
        static_cast<int>(std::count_if(standing.begin(), standing.end(),
                                       [&](const auto& other) { return other > standing[seat]; })));
  }
  return game;
}

std::vector<Rating> compute_ratings(std::vector<RatedGame> games,
                                    const std::vector<Rating>& seeds) {
  // The same games give the same sums in the same order, however they were handed over.
  std::sort(games.begin(), games.end(), [](const RatedGame& a, const RatedGame& b) {
    return std::tie(a.kind, a.period, a.id) < std::tie(b.kind, b.period, b.id);
  });
  using Key = std::pair<std::string, std::string>;  // kind, player
  std::map<Key, Rating> table;
  for (const auto& seed : seeds) table[{seed.kind, seed.player}] = seed;
  const double newcomer_phi = kInitialDeviation;
  for (std::size_t first = 0; first < games.size();) {
    const std::string& kind = games[first].kind;
    std::size_t end = first;
    while (end < games.size() && games[end].kind == kind) ++end;
    // The months from the kind's first game to its last, each a rating period.
    std::vector<std::string> periods;
    for (std::size_t i = first; i < end; ++i)
      if (periods.empty() || periods.back() != games[i].period) periods.push_back(games[i].period);
    std::size_t next = first;
    for (std::size_t p = 0; p < periods.size(); ++p) {
      std::map<std::string, std::vector<GlickoResult>> results;
      std::map<std::string, int> played;
      const auto before = [&](const std::string& name) {
        const auto it = table.find({kind, name});
        return it == table.end() ? Glicko{} : it->second.glicko;
      };
      for (; next < end && games[next].period == periods[p]; ++next) {
        const RatedGame& game = games[next];
        std::set<std::string> seated;
        for (std::size_t i = 0; i < game.players.size(); ++i)
          for (std::size_t j = 0; j < game.players.size(); ++j) {
            if (game.players[i] == game.players[j]) continue;
            const Glicko opponent = before(game.players[j]);
            const double score = game.places[i] < game.places[j]   ? 1.0
                                 : game.places[i] > game.places[j] ? 0.0
                                                                   : 0.5;
            results[game.players[i]].push_back({opponent.rating, opponent.deviation, score});
            seated.insert(game.players[i]);
          }
        for (const auto& name : seated) ++played[name];
      }
      // Everyone rated at this kind: a result's period, or a period away (the deviation grows).
      std::map<std::string, Glicko> after;
      for (const auto& [key, rating] : table)
        if (key.first == kind && !results.contains(key.second))
          after[key.second] = glicko2_period(rating.glicko, {});
      for (const auto& [name, list] : results) after[name] = glicko2_period(before(name), list);
      for (auto& [name, glicko] : after) {
        glicko.deviation = std::min(glicko.deviation, newcomer_phi);
        Rating& row = table[{kind, name}];
        row.player = name;
        row.kind = kind;
        row.glicko = glicko;
        row.games += played[name];
      }
      // The months between this period and the next one with games: a period away for all.
      if (p + 1 < periods.size()) {
        const auto here = month_number(periods[p]);
        const auto there = month_number(periods[p + 1]);
        if (here && there)
          for (int month = *here + 1; month < *there; ++month)
            for (auto& [key, rating] : table)
              if (key.first == kind) {
                rating.glicko = glicko2_period(rating.glicko, {});
                rating.glicko.deviation = std::min(rating.glicko.deviation, newcomer_phi);
              }
      }
    }
    first = end;
  }
  std::vector<Rating> sorted;
  for (auto& [key, rating] : table) sorted.push_back(std::move(rating));
  std::sort(sorted.begin(), sorted.end(), [](const Rating& a, const Rating& b) {
    return std::make_tuple(a.kind, -a.glicko.rating, a.player) <
           std::make_tuple(b.kind, -b.glicko.rating, b.player);
  });
  return sorted;
}

std::vector<Rating> ratings(store::Database& db, const std::vector<Rating>& seeds,
                            const std::string& kind) {
  std::vector<RatedGame> games;
  {
    store::ReadSnapshot snapshot(db);
    store::GameStore store(db);
    for (const auto& row : store.finished_games())
      if (kind.empty() || row.kind == kind)
        if (auto game = rated_game(row)) games.push_back(std::move(*game));
  }
  std::vector<Rating> kept;
  for (const auto& seed : seeds)
    if (kind.empty() || seed.kind == kind) kept.push_back(seed);
  return compute_ratings(std::move(games), kept);
}

Document ratings_document(const std::vector<Rating>& table) {
  Document list = Document::array();
  for (const auto& rating : table)
    list.push_back({{"player", rating.player},
                    {"kind", rating.kind},
                    {"rating", rounded(rating.glicko.rating, 0.01)},
                    {"deviation", rounded(rating.glicko.deviation, 0.01)},
                    {"volatility", rounded(rating.glicko.volatility, 0.000001)},
                    {"games", rating.games}});
  return {{"system", "glicko-2"},
          {"tau", kGlickoTau},
          {"period", "month"},
          {"ratings", std::move(list)}};
}

}  // namespace referee
