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

#include <algorithm>
#include <array>
#include <cstdint>
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
inline constexpr int kMaxSeats = 4;
// The random actions of a search bot's playout (playout_horizon()).
inline constexpr int kPlayoutActions = 4;
inline constexpr int kMaxCamels = 6;             // the casual variant's
inline constexpr int kMaxGoods = 4 * 9 + 4 * 3;  // the box, all of it in the bag at most

// The state is a few hundred bytes of small numbers: cloning it for a search or a random game
// copies no heap, and the board's lookups are shared by every state of a game (Layout).

struct Camel {
  std::int16_t square = 0;
  std::int8_t good = -1;  // -1: empty
  bool under = false;     // a stolen good, under the camel: it cannot be stolen again
  bool loaded() const { return good >= 0; }
  auto operator<=>(const Camel&) const = default;
};

// A player's camels on the board, kept sorted (by square, then good, then under).
class Camels {
 public:
  const Camel* begin() const { return items_.data(); }
  const Camel* end() const { return items_.data() + size_; }
  Camel* begin() { return items_.data(); }
  Camel* end() { return items_.data() + size_; }
  int size() const { return size_; }
  Camel& operator[](int i) { return items_[static_cast<std::size_t>(i)]; }
  const Camel& operator[](int i) const { return items_[static_cast<std::size_t>(i)]; }
  void clear() { size_ = 0; }
  void push_back(Camel camel) { items_[static_cast<std::size_t>(size_++)] = camel; }
  bool operator==(const Camels& other) const {
    return std::equal(begin(), end(), other.begin(), other.end());
  }

 private:
  std::array<Camel, kMaxCamels> items_{};
  std::uint8_t size_ = 0;
};

struct PlayerState {
  int supply = 0;  // camels not yet on the board
  Camels camels;
  std::array<int, kGoodKinds> delivered{};
  int demand = 0;  // demand markers collected
  int theft = 1;   // theft markers held
  bool operator==(const PlayerState&) const = default;
};

struct Space {
  std::int8_t good = -1;  // the loose good, -1: none
  int demand = 0;
  bool operator==(const Space&) const = default;
};

// The bag, drawn from its front.
class Bag {
 public:
  int size() const { return end_ - front_; }
  bool empty() const { return front_ == end_; }
  const std::int8_t* begin() const { return goods_.data() + front_; }
  const std::int8_t* end() const { return goods_.data() + end_; }
  int draw() { return goods_[front_++]; }
  void assign(const std::vector<int>& goods);  // at most kMaxGoods
  // The same order Rng::shuffle gives a vector of the same goods.
  void shuffle(core::Rng& rng);

 private:
  std::array<std::int8_t, kMaxGoods> goods_{};
  std::uint8_t front_ = 0;
  std::uint8_t end_ = 0;
};

// Game set-up values shared by every state of one game.
struct Setting {
  Board board;
  int camels = 5;
  bool short_game = false;
  bool operator==(const Setting&) const = default;
};

// A game's setting and what the states look up in it many times a move, made once per game.
struct Layout {
  explicit Layout(Setting from);
  Setting setting;
  std::vector<std::string> square_names;
  std::vector<std::int8_t> space_at;   // per square: the numbered space's index, or -1
  std::vector<std::int8_t> market_at;  // per square: the good whose market it is, or -1
  core::Document board_document;
  // Orthogonal neighbours (HC-2).
  bool adjacent(int a, int b) const;
};

// The layout of `setting`: one of the last few made when it is the same setting (a process that
// restores the same game again and again, each turn of a batch or each view drawn, makes it once).
std::shared_ptr<const Layout> layout_of(Setting setting);
// The board a board document describes: a recent layout's when the document is that layout's
// own, else Board::from_document (which refuses what is not a board, with the reason).
Board board_of(const core::Document& doc);

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

  int num_players() const override { return players_count_; }
  std::optional<int> current_player() const override;
  bool finished() const override { return finished_; }
  core::Result result() const override;

  std::vector<core::Document> legal_moves() const override;
  // Writes only the moves of the page (a turn may have thousands; the HTML page shows 200).
  MovePage legal_moves_page(const core::Document& prefix, std::size_t limit) const override;
  std::vector<core::Event> apply(int player, const core::Document& move, core::Rng& rng) override;
  std::optional<core::Document> forced_move() const override { return std::nullopt; }
  std::optional<core::Document> end_turn_move() const override;
  // "end": the turn closes with whatever actions are left unused.
  core::Document default_move() const override;
  // The seat's camels stay where they stand with their goods (see the man page, DECISIONS); its
  // turns are skipped. With one seat left the game ends ("ended_by": "retired").
  std::vector<core::Event> retire(int seat, core::Rng& rng) override;
  bool retired(int seat) const { return (retired_ >> seat) & 1U; }

  // The fast path: an action is a resolved Action and its cost packed into a number (actions.cpp),
  // listed in the order of legal_moves().
  void legal_actions(std::vector<core::ActionId>& out) const override;
  core::ActionId random_action(core::Rng& chooser) const override;
  void apply_action(core::ActionId action, core::Rng& rng) override;
  core::Document move_of(core::ActionId action) const override;
  std::optional<core::ActionId> action_of(const core::Document& move) const override;

  void conclude(const core::Ending& ending) override;
  core::Document view(int viewer) const override;
  // The numbered spaces as a view lists them (what every seat sees of them).
  core::Document spaces_document() const;
  std::unique_ptr<core::State> clone() const override;
  std::unique_ptr<core::State> resample(int viewer, core::Rng& rng) const override;
  // The seat's score, and for each good its camels hold a part of its value that shrinks with the
  // actions still needed to join the camel to the good's market (actions_to_deliver), against
  // the best other seat still playing, on a logistic curve (man page, BOTS).
  double evaluate(int seat) const override;
  // A playout of random actions breaks the chains evaluate() values: it stops after the rest of
  // the turn and the next seat's (kPlayoutActions).
  int playout_horizon() const override { return kPlayoutActions; }

  // Set-up, used by the engine: the start position, or a checked position from a document.
  void set_start(core::Rng& rng);
  void set_from(const core::Document& doc);

  // Scoring pieces, public for tests: goods held (on or under camels) and the HC-6 penalty.
  int held(int seat) const;
  int score(int seat) const;
  // The bots' evaluation: the fewest actions that join `from` to `market` by the seat's camels so
  // that one more delivers, in stages where the chain needs more camels than the seat can spare
  // (-1: it can spare none, which no legal position has).
  int actions_to_deliver(int seat, int from, int market) const;
  static int penalty(int held_goods) { return held_goods * (held_goods - 1) / 2; }
  int actions_left() const { return left_; }
  int allowance() const { return std::min(turn_number_, kMaxActions); }

 private:
  enum class Ending : std::uint8_t { kNone, kDelivery, kStall, kIdle, kRetired };
  static const char* ending_name(Ending ending);

  const Setting& setting() const { return layout_->setting; }
  const Board& board() const { return layout_->setting.board; }
  const std::string& square_name(int square) const {
    return layout_->square_names[static_cast<std::size_t>(square)];
  }
  PlayerState& player(int s) { return players_[static_cast<std::size_t>(s)]; }
  const PlayerState& player(int s) const { return players_[static_cast<std::size_t>(s)]; }

  Action parse(const core::Document& move) const;
  // Checks an action for the player to move and fills in what it leaves implicit; returns its
  // cost in actions. Throws MoveError saying why it is illegal.
  int resolve(Action& action) const;
  core::Document canonical(const Action& action) const;
  // Every legal action for the player to move, packed, in the order of legal_moves().
  void list_actions(std::vector<core::ActionId>& out) const;
  // Applies a resolved action; writes what happened into `event` unless it is null (the fast
  // path makes no events).
  void perform(const Action& action, int cost, core::Document* event);
  void refill(core::Document* event);
  void end_turn(core::Document* event);
  int active_seats() const;
  void sort_camels(int seat);

  int camels_on(int square) const;
  int loaded(int seat) const;
  int empty_camel_at(int seat, int square) const;  // index or -1
  // Whether `to` is joined to `from` by orthogonal steps through squares holding the seat's
  // camels (HC-2).
  bool joined(int seat, int from, int to) const;
  int loose_goods() const;
  std::string seat(int s) const;

  std::shared_ptr<const Layout> layout_;
  std::array<PlayerState, kMaxSeats> players_{};
  std::array<Space, kSpaces> spaces_{};
  Bag bag_;
  int turn_number_ = 1;
  int last_progress_turn_ = 0;
  int idle_turns_ = 0;
  std::int8_t players_count_ = 0;
  std::int8_t to_move_ = 0;
  std::int8_t left_ = 1;
  std::uint8_t retired_ = 0;  // a bit per seat that left the game (written only when one has)
  bool finished_ = false;
  Ending ended_by_ = Ending::kNone;
  std::optional<core::Ending> ended_;  // ended outside the rules (conclude)
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
  const Notation& notation() const override;

  core::Setup start(int players, const std::map<std::string, std::string>& opts,
                    core::Rng& rng) const override;
  std::unique_ptr<core::State> restore(
      const core::Document& state, int players,
      const std::map<std::string, std::string>& opts) const override;
  // A seat's view shows the bag as counts of each good: the bag is laid out from them, then
  // shuffled.
  std::unique_ptr<core::State> from_view(const core::Document& view, int seat, int players,
                                         const std::map<std::string, std::string>& opts,
                                         core::Rng& rng) const override;
  std::string draw(const core::Document& view) const override;
  Picture picture(const core::Document& view, const core::Document& last,
                  int viewer) const override;
  // The move in the game's words, for a button (svg.cpp, beside the picture's sentences).
  std::string move_phrase(const core::Document& move) const override;
};

}  // namespace games::huber_caravan
