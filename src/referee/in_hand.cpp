#include "referee/in_hand.hpp"

#include <utility>

#include <fmt/format.h>

#include "core/errors.hpp"
#include "referee/turns.hpp"

namespace referee {

struct GamesInHand::Held {
  GameContext game;                       // its state restored on first need (then not null)
  std::map<std::string, Document> views;  // by viewer (view_key)
};

namespace {

std::string view_key(const std::optional<std::string>& player, bool observer) {
  // A player's name is never empty, so the two other keys are no player's.
  return observer ? std::string() : player ? "=" + *player : std::string("referee");
}

}  // namespace

GamesInHand::GamesInHand(store::Database& db) : db_(db), games_(db) {}

GamesInHand::~GamesInHand() = default;

std::shared_ptr<GamesInHand::Held> GamesInHand::current(const std::string& id) {
  if (const auto at = held_.find(id); at != held_.end()) {
    if (games_.next_turn(id) == at->second->game.row.next_turn) return at->second;
    held_.erase(at);  // another process recorded a turn since: read the game again
  }
  auto row = games_.find_game(id);
  if (!row) return nullptr;
  auto held = std::make_shared<Held>();
  held->game.row = std::move(*row);
  held_[id] = held;
  return held;
}

GamesInHand::Held& GamesInHand::restored(const std::string& id) {
  const auto held = current(id);
  if (!held)
    throw core::UserError(core::Exit::kNoInput, fmt::format("no game '{}' in this database", id));
  if (!held->game.state) {
    try {
      restore_state(games_, held->game);
    } catch (...) {
      held_.erase(id);  // a changed snapshot is refused again by the next use, never played on
      throw;
    }
  }
  return *held;
}

std::shared_ptr<const store::GameRow> GamesInHand::row(const std::string& id) {
  auto held = current(id);
  if (!held) return nullptr;
  const store::GameRow* row = &held->game.row;
  return {std::move(held), row};
}

std::shared_ptr<const GameContext> GamesInHand::game(const std::string& id) {
  restored(id);
  auto held = held_.at(id);
  const GameContext* game = &held->game;
  return {std::move(held), game};
}

Document GamesInHand::view(const std::string& id, const std::optional<std::string>& player,
                           bool observer) {
  store::ReadSnapshot snapshot(db_);  // the row and its latest turns as they were together
  Held& held = restored(id);
  const std::string key = view_key(player, observer);
  auto at = held.views.find(key);
  if (at == held.views.end())
    at = held.views.emplace(key, view_of(games_, held.game, player, observer)).first;
  return at->second;
}

MoveList GamesInHand::legal_moves(const std::string& id, const std::string& player,
                                  const Document& prefix, std::size_t limit) {
  const GameContext& game = restored(id).game;
  const int seat = seat_of(game.row, player);
  MoveList list;
  if (game_over(*game.state, game.row) || game.state->current_player() != seat) return list;
  auto page = game.state->legal_moves_page(prefix, limit);
  for (auto& move : page.moves) list.moves.push_back(std::move(move));
  list.total = page.total;
  list.total_exact = page.total_exact;
  return list;
}

Document GamesInHand::latest_turn(const std::string& id, const std::optional<std::string>& player,
                                  std::optional<std::int64_t> next_turn) {
  store::ReadSnapshot snapshot(db_);  // the row and its last turn as they were together
  const auto held = current(id);
  if (!held) return nullptr;
  const GameContext& game = held->game;
  const std::int64_t number = next_turn.value_or(game.row.next_turn) - 1;
  if (number < 1 || number >= game.row.next_turn) return nullptr;
  const int viewer = player ? seat_of(game.row, *player) : core::kReferee;
  if (game.last_turn && game.last_turn->number == number)  // recorded by this command
    return turn_document(*game.last_turn, game.row, viewer);
  Document latest;
  games_.each_turn(id, number - 1, store::GameStore::EventsAs::kDocuments,
                   [&](store::TurnRow& turn) {
                     if (turn.number == number) latest = turn_document(turn, game.row, viewer);
                     return false;  // that turn alone
                   });
  return latest;
}

Document GamesInHand::history(const std::string& id, const std::optional<std::string>& player,
                              bool observer) {
  store::ReadSnapshot snapshot(db_);  // the row and its turns as they were together
  const auto held = current(id);
  if (!held)
    throw core::UserError(core::Exit::kNoInput, fmt::format("no game '{}' in this database", id));
  return history_of(games_, held->game.row, player, observer);
}

GameContext GamesInHand::copy(const std::string& id) {
  const GameContext& game = restored(id).game;
  GameContext copy{game.row, game.engine, game.state->clone(), game.rng};
  copy.last_turn = game.last_turn;
  return copy;
}

void GamesInHand::keep(GameContext game) {
  auto held = std::make_shared<Held>();
  held->game = std::move(game);
  held_[held->game.row.id] = std::move(held);
}

}  // namespace referee
