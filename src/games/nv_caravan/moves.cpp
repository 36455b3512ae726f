// nv-caravan's moves as documents: the reader (apply() parses a document into a Move, says in
// words why an illegal one is refused, then makes it as apply_action() does, with its events)
// and the writer (move_of, legal_moves).
#include <algorithm>

#include <fmt/format.h>

#include "games/nv_caravan/common.hpp"
#include "games/nv_caravan/nv_caravan.hpp"

namespace games::nv_caravan {
namespace {

using namespace internal;  // NOLINT(google-build-using-namespace): this engine's own helpers

using core::Document;
using core::MoveError;

const char* kMoveHelp =
    "a move is {play: CARD, on: CARAVAN} (a Jack, King or Joker also names the card: at: "
    "POSITION), {discard: CARD} or {disband: CARAVAN}, e.g. {play: 7H, on: 2}";

std::string own_caravans(int seat) { return seat == kNorth ? "1-3" : "4-6"; }

// A caravan number 1-6, written as a number (a quoted '1' is refused: the move readers are strict
// about types); returns the index 0-5.
int read_caravan(const Document& value) {
  const int n = value.is_number_integer() ? value.get<int>() : 0;
  if (n < 1 || n > kCaravans) {
    throw MoveError(
        fmt::format("{} is not a caravan: caravans are numbered 1-6 (North's 1-3, South's 4-6){}",
                    value.dump(), value.is_string() ? "; write the number without quotes" : ""));
  }
  return n - 1;
}

// A position 1, 2, ... along a caravan; returns it 0-based.
int read_position(const Document& value) {
  const int n = value.is_number_integer() ? value.get<int>() : 0;
  if (n < 1) {
    throw MoveError(fmt::format(
        "at: {} is not a position: count the number cards of the caravan from its first, 1, 2, "
        "...{}",
        value.dump(), value.is_string() ? " (a number, without quotes)" : ""));
  }
  return n - 1;
}

// Jacks, Kings and Jokers name the number card they go on; number cards and Queens do not.
bool positioned(Code card) { return !is_number(card) && rank_of(card) != kQueen; }

}  // namespace

Move NvCaravanState::parse_move(int player, const Document& doc) const {
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
    const Hand& hand = players_[at(player)].hand;
    int found = -1;
    hand.each([&](Code card) {
      if (found < 0 && spec->matches(card_of(card))) found = card;
    });
    if (found >= 0) return static_cast<Code>(found);
    throw MoveError(fmt::format("{} is not in your hand (you hold {})", value.get<std::string>(),
                                names(hand.cards()).dump()));
  };

  Move move;
  if (doc.contains("disband")) {
    if (doc.size() != 1) throw MoveError("disband takes only the caravan: {disband: 1}");
    move.kind = Move::kDisband;
    move.caravan = read_caravan(doc.at("disband"));
    return move;
  }
  if (doc.contains("discard")) {
    if (doc.size() != 1) throw MoveError("discard takes only the card: {discard: 4C}");
    move.kind = Move::kDiscard;
    move.card = card_in_hand(doc.at("discard"));
    return move;
  }
  if (!doc.contains("on")) {
    throw MoveError("say which caravan the card goes on: {play: 7H, on: 2}");
  }
  move.kind = Move::kPlay;
  move.card = card_in_hand(doc.at("play"));
  move.caravan = read_caravan(doc.at("on"));
  move.at = doc.contains("at") ? read_position(doc.at("at")) : -1;
  return move;
}

std::string NvCaravanState::explain(Refusal why, int player, Code card, int caravan,
                                    int pos) const {
  const Caravan& c = caravans_[at(caravan)];
  const int number = caravan + 1;
  const int last = c.size() - 1;
  switch (why) {
    case Refusal::kLegal:
      return "";
    case Refusal::kOpeningFace:
      return fmt::format(
          "{}: in the opening only number cards (A-10) are played, one to start "
          "each of your caravans",
          card_name(card));
    case Refusal::kOpeningOthers:
      return fmt::format("caravan {} is {}'s; yours are {}", number, name_of(owner_of(caravan)),
                         own_caravans(player));
    case Refusal::kOpeningStarted:
      return fmt::format("caravan {} is started already; in the opening start an empty one",
                         number);
    case Refusal::kNumberAt:
      return "a number card goes at the end of a caravan: leave out 'at'";
    case Refusal::kNumberOthers:
      return fmt::format("number cards go on your own caravans only ({}); caravan {} is {}'s",
                         own_caravans(player), number, name_of(owner_of(caravan)));
    case Refusal::kSameValue:
      return fmt::format("{} cannot follow {}: never the same value twice in a row",
                         card_name(card), card_name(c.last().card));
    case Refusal::kAgainstCourse:
      return fmt::format(
          "{} follows neither the suit ({}) nor the direction ({}, after {}) of caravan {}",
          card_name(card), suit_letter(c.suit()), c.direction() == Direction::kUp ? "up" : "down",
          card_name(c.last().card), number);
    case Refusal::kEmpty:
      return fmt::format("caravan {} is empty: a {} goes on a number card", number,
                         rank_word(rank_of(card)));
    case Refusal::kQueenNotLast:
      return fmt::format("a Queen goes only on the last card of a caravan: caravan {} at {}",
                         number, last + 1);
    case Refusal::kWhere:
      return fmt::format("say which card of caravan {} the {} goes on: at: 1-{}", number,
                         rank_word(rank_of(card)), last + 1);
    case Refusal::kNoPosition:
      return fmt::format("caravan {} has no card at position {}; its positions are 1-{}", number,
                         pos + 1, last + 1);
    case Refusal::kFull: {
      const int target = rank_of(card) == kQueen ? last : pos;
      return fmt::format(
          "{} (caravan {} at {}) already carries three face cards: no more can go on it",
          card_name(c.slot(target).card), number, target + 1);
    }
  }
  return "";
}

std::string NvCaravanState::disband_refusal(int player, int caravan) const {
  if (opening_) return "no disbanding during the opening";
  if (owner_of(caravan) != player) {
    return fmt::format("you may disband only your own caravans ({}); caravan {} is {}'s",
                       own_caravans(player), caravan + 1, name_of(owner_of(caravan)));
  }
  if (caravans_[at(caravan)].empty()) {
    return fmt::format("caravan {} is empty: there is nothing to disband", caravan + 1);
  }
  return "";
}

std::vector<core::Event> NvCaravanState::apply(int player, const Document& move, core::Rng&) {
  if (finished_) throw MoveError("the game is over: no more moves");
  if (player != to_move_) {
    throw MoveError(fmt::format("it is not your turn: {} is to move", name_of(to_move_)));
  }
  Move m = parse_move(player, move);
  if (m.kind == Move::kDisband) {
    const std::string why = disband_refusal(player, m.caravan);
    if (!why.empty()) throw MoveError(why);
  } else if (m.kind == Move::kDiscard) {
    if (opening_) throw MoveError("no discarding during the opening (rule 4.3)");
  } else {
    const Refusal why = check_play(player, m.card, m.caravan, m.at);
    if (why != Refusal::kLegal) throw MoveError(explain(why, player, m.card, m.caravan, m.at));
    if (!positioned(m.card)) m.at = 0;
  }
  Outcome outcome;
  make(m, &outcome);
  // What everyone sees: the move as legal_moves() writes it, who made it and what it removed.
  Document full = move_of(m.action());
  auto& keys = full.get_ref<Document::object_t&>();
  const int rank = rank_of(m.card);
  if (m.kind == Move::kDisband || (m.kind == Move::kPlay && (rank == kJack || rank == kJoker)))
    keys.emplace("removed", names(outcome.removed));
  keys.emplace("seat", name_of(player));

  std::vector<core::Event> events;
  events.reserve(3);
  events.push_back({core::kEveryone, std::move(full), nullptr});
  if (outcome.drew >= 0) {
    events.push_back({player,
                      Object()
                          .add("drew", card_name(static_cast<Code>(outcome.drew)))
                          .add("seat", name_of(player))
                          .done(),
                      Object()
                          .add("drew", Object().add("hidden", 1).done())
                          .add("seat", name_of(player))
                          .done()});
  }
  if (finished_) {
    events.push_back({core::kEveryone,
                      Object()
                          .add("game_over", true)
                          .add("reason", reason())
                          .add("winner", name_of(winner_))
                          .done(),
                      nullptr});
  }
  return events;
}

Document NvCaravanState::move_of(core::ActionId action) const {
  const Move m = Move::of(action);
  if (m.kind == Move::kDisband) return Object().add("disband", m.caravan + 1).done();
  if (m.kind == Move::kDiscard) return Object().add("discard", card_name(m.card)).done();
  Object move;
  if (positioned(m.card)) move.add("at", m.at + 1);
  return move.add("on", m.caravan + 1).add("play", card_name(m.card)).done();
}

std::optional<core::ActionId> NvCaravanState::action_of(const Document& move) const {
  if (finished_) return std::nullopt;
  Move m;
  try {
    m = parse_move(to_move_, move);
  } catch (const MoveError&) {
    return std::nullopt;
  }
  if (m.kind == Move::kDisband && !disband_refusal(to_move_, m.caravan).empty())
    return std::nullopt;
  if (m.kind == Move::kDiscard && opening_) return std::nullopt;
  if (m.kind == Move::kPlay) {
    if (check_play(to_move_, m.card, m.caravan, m.at) != Refusal::kLegal) return std::nullopt;
    if (!positioned(m.card)) m.at = 0;
  }
  // Only the canonical document of the move (as legal_moves() lists it) is its action.
  const core::ActionId action = m.action();
  if (move_of(action) != move) return std::nullopt;
  return action;
}

std::vector<Document> NvCaravanState::legal_moves() const {
  std::vector<core::ActionId> actions;
  legal_actions(actions);
  std::vector<Document> moves;
  moves.reserve(actions.size());
  for (core::ActionId action : actions) moves.push_back(move_of(action));
  return moves;
}

Document NvCaravanState::default_move() const {
  if (finished_) throw MoveError("the game is over: no more moves");
  // A hand lists its cards by rank first (Ace low, the Jokers high): the lowest comes first.
  const std::vector<Code> hand = players_[at(to_move_)].hand.cards();
  if (!opening_) return {{"discard", card_name(hand.front())}};
  const auto lowest =
      std::find_if(hand.begin(), hand.end(), [](Code card) { return is_number(card); });
  for (int caravan = to_move_ * 3; caravan < to_move_ * 3 + 3; ++caravan)
    if (caravans_[at(caravan)].empty() && lowest != hand.end())
      return {{"play", card_name(*lowest)}, {"on", caravan + 1}};
  throw MoveError("there is no legal move to play");
}

}  // namespace games::nv_caravan
