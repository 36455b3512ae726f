// Caravaneers, a two-player abstract game by Andrew Perkis.
//
// Rules: Andrew Perkis's published rules, as the project's rulings in docs/rules/caravaneers.md
// settle them (rulings CV-1..CV-6, the referee's decisions CV-D1..CV-D3); where the two differ,
// the rulings win. The man page caravan-ref-caravaneers(6) summarises the decisions.
//
// Parameters:
//   name      values      default  meaning
//   majority  true|false  false    end the game at once when a player has 6 captures
//
// Seats: 0 = "South" (moves first, pushes pieces down the columns), 1 = "East" (pushes pieces
// along the rows). A move names the square of the leading piece of a line ("c3"), or "pass" when
// the player has no other move. Nothing is hidden and nothing is random.
//
// The complete state document (view(kReferee), accepted by restore()):
//   {"pieces": ["a1", ...] (sorted), "captures": {"South": n, "East": m},
//    "to_move": "South" | "East" | null, "majority": bool}
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.hpp"

namespace games::caravaneers {

inline constexpr int kSize = 7;    // the board is 7 x 7
inline constexpr int kDesert = 6;  // a1..f6 is the desert
inline constexpr int kPieces = 11;
inline constexpr int kMajority = 6;
inline constexpr int kSouth = 0;
inline constexpr int kEast = 1;

// A square: col 0..6 is a..g (west to east), row 0..6 is 1..7 (north to south).
struct Square {
  int col = 0;
  int row = 0;
  bool operator==(const Square&) const = default;
};

// "c3" for {2, 2}.
std::string square_name(Square sq);
// Reads "c3" (any case, surrounding blanks allowed); nullopt when it names no square a1..g7.
std::optional<Square> parse_square(const std::string& text);

// What one line of play (a column for South, a row for East) allows.
struct LineStatus {
  int count = 0;               // pieces on the line
  int lead = -1;               // position of the leading piece along the line
  int tail = -1;               // position of the trailing piece
  std::optional<int> gap;      // first empty position between tail and lead
  bool into_mountain = false;  // the leading piece would enter a mountain
  bool movable() const { return count > 0 && !gap && !into_mountain; }
};

class CaravaneersState : public core::State {
 public:
  explicit CaravaneersState(bool majority);

  int num_players() const override { return 2; }
  std::optional<int> current_player() const override;
  bool finished() const override { return finished_; }
  core::Result result() const override;

  std::vector<core::Document> legal_moves() const override;
  std::vector<core::Event> apply(int player, const core::Document& move, core::Rng& rng) override;
  std::optional<core::Document> forced_move() const override;

  // Actions: the line (0-5: South's columns a-f, East's rows 1-6) whose caravan moves, or kPass.
  static constexpr core::ActionId kPass = kDesert;
  void legal_actions(std::vector<core::ActionId>& out) const override;
  core::ActionId random_action(core::Rng& chooser) const override;
  void apply_action(core::ActionId action, core::Rng& rng) override;
  core::Document move_of(core::ActionId action) const override;
  std::optional<core::ActionId> action_of(const core::Document& move) const override;

  void conclude(const core::Ending& ending) override;
  core::Document view(int viewer) const override;

  std::unique_ptr<core::State> clone() const override;
  // Captures ahead, and a quarter of a capture for each line more that can move (a player left
  // without moves must pass), on a logistic curve (man page, BOTS).
  double evaluate(int seat) const override;

  // Set-up, used by the engine: the start position, or a checked position from a document.
  void set_start();
  void set_from(const core::Document& doc);

 private:
  bool occupied(Square sq) const;
  void set_occupied(Square sq, bool value);
  // The pieces of a line as bits, bit i for position i along it.
  std::uint8_t line_bits(int seat, int line) const {
    return seat == kSouth ? columns_[static_cast<std::size_t>(line)]
                          : rows_[static_cast<std::size_t>(line)];
  }
  LineStatus line_status(int seat, int line) const;
  bool movable(int seat, int line) const;
  // The lines of `seat` that can move, as bits (bit i: line i).
  unsigned movable_lines(int seat) const;
  std::vector<Square> movable_leads(int seat) const;
  bool can_move(int seat) const { return movable_lines(seat) != 0; }
  // The square named by a move for `seat`, checked against the rules; throws MoveError.
  Square checked_lead(int seat, const std::string& text) const;
  // Moves the caravan on `line` of `seat` (a movable one); returns {moved, captured}.
  std::pair<int, int> move_line(int seat, int line);
  // Ends the turn of the player to move.
  void pass_turn();
  // Decides whether the game is over, after a move or at restore.
  void settle();

  // The desert's pieces twice over, as bits: rows_[row] bit col, columns_[col] bit row.
  std::array<std::uint8_t, kDesert> rows_{};
  std::array<std::uint8_t, kDesert> columns_{};
  std::array<int, 2> captures_{};
  int to_move_ = kSouth;
  bool finished_ = false;
  bool majority_ = false;
  std::optional<core::Ending> ended_;  // ended outside the rules (conclude)
};

class CaravaneersEngine : public core::Engine {
 public:
  std::string id() const override { return "caravaneers"; }
  std::string title() const override { return "Caravaneers (Andrew Perkis)"; }
  int min_players() const override { return 2; }
  int max_players() const override { return 2; }
  std::vector<core::OptionInfo> options() const override;
  std::string seat_name(int seat) const override;
  bool hidden_information() const override { return false; }
  const Notation& notation() const override;

  core::Setup start(int players, const std::map<std::string, std::string>& opts,
                    core::Rng& rng) const override;
  std::unique_ptr<core::State> restore(
      const core::Document& state, int players,
      const std::map<std::string, std::string>& opts) const override;
  std::string draw(const core::Document& view) const override;
  Picture picture(const core::Document& view, const core::Document& last,
                  int viewer) const override;
  // The move in the game's words, for a button (svg.cpp, beside the picture's sentences).
  std::string move_phrase(const core::Document& move) const override;
};

}  // namespace games::caravaneers
