// The tournaments' rows (schema/014_tournaments.sql, 015_tournament_seats.sql): a tournament, its
// entrants in the order of the draw, and each round's boards with their games. Callers see rows,
// never SQL; writes happen inside the caller's Transaction.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "store/sqlite.hpp"

namespace store {

struct EntrantRow {
  int number = 0;  // place in the draw, 0 the first
  std::string name;
  std::string address{};                 // empty: none
  std::string bot{};                     // bot level; empty: a person
  int given = 0;                         // place in the order they were entered
  std::optional<int> withdrawn_after{};  // rounds played when they withdrew
};

struct TournamentGameRow {
  int round = 1;  // 1 the first
  int board = 1;  // 1 the first
  int first = 0;
  std::optional<int> second{};        // none: a bye
  std::vector<int> more{};            // the seats after the second, at a table of three or more
  std::optional<std::string> game{};  // none: a bye
};

struct TournamentRow {
  std::string id;
  std::string kind;
  std::string format;
  int rounds = 0;
  int seats = 2;  // each game's
  std::uint64_t seed = 0;
  std::string seed_salt;
  std::string seed_commitment;
  nlohmann::json options = nlohmann::json::object();
  nlohmann::json timing = nlohmann::json::object();
  nlohmann::json mail;  // null: none
  std::string created_at;
  std::optional<std::string> finished_at{};
  std::vector<EntrantRow> entrants;      // by number
  std::vector<TournamentGameRow> games;  // by round, then board
};

class TournamentStore {
 public:
  explicit TournamentStore(Database& db) : db_(db) {}

  bool exists(const std::string& id);
  // The tournament with its entrants and games (`games` empty).
  void insert(const TournamentRow& tournament);
  std::optional<TournamentRow> find(const std::string& id);
  // Every tournament's id, oldest first.
  std::vector<std::string> ids();
  // The ids of the tournaments still running, oldest first.
  std::vector<std::string> running();
  // How many games of the tournament's round `round` are still being played (a cheap look before
  // its results are read).
  int running_games(const std::string& id, int round);
  // The number of the last round made; 0 before the first.
  int last_round(const std::string& id);
  void add_game(const std::string& id, const TournamentGameRow& game);
  void set_finished(const std::string& id, const std::string& when);
  void set_withdrawn(const std::string& id, int number, int after_rounds);
  // The tournament and round a game belongs to; nullopt for a game outside every tournament.
  std::optional<std::pair<std::string, int>> of_game(const std::string& game_id);

 private:
  Database& db_;
};

}  // namespace store
