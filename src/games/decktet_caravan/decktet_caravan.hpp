// Decktet Caravan, a two-player card-shedding game by P.D. Magnus for the Decktet.
//
// Rules: P.D. Magnus's rules as published for the Decktet, as the project's rulings in
// docs/rules/decktet-caravan.md settle them (rulings DK-1..DK-10, the referee's decisions
// DK-D1..DK-D7); where the two differ, the rulings win. The man page
// caravan-ref-decktet-caravan(6) summarises the decisions.
//
// Parameters:
//   name   values  default  meaning
//   hands  1..20   5        hands in a game; scores add up over them (DK-7)
//
// Seats: 0 = "Player 1", 1 = "Player 2". A move is "pass" or a play written as plays.hpp says:
// a caravan "3MW 4MS AM=5" or a bandit "AM CK". Hidden: each player's cards, and the cards set
// aside at the deal until the hand ends (DK-6). Chance: the deal of every hand, made by start()
// for the first hand and by the apply() that ends a hand for the next.
//
// The complete state document (view(kReferee), accepted by restore()); derived keys that a
// view adds (scoring, cumulative, phase, ...) may be given and are recomputed:
//   {"game_hands": 5, "hand": 1, "season": 1, "hand_opener": "Player 1",
//    "scores_by_hand": [{"Player 1": 3, "Player 2": -2}, ...]   (the hands already scored)
//    "face_up": ["AM", "CK"], "turned_aside": null | "CM", "set_aside": [...],
//    "cards": {"Player 1": [...], "Player 2": [...]},
//    "collected": {"Player 1": [...], "Player 2": [...]},
//    "plays": [{"seat": "Player 1", "play": "3MW 4MS"}, ...]     (this season, in order)
//    "to_move": "Player 2" | null, "went_out": null | "Player 1", "last_hand": null | {...}}
#pragma once

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "games/decktet_caravan/deck.hpp"
#include "games/decktet_caravan/packed.hpp"
#include "games/decktet_caravan/plays.hpp"

namespace games::decktet_caravan {

inline constexpr int kDefaultHands = 5;
inline constexpr int kMaxHands = 20;
inline constexpr int kWildsDealt = 4;      // Aces and Crowns to each player
inline constexpr int kNumeralsDealt = 11;  // numerals to each player
inline constexpr int kGoingOutBonus = 5;   // plus one per card the opponent still holds (DK-5)

inline constexpr std::array<const char*, 2> kSeatLabels = {"Player 1", "Player 2"};
inline const char* seat_text(int seat) { return kSeatLabels[static_cast<std::size_t>(seat)]; }
std::string seat_label(int seat);  // "Player 1", checked
// {"Player 1": values[0], "Player 2": values[1]}
core::Document per_seat(const std::array<int, 2>& values);
// The face-up cards' codes, the first one first.
core::Document face_up_codes(const std::array<Card, 2>& face_up);

// The points a collected card is worth against the face-up Aces and Crowns: +1 per suit it
// shares with a face-up Crown, -1 per suit it shares with a face-up Ace (DK-8 for wild cards).
int card_value(Card card, const std::array<Card, 2>& face_up);

class DecktetCaravanState : public core::State {
 public:
  explicit DecktetCaravanState(int game_hands);

  int num_players() const override { return 2; }
  std::optional<int> current_player() const override {
    return to_move_ < 0 ? std::nullopt : std::optional<int>(to_move_);
  }
  bool finished() const override { return to_move_ < 0; }
  core::Result result() const override;

  std::vector<core::Document> legal_moves() const override;
  std::vector<core::Event> apply(int player, const core::Document& move, core::Rng& rng) override;
  std::optional<core::Document> forced_move() const override;
  // "pass" when answering; when opening a season (no pass allowed), the lowest caravan.
  core::Document default_move() const override;

  // The fast path: an action is a packed play (packed.hpp), or packed::kPass.
  void legal_actions(std::vector<core::ActionId>& out) const override;
  core::ActionId random_action(core::Rng& chooser) const override;
  void apply_action(core::ActionId action, core::Rng& rng) override;
  core::Document move_of(core::ActionId action) const override;
  std::optional<core::ActionId> action_of(const core::Document& move) const override;

  void conclude(const core::Ending& ending) override;
  core::Document view(int viewer) const override;
  std::unique_ptr<core::State> clone() const override;
  std::unique_ptr<core::State> resample(int viewer, core::Rng& rng) const override;
  // The seat's lead: the hands scored and the value collected in this hand, and half a point for
  // each card fewer than the opponent holds (nearer to going out), on a logistic curve (man page,
  // BOTS). Hand sizes are public; which cards the opponent holds is not looked at.
  double evaluate(int seat) const override;

  // Set-up, used by the engine: the first hand's deal, or a checked position (position.cpp).
  std::vector<core::Event> start(core::Rng& rng);
  void set_from(const core::Document& doc);

 private:
  using Cards = packed::Cards;
  using Events = std::vector<core::Event>;  // null where no one asks for them (apply_action)
  static constexpr int kMaxPlays = 16;      // a season has at most 8 caravans and 4 bandits

  // What the last finished hand showed (view's "last_hand"), kept as numbers.
  struct HandSummary {
    int hand = 0;
    bool no_one_could_open = false;  // else a player went out
    std::array<Card, 2> face_up{};
    Cards revealed = 0;  // the set-aside cards, the turned-aside one among them
    std::array<int, 2> collected_value{};
    std::array<int, 2> cards_left{};
    int bonus_seat = -1;  // the seat that went out, or -1
    int bonus_points = 0;
    std::array<int, 2> scores{};
  };

  // Plays the cards of a legal play, or passes, for the player to move; `events` may be null.
  void play(int player, core::ActionId play, core::Rng& rng, Events* events);
  void pass(int player, core::Rng& rng, Events* events);
  // Deals a hand: Aces and Crowns first (with the same-suit redraw), then the numerals.
  void deal(int opener, core::Rng& rng, Events* events);
  // Gives the season's cards to whoever the last play makes the collector.
  void settle_season(Events* events);
  // After a pass ends a season: who opens the next, or the end of the hand (DK-4).
  void open_next_season(int last_player, core::Rng& rng, Events* events);
  // Scores the hand, reveals the set-aside cards and deals the next hand or ends the game.
  void end_hand(bool no_one_could_open, core::Rng& rng, Events* events);
  int collected_value(int seat) const;
  std::array<int, 2> cumulative() const;
  // Calls visit(play) for every play the player to move may make now (not "pass"), in no
  // particular order, until it returns true; returns whether it did.
  template <class Visit>
  bool for_each_play(Visit&& visit) const;
  std::vector<core::ActionId> sorted_plays() const;
  void check_play(int player, const Play& play) const;
  // Whether the player to move holds the play's cards and may make it now (a well-formed play).
  bool is_legal(core::ActionId play) const;
  core::Document last_hand() const;
  bool answering() const { return play_count_ > 0; }
  core::ActionId table() const { return plays_[static_cast<std::size_t>(play_count_ - 1)]; }

  int game_hands_ = kDefaultHands;
  int hand_ = 1;
  int season_ = 1;
  int hand_opener_ = 0;
  int to_move_ = 0;                    // -1: the game is over
  std::optional<core::Ending> ended_;  // ended outside the rules (conclude)
  int went_out_ = -1;                  // -1: no one yet
  int hands_scored_ = 0;
  std::array<std::array<int, 2>, kMaxHands> scores_by_hand_{};
  std::array<Card, 2> face_up_{};
  Card turned_aside_ = -1;  // -1: none
  Cards set_aside_ = 0;     // hidden until the hand ends
  std::array<Cards, 2> cards_{};
  std::array<Cards, 2> collected_{};
  int play_count_ = 0;  // this season's plays, in order
  std::array<core::ActionId, kMaxPlays> plays_{};
  std::array<int, kMaxPlays> play_seats_{};
  bool has_summary_ = false;
  HandSummary summary_;
  // The "last_hand" of a restored position, kept as it was given until the next hand ends.
  core::Document restored_last_hand_;
};

class DecktetCaravanEngine : public core::Engine {
 public:
  std::string id() const override { return "decktet-caravan"; }
  std::string title() const override { return "Caravan for the Decktet (P.D. Magnus)"; }
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
  // The cards a seat cannot see are the deck less every card its view shows; the opponent is
  // dealt as many Aces and Crowns and numerals of them as the view says it holds, the rest are
  // set aside, then resample() deals them again.
  std::unique_ptr<core::State> from_view(const core::Document& view, int seat, int players,
                                         const std::map<std::string, std::string>& opts,
                                         core::Rng& rng) const override;
  std::string draw(const core::Document& view) const override;
  Picture picture(const core::Document& view, const core::Document& last,
                  int viewer) const override;
  // The move in the game's words, for a button (svg.cpp, beside the picture's sentences).
  std::string move_phrase(const core::Document& move) const override;
};

}  // namespace games::decktet_caravan
