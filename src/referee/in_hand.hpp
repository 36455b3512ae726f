// The games one command works on, held in hand: each loaded from its snapshot once, then kept as
// the command's own turns leave it. A command's outcome is its answer and the games it holds:
// the new state, the last turn it recorded and each reader's view, from which every writer
// (the answer, view files, pictures, pages, replies, notices and letters) is made without
// loading the game again.
//
// Promise: what is in hand is what the store holds. Before a game in hand is used, its next turn
// number is read again (one small query): when another process has recorded a turn since, the
// game is loaded again. A turn works on a copy (copy()), which replaces the game in hand only
// once its transaction has committed (keep()), so a refused or rolled-back turn leaves the game in
// hand as the store has it. The snapshot is checked against its state hash when the game's state
// is first needed, as referee::view does. Each reader's view is made once while the game stays
// as it is. Not for several threads.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "referee/game_context.hpp"
#include "referee/referee.hpp"
#include "store/game_store.hpp"
#include "store/sqlite.hpp"

namespace referee {

class GamesInHand {
 public:
  explicit GamesInHand(store::Database& db);
  ~GamesInHand();
  GamesInHand(const GamesInHand&) = delete;
  GamesInHand& operator=(const GamesInHand&) = delete;

  store::Database& db() { return db_; }

  // The game's row; null when there is no such game. The row stays as it was for as long as the
  // pointer is kept, whatever the command does to the game meanwhile.
  std::shared_ptr<const store::GameRow> row(const std::string& id);
  // The game with its engine, state and generator: UserError 66 when there is no such game, 74
  // when its snapshot does not match its state hash.
  std::shared_ptr<const GameContext> game(const std::string& id);

  // What referee::view (`observer`: observer_view), legal_moves, latest_turn and history give,
  // made from the game in hand.
  Document view(const std::string& id, const std::optional<std::string>& player,
                bool observer = false);
  MoveList legal_moves(const std::string& id, const std::string& player,
                       const Document& prefix = nullptr, std::size_t limit = SIZE_MAX);
  Document latest_turn(const std::string& id, const std::optional<std::string>& player,
                       std::optional<std::int64_t> next_turn = std::nullopt);
  Document history(const std::string& id, const std::optional<std::string>& player,
                   bool observer = false);

  // For a turn: a copy of the game to play on, inside the turn's transaction.
  GameContext copy(const std::string& id);
  // The copy back in hand once the transaction that recorded its turns has committed.
  void keep(GameContext game);

 private:
  struct Held;
  // The game in hand if the store has recorded no turn since it was read, else read again; null
  // when there is no such game.
  std::shared_ptr<Held> current(const std::string& id);
  Held& restored(const std::string& id);

  store::Database& db_;
  store::GameStore games_;
  std::map<std::string, std::shared_ptr<Held>> held_;
};

}  // namespace referee
