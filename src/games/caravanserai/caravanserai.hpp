// Caravanserai: caravans of goods on a desert of hexagonal tiles, for 1 to 6 players.
//
// Rules: the published rule booklet, as the project's rulings in docs/rules/caravanserai.md
// settle them (rulings CS-1..CS-14, the referee's decisions CS-D1..CS-D10); where the two
// differ, the rulings win. The tile shapes and layouts are reconstructions loaded from data
// (data/tiles.yaml, rulings CS-1..CS-3). The man page caravan-ref-caravanserai(6) summarises the
// decisions.
//
// Parameters:
//   name    values      default   meaning
//   expert  true|false  false     the expert variant: first block of 1, one lying camel per
//                                 placement, 35 goods in the general reserve
//   tiles   FILE        built in  the tile set and layouts (a YAML file like data/tiles.yaml)
// One player is the solo game (its level is shown from the caravan's length).
//
// Seats are "A" to "F" in turn order; A plays first. Moves (board.hpp names cells, placement.hpp
// gives the placement notation):
//   {start: d7}        a player's first turn: the starting camel on a Caravanserai cell of an
//                      outer tile (CS-13)
//   {path: [...], decline: [...], place: [...]}   a placement (4.1-4.3)
//   {place: f3}        a good owed for a camel taken back, put on a free Caravanserai cell (CS-8)
//   pass               made by the referee for a player who cannot place (CS-5)
// The move lists: legal_moves_page (the `moves` command) pages through every legal placement on
// a prefix and counts them, up to kCountedUpTo placements walked (then the count is a lower
// bound: total_exact is false). legal_moves() lists them all while there are at most
// kListedInFull; past that (long reserves give millions) it lists the bounded canonical form:
// the placements that go straight with at most two blocks. A submitted placement is always
// checked in full, whatever its shape. The same moves as numbers (the fast path of random play
// and bots): actions.hpp.
//
// Nothing is hidden: the board, the market and every reserve are public, and the only chance is
// the set-up. The complete state document is view(kReferee); see the man page for its keys.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "games/caravanserai/placement.hpp"
#include "games/caravanserai/position.hpp"

namespace games::caravanserai {

inline constexpr std::size_t kListedInFull = 256;
inline constexpr std::size_t kCountedUpTo = 10000;

// The solo level a caravan of `length` reaches (6.2), or "none" below 25.
std::string solo_level(int length);

class CaravanseraiState : public core::State {
 public:
  explicit CaravanseraiState(Position position) : pos_(std::move(position)) {}

  int num_players() const override { return pos_.num_players(); }
  std::optional<int> current_player() const override;
  bool finished() const override { return pos_.phase == Phase::kOver; }
  core::Result result() const override;
  // The caravan's length against the longest other caravan still playing, with a tenth of a
  // point for each piece more in reserve (the tie-break); alone, against the 25 pieces a solo
  // game needs; on a logistic curve (man page, BOTS).
  double evaluate(int seat) const override;

  std::vector<core::Document> legal_moves() const override;
  MovePage legal_moves_page(const core::Document& prefix, std::size_t limit) const override;
  std::vector<core::Event> apply(int player, const core::Document& move, core::Rng& rng) override;
  std::optional<core::Document> forced_move() const override;

  // Moves as numbers (actions.hpp): the same moves legal_moves() lists, in its order.
  void legal_actions(std::vector<core::ActionId>& out) const override;
  // Uniform over legal_actions(), one draw of `chooser`: every placement while there are at most
  // kListedInFull, else every placement of the bounded canonical form. The draw walks at most
  // kListedInFull + 1 placements and then the bounded form, never a reserve's millions.
  core::ActionId random_action(core::Rng& chooser) const override;
  // A placement found by one walk in a random order (random_placement); a cell for an owed good
  // drawn until one may take it (uniform, as random_action); else random_action().
  core::ActionId playout_action(core::Rng& chooser) const override;
  void apply_action(core::ActionId action, core::Rng& rng) override;
  core::Document move_of(core::ActionId action) const override;
  // Any legal move, also one the bounded list leaves out (a turning or long placement, one
  // with `place`); nullopt for an illegal one, and for the rare legal placement whose choices
  // need more than 62 bits and that no list holds.
  std::optional<core::ActionId> action_of(const core::Document& move) const override;
  // The pass when forced; else the first start cell or owed-good cell in the board's order;
  // else the smallest placement: the head camel alone, first free direction from E clockwise.
  core::Document default_move() const override;
  // The seat's caravan stays on the board and its reserve stays its own (see the man page,
  // DECISIONS); its turns, also those of a final round, are skipped.
  std::vector<core::Event> retire(int seat, core::Rng& rng) override;

  // Nothing is hidden and the set-up is the only chance.
  bool deterministic() const override { return true; }

  core::Document view(int viewer) const override;
  void conclude(const core::Ending& ending) override;
  std::unique_ptr<core::State> clone() const override;

  const Position& position() const { return pos_; }

 private:
  // Whether the player to move makes a placement (else a start, a place or a pass).
  bool placing() const;
  // Whether the player to move must put an owed good on the board (CS-8).
  bool owing() const;
  void simple_actions(std::vector<core::ActionId>& out) const;  // start, place and pass moves
  std::vector<core::Document> simple_moves() const;
  // The listed placements as actions (see legal_moves).
  void placement_actions(std::vector<core::ActionId>& out) const;
  // The placement of an action of kind kPlacement or kOther (not the pass); nullopt if none.
  std::optional<PlacementPlan> plan_of(core::ActionId action) const;

  Position pos_;
  std::optional<core::Ending> ended_;  // ended outside the rules (conclude)
};

// The state document of a position (view(kReferee)), and back (checked: core::SetupError).
core::Document position_document(const Position& pos);
Position position_from_document(const core::Document& doc, std::optional<bool> expert);
// The map of a position as text: offset rows of hexagons, three characters a cell.
std::string draw_position(const Position& pos);

class CaravanseraiEngine : public core::Engine {
 public:
  std::string id() const override { return "caravanserai"; }
  std::string title() const override { return "Caravanserai (hex-tile desert caravans)"; }
  int min_players() const override { return 1; }
  int max_players() const override { return 6; }
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

}  // namespace games::caravanserai
