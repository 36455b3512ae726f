// Caravan, a game for 2-4 players by Joseph Huber: camels relay goods to the markets that want
// them.
//
// Rules: the rulebook (Rio Grande Games, 2019), as the project's rulings in
// docs/rules/huber-caravan.md settle them (rulings HC-1..HC-8, the referee's decisions
// HC-D1..HC-D8); where the two differ, the rulings win. The man page caravan-ref-huber-caravan(6)
// summarises the decisions.
//
// Parameters:
//   name    values      default   meaning
//   camels  5|6         5         camels per player (6: the casual variant)
//   short   true|false  false     the reduced goods: 6 of each common good, 2 of each rare one
//   board   FILE        built-in  the board (board.hpp); the default is HC-1's reconstruction
//
// Seats: 0 Black, 1 Blue, 2 Green, 3 Yellow; Black starts. A turn is several actions (1, 2, 3,
// then 4): the same seat stays to move until its actions run out or it plays `end`. Moves:
//   place: c3                          a camel from the supply (1 action; 2 onto any camel)
//   move: {from: c3, to: d3}           an empty camel (same costs)
//   pickup: b2                         the loose good (and the demand markers) on b2
//   steal: e4 | {at, victim, colour}   another player's good from a camel on e4
//   good: {from: b2, to: d3, colour, under}   a good along a chain of the player's own camels
//   end                                end the turn now
// `victim`, `colour` and `under` are written only where the plain form is ambiguous (HC-8).
//
// Hidden: the order of the bag (shuffled at set-up, drawn from its front); players see its
// counts by good. A refill inside a turn draws from it.
//
// The complete state document (view(kReferee), accepted by restore()):
//   {"board": {...}, "camels": 5, "short": false,
//    "players": [{"seat": "Black", "supply": 2, "camels": [{"at": "c3", "good": "salt",
//                 "under": true}, {"at": "d4"}, ...], "delivered": {"salt": 1}, "demand": 3,
//                 "theft": 1, "held": 1, "score": 6}, ...],
//    "spaces": [{"number": 1, "at": "a1", "good": "meat" | null, "demand": 1}, ...],
//    "bag": ["salt", ...] (front first; a player's view has {"meat": n, ...} instead),
//    "bag_size": n, "end_triggered": bool,
//    "turn": {"number": k, "player": "Blue" | null, "actions": 4, "left": 3},
//    "last_progress_turn": k, "idle_turns": n, "finished": bool,
//    "ended_by": null | "delivery" | "stall" | "idle"}
// held, score, bag_size and end_triggered are derived; restore() checks them when present.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "games/huber_caravan/board.hpp"

namespace games::huber_caravan {

inline constexpr int kMaxActions = 4;
inline constexpr int kRefillAt = 4;  // loose goods left when the refill happens
// A game in which this many rounds pass without a good picked up or delivered is stalled and
// ends (ruling HC-D2).
inline constexpr int kQuietRounds = 10;

struct Camel {
  int square = 0;
  int good = -1;       // -1: empty
  bool under = false;  // a stolen good, under the camel: it cannot be stolen again
  bool loaded() const { return good >= 0; }
  auto operator<=>(const Camel&) const = default;
};

struct PlayerState {
  int supply = 0;             // camels not yet on the board
  std::vector<Camel> camels;  // on the board, kept sorted
  std::array<int, kGoodKinds> delivered{};
  int demand = 0;  // demand markers collected
  int theft = 1;   // theft markers held
  bool operator==(const PlayerState&) const = default;
};

struct Space {
  int good = -1;  // the loose good, -1: none
  int demand = 0;
  bool operator==(const Space&) const = default;
};

// Game set-up values shared by every state of one game.
struct Setting {
  Board board;
  int camels = 5;
  bool short_game = false;
};

// One action as written, and once resolved against the position.
struct Action {
  enum Kind { kEnd, kPlace, kMove, kPickup, kSteal, kGood } kind = kEnd;
  int from = -1;  // place/pickup/steal: the square; move/good: where from
  int to = -1;    // move/good: where to
  int victim = -1;
  int good = -1;
  int under = -1;  // good moves: -1 unspecified, 0 on top, 1 under
};

class HuberCaravanState : public core::State {
 public:
  HuberCaravanState(Setting setting, int players);

  int num_players() const override { return static_cast<int>(players_.size()); }
  std::optional<int> current_player() const override;
  bool finished() const override { return finished_; }
  core::Result result() const override;

  std::vector<core::Document> legal_moves() const override;
  std::vector<core::Event> apply(int player, const core::Document& move, core::Rng& rng) override;
  std::optional<core::Document> forced_move() const override { return std::nullopt; }
  std::optional<core::Document> end_turn_move() const override;
  // "end": the turn closes with whatever actions are left unused.
  core::Document default_move() const override;
  // The seat's camels stay where they stand with their goods (see the man page, DECISIONS); its
  // turns are skipped. With one seat left the game ends ("ended_by": "retired").
  std::vector<core::Event> retire(int seat, core::Rng& rng) override;
  bool retired(int seat) const { return retired_[static_cast<std::size_t>(seat)]; }

  core::Document view(int viewer) const override;
  std::unique_ptr<core::State> clone() const override;
  std::unique_ptr<core::State> resample(int viewer, core::Rng& rng) const override;

  // Set-up, used by the engine: the start position, or a checked position from a document.
  void set_start(core::Rng& rng);
  void set_from(const core::Document& doc);

  // Scoring pieces, public for tests: goods held (on or under camels) and the HC-6 penalty.
  int held(int seat) const;
  int score(int seat) const;
  static int penalty(int held_goods) { return held_goods * (held_goods - 1) / 2; }
  int actions_left() const { return left_; }
  int allowance() const { return std::min(turn_number_, kMaxActions); }

 private:
  Action parse(const core::Document& move) const;
  // Checks an action for the player to move and fills in what it leaves implicit; returns its
  // cost in actions. Throws MoveError saying why it is illegal.
  int resolve(Action& action) const;
  core::Document canonical(const Action& action) const;
  core::Document perform(const Action& action, int cost);
  void refill(core::Document& event);
  void end_turn(core::Document& event);
  int active_seats() const;
  void sort_camels(int seat);

  int camels_on(int square) const;
  int loaded(int seat) const;
  int empty_camel_at(int seat, int square) const;  // index or -1
  std::vector<bool> chain_from(int seat, int square) const;
  int loose_goods() const;
  std::string seat(int s) const;

  Setting setting_;
  std::vector<PlayerState> players_;
  std::vector<bool> retired_;  // seats that left the game (written only when one has)
  std::vector<Space> spaces_;
  std::vector<int> bag_;  // front first
  int turn_number_ = 1;
  int to_move_ = 0;
  int left_ = 1;
  int last_progress_turn_ = 0;
  int idle_turns_ = 0;
  bool finished_ = false;
  std::string ended_by_;
};

class HuberCaravanEngine : public core::Engine {
 public:
  std::string id() const override { return "huber-caravan"; }
  std::string title() const override { return "Caravan (Joseph Huber)"; }
  int min_players() const override { return 2; }
  int max_players() const override { return 4; }
  std::vector<core::OptionInfo> options() const override;
  std::string seat_name(int seat) const override;
  bool hidden_information() const override { return true; }

  core::Setup start(int players, const std::map<std::string, std::string>& opts,
                    core::Rng& rng) const override;
  std::unique_ptr<core::State> restore(
      const core::Document& state, int players,
      const std::map<std::string, std::string>& opts) const override;
  std::string draw(const core::Document& view) const override;
};

}  // namespace games::huber_caravan
