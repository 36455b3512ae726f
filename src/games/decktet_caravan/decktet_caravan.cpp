// Decktet Caravan's rules on the compact state: the deal, plays and passes, seasons, the end of a
// hand, and the moves as numbers (the fast path). Positions and views: position.cpp.
#include "games/decktet_caravan/decktet_caravan.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "core/text.hpp"
#include "games/decktet_caravan/documents.hpp"

namespace games::decktet_caravan {
namespace {

using core::ActionId;
using core::Document;
using core::MoveError;
using documents::put;
using packed::bit;
using packed::Cards;
using packed::count;
using packed::kTables;
using packed::lowest;

// Fisher-Yates exactly as core::Rng::shuffle draws it, on a fixed array.
template <std::size_t N>
void shuffle(std::array<Card, N>& items, core::Rng& rng) {
  for (std::size_t i = N; i > 1; --i) {
    const auto j = static_cast<std::size_t>(rng.below(i));
    std::swap(items[i - 1], items[j]);
  }
}

// The wild cards and the numerals in card order: what the deal shuffles.
template <std::size_t N>
constexpr std::array<Card, N> cards_in(Cards set) {
  std::array<Card, N> out{};
  std::size_t n = 0;
  for (Card card = 0; card < kCards; ++card)
    if ((set & bit(card)) != 0) out[n++] = card;
  return out;
}
constexpr auto kWildOrder = cards_in<2 * kSuitCount>(kTables.wilds);
constexpr auto kNumeralOrder = cards_in<kCards - 2 * kSuitCount>(kTables.numerals);

int suit_of_wild(Card card) { return kDeck[static_cast<std::size_t>(card)].suits[0]; }

// What a set of collected cards is worth against the face-up cards (card_value, summed).
int value_of(Cards cards, const std::array<Card, 2>& face_up) {
  int value = 0;
  for (Card up : face_up) {
    const int n = count(cards & kTables.of_suit[static_cast<std::size_t>(suit_of_wild(up))]);
    value += (kTables.crowns & bit(up)) != 0 ? n : -n;
  }
  return value;
}

}  // namespace

std::string seat_label(int seat) {
  if (seat < 0 || seat > 1) throw std::out_of_range(fmt::format("no seat {}", seat));
  return kSeatLabels[static_cast<std::size_t>(seat)];
}

Document per_seat(const std::array<int, 2>& values) {
  Document out = Document::object();
  put(out, kSeatLabels[0], values[0]);
  put(out, kSeatLabels[1], values[1]);
  return out;
}

int card_value(Card card, const std::array<Card, 2>& face_up) {
  int value = 0;
  for (Card up : face_up)
    if (has_suit(card, info(up).suits[0])) value += is_crown(up) ? 1 : -1;
  return value;
}

// ---- State --------------------------------------------------------------------------------

DecktetCaravanState::DecktetCaravanState(int game_hands) : game_hands_(game_hands) {}

std::vector<core::Event> DecktetCaravanState::start(core::Rng& rng) {
  Events events;
  const int opener = static_cast<int>(rng.below(2));  // Ruling DK-7: drawn from the seed
  deal(opener, rng, &events);
  return events;
}

void DecktetCaravanState::deal(int opener, core::Rng& rng, Events* events) {
  auto wilds = kWildOrder;
  auto numerals = kNumeralOrder;
  shuffle(wilds, rng);
  shuffle(numerals, rng);
  cards_ = {};
  set_aside_ = 0;
  turned_aside_ = -1;
  std::size_t next = 0;
  for (; next < 2 * kWildsDealt; ++next) cards_[next % 2] |= bit(wilds[next]);
  face_up_ = {wilds[next], wilds[next + 1]};
  next += 2;
  // Ruling DK-10: a second face-up card of the first one's suit is set aside, in view of
  // both, and the next card of the pile is turned up instead.
  if (suit_of_wild(face_up_[0]) == suit_of_wild(face_up_[1])) {
    turned_aside_ = face_up_[1];
    face_up_[1] = wilds[next++];
  }
  for (; next < wilds.size(); ++next) set_aside_ |= bit(wilds[next]);
  for (next = 0; next < 2 * kNumeralsDealt; ++next) cards_[next % 2] |= bit(numerals[next]);
  for (; next < numerals.size(); ++next) set_aside_ |= bit(numerals[next]);
  collected_ = {};
  play_count_ = 0;
  season_ = 1;
  went_out_ = -1;
  hand_opener_ = opener;
  to_move_ = opener;
  if (!events) return;

  Document scoring = Document::object();
  for (Card up : face_up_)
    put(scoring, suit_name(suit_of_wild(up)), is_crown(up) ? "+1 per card" : "-1 per card");
  Document deal = documents::event("deal");
  put(deal, "face_up", face_up_codes(face_up_));
  put(deal, "hand", hand_);
  put(deal, "opener", seat_text(opener));
  put(deal, "scoring", std::move(scoring));
  put(deal, "turned_aside", turned_aside_ >= 0 ? Document(card_code(turned_aside_)) : Document());
  events->push_back({core::kEveryone, std::move(deal), nullptr});
  for (int seat = 0; seat < 2; ++seat) {
    const Cards cards = cards_[static_cast<std::size_t>(seat)];
    Document full = documents::event("cards");
    Document redacted = documents::event("cards");
    put(full, "cards", packed::codes(cards));
    Document hidden = Document::object();
    put(hidden, "hidden", static_cast<std::size_t>(count(cards)));
    put(redacted, "cards", std::move(hidden));
    for (Document* doc : {&full, &redacted}) {
      put(*doc, "hand", hand_);
      put(*doc, "seat", seat_text(seat));
    }
    events->push_back({seat, std::move(full), std::move(redacted)});
  }
}

core::Result DecktetCaravanState::result() const {
  if (ended_) return core::ending_result(*ended_, 2);
  const auto total = cumulative();
  core::Result result;
  result.scores = {static_cast<double>(total[0]), static_cast<double>(total[1])};
  if (total[0] > total[1]) result.winners = {0};
  if (total[1] > total[0]) result.winners = {1};  // Ruling DK-10: equal totals draw
  return result;
}

void DecktetCaravanState::conclude(const core::Ending& ending) {
  ended_ = ending;
  to_move_ = -1;
}

double DecktetCaravanState::evaluate(int seat) const {
  if (finished()) return core::outcome(result(), seat);
  const auto total = cumulative();
  const auto worth = [&](int s) {
    const auto at = static_cast<std::size_t>(s);
    return total[at] + collected_value(s) - 0.5 * packed::count(cards_[at]);
  };
  return 1 / (1 + std::exp(-(worth(seat) - worth(1 - seat)) / 5.0));
}

int DecktetCaravanState::collected_value(int seat) const {
  return value_of(collected_[static_cast<std::size_t>(seat)], face_up_);
}

std::array<int, 2> DecktetCaravanState::cumulative() const {
  std::array<int, 2> total{};
  for (int hand = 0; hand < hands_scored_; ++hand) {
    total[0] += scores_by_hand_[static_cast<std::size_t>(hand)][0];
    total[1] += scores_by_hand_[static_cast<std::size_t>(hand)][1];
  }
  return total;
}

// ---- What may be played -------------------------------------------------------------------

template <class Visit>
bool DecktetCaravanState::for_each_play(Visit&& visit) const {
  if (to_move_ < 0) return false;
  const Cards hand = cards_[static_cast<std::size_t>(to_move_)];
  // Ruling DK-4: a season opens with a caravan.
  if (!answering()) return packed::for_each_caravan(hand, 0, 0, visit);
  const ActionId last = table();
  if (packed::is_bandit(last))
    return packed::for_each_bandit(hand, packed::length_field(last), visit);
  return packed::for_each_caravan(hand, packed::length_field(last), packed::top(last), visit) ||
         packed::for_each_bandit(hand, 0, visit);
}

std::vector<ActionId> DecktetCaravanState::sorted_plays() const {
  std::vector<ActionId> plays;
  for_each_play([&](ActionId play) {
    plays.push_back(play);
    return false;
  });
  std::sort(plays.begin(), plays.end());  // the listing order (packed.hpp)
  return plays;
}

std::vector<Document> DecktetCaravanState::legal_moves() const {
  std::vector<Document> moves;
  if (to_move_ < 0) return moves;
  for (ActionId play : sorted_plays()) moves.emplace_back(packed::text(play));
  if (answering()) moves.emplace_back("pass");
  return moves;
}

std::optional<Document> DecktetCaravanState::forced_move() const {
  if (to_move_ < 0 || !answering()) return std::nullopt;
  if (for_each_play([](ActionId) { return true; })) return std::nullopt;
  return Document("pass");
}

Document DecktetCaravanState::default_move() const {
  if (to_move_ < 0) throw MoveError("the game is over: no more moves");
  if (answering()) return "pass";
  // The lowest in the listing order: the shortest caravan of the lowest top rank.
  ActionId lowest_play = packed::kPass;
  for_each_play([&](ActionId play) {
    lowest_play = std::min(lowest_play, play);
    return false;
  });
  if (lowest_play == packed::kPass) throw MoveError("there is no legal move to play");
  return packed::text(lowest_play);
}

void DecktetCaravanState::legal_actions(std::vector<ActionId>& out) const {
  out.clear();
  if (to_move_ < 0) return;
  for_each_play([&](ActionId play) {
    out.push_back(play);
    return false;
  });
  if (answering()) out.push_back(packed::kPass);
}

ActionId DecktetCaravanState::random_action(core::Rng& chooser) const {
  if (to_move_ < 0) throw MoveError("there is no legal move to play");
  // Most positions offer a few dozen plays: they are drawn from a buffer; beyond it, from a
  // second walk to the one drawn.
  constexpr std::size_t kBuffer = 256;
  std::array<ActionId, kBuffer> buffer;
  std::size_t plays = 0;
  for_each_play([&](ActionId play) {
    if (plays < kBuffer) buffer[plays] = play;
    ++plays;
    return false;
  });
  const std::size_t choices = plays + (answering() ? 1 : 0);
  if (choices == 0) throw MoveError("there is no legal move to play");
  const auto drawn = static_cast<std::size_t>(chooser.below(choices));
  if (drawn == plays) return packed::kPass;
  if (drawn < kBuffer) return buffer[drawn];
  std::size_t seen = 0;
  ActionId chosen = packed::kPass;
  for_each_play([&](ActionId play) {
    if (seen++ != drawn) return false;
    chosen = play;
    return true;
  });
  return chosen;
}

void DecktetCaravanState::apply_action(ActionId action, core::Rng& rng) {
  if (to_move_ < 0) throw MoveError("the game is over: no more moves");
  if (action == packed::kPass)
    pass(to_move_, rng, nullptr);
  else
    play(to_move_, action, rng, nullptr);
}

Document DecktetCaravanState::move_of(ActionId action) const { return packed::text(action); }

std::optional<ActionId> DecktetCaravanState::action_of(const Document& move) const {
  if (to_move_ < 0) return std::nullopt;
  if (move.is_string() && core::trimmed_lower(move.get_ref<const std::string&>()) == "pass")
    return answering() ? std::optional<ActionId>(packed::kPass) : std::nullopt;
  ActionId play = 0;
  try {
    play = packed::pack(parse_play(move));
  } catch (const MoveError&) {
    return std::nullopt;
  }
  return is_legal(play) ? std::optional<ActionId>(play) : std::nullopt;
}

bool DecktetCaravanState::is_legal(ActionId play) const {
  const Cards needed = packed::cards_of(play);
  if ((cards_[static_cast<std::size_t>(to_move_)] & needed) != needed) return false;
  return answering() ? packed::beats(play, table()) : !packed::is_bandit(play);
}

void DecktetCaravanState::check_play(int player, const Play& play) const {
  for (const Placed& placed : play.cards)
    if ((cards_[static_cast<std::size_t>(player)] & bit(placed.card)) == 0)
      throw MoveError(fmt::format("you do not hold {}", card_label(placed.card)));
  if (!answering()) {
    if (play.kind == PlayKind::kBandit)
      throw MoveError("a season opens with a caravan; a bandit can only answer (ruling DK-4)");
    return;
  }
  if (packed::beats(packed::pack(play), table())) return;
  const Play table_play = packed::unpack(table());
  const std::string shown = format_play(table_play);
  if (table_play.kind == PlayKind::kBandit) {
    if (play.kind == PlayKind::kCaravan)
      throw MoveError(fmt::format(
          "no caravan beats the bandit {}: answer with a higher bandit or pass", shown));
    throw MoveError(fmt::format(
        "{} does not beat the bandit {}: bandits rank Ace, Crown, Ace and Crown of two suits, "
        "Ace and Crown of one suit",
        format_play(play), shown));
  }
  if (play.length() != table_play.length())
    throw MoveError(
        fmt::format("a caravan answers a caravan of the same length: {} has {} card(s), yours {}",
                    shown, table_play.length(), play.length()));
  throw MoveError(
      fmt::format("your caravan reaches rank {}; it must go higher than {}, which "
                  "reaches rank {}",
                  play.top(), shown, table_play.top()));
}

// ---- Playing ------------------------------------------------------------------------------

std::vector<core::Event> DecktetCaravanState::apply(int player, const Document& move,
                                                    core::Rng& rng) {
  if (to_move_ < 0) throw MoveError("the game is over: no more moves");
  if (player != to_move_)
    throw MoveError(fmt::format("it is not your turn: {} is to move", seat_text(to_move_)));
  Events events;
  if (move.is_string() && core::trimmed_lower(move.get_ref<const std::string&>()) == "pass") {
    if (!answering())
      throw MoveError("you open this season: play a caravan (only an answer may pass)");
    pass(player, rng, &events);
    return events;
  }
  // The moves the referee lists come back in their canonical text: read without parse_play
  // when they are legal here; anything else (and every refusal) goes through parse_play.
  if (move.is_string()) {
    const auto quick = packed::read_canonical(move.get_ref<const std::string&>());
    if (quick && is_legal(*quick)) {
      play(player, *quick, rng, &events);
      return events;
    }
  }
  const Play parsed = parse_play(move);
  check_play(player, parsed);
  play(player, packed::pack(parsed), rng, &events);
  return events;
}

void DecktetCaravanState::pass(int player, core::Rng& rng, Events* events) {
  if (events) {
    Document full = documents::event("pass");
    put(full, "hand", hand_);
    put(full, "season", season_);
    put(full, "seat", seat_text(player));
    events->push_back({core::kEveryone, std::move(full), nullptr});
  }
  const int last_player = play_seats_[static_cast<std::size_t>(play_count_ - 1)];
  settle_season(events);
  if (went_out_ >= 0)
    end_hand(false, rng, events);  // Ruling DK-5: the opponent's last play was a pass
  else
    open_next_season(last_player, rng, events);
}

void DecktetCaravanState::play(int player, ActionId play, core::Rng& rng, Events* events) {
  Cards& hand = cards_[static_cast<std::size_t>(player)];
  hand &= ~packed::cards_of(play);
  const bool last_play = went_out_ >= 0;
  Document full;
  if (events) {
    full = Document::object();
    put(full, "cards_left", static_cast<std::size_t>(count(hand)));
    put(full, "event", "play");
    put(full, "hand", hand_);
    put(full, "kind", packed::is_bandit(play) ? "bandit" : "caravan");
    put(full, "play", packed::text(play));
    put(full, "season", season_);
    put(full, "seat", seat_text(player));
  }
  // Ruling DK-9: only the first player to empty their hand goes out.
  if (hand == 0 && went_out_ < 0) {
    went_out_ = player;
    if (events) full["went_out"] = true;
  }
  plays_[static_cast<std::size_t>(play_count_)] = play;
  play_seats_[static_cast<std::size_t>(play_count_)] = player;
  ++play_count_;
  if (events) events->push_back({core::kEveryone, std::move(full), nullptr});
  if (last_play) {
    // Ruling DK-5: the opponent made their one play after the other went out.
    settle_season(events);
    end_hand(false, rng, events);
  } else {
    to_move_ = 1 - player;
  }
}

void DecktetCaravanState::settle_season(Events* events) {
  const int last_seat = play_seats_[static_cast<std::size_t>(play_count_ - 1)];
  // A caravan's player collects; a bandit's opponent does.
  const int collector = packed::is_bandit(table()) ? 1 - last_seat : last_seat;
  Cards won = 0;
  for (int i = 0; i < play_count_; ++i)
    won |= packed::cards_of(plays_[static_cast<std::size_t>(i)]);
  collected_[static_cast<std::size_t>(collector)] |= won;
  if (events) {
    Document cards = Document::array();
    for (int i = 0; i < play_count_; ++i) {
      const ActionId played = plays_[static_cast<std::size_t>(i)];
      for (int place = 0; place < packed::size(played); ++place)
        cards.emplace_back(kDeck[static_cast<std::size_t>(packed::card_at(played, place))].code);
    }
    Document full = Document::object();
    put(full, "cards", std::move(cards));
    put(full, "event", "collect");
    put(full, "hand", hand_);
    put(full, "season", season_);
    put(full, "seat", seat_text(collector));
    put(full, "value", value_of(won, face_up_));
    events->push_back({core::kEveryone, std::move(full), nullptr});
  }
  play_count_ = 0;
}

void DecktetCaravanState::open_next_season(int last_player, core::Rng& rng, Events* events) {
  // The player who made the last play opens; ruling DK-4: with only Aces and Crowns they
  // cannot, and the other opens; if neither can, the hand ends.
  auto can_open = [&](int seat) {
    return (cards_[static_cast<std::size_t>(seat)] & kTables.numerals) != 0;
  };
  int opener = last_player;
  if (!can_open(opener)) opener = 1 - opener;
  if (!can_open(opener)) {
    end_hand(true, rng, events);
    return;
  }
  ++season_;
  to_move_ = opener;
  if (!events) return;
  Document full = Document::object();
  if (opener != last_player) put(full, "cannot_open", seat_text(last_player));
  put(full, "event", "season");
  put(full, "hand", hand_);
  put(full, "opener", seat_text(opener));
  put(full, "season", season_);
  events->push_back({core::kEveryone, std::move(full), nullptr});
}

void DecktetCaravanState::end_hand(bool no_one_could_open, core::Rng& rng, Events* events) {
  HandSummary& summary = summary_;
  summary = {};
  summary.hand = hand_;
  summary.no_one_could_open = no_one_could_open;
  summary.face_up = face_up_;
  summary.revealed = set_aside_ | (turned_aside_ >= 0 ? bit(turned_aside_) : 0);  // Ruling DK-6
  summary.collected_value = {collected_value(0), collected_value(1)};
  summary.cards_left = {count(cards_[0]), count(cards_[1])};
  summary.scores = summary.collected_value;
  if (went_out_ >= 0) {
    // Ruling DK-5: 5 plus one per card the opponent still holds.
    summary.bonus_seat = went_out_;
    summary.bonus_points =
        kGoingOutBonus + summary.cards_left[static_cast<std::size_t>(1 - went_out_)];
    summary.scores[static_cast<std::size_t>(went_out_)] += summary.bonus_points;
  }
  has_summary_ = true;
  restored_last_hand_ = nullptr;
  scores_by_hand_[static_cast<std::size_t>(hands_scored_++)] = summary.scores;
  const auto total = cumulative();
  if (events) {
    Document full = last_hand();
    put(full, "event", "hand_end");
    put(full, "cumulative", per_seat(total));
    events->push_back({core::kEveryone, std::move(full), nullptr});
  }

  if (hand_ >= game_hands_) {
    to_move_ = -1;
    if (events) {
      Document winners = Document::array();
      for (int seat : result().winners) winners.emplace_back(seat_text(seat));
      Document full = Document::object();
      put(full, "cumulative", per_seat(total));
      put(full, "event", "game_over");
      put(full, "winners", std::move(winners));
      events->push_back({core::kEveryone, std::move(full), nullptr});
    }
    return;
  }
  // Ruling DK-7: the lower total opens; on a tie, the one who did not open this hand.
  const int opener = total[0] < total[1] ? 0 : total[1] < total[0] ? 1 : 1 - hand_opener_;
  ++hand_;
  deal(opener, rng, events);
}

std::unique_ptr<core::State> DecktetCaravanState::clone() const {
  return std::make_unique<DecktetCaravanState>(*this);
}

std::unique_ptr<core::State> DecktetCaravanState::resample(int viewer, core::Rng& rng) const {
  auto other = std::make_unique<DecktetCaravanState>(*this);
  if (viewer != 0 && viewer != 1) return other;
  // Hidden from the viewer: the opponent's cards and the cards set aside. How many Aces and
  // Crowns the opponent holds is known (four were dealt and every play is public), so the two
  // kinds are redrawn separately.
  Cards& opponent = other->cards_[static_cast<std::size_t>(1 - viewer)];
  std::vector<Card> wilds, numerals;
  for (Cards pile : {opponent, other->set_aside_})
    for (; pile != 0; pile &= pile - 1)
      ((kTables.wilds & bit(lowest(pile))) != 0 ? wilds : numerals).push_back(lowest(pile));
  const auto opponent_wilds = static_cast<std::size_t>(count(opponent & kTables.wilds));
  const auto opponent_numerals = static_cast<std::size_t>(count(opponent & kTables.numerals));
  rng.shuffle(wilds);
  rng.shuffle(numerals);
  opponent = 0;
  other->set_aside_ = 0;
  for (std::size_t i = 0; i < wilds.size(); ++i)
    (i < opponent_wilds ? opponent : other->set_aside_) |= bit(wilds[i]);
  for (std::size_t i = 0; i < numerals.size(); ++i)
    (i < opponent_numerals ? opponent : other->set_aside_) |= bit(numerals[i]);
  return other;
}

const core::Engine::Notation& DecktetCaravanEngine::notation() const {
  static const Notation kNotation{
      "a play is its cards by code, an Ace or Crown with the rank it stands for after '=', or "
      "pass",
      {"3MW 4MS AM=5", "pass"},
      {}};
  return kNotation;
}

}  // namespace games::decktet_caravan
