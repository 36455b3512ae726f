// Playing any registered engine's game through turn files, as a player would: the crash and race
// tests use it so that every engine joins them by registration alone.
//
// The test process opens the database only between the runs of the binary under test (a fresh
// connection each time), never across a fork.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/engine.hpp"
#include "core/rng.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"
#include "store/sqlite.hpp"
#include "turn_file.hpp"

namespace game_driver {

using core::Document;

struct Seat {
  std::string name;
  std::string token;
};

struct Game {
  std::string id;
  std::vector<Seat> seats;
};

struct Turn {
  std::int64_t number = 0;
  std::string player;
  Document move;
  std::string text;  // the turn file
};

// A new game of `engine` with its fewest players and default options.
inline Game new_game(const std::string& db_path, const core::Engine& engine, std::uint64_t seed) {
  store::Database db(db_path);
  referee::NewGame request;
  request.kind = engine.id();
  for (int seat = 0; seat < engine.min_players(); ++seat)
    request.players.push_back(fmt::format("p{}", seat));
  request.seed = seed;
  const Document made = referee::create_game(db, request);
  Game game{made.at("game").get<std::string>(), {}};
  for (const auto& player : made.at("players"))
    game.seats.push_back(
        {player.at("name").get<std::string>(), player.value("token", std::string())});
  return game;
}

inline std::string token_of(const Game& game, const std::string& player) {
  for (const auto& seat : game.seats)
    if (seat.name == player) return seat.token;
  return "";
}

inline std::string turn_file(const Game& game, std::int64_t number, const std::string& player,
                             const Document& move) {
  return TurnFile(game.id, player, number).token(token_of(game, player)).move(move);
}

// The next turn: one of the first legal moves of the player to move, chosen by `rng`; nullopt
// when the game is over. `choice` picks a given move instead (modulo the number listed).
inline std::optional<Turn> next_turn(const std::string& db_path, const Game& game, core::Rng& rng,
                                     std::optional<std::size_t> choice = std::nullopt) {
  store::Database db(db_path);
  const Document view = referee::view(db, game.id, std::nullopt);
  if (view.at("finished").get<bool>() || view.at("to_move").empty()) return std::nullopt;
  Turn turn;
  turn.number = view.at("turn").get<std::int64_t>();
  turn.player = view.at("to_move")[0].get<std::string>();
  const auto listed = referee::legal_moves(db, game.id, turn.player, nullptr, 20);
  if (listed.moves.empty()) return std::nullopt;
  const std::size_t index = choice ? *choice % listed.moves.size()
                                   : static_cast<std::size_t>(rng.below(listed.moves.size()));
  turn.move = listed.moves[index];
  turn.text = turn_file(game, turn.number, turn.player, turn.move);
  return turn;
}

inline std::string write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

// The game's turn counter (the number the next turn file must carry).
inline std::int64_t turn_counter(const std::string& db_path, const Game& game) {
  store::Database db(db_path);
  return referee::view(db, game.id, std::nullopt).at("turn").get<std::int64_t>();
}

// "ok" when SQLite finds the file sound.
inline std::string integrity(const std::string& db_path) {
  store::Database db(db_path);
  store::Statement check(db, "PRAGMA integrity_check");
  std::string verdict;
  while (check.step()) verdict += check.text(0);
  return verdict;
}

// The audit of every game in the database, as a document ({ok, games}).
inline Document audit(const std::string& db_path) {
  store::Database db(db_path);
  return referee::audit(db, std::nullopt);
}

inline std::vector<store::TurnRow> record(const std::string& db_path, const Game& game) {
  store::Database db(db_path);
  return store::GameStore(db).turns(game.id);
}

inline std::vector<store::SubmissionRow> submissions(const std::string& db_path, const Game& game) {
  store::Database db(db_path);
  return store::GameStore(db).submissions(game.id);
}

}  // namespace game_driver
