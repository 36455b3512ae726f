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
#include "games/decktet_caravan/plays.hpp"

namespace games::decktet_caravan {

inline constexpr int kDefaultHands = 5;
inline constexpr int kMaxHands = 20;
inline constexpr int kWildsDealt = 4;      // Aces and Crowns to each player
inline constexpr int kNumeralsDealt = 11;  // numerals to each player
inline constexpr int kGoingOutBonus = 5;   // plus one per card the opponent still holds (DK-5)

std::string seat_label(int seat);  // "Player 1"

// The points a collected card is worth against the face-up Aces and Crowns: +1 per suit it
// shares with a face-up Crown, -1 per suit it shares with a face-up Ace (DK-8 for wild cards).
int card_value(Card card, const std::array<Card, 2>& face_up);

class DecktetCaravanState : public core::State {
 public:
  explicit DecktetCaravanState(int game_hands);

  int num_players() const override { return 2; }
  std::optional<int> current_player() const override { return to_move_; }
  bool finished() const override { return !to_move_.has_value(); }
  core::Result result() const override;

  std::vector<core::Document> legal_moves() const override;
  std::vector<core::Event> apply(int player, const core::Document& move, core::Rng& rng) override;
  std::optional<core::Document> forced_move() const override;
  // "pass" when answering; when opening a season (no pass allowed), the lowest caravan.
  core::Document default_move() const override;

  core::Document view(int viewer) const override;
  std::unique_ptr<core::State> clone() const override;
  std::unique_ptr<core::State> resample(int viewer, core::Rng& rng) const override;

  // Set-up, used by the engine: the first hand's deal, or a checked position.
  std::vector<core::Event> start(core::Rng& rng);
  void set_from(const core::Document& doc);

 private:
  struct SeasonPlay {
    int seat = 0;
    Play play;
  };

  // Deals a hand: Aces and Crowns first (with the same-suit redraw), then the numerals.
  void deal(int opener, core::Rng& rng, std::vector<core::Event>& events);
  // Gives the season's cards to whoever the last play makes the collector.
  void settle_season(std::vector<core::Event>& events);
  // After a pass ends a season: who opens the next, or the end of the hand (DK-4).
  void open_next_season(int last_player, core::Rng& rng, std::vector<core::Event>& events);
  // Scores the hand, reveals the set-aside cards and deals the next hand or ends the game.
  void end_hand(const char* reason, core::Rng& rng, std::vector<core::Event>& events);
  int collected_value(int seat) const;
  std::array<int, 2> cumulative() const;
  // Every play the current player may make now, in listing order (without "pass").
  std::vector<Play> plays_available() const;
  void check_play(int player, const Play& play) const;

  int game_hands_ = kDefaultHands;
  int hand_ = 1;
  int season_ = 1;
  int hand_opener_ = 0;
  std::vector<std::array<int, 2>> scores_by_hand_;
  std::array<Card, 2> face_up_{};
  std::optional<Card> turned_aside_;
  std::vector<Card> set_aside_;                 // sorted; hidden until the hand ends
  std::array<std::vector<Card>, 2> cards_;      // sorted
  std::array<std::vector<Card>, 2> collected_;  // sorted
  std::vector<SeasonPlay> plays_;
  std::optional<int> to_move_;  // nullopt: the game is over
  std::optional<int> went_out_;
  core::Document last_hand_;  // what the last finished hand showed (null before the first ends)
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

  core::Setup start(int players, const std::map<std::string, std::string>& opts,
                    core::Rng& rng) const override;
  std::unique_ptr<core::State> restore(
      const core::Document& state, int players,
      const std::map<std::string, std::string>& opts) const override;
  std::string draw(const core::Document& view) const override;
};

}  // namespace games::decktet_caravan
