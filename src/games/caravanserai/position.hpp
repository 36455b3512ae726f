// The plain data of a Caravanserai game and the small rules every part shares: taking a good
// (from the market, else from an opponent: CS-9) and putting a good back on the board (CS-8).
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/caravanserai/board.hpp"

namespace games::caravanserai {

inline constexpr int kCamel = kColours;  // a caravan piece is a colour 0-4 or a camel
inline constexpr int kCamelsEach = 8;
inline constexpr int kStartGoodsEach = 3;  // of each colour, in every starting set

struct Piece {
  int cell = 0;
  int kind = kCamel;
  bool operator==(const Piece&) const = default;
};

struct Player {
  std::array<int, kColours> goods{};
  int camels = kCamelsEach;
  std::vector<Piece> caravan;  // tail first; the head camel is last
  int last_played = -1;        // the turn number of this player's latest turn
  int reserve_pieces() const;
};

enum class Phase { kStart, kPlay, kOver };

struct Position {
  std::shared_ptr<const Board> board;
  bool expert = false;
  std::array<int, kColours> market{};
  std::vector<int> loose;     // per cell: the colour of the good standing on it, or -1
  std::vector<int> occupant;  // per cell: the seat whose caravan is on it, or -1
  std::vector<Player> players;
  Phase phase = Phase::kStart;
  int to_move = 0;
  int turn_number = 0;  // turns completed
  int owed = 0;         // goods the player to move must still put on the board (CS-8)
  std::optional<int> final_turns_left;  // set when the market empties (CS-10, CS-12)
  std::vector<bool> retired;            // per seat: it left the game; its turns are skipped

  bool is_retired(int seat) const {
    return !retired.empty() && retired[static_cast<std::size_t>(seat)];
  }
  int active_seats() const;
  // The next seat after `seat` in turn order that has not left the game.
  int next_active(int seat) const;

  int num_players() const { return static_cast<int>(players.size()); }
  bool solo() const { return players.size() == 1; }
  int market_total() const;
  // The general reserve's goods and every starting set's.
  int total_goods() const {
    return (expert ? 35 : 30) + num_players() * kColours * kStartGoodsEach;
  }
  // Whether `seat` can make any placement: a camel in reserve and a free cell beside the head.
  bool can_place(int seat) const;
  // Gives `seat` one good of `colour`: the market's, else (CS-9) the opponent's holding most of
  // it (ties: the next in turn order after `seat`). Returns where it came from: -1 the market, a
  // seat, or -2 when nobody had one. Starts the end when it takes the market's last good.
  int take_good(int seat, int colour);
  // Whether a good of `colour` could be taken by `seat` now (the market, or CS-9).
  bool good_available(int seat, int colour) const;
  // Whether `cell` is a free Caravanserai cell on which `seat` may put a good now (CS-8).
  bool can_put_good(int seat, int cell) const;
  bool any_good_to_put(int seat) const;
  // Puts a good taken for `seat` on `cell` (checked with can_put_good).
  void put_good(int seat, int cell);
  void market_took_last();
};

}  // namespace games::caravanserai
