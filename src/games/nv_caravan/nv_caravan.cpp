#include "games/nv_caravan/nv_caravan.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "games/nv_caravan/common.hpp"

namespace games::nv_caravan {
namespace {

using namespace internal;  // NOLINT(google-build-using-namespace): this engine's own helpers

using core::Document;
using core::MoveError;
using core::SetupError;

void insert_sorted(std::vector<Card>& hand, const Card& card) {
  hand.insert(std::upper_bound(hand.begin(), hand.end(), card), card);
}

const char* kMoveHelp =
    "a move is {play: CARD, on: CARAVAN} (a Jack, King or Joker also names the card: at: "
    "POSITION), {discard: CARD} or {disband: CARAVAN}, e.g. {play: 7H, on: 2}";

std::string own_caravans(int seat) { return seat == kNorth ? "1-3" : "4-6"; }

// A caravan number 1-6 (a number, or a string of one); returns the index 0-5.
int read_caravan(const Document& value) {
  int n = 0;
  if (value.is_number_integer()) n = value.get<int>();
  if (value.is_string() && value.get<std::string>().size() == 1) {
    n = value.get<std::string>()[0] - '0';
  }
  if (n < 1 || n > kCaravans) {
    throw MoveError(fmt::format(
        "{} is not a caravan: caravans are numbered 1-6 (North's 1-3, South's 4-6)", value.dump()));
  }
  return n - 1;
}

// A position 1, 2, ... along a caravan; returns it 0-based.
int read_position(const Document& value) {
  int n = 0;
  if (value.is_number_integer()) n = value.get<int>();
  if (value.is_string()) {
    const std::string& s = value.get_ref<const std::string&>();
    if (!s.empty() && s.size() < 4 && std::all_of(s.begin(), s.end(), ::isdigit)) n = std::stoi(s);
  }
  if (n < 1) {
    throw MoveError(fmt::format(
        "at: {} is not a position: count the number cards of the caravan from its first, 1, 2, ...",
        value.dump()));
  }
  return n - 1;
}

}  // namespace

// ---- Options ----------------------------------------------------------------------------------

DeckRules deck_rules(const std::map<std::string, std::string>& opts) {
  DeckRules rules;
  for (const auto& [key, value] : opts) {
    if (key == "jokers") {
      if (value != "0" && value != "1" && value != "2") {
        throw SetupError(fmt::format("option jokers must be 0, 1 or 2, not '{}'", value));
      }
      rules.jokers = value[0] - '0';
    } else if (key != "deck1" && key != "deck2") {
      throw SetupError(
          fmt::format("nv-caravan has no option '{}' (known: jokers, deck1, deck2)", key));
    }
  }
  for (int seat = 0; seat < 2; ++seat) {
    const std::string key = seat == kNorth ? "deck1" : "deck2";
    auto it = opts.find(key);
    rules.decks[at(seat)] = it == opts.end() || it->second.empty()
                                ? standard_deck(1, rules.jokers)
                                : custom_deck(key, it->second, rules.jokers);
  }
  return rules;
}

// ---- Caravan rules ----------------------------------------------------------------------------

Direction NvCaravanState::direction(const Caravan& caravan) {
  const std::size_t n = caravan.cards.size();
  if (n < 2) return Direction::kNone;  // NV-4, NV-11: one card (even with a Queen) sets none
  const int before = caravan.cards[n - 2].card.rank;
  const int last = caravan.cards[n - 1].card.rank;
  Direction d = last > before ? Direction::kUp : last < before ? Direction::kDown : caravan.held;
  if (queens_on(caravan.cards.back()) % 2 == 1) d = flipped(d);  // NV-8: once per Queen
  return d;
}

int NvCaravanState::suit(const Caravan& caravan) {
  if (caravan.cards.empty()) return -1;
  int s = caravan.cards.back().card.suit;
  for (const Attached& a : caravan.cards.back().attached) {
    if (a.card.rank == kQueen) s = a.card.suit;  // NV-10: the last Queen's suit
  }
  return s;
}

int NvCaravanState::bid(const Caravan& caravan) {
  int total = 0;
  for (const Slot& slot : caravan.cards) {
    int value = slot.card.rank;
    for (const Attached& a : slot.attached) {
      if (a.card.rank == kKing) value *= 2;  // NV-9: doubled per King
    }
    total += value;
  }
  return total;
}

bool NvCaravanState::sold(const Caravan& caravan) {
  const int b = bid(caravan);
  return b >= kSoldMin && b <= kSoldMax;
}

std::optional<int> NvCaravanState::pair_winner(int pair) const {
  const Caravan& north = caravans_[at(pair)];
  const Caravan& south = caravans_[at(pair + 3)];
  const bool n_sold = sold(north);
  const bool s_sold = sold(south);
  if (n_sold && (!s_sold || bid(north) > bid(south))) return kNorth;
  if (s_sold && (!n_sold || bid(south) > bid(north))) return kSouth;
  return std::nullopt;  // nothing sold, or equal sold bids (rule 6.2)
}

int NvCaravanState::started(int seat) const {
  int n = 0;
  for (int i = seat * 3; i < seat * 3 + 3; ++i) n += caravans_[at(i)].cards.empty() ? 0 : 1;
  return n;
}

// ---- State ------------------------------------------------------------------------------------

std::optional<int> NvCaravanState::current_player() const {
  if (finished_) return std::nullopt;
  return to_move_;
}

core::Result NvCaravanState::result() const {
  core::Result result;
  std::array<double, 2> won{};
  for (int pair = 0; pair < 3; ++pair) {
    if (auto w = pair_winner(pair)) won[at(*w)] += 1;
  }
  result.scores = {won[0], won[1]};
  if (winner_) result.winners = {*winner_};
  return result;
}

std::string NvCaravanState::refusal(int player, const Card& card, int caravan,
                                    std::optional<int> pos) const {
  const Caravan& c = caravans_[at(caravan)];
  const int number = caravan + 1;
  if (opening_) {  // NV-2, rule 4.2
    if (!is_number(card)) {
      return fmt::format(
          "{}: in the opening only number cards (A-10) are played, one to start "
          "each of your caravans",
          card_name(card));
    }
    if (owner_of(caravan) != player) {
      return fmt::format("caravan {} is {}'s; yours are {}", number, name_of(owner_of(caravan)),
                         own_caravans(player));
    }
    if (!c.cards.empty()) {
      return fmt::format("caravan {} is started already; in the opening start an empty one",
                         number);
    }
    if (pos) return "a number card goes at the end of a caravan: leave out 'at'";
    return "";
  }
  if (is_number(card)) {  // NV-4
    if (pos) return "a number card goes at the end of a caravan: leave out 'at'";
    if (owner_of(caravan) != player) {
      return fmt::format("number cards go on your own caravans only ({}); caravan {} is {}'s",
                         own_caravans(player), number, name_of(owner_of(caravan)));
    }
    if (c.cards.empty()) return "";
    const Card& last = c.cards.back().card;
    if (card.rank == last.rank) {
      return fmt::format("{} cannot follow {}: never the same value twice in a row",
                         card_name(card), card_name(last));
    }
    const Direction d = direction(c);
    const int s = suit(c);
    if (d == Direction::kNone || card.suit == s) return "";
    if (d == Direction::kUp && card.rank > last.rank) return "";
    if (d == Direction::kDown && card.rank < last.rank) return "";
    return fmt::format(
        "{} follows neither the suit ({}) nor the direction ({}, after {}) of caravan {}",
        card_name(card), suit_letter(s), d == Direction::kUp ? "up" : "down", card_name(last),
        number);
  }
  // A Jack, Queen, King or Joker: NV-5, NV-6.
  if (c.cards.empty()) {
    return fmt::format("caravan {} is empty: a {} goes on a number card", number,
                       rank_word(card.rank));
  }
  const int last = static_cast<int>(c.cards.size()) - 1;
  int target = last;
  if (card.rank == kQueen) {
    if (pos && *pos != last) {
      return fmt::format("a Queen goes only on the last card of a caravan: caravan {} at {}",
                         number, last + 1);
    }
  } else {
    if (!pos) {
      return fmt::format("say which card of caravan {} the {} goes on: at: 1-{}", number,
                         rank_word(card.rank), last + 1);
    }
    if (*pos > last) {
      return fmt::format("caravan {} has no card at position {}; its positions are 1-{}", number,
                         *pos + 1, last + 1);
    }
    target = *pos;
  }
  const Slot& slot = c.cards[at(target)];
  if (slot.attached.size() >= at(kMaxAttached)) {
    return fmt::format(
        "{} (caravan {} at {}) already carries three face cards: no more can go on it",
        card_name(slot.card), number, target + 1);
  }
  return "";
}

std::string NvCaravanState::disband_refusal(int player, int caravan) const {
  if (opening_) return "no disbanding during the opening";
  if (owner_of(caravan) != player) {
    return fmt::format("you may disband only your own caravans ({}); caravan {} is {}'s",
                       own_caravans(player), caravan + 1, name_of(owner_of(caravan)));
  }
  if (caravans_[at(caravan)].cards.empty()) {
    return fmt::format("caravan {} is empty: there is nothing to disband", caravan + 1);
  }
  return "";
}

std::vector<Document> NvCaravanState::legal_moves() const {
  std::vector<Document> moves;
  if (finished_) return moves;
  const std::vector<Card>& hand = players_[at(to_move_)].hand;
  for (const Card& card : hand) {
    const std::string name = card_name(card);
    const bool positioned = card.rank == kJack || card.rank == kKing || card.rank == kJoker;
    for (int caravan = 0; caravan < kCaravans; ++caravan) {
      if (is_number(card) && owner_of(caravan) != to_move_) continue;
      if (!positioned) {
        if (refusal(to_move_, card, caravan, std::nullopt).empty()) {
          moves.push_back({{"play", name}, {"on", caravan + 1}});
        }
        continue;
      }
      const int size = static_cast<int>(caravans_[at(caravan)].cards.size());
      for (int pos = 0; pos < size; ++pos) {
        if (refusal(to_move_, card, caravan, pos).empty()) {
          moves.push_back({{"play", name}, {"on", caravan + 1}, {"at", pos + 1}});
        }
      }
    }
  }
  if (opening_) return moves;
  for (const Card& card : hand) moves.push_back({{"discard", card_name(card)}});
  for (int caravan = to_move_ * 3; caravan < to_move_ * 3 + 3; ++caravan) {
    if (disband_refusal(to_move_, caravan).empty()) moves.push_back({{"disband", caravan + 1}});
  }
  return moves;
}

Document NvCaravanState::default_move() const {
  if (finished_) throw MoveError("the game is over: no more moves");
  // A hand is sorted by rank first (Ace low, the Joker high), so its lowest card comes first.
  const std::vector<Card>& hand = players_[at(to_move_)].hand;
  if (!opening_) return {{"discard", card_name(hand.front())}};
  const auto lowest = std::find_if(hand.begin(), hand.end(), is_number);
  for (int caravan = to_move_ * 3; caravan < to_move_ * 3 + 3; ++caravan)
    if (caravans_[at(caravan)].cards.empty() && lowest != hand.end())
      return {{"play", card_name(*lowest)}, {"on", caravan + 1}};
  throw MoveError("there is no legal move to play");
}

NvCaravanState::Move NvCaravanState::parse_move(int player, const Document& doc) const {
  if (!doc.is_object() || doc.empty()) throw MoveError(kMoveHelp);
  for (const auto& [key, value] : doc.items()) {
    if (key != "play" && key != "on" && key != "at" && key != "discard" && key != "disband") {
      throw MoveError(fmt::format("unknown key '{}': {}", key, kMoveHelp));
    }
  }
  const int kinds = static_cast<int>(doc.contains("play")) +
                    static_cast<int>(doc.contains("discard")) +
                    static_cast<int>(doc.contains("disband"));
  if (kinds != 1)
    throw MoveError(fmt::format("say one of play, discard or disband: {}", kMoveHelp));

  const auto card_in_hand = [&](const Document& value) {
    const auto spec = value.is_string() ? parse_card_spec(value.get<std::string>()) : std::nullopt;
    if (!spec) {
      throw MoveError(
          fmt::format("{} is not a card: write e.g. 7H, 10C, AS, QD, KS or JK1 (7H/2: from deck 2)",
                      value.dump()));
    }
    for (const Card& card : players_[at(player)].hand) {
      if (spec->matches(card)) return card;
    }
    throw MoveError(fmt::format("{} is not in your hand (you hold {})", value.get<std::string>(),
                                names(players_[at(player)].hand).dump()));
  };

  Move move;
  if (doc.contains("disband")) {
    if (doc.size() != 1) throw MoveError("disband takes only the caravan: {disband: 1}");
    move.kind = Move::Kind::kDisband;
    move.caravan = read_caravan(doc.at("disband"));
    return move;
  }
  if (doc.contains("discard")) {
    if (doc.size() != 1) throw MoveError("discard takes only the card: {discard: 4C}");
    move.kind = Move::Kind::kDiscard;
    move.card = card_in_hand(doc.at("discard"));
    return move;
  }
  if (!doc.contains("on")) {
    throw MoveError("say which caravan the card goes on: {play: 7H, on: 2}");
  }
  move.kind = Move::Kind::kPlay;
  move.card = card_in_hand(doc.at("play"));
  move.caravan = read_caravan(doc.at("on"));
  if (doc.contains("at")) move.at = read_position(doc.at("at"));
  return move;
}

void NvCaravanState::remove_slot(int index, std::size_t pos, std::vector<std::string>& removed) {
  std::vector<Slot>& cards = caravans_[at(index)].cards;
  Slot slot = cards[pos];
  cards.erase(cards.begin() + static_cast<std::ptrdiff_t>(pos));
  // NV-11: each card goes to the discard pile of the player whose deck it came from.
  players_[at(owner_of(index))].discard.push_back(slot.card);
  removed.push_back(card_name(slot.card));
  for (const Attached& a : slot.attached) {
    players_[at(a.by)].discard.push_back(a.card);
    removed.push_back(card_name(a.card));
  }
}

void NvCaravanState::keep_directions(const std::array<Direction, kCaravans>& before) {
  for (int i = 0; i < kCaravans; ++i) {
    Caravan& c = caravans_[at(i)];
    const std::size_t n = c.cards.size();
    if (n >= 2 && c.cards[n - 1].card.rank == c.cards[n - 2].card.rank) {
      // Rule 5.4, NV-8: the direction it had stays; the Queens still on the last card flip it
      // when it is read, so keep it unflipped by them.
      Direction d = before[at(i)] == Direction::kNone ? Direction::kUp : before[at(i)];
      if (queens_on(c.cards.back()) % 2 == 1) d = flipped(d);
      c.held = d;
    } else {
      c.held = Direction::kNone;
    }
  }
}

void NvCaravanState::settle() {
  finished_ = false;
  winner_.reset();
  reason_.clear();
  if (opening_) return;
  std::array<int, 2> won{};
  bool all = true;
  for (int pair = 0; pair < 3; ++pair) {
    if (auto w = pair_winner(pair)) {
      ++won[at(*w)];
    } else {
      all = false;
    }
  }
  if (all) {  // NV-9
    finished_ = true;
    winner_ = won[0] > won[1] ? kNorth : kSouth;
    reason_ = fmt::format("{} won {} pairs to {}", name_of(*winner_), won[at(*winner_)],
                          won[at(1 - *winner_)]);
  } else if (players_[at(to_move_)].hand.empty()) {  // NV-3, NV-11, rule 6.3
    finished_ = true;
    winner_ = 1 - to_move_;
    reason_ = fmt::format("{} had no card left to play", name_of(to_move_));
  }
}

std::vector<core::Event> NvCaravanState::apply(int player, const Document& move, core::Rng&) {
  if (finished_) throw MoveError("the game is over: no more moves");
  if (player != to_move_) {
    throw MoveError(fmt::format("it is not your turn: {} is to move", name_of(to_move_)));
  }
  const Move m = parse_move(player, move);
  PlayerCards& me = players_[at(player)];
  Document full = {{"seat", name_of(player)}};
  bool draws = !opening_;

  if (m.kind == Move::Kind::kDisband) {
    const std::string why = disband_refusal(player, m.caravan);
    if (!why.empty()) throw MoveError(why);
    std::vector<std::string> removed;
    while (!caravans_[at(m.caravan)].cards.empty()) remove_slot(m.caravan, 0, removed);
    caravans_[at(m.caravan)].held = Direction::kNone;
    full["disband"] = m.caravan + 1;
    full["removed"] = removed;
    draws = false;  // rule 5.1: disbanding is the whole turn
  } else if (m.kind == Move::Kind::kDiscard) {
    if (opening_) throw MoveError("no discarding during the opening (rule 4.3)");
    me.hand.erase(std::find(me.hand.begin(), me.hand.end(), m.card));
    me.discard.push_back(m.card);
    full["discard"] = card_name(m.card);
  } else {
    const std::string why = refusal(player, m.card, m.caravan, m.at);
    if (!why.empty()) throw MoveError(why);
    me.hand.erase(std::find(me.hand.begin(), me.hand.end(), m.card));
    Caravan& c = caravans_[at(m.caravan)];
    full["play"] = card_name(m.card);
    full["on"] = m.caravan + 1;
    if (is_number(m.card)) {
      c.cards.push_back({m.card, {}});
      c.held = Direction::kNone;  // the last two values now differ
    } else {
      int pos = m.card.rank == kQueen ? static_cast<int>(c.cards.size()) - 1 : *m.at;
      if (m.card.rank != kQueen) full["at"] = pos + 1;
      std::array<Direction, kCaravans> before{};
      for (int i = 0; i < kCaravans; ++i) before[at(i)] = direction(caravans_[at(i)]);
      std::vector<std::string> removed;
      if (m.card.rank == kJack) {  // rule 5.34: the card goes, with all on it, and the Jack
        remove_slot(m.caravan, at(pos), removed);
        me.discard.push_back(m.card);
        removed.push_back(card_name(m.card));
      } else {
        c.cards[at(pos)].attached.push_back({m.card, player});
      }
      if (m.card.rank == kJoker) {  // NV-7: across all six caravans; the target is spared
        const Card target = c.cards[at(pos)].card;
        for (int i = 0; i < kCaravans; ++i) {
          std::vector<Slot>& cards = caravans_[at(i)].cards;
          for (std::size_t j = 0; j < cards.size();) {
            const Card& other = cards[j].card;
            const bool spared = i == m.caravan && j == at(pos);
            const bool hit =
                target.rank == kAce ? other.suit == target.suit : other.rank == target.rank;
            if (!spared && hit) {
              remove_slot(i, j, removed);
              if (i == m.caravan && j < at(pos)) --pos;
            } else {
              ++j;
            }
          }
        }
      }
      if (m.card.rank == kJack || m.card.rank == kJoker) {
        full["removed"] = removed;
        keep_directions(before);
      }
    }
  }

  std::vector<core::Event> events{{core::kEveryone, full, nullptr}};
  if (draws && !me.deck.empty()) {  // NV-3: an empty deck means no draw
    const Card card = me.deck.front();
    me.deck.erase(me.deck.begin());
    insert_sorted(me.hand, card);
    events.push_back({player,
                      {{"seat", name_of(player)}, {"drew", card_name(card)}},
                      {{"seat", name_of(player)}, {"drew", {{"hidden", 1}}}}});
  }
  to_move_ = 1 - player;
  if (opening_ && started(kNorth) + started(kSouth) == kCaravans) opening_ = false;
  settle();
  if (finished_) {
    events.push_back({core::kEveryone,
                      {{"game_over", true}, {"winner", name_of(*winner_)}, {"reason", reason_}},
                      nullptr});
  }
  return events;
}

// ---- Set-up -----------------------------------------------------------------------------------

std::vector<core::Event> NvCaravanState::deal(const DeckRules& rules, core::Rng& rng) {
  std::vector<core::Event> events;
  for (int seat = 0; seat < 2; ++seat) {
    players_[at(seat)] = {};
    players_[at(seat)].deck = rules.decks[at(seat)];
    rng.shuffle(players_[at(seat)].deck);
  }
  first_ = static_cast<int>(rng.below(2));  // NV-2: the first player from the seed
  to_move_ = first_;
  opening_ = true;
  events.push_back({core::kEveryone, {{"first", name_of(first_)}}, nullptr});
  for (int seat = 0; seat < 2; ++seat) {
    PlayerCards& p = players_[at(seat)];
    for (;;) {
      const auto cut = p.deck.begin() + kOpeningHand;
      p.hand.assign(p.deck.begin(), cut);
      p.deck.erase(p.deck.begin(), cut);
      std::sort(p.hand.begin(), p.hand.end());
      events.push_back({seat,
                        {{"seat", name_of(seat)}, {"dealt", names(p.hand)}},
                        {{"seat", name_of(seat)}, {"dealt", {{"hidden", kOpeningHand}}}}});
      if (count_numbers(p.hand) >= 3) break;
      // NV-2, rule 4.3: the hand is shown to both, shuffled back, and 8 new cards drawn.
      events.push_back({core::kEveryone,
                        {{"seat", name_of(seat)}, {"reshuffle", true}, {"revealed", names(p.hand)}},
                        nullptr});
      p.deck.insert(p.deck.end(), p.hand.begin(), p.hand.end());
      p.hand.clear();
      rng.shuffle(p.deck);
    }
  }
  caravans_ = {};
  settle();
  return events;
}

std::unique_ptr<core::State> NvCaravanState::clone() const {
  return std::make_unique<NvCaravanState>(*this);
}

std::unique_ptr<core::State> NvCaravanState::resample(int viewer, core::Rng& rng) const {
  auto copy = std::make_unique<NvCaravanState>(*this);
  if (viewer != kNorth && viewer != kSouth) return copy;
  rng.shuffle(copy->players_[at(viewer)].deck);
  const int other = 1 - viewer;
  PlayerCards& them = copy->players_[at(other)];
  std::vector<Card> pool = them.hand;
  pool.insert(pool.end(), them.deck.begin(), them.deck.end());
  const auto hand_size = static_cast<std::ptrdiff_t>(them.hand.size());
  // In the opening the other player still holds a number card for each caravan to start.
  const int needed = opening_ ? 3 - started(other) : 0;
  for (int attempt = 0; attempt < 1000; ++attempt) {
    rng.shuffle(pool);
    if (std::count_if(pool.begin(), pool.begin() + hand_size, is_number) < needed) continue;
    them.hand.assign(pool.begin(), pool.begin() + hand_size);
    them.deck.assign(pool.begin() + hand_size, pool.end());
    std::sort(them.hand.begin(), them.hand.end());
    break;
  }
  return copy;
}

// ---- Documents: document.cpp ---------------------------------------------------------------

// ---- Engine -----------------------------------------------------------------------------------

std::vector<core::OptionInfo> NvCaravanEngine::options() const {
  return {{"jokers", "0|1|2", "2", "Jokers in each standard deck: JK1 and JK2, JK1 only, or none"},
          {"deck1", "FILE", "",
           "North's own deck: a YAML list of cards such as 7H, 7H/2 or {card: 7H, deck: 2}; at "
           "least 30 cards from at most 4 standard decks (default: one standard deck)"},
          {"deck2", "FILE", "", "South's own deck, as deck1"}};
}

std::string NvCaravanEngine::seat_name(int seat) const {
  if (seat != kNorth && seat != kSouth) {
    throw std::out_of_range(fmt::format("nv-caravan has no seat {}", seat));
  }
  return name_of(seat);
}

core::Setup NvCaravanEngine::start(int players, const std::map<std::string, std::string>& opts,
                                   core::Rng& rng) const {
  if (players != 2)
    throw SetupError(fmt::format("nv-caravan needs exactly 2 players, not {}", players));
  const DeckRules rules = deck_rules(opts);
  auto state = std::make_unique<NvCaravanState>();
  auto events = state->deal(rules, rng);
  return {std::move(state), std::move(events)};
}

std::unique_ptr<core::State> NvCaravanEngine::restore(
    const Document& doc, int players, const std::map<std::string, std::string>& opts) const {
  if (players != 2)
    throw SetupError(fmt::format("nv-caravan needs exactly 2 players, not {}", players));
  const DeckRules rules = deck_rules(opts);
  auto state = std::make_unique<NvCaravanState>();
  state->set_from(doc, rules);
  return state;
}

}  // namespace games::nv_caravan
