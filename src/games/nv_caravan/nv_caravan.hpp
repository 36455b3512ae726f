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

#include <algorithm>
#include <array>
#include <cstdint>
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
// One player's cards at most (four standard decks with their Jokers), and their number cards:
// the longest a caravan can grow.
inline constexpr int kMaxCards = kMaxSourceDecks * 54;
inline constexpr int kMaxSlots = kMaxSourceDecks * 40;

enum class Direction : std::uint8_t { kNone, kUp, kDown };

// A hand as a set of card codes: it lists its cards sorted (Ace low, the Jokers high).
class Hand {
 public:
  void insert(Code card) {
    if (contains(card)) return;
    bits_[card >> 6] |= bit(card);
    ++size_;
  }
  void erase(Code card) {
    if (!contains(card)) return;
    bits_[card >> 6] &= ~bit(card);
    --size_;
  }
  bool contains(Code card) const { return (bits_[card >> 6] & bit(card)) != 0; }
  // Kept, not counted: the evaluation asks for it at every position it judges.
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Calls f(code) for each card, lowest first.
  template <typename F>
  void each(F f) const {
    for (std::size_t word = 0; word < bits_.size(); ++word) {
      for (std::uint64_t rest = bits_[word]; rest != 0; rest &= rest - 1)
        f(static_cast<Code>(word * 64 + static_cast<std::size_t>(__builtin_ctzll(rest))));
    }
  }
  std::vector<Code> cards() const;

 private:
  static std::uint64_t bit(Code card) { return std::uint64_t{1} << (card & 63); }
  std::array<std::uint64_t, 4> bits_{};
  int size_ = 0;
};

// Cards in order: a deck (top first; drawing takes the front) or a discard pile (oldest first).
class Pile {
 public:
  int size() const { return end_ - begin_; }
  bool empty() const { return begin_ == end_; }
  const Code* begin() const { return cards_.data() + begin_; }
  const Code* end() const { return cards_.data() + end_; }
  Code pop_front() { return cards_[begin_++]; }
  void push_back(Code card) { cards_[end_++] = card; }
  void assign(const std::vector<Code>& cards);
  std::vector<Code> to_vector() const { return {begin(), end()}; }

 private:
  std::array<Code, kMaxCards> cards_{};
  std::uint8_t begin_ = 0;
  std::uint8_t end_ = 0;
};

// A number card in a caravan and the face cards on it, oldest first. Made by of() (a caravan's
// room for more slots stays unset: see Caravan).
struct Slot {
  static Slot of(Code number) { return {number, 0, {}, 0}; }
  Code card;  // from the caravan owner's deck
  std::uint8_t faces;
  std::array<Code, kMaxAttached> face;
  std::uint8_t south;  // bit i: face i came from South's deck (NV-11: it goes back there)
  int by(int i) const { return (south >> i) & 1; }
  int queens() const;
};

// The number cards of a caravan in order, and its bid: every change goes through push, attach
// and erase, which count the bid again, so that reading it (the evaluation reads all six, after
// every move it judges) costs nothing.
class Caravan {
 public:
  Caravan() = default;
  // A copy holds the slots in use and leaves the room after them unset: the room is for four
  // decks' number cards, a game uses a few, and the search copies positions all the time.
  Caravan(const Caravan& other) : held(other.held), size_(other.size_), bid_(other.bid_) {
    std::copy_n(other.slots_.begin(), size_, slots_.begin());
  }
  Caravan& operator=(const Caravan& other) {
    if (this == &other) return *this;
    held = other.held;
    size_ = other.size_;
    bid_ = other.bid_;
    std::copy_n(other.slots_.begin(), size_, slots_.begin());
    return *this;
  }

  // The direction kept when a removal leaves two equal values at the end (rule 5.4, NV-8),
  // before any Queen on the last card; kNone otherwise.
  Direction held = Direction::kNone;

  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Slot& slot(int pos) const { return slots_[static_cast<std::size_t>(pos)]; }
  const Slot& last() const { return slots_[size_ - 1u]; }
  // The caravan's rules as they stand (NV-8, NV-9, NV-10).
  Direction direction() const;
  int suit() const;  // -1 when empty
  int bid() const { return bid_; }
  bool sold() const { return bid_ >= kSoldMin && bid_ <= kSoldMax; }

  // A number card, with any face cards already on it, at the end.
  void push(const Slot& slot);
  // A Queen, King or Joker on the number card at `pos`, from `by`'s deck.
  void attach(int pos, Code face, int by);
  // Takes the number card at `pos` out, with its face cards, and returns it.
  Slot erase(int pos);

 private:
  void recount();  // bid_ from the slots (NV-9)

  std::array<Slot, kMaxSlots> slots_;  // slots_[0, size_) are in use
  std::uint8_t size_ = 0;
  int bid_ = 0;
};

struct PlayerCards {
  Hand hand;
  Pile deck;
  Pile discard;
};

// The decks the players use, from the options.
struct DeckRules {
  int jokers = 2;
  std::array<std::vector<Card>, 2> decks;
};
DeckRules deck_rules(const std::map<std::string, std::string>& opts);

// Caravan numbers 1-6 and their owners.
inline int owner_of(int caravan_index) { return caravan_index / 3; }

// A move packed as an action (core::ActionId): the kind, the card, the caravan (0-5) and the
// position (0-based) a Jack, King or Joker goes on.
struct Move {
  enum Kind : std::uint8_t { kPlay, kDiscard, kDisband } kind = kPlay;
  Code card = 0;
  int caravan = 0;
  int at = 0;
  core::ActionId action() const {
    return kind | core::ActionId{card} << 2 | static_cast<core::ActionId>(caravan) << 10 |
           static_cast<core::ActionId>(at) << 13;
  }
  static Move of(core::ActionId action) {
    return {static_cast<Kind>(action & 3), static_cast<Code>(action >> 2),
            static_cast<int>((action >> 10) & 7), static_cast<int>(action >> 13)};
  }
};

// Why a play is refused (kLegal: it is not); NvCaravanState::explain puts it in words.
enum class Refusal : std::uint8_t {
  kLegal,
  kOpeningFace,
  kOpeningOthers,
  kOpeningStarted,
  kNumberAt,
  kNumberOthers,
  kSameValue,
  kAgainstCourse,
  kEmpty,
  kQueenNotLast,
  kWhere,
  kNoPosition,
  kFull,
};

// What the end of a caravan admits of number cards (NV-4, NV-8, NV-10), worked out once for the
// many cards a hand tries on it.
class Course {
 public:
  explicit Course(const Caravan& caravan) : empty_(caravan.empty()) {
    if (empty_) return;
    last_ = rank_of(caravan.last().card);
    direction_ = caravan.direction();
    suit_ = caravan.suit();
  }
  // kLegal, kSameValue or kAgainstCourse for `number` (a number card) at the caravan's end.
  Refusal admits(Code number) const {
    if (empty_) return Refusal::kLegal;
    const int rank = rank_of(number);
    if (rank == last_) return Refusal::kSameValue;
    if (direction_ == Direction::kNone || suit_of(number) == suit_) return Refusal::kLegal;
    if (direction_ == Direction::kUp && rank > last_) return Refusal::kLegal;
    if (direction_ == Direction::kDown && rank < last_) return Refusal::kLegal;
    return Refusal::kAgainstCourse;
  }

 private:
  bool empty_;
  int last_ = 0;  // the last card's value
  Direction direction_ = Direction::kNone;
  int suit_ = -1;
};

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

  void legal_actions(std::vector<core::ActionId>& out) const override;
  core::ActionId random_action(core::Rng& chooser) const override;
  void apply_action(core::ActionId action, core::Rng& rng) override;
  core::Document move_of(core::ActionId action) const override;
  std::optional<core::ActionId> action_of(const core::Document& move) const override;

  void conclude(const core::Ending& ending) override;
  core::Document view(int viewer) const override;
  std::unique_ptr<core::State> clone() const override;
  std::unique_ptr<core::State> resample(int viewer, core::Rng& rng) const override;
  // A logistic regression over features(seat) with the weights kWeights (evaluation.cpp; man
  // page, BOTS). The other hand and the decks' order are not looked at.
  double evaluate(int seat) const override;
  // The move made on a copy on the stack: heap copies were 14% of a search's instructions.
  double evaluate_after(core::ActionId action, int seat, core::Rng& rng) const override;
  // What evaluate() weighs, each a number that `seat` can see: pairs held, two of them held, the
  // margins, equal sold bids, each side's progress towards a sale and its overshot caravans, the
  // turns each side needs at the least to hold two pairs, the caravans the seat's hand can sell
  // at once, its Jacks, Kings and Jokers against pairs the other holds, its own pairs exposed to
  // such a card in the other hand (by the chance of one), its placements and face cards, each
  // side's last ten cards (hand and deck), and the points of the hand-made evaluation that this
  // one grew from.
  enum Feature {
    kBias,
    kToMove,
    kOpening,
    kHeld,
    kTwoHeld,
    kTheirTwoHeld,
    kMargin,
    kTied,
    kProgress,
    kTheirProgress,
    kOvershot,
    kTheirOvershot,
    kTurns,
    kTheirTurns,
    kReady,
    kBreakers,
    kExposed,
    kPlacements,
    kFaces,
    kShortOfCards,
    kPoints,
    kFeatures
  };
  static constexpr std::array<const char*, kFeatures> kFeatureNames = {
      "bias",   "to_move",        "opening",  "held",           "two_held", "their_two_held",
      "margin", "tied",           "progress", "their_progress", "overshot", "their_overshot",
      "turns",  "their_turns",    "ready",    "breakers",       "exposed",  "placements",
      "faces",  "short_of_cards", "points"};
  static const std::array<double, kFeatures> kWeights;
  std::array<double, kFeatures> features(int seat) const;
  // The search plays no random cards (they overshoot caravans and judge worse than evaluate(),
  // docs/BOTS.md has the measurement), but one ply of its light policy: the answer evaluate()
  // likes best, so that a move is judged after the reply it allows.
  int playout_horizon() const override { return 0; }
  int playout_policy_plies() const override { return 1; }

  // Set-up, used by the engine.
  std::vector<core::Event> deal(const DeckRules& rules, core::Rng& rng);
  void set_from(const core::Document& doc, const DeckRules& rules);

  // The seat that has won pair 0..2, if any (NV-9).
  std::optional<int> pair_winner(int pair) const;

 private:
  // What a move took off the table, and the card drawn after it, for its events.
  struct Outcome {
    std::vector<Code> removed;
    int drew = -1;
  };

  Move parse_move(int player, const core::Document& move) const;
  // The play of `card` on `caravan` (at position `at`, -1: none given) for `player`.
  Refusal check_play(int player, Code card, int caravan, int at) const;
  std::string explain(Refusal why, int player, Code card, int caravan, int at) const;
  std::string disband_refusal(int player, int caravan) const;
  void add_plays(Code card, std::vector<core::ActionId>& out) const;
  int started(int seat) const;
  // Makes a legal move for the player to move; with `outcome`, says what it moved.
  void make(const Move& move, Outcome* outcome);
  // Removes the number card at `pos` of caravan `index` with its face cards, each to its
  // owner's discard pile.
  void remove_slot(int index, int pos, Outcome* outcome);
  // After removals: rule 5.4, the direction each changed caravan had stays where needed.
  void keep_directions(const std::array<Direction, kCaravans>& before);
  void settle();
  std::string reason() const;
  core::Document caravan_doc(int index) const;

  std::array<PlayerCards, 2> players_;
  std::array<Caravan, kCaravans> caravans_;
  bool opening_ = true;
  bool finished_ = false;
  std::int8_t to_move_ = kNorth;
  std::int8_t first_ = kNorth;
  std::int8_t winner_ = -1;
  // When finished_: whether all three pairs are won (else the player to move has no card).
  bool pairs_decided_ = false;
  std::optional<core::Ending> ended_;  // ended outside the rules (conclude)
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
  const Notation& notation() const override;

  core::Setup start(int players, const std::map<std::string, std::string>& opts,
                    core::Rng& rng) const override;
  std::unique_ptr<core::State> restore(
      const core::Document& state, int players,
      const std::map<std::string, std::string>& opts) const override;
  // What a seat cannot see of its own deck (the order) and of the other's cards (hand and deck)
  // is worked out from the decks the options give, less every card the view shows; the other
  // hand takes number cards first (an opening hand must be able to start its caravans), then
  // resample() deals it all again.
  std::unique_ptr<core::State> from_view(const core::Document& view, int seat, int players,
                                         const std::map<std::string, std::string>& opts,
                                         core::Rng& rng) const override;
  std::string draw(const core::Document& view) const override;
  Picture picture(const core::Document& view, const core::Document& last,
                  int viewer) const override;
  // The move in the game's words, for a button (svg.cpp, beside the picture's sentences).
  std::string move_phrase(const core::Document& move) const override;
};

}  // namespace games::nv_caravan
