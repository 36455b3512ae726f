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

// ---- Cards in the state ------------------------------------------------------------------------

std::vector<Code> Hand::cards() const {
  std::vector<Code> out;
  each([&](Code card) { out.push_back(card); });
  return out;
}

void Pile::assign(const std::vector<Code>& cards) {
  std::copy(cards.begin(), cards.end(), cards_.begin());
  begin_ = 0;
  end_ = static_cast<std::uint8_t>(cards.size());
}

// ---- Caravan rules ----------------------------------------------------------------------------

int Slot::queens() const {
  int n = 0;
  for (int i = 0; i < faces; ++i) n += rank_of(face[at(i)]) == kQueen ? 1 : 0;
  return n;
}

Direction Caravan::direction() const {
  if (size_ < 2) return Direction::kNone;  // NV-4, NV-11: one card (even with a Queen) sets none
  const int before = rank_of(slots_[size_ - 2u].card);
  const int last = rank_of(slots_[size_ - 1u].card);
  Direction d = last > before ? Direction::kUp : last < before ? Direction::kDown : held;
  if (this->last().queens() % 2 == 1) d = flipped(d);  // NV-8: once per Queen
  return d;
}

int Caravan::suit() const {
  if (empty()) return -1;
  const Slot& slot = last();
  int s = suit_of(slot.card);
  for (int i = 0; i < slot.faces; ++i) {
    if (rank_of(slot.face[at(i)]) == kQueen) s = suit_of(slot.face[at(i)]);  // NV-10: the last
  }
  return s;
}

void Caravan::recount() {
  bid_ = 0;
  for (int j = 0; j < size_; ++j) {
    const Slot& slot = slots_[at(j)];
    int value = rank_of(slot.card);
    for (int i = 0; i < slot.faces; ++i) {
      if (rank_of(slot.face[at(i)]) == kKing) value *= 2;  // NV-9: doubled per King
    }
    bid_ += value;
  }
}

void Caravan::push(const Slot& slot) {
  slots_[size_++] = slot;
  recount();
}

void Caravan::attach(int pos, Code face, int by) {
  Slot& slot = slots_[at(pos)];
  slot.face[slot.faces] = face;
  slot.south = static_cast<std::uint8_t>(slot.south | by << slot.faces);
  ++slot.faces;
  recount();
}

Slot Caravan::erase(int pos) {
  const Slot slot = slots_[at(pos)];
  std::copy(slots_.begin() + pos + 1, slots_.begin() + size_, slots_.begin() + pos);
  --size_;
  recount();
  return slot;
}

std::optional<int> NvCaravanState::pair_winner(int pair) const {
  const int north = caravans_[at(pair)].bid();
  const int south = caravans_[at(pair + 3)].bid();
  const bool n_sold = north >= kSoldMin && north <= kSoldMax;
  const bool s_sold = south >= kSoldMin && south <= kSoldMax;
  if (n_sold && (!s_sold || north > south)) return kNorth;
  if (s_sold && (!n_sold || south > north)) return kSouth;
  return std::nullopt;  // nothing sold, or equal sold bids (rule 6.2)
}

int NvCaravanState::started(int seat) const {
  int n = 0;
  for (int i = seat * 3; i < seat * 3 + 3; ++i) n += caravans_[at(i)].empty() ? 0 : 1;
  return n;
}

// ---- State ------------------------------------------------------------------------------------

std::optional<int> NvCaravanState::current_player() const {
  if (finished_) return std::nullopt;
  return to_move_;
}

core::Result NvCaravanState::result() const {
  if (ended_) return core::ending_result(*ended_, 2);
  core::Result result;
  std::array<double, 2> won{};
  for (int pair = 0; pair < 3; ++pair) {
    if (auto w = pair_winner(pair)) won[at(*w)] += 1;
  }
  result.scores = {won[0], won[1]};
  if (winner_ >= 0) result.winners = {winner_};
  return result;
}

Refusal NvCaravanState::check_play(int player, Code card, int caravan, int pos) const {
  const Caravan& c = caravans_[at(caravan)];
  if (opening_) {  // NV-2, rule 4.2
    if (!is_number(card)) return Refusal::kOpeningFace;
    if (owner_of(caravan) != player) return Refusal::kOpeningOthers;
    if (!c.empty()) return Refusal::kOpeningStarted;
    return pos >= 0 ? Refusal::kNumberAt : Refusal::kLegal;
  }
  if (is_number(card)) {  // NV-4
    if (pos >= 0) return Refusal::kNumberAt;
    if (owner_of(caravan) != player) return Refusal::kNumberOthers;
    return Course(c).admits(card);
  }
  // A Jack, Queen, King or Joker: NV-5, NV-6.
  if (c.empty()) return Refusal::kEmpty;
  const int last = c.size() - 1;
  int target = last;
  if (rank_of(card) == kQueen) {
    if (pos >= 0 && pos != last) return Refusal::kQueenNotLast;
  } else {
    if (pos < 0) return Refusal::kWhere;
    if (pos > last) return Refusal::kNoPosition;
    target = pos;
  }
  return c.slot(target).faces >= kMaxAttached ? Refusal::kFull : Refusal::kLegal;
}

// ---- Moves as actions: the fast path ----------------------------------------------------------

void NvCaravanState::add_plays(Code card, std::vector<core::ActionId>& out) const {
  const bool positioned = !is_number(card) && rank_of(card) != kQueen;
  const int first = is_number(card) ? to_move_ * 3 : 0;
  const int stop = is_number(card) ? first + 3 : kCaravans;
  for (int caravan = first; caravan < stop; ++caravan) {
    if (!positioned) {
      if (check_play(to_move_, card, caravan, -1) == Refusal::kLegal)
        out.push_back(Move{Move::kPlay, card, caravan, 0}.action());
      continue;
    }
    const int size = caravans_[at(caravan)].size();
    for (int pos = 0; pos < size; ++pos) {
      if (check_play(to_move_, card, caravan, pos) == Refusal::kLegal)
        out.push_back(Move{Move::kPlay, card, caravan, pos}.action());
    }
  }
}

// In the order legal_moves() lists them: each card of the hand, lowest first, on each caravan
// (and position); then the discards and the disbands.
void NvCaravanState::legal_actions(std::vector<core::ActionId>& out) const {
  out.clear();
  if (finished_) return;
  const Hand& hand = players_[at(to_move_)].hand;
  hand.each([&](Code card) { add_plays(card, out); });
  if (opening_) return;
  hand.each([&](Code card) { out.push_back(Move{Move::kDiscard, card, 0, 0}.action()); });
  for (int caravan = to_move_ * 3; caravan < to_move_ * 3 + 3; ++caravan) {
    if (!caravans_[at(caravan)].empty())
      out.push_back(Move{Move::kDisband, 0, caravan, 0}.action());
  }
}

core::ActionId NvCaravanState::random_action(core::Rng& chooser) const {
  thread_local std::vector<core::ActionId> actions;
  legal_actions(actions);
  if (actions.empty()) throw MoveError("there is no legal move to play");
  return actions[chooser.below(actions.size())];
}

void NvCaravanState::apply_action(core::ActionId action, core::Rng&) {
  make(Move::of(action), nullptr);
}

void NvCaravanState::remove_slot(int index, int pos, Outcome* outcome) {
  const Slot slot = caravans_[at(index)].erase(pos);
  // NV-11: each card goes to the discard pile of the player whose deck it came from.
  players_[at(owner_of(index))].discard.push_back(slot.card);
  if (outcome) outcome->removed.push_back(slot.card);
  for (int i = 0; i < slot.faces; ++i) {
    players_[at(slot.by(i))].discard.push_back(slot.face[at(i)]);
    if (outcome) outcome->removed.push_back(slot.face[at(i)]);
  }
}

void NvCaravanState::keep_directions(const std::array<Direction, kCaravans>& before) {
  for (int i = 0; i < kCaravans; ++i) {
    Caravan& c = caravans_[at(i)];
    if (c.size() >= 2 && rank_of(c.last().card) == rank_of(c.slot(c.size() - 2).card)) {
      // Rule 5.4, NV-8: the direction it had stays; the Queens still on the last card flip it
      // when it is read, so keep it unflipped by them.
      Direction d = before[at(i)] == Direction::kNone ? Direction::kUp : before[at(i)];
      if (c.last().queens() % 2 == 1) d = flipped(d);
      c.held = d;
    } else {
      c.held = Direction::kNone;
    }
  }
}

void NvCaravanState::make(const Move& m, Outcome* outcome) {
  const int player = to_move_;
  PlayerCards& me = players_[at(player)];
  Caravan& c = caravans_[at(m.caravan)];
  bool draws = !opening_;
  if (m.kind == Move::kDisband) {
    while (!c.empty()) remove_slot(m.caravan, 0, outcome);
    c.held = Direction::kNone;
    draws = false;  // rule 5.1: disbanding is the whole turn
  } else if (m.kind == Move::kDiscard) {
    me.hand.erase(m.card);
    me.discard.push_back(m.card);
  } else {
    me.hand.erase(m.card);
    const int rank = rank_of(m.card);
    if (is_number(m.card)) {
      c.push(Slot::of(m.card));
      c.held = Direction::kNone;  // the last two values now differ
    } else if (rank == kQueen || rank == kKing) {
      c.attach(rank == kQueen ? c.size() - 1 : m.at, m.card, player);
    } else {
      int pos = m.at;
      std::array<Direction, kCaravans> before{};
      for (int i = 0; i < kCaravans; ++i) before[at(i)] = caravans_[at(i)].direction();
      if (rank == kJack) {  // rule 5.34: the card goes, with all on it, and the Jack
        remove_slot(m.caravan, pos, outcome);
        me.discard.push_back(m.card);
        if (outcome) outcome->removed.push_back(m.card);
      } else {  // NV-7: a Joker, across all six caravans; the target is spared
        c.attach(pos, m.card, player);
        const Code target = c.slot(pos).card;
        const bool ace = rank_of(target) == kAce;
        for (int i = 0; i < kCaravans; ++i) {
          for (int j = 0; j < caravans_[at(i)].size();) {
            const Code other = caravans_[at(i)].slot(j).card;
            const bool spared = i == m.caravan && j == pos;
            const bool hit =
                ace ? suit_of(other) == suit_of(target) : rank_of(other) == rank_of(target);
            if (!spared && hit) {
              remove_slot(i, j, outcome);
              if (i == m.caravan && j < pos) --pos;
            } else {
              ++j;
            }
          }
        }
      }
      keep_directions(before);
    }
  }
  if (draws && !me.deck.empty()) {  // NV-3: an empty deck means no draw
    const Code card = me.deck.pop_front();
    me.hand.insert(card);
    if (outcome) outcome->drew = card;
  }
  to_move_ = static_cast<std::int8_t>(1 - player);
  if (opening_ && started(kNorth) + started(kSouth) == kCaravans) opening_ = false;
  settle();
}

void NvCaravanState::settle() {
  finished_ = false;
  winner_ = -1;
  pairs_decided_ = false;
  if (opening_) return;
  std::array<int, 2> won{};
  bool all = true;
  for (int pair = 0; pair < 3 && all; ++pair) {
    if (auto w = pair_winner(pair)) {
      ++won[at(*w)];
    } else {
      all = false;
    }
  }
  if (all) {  // NV-9
    finished_ = true;
    pairs_decided_ = true;
    winner_ = won[0] > won[1] ? kNorth : kSouth;
  } else if (players_[at(to_move_)].hand.empty()) {  // NV-3, NV-11, rule 6.3
    finished_ = true;
    winner_ = static_cast<std::int8_t>(1 - to_move_);
  }
}

void NvCaravanState::conclude(const core::Ending& ending) {
  ended_ = ending;
  finished_ = true;
  winner_ = static_cast<std::int8_t>(ending.winners.size() == 1 ? ending.winners[0] : -1);
}

std::string NvCaravanState::reason() const {
  if (ended_) return core::ending_words(*ended_);
  if (!pairs_decided_) return fmt::format("{} had no card left to play", name_of(to_move_));
  std::array<int, 2> won{};
  for (int pair = 0; pair < 3; ++pair) ++won[at(*pair_winner(pair))];
  return fmt::format("{} won {} pairs to {}", name_of(winner_), won[at(winner_)],
                     won[at(1 - winner_)]);
}

// ---- Set-up -----------------------------------------------------------------------------------

namespace {

std::vector<Code> codes(const std::vector<Card>& cards) {
  std::vector<Code> out;
  out.reserve(cards.size());
  for (const Card& card : cards) out.push_back(code_of(card));
  return out;
}

std::ptrdiff_t count_numbers(std::vector<Code>::const_iterator begin,
                             std::vector<Code>::const_iterator end) {
  return std::count_if(begin, end, [](Code card) { return is_number(card); });
}

}  // namespace

std::vector<core::Event> NvCaravanState::deal(const DeckRules& rules, core::Rng& rng) {
  std::vector<core::Event> events;
  std::array<std::vector<Code>, 2> decks;
  for (int seat = 0; seat < 2; ++seat) {
    players_[at(seat)] = {};
    decks[at(seat)] = codes(rules.decks[at(seat)]);
    rng.shuffle(decks[at(seat)]);
  }
  first_ = static_cast<std::int8_t>(rng.below(2));  // NV-2: the first player from the seed
  to_move_ = first_;
  opening_ = true;
  events.push_back({core::kEveryone, {{"first", name_of(first_)}}, nullptr});
  for (int seat = 0; seat < 2; ++seat) {
    std::vector<Code>& deck = decks[at(seat)];
    for (;;) {
      std::vector<Code> hand(deck.begin(), deck.begin() + kOpeningHand);
      deck.erase(deck.begin(), deck.begin() + kOpeningHand);
      std::sort(hand.begin(), hand.end());
      events.push_back({seat,
                        {{"seat", name_of(seat)}, {"dealt", names(hand)}},
                        {{"seat", name_of(seat)}, {"dealt", {{"hidden", kOpeningHand}}}}});
      if (count_numbers(hand.begin(), hand.end()) >= 3) {
        for (Code card : hand) players_[at(seat)].hand.insert(card);
        break;
      }
      // NV-2, rule 4.3: the hand is shown to both, shuffled back, and 8 new cards drawn.
      events.push_back({core::kEveryone,
                        {{"seat", name_of(seat)}, {"reshuffle", true}, {"revealed", names(hand)}},
                        nullptr});
      deck.insert(deck.end(), hand.begin(), hand.end());
      rng.shuffle(deck);
    }
    players_[at(seat)].deck.assign(deck);
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
  std::vector<Code> own = players_[at(viewer)].deck.to_vector();
  rng.shuffle(own);
  copy->players_[at(viewer)].deck.assign(own);
  const int other = 1 - viewer;
  PlayerCards& them = copy->players_[at(other)];
  std::vector<Code> pool = them.hand.cards();
  const auto hand_size = static_cast<std::ptrdiff_t>(pool.size());
  pool.insert(pool.end(), them.deck.begin(), them.deck.end());
  // In the opening the other player still holds a number card for each caravan to start.
  const int needed = opening_ ? 3 - started(other) : 0;
  for (int attempt = 0; attempt < 1000; ++attempt) {
    rng.shuffle(pool);
    if (count_numbers(pool.begin(), pool.begin() + hand_size) < needed) continue;
    them.hand = {};
    for (auto it = pool.begin(); it != pool.begin() + hand_size; ++it) them.hand.insert(*it);
    them.deck.assign({pool.begin() + hand_size, pool.end()});
    break;
  }
  return copy;
}

// ---- Moves as documents: moves.cpp; the state as a document: document.cpp ---------------------

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

const core::Engine::Notation& NvCaravanEngine::notation() const {
  static const Notation kNotation{
      "a move is a map: play a card on a caravan (and at a card), discard a card, or disband a "
      "caravan",
      {"{play: 7H, on: 2}", "{discard: 4C}"},
      {"play", "discard", "disband", "on", "at"}};
  return kNotation;
}

}  // namespace games::nv_caravan
