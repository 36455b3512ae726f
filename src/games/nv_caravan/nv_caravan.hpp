// Caravan, the card game of Fallout: New Vegas, for two players with hidden hands and decks.
//
// Rules: the players' numbered tabletop rules for the card game of Fallout: New Vegas (Bethesda
// Softworks, 2010), as the project's rulings in docs/rules/nv-caravan.md settle them (rulings
// NV-1..NV-11, the referee's decisions NV-D1..NV-D13); where the two differ, the rulings win.
// The man page caravan-ref-nv-caravan(6) summarises the decisions.
//
// Parameters:
//   name    values  default  meaning
//   jokers  0|1|2   2        Jokers in each standard deck (JK1, then JK2)
//   deck1   FILE    -        North's custom deck (the CLI hands over the file as JSON text)
//   deck2   FILE    -        South's custom deck
//
// Seats: 0 = "North", owning caravans 1-3; 1 = "South", owning caravans 4-6. Caravans are
// numbered the same for everyone; pair k is caravans k and k+3. Moves (objects):
//   {play: 7H, on: 2}           a number card at the end of your caravan 2 (also in the opening)
//   {play: QS, on: 5}           a Queen on the last card of caravan 5 (`at` may name that card)
//   {play: KS, on: 5, at: 3}    a Jack, King or Joker on the 3rd number card of caravan 5
//   {discard: 4C}               discard a card from your hand (then draw)
//   {disband: 1}                remove every card of your caravan 1
//
// Hidden: each hand from the other player, and the order of both decks from everyone.
//
// The complete state (view(kReferee), accepted by restore()); derived keys in [brackets] are
// written in every view and ignored when a position is read:
//   {phase: opening|play, to_move: North|South, first: North|South,
//    players: {North: {hand: [...], deck: [...] (top first), discard: [...], [hand_size],
//              [deck_size]}, South: {...}},
//    caravans: [{caravan: 1..6, cards: [{card: 7H, attached: [{card: KS, by: South}]}],
//                direction: up|down|null (needed only when the last two values are equal),
//                [owner], [bid], [suit], [sold]}],
//    [viewer], [pairs], [score], [finished], [winner], [reason]}
#pragma once

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "games/nv_caravan/cards.hpp"

namespace games::nv_caravan {

inline constexpr int kNorth = 0;
inline constexpr int kSouth = 1;
inline constexpr int kCaravans = 6;
inline constexpr int kOpeningHand = 8;
inline constexpr int kMaxAttached = 3;
inline constexpr int kSoldMin = 21;
inline constexpr int kSoldMax = 26;

enum class Direction { kNone, kUp, kDown };

struct Attached {
  Card card;
  int by = kNorth;  // whose deck the card came from
};

struct Slot {
  Card card;  // a number card, from the caravan owner's deck
  std::vector<Attached> attached;
};

struct Caravan {
  std::vector<Slot> cards;
  // The direction kept when a removal leaves two equal values at the end (rule 5.4, NV-8),
  // before any Queen on the last card; kNone otherwise.
  Direction held = Direction::kNone;
};

struct PlayerCards {
  std::vector<Card> hand;  // sorted
  std::vector<Card> deck;  // top first
  std::vector<Card> discard;
};

// The decks the players use, from the options.
struct DeckRules {
  int jokers = 2;
  std::array<std::vector<Card>, 2> decks;
};
DeckRules deck_rules(const std::map<std::string, std::string>& opts);

// Caravan numbers 1-6 and their owners.
inline int owner_of(int caravan_index) { return caravan_index / 3; }

class NvCaravanState : public core::State {
 public:
  int num_players() const override { return 2; }
  std::optional<int> current_player() const override;
  bool finished() const override { return finished_; }
  core::Result result() const override;

  std::vector<core::Document> legal_moves() const override;
  std::vector<core::Event> apply(int player, const core::Document& move, core::Rng& rng) override;
  std::optional<core::Document> forced_move() const override { return std::nullopt; }
  // In the opening the lowest number card starts the first empty caravan; after it the lowest
  // card in hand is discarded (never a disband).
  core::Document default_move() const override;

  core::Document view(int viewer) const override;
  std::unique_ptr<core::State> clone() const override;
  std::unique_ptr<core::State> resample(int viewer, core::Rng& rng) const override;

  // Set-up, used by the engine.
  std::vector<core::Event> deal(const DeckRules& rules, core::Rng& rng);
  void set_from(const core::Document& doc, const DeckRules& rules);

  // The caravan's rules as they stand (NV-8, NV-9, NV-10).
  static Direction direction(const Caravan& caravan);
  static int suit(const Caravan& caravan);  // -1 when empty
  static int bid(const Caravan& caravan);
  static bool sold(const Caravan& caravan);
  // The seat that has won pair 0..2, if any (NV-9).
  std::optional<int> pair_winner(int pair) const;

 private:
  struct Move {
    enum class Kind { kPlay, kDiscard, kDisband } kind = Kind::kPlay;
    Card card;
    int caravan = -1;       // 0..5
    std::optional<int> at;  // 0-based position of the target number card
  };

  Move parse_move(int player, const core::Document& move) const;
  // Why `player` may not make the play (empty: it is legal). `at` as given (checked here).
  std::string refusal(int player, const Card& card, int caravan, std::optional<int> at) const;
  std::string disband_refusal(int player, int caravan) const;
  int started(int seat) const;
  // Removes the number card at `pos` of caravan `index` with its attachments to their owners'
  // discard piles; returns the names removed.
  void remove_slot(int index, std::size_t pos, std::vector<std::string>& removed);
  // After removals: rule 5.4, the direction each changed caravan had stays where needed.
  void keep_directions(const std::array<Direction, kCaravans>& before);
  void settle();
  core::Document caravan_doc(int index) const;

  std::array<PlayerCards, 2> players_;
  std::array<Caravan, kCaravans> caravans_;
  bool opening_ = true;
  int to_move_ = kNorth;
  int first_ = kNorth;
  bool finished_ = false;
  std::optional<int> winner_;
  std::string reason_;
};

class NvCaravanEngine : public core::Engine {
 public:
  std::string id() const override { return "nv-caravan"; }
  std::string title() const override { return "Caravan (Fallout: New Vegas)"; }
  int min_players() const override { return 2; }
  int max_players() const override { return 2; }
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

}  // namespace games::nv_caravan
