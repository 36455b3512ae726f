#include "sparring.hpp"

#include <algorithm>
#include <limits>
#include <memory>
#include <vector>

namespace sparring {
namespace {

using core::ActionId;
using core::Document;

// At most this many actions are judged at each ply (drawn with random_action above it), and the
// answers are searched after the best kFirstPly of the first ply only, as the public AI's
// "expert breadth" does.
constexpr std::size_t kBreadth = 48;
constexpr std::size_t kFirstPly = 12;

// ---- nv-caravan, read from the referee's view ----

// A card's value as a number card (Ace 1 .. 10), or 0 for a Jack, Queen, King or Joker.
int number_value(const std::string& name) {
  if (name.empty()) return 0;
  if (name[0] == 'A') return 1;
  if (name[0] == '1' && name.size() > 1 && name[1] == '0') return 10;
  if (name[0] >= '2' && name[0] <= '9') return name[0] - '0';
  return 0;
}

struct Lane {
  int bid = 0;
  int last = 0;  // the value of the last number card, 0 when empty
  int cards = 0;
  std::string direction;  // "up", "down" or "" (none)
  char suit = 0;
  bool sold() const { return bid >= 21 && bid <= 26; }
};

Lane lane_of(const Document& caravan) {
  Lane lane;
  lane.bid = caravan.at("bid").get<int>();
  const auto& cards = caravan.at("cards");
  lane.cards = static_cast<int>(cards.size());
  if (!cards.empty()) lane.last = number_value(cards.back().at("card").get<std::string>());
  if (caravan.at("direction").is_string())
    lane.direction = caravan.at("direction").get<std::string>();
  if (caravan.at("suit").is_string()) lane.suit = caravan.at("suit").get<std::string>()[0];
  return lane;
}

// Whether a number card of `value` and `suit` may go on the lane (NV-4, in short).
bool fits(const Lane& lane, int value, char suit) {
  if (lane.cards == 0) return true;
  if (value == lane.last) return false;
  if (lane.direction.empty() || suit == lane.suit) return true;
  return lane.direction == "up" ? value > lane.last : value < lane.last;
}

struct Hand {
  std::vector<std::pair<int, char>> numbers;  // value, suit letter
  int jacks = 0, kings = 0, jokers = 0;
};

Hand hand_of(const Document& cards) {
  Hand hand;
  for (const auto& card : cards) {
    const auto name = card.get<std::string>();
    const int value = number_value(name);
    const auto slash = name.find('/');
    const std::string bare = name.substr(0, slash);
    if (value > 0)
      hand.numbers.emplace_back(value, bare.back());
    else if (bare.rfind("JK", 0) == 0)
      ++hand.jokers;
    else if (bare[0] == 'J')
      ++hand.jacks;
    else if (bare[0] == 'K')
      ++hand.kings;
  }
  return hand;
}

// Points for `seat`, from both sides' lanes and hands: a pair held 100 and its margin (over an
// overshot lane 9), a tie on two sold bids -20, a lane overshot -80, progress towards a sale 5 a
// sale's worth, a lane one card of the hand away from a sale 15, a sold lane exposed to a Jack,
// Joker or King in the other hand -10, two pairs held 25 (the other side holding two, -50), and the
// placements a hand still has (at most 8), one each. Every term counts for the seat and against it
// alike.
double nv_tactical(const core::State& state, int seat) {
  if (state.finished()) return 1000 * (2 * core::outcome(state.result(), seat) - 1);
  const Document view = state.view(core::kReferee);
  const char* names[2] = {"North", "South"};
  std::array<std::array<Lane, 3>, 2> lanes;
  for (const auto& caravan : view.at("caravans")) {
    const int index = caravan.at("caravan").get<int>() - 1;
    lanes[static_cast<std::size_t>(index / 3)][static_cast<std::size_t>(index % 3)] =
        lane_of(caravan);
  }
  std::array<Hand, 2> hands{hand_of(view.at("players").at(names[0]).at("hand")),
                            hand_of(view.at("players").at(names[1]).at("hand"))};
  const auto me = static_cast<std::size_t>(seat), them = 1 - me;
  double total = 0;
  std::array<int, 2> held{};
  for (std::size_t pair = 0; pair < 3; ++pair) {
    const Lane& mine = lanes[me][pair];
    const Lane& theirs = lanes[them][pair];
    // Who holds the pair, by how much (0: nobody).
    int margin = 0;
    if (mine.sold() && theirs.sold())
      margin = mine.bid - theirs.bid;
    else if (mine.sold())
      margin = 26 - theirs.bid > 0 ? 1 : 9;
    else if (theirs.sold())
      margin = -(26 - mine.bid > 0 ? 1 : 9);
    if (margin > 0) ++held[me];
    if (margin < 0) ++held[them];
    if (margin != 0) {
      total += margin > 0 ? 100 + margin : -100 + margin;
    } else if (mine.sold()) {
      total -= 20;  // two equal sold bids: nobody holds it
    } else {
      total += mine.bid > 26 ? -80 : 5.0 * mine.bid / 21;
      total -= theirs.bid > 26 ? -80 : 5.0 * theirs.bid / 21;
    }
  }
  if (held[me] >= 2) total += 25;
  if (held[them] >= 2) total -= 50;
  for (std::size_t side = 0; side < 2; ++side) {
    const double sign = side == me ? 1 : -1;
    const Hand& hand = hands[side];
    const Hand& other = hands[1 - side];
    int placements = 0;
    for (const Lane& lane : lanes[side]) {
      bool ready = false;
      for (const auto& [value, suit] : hand.numbers) {
        if (!fits(lane, value, suit)) continue;
        ++placements;
        const int bid = lane.bid + value;
        ready = ready || (!lane.sold() && bid >= 21 && bid <= 26);
      }
      if (ready) total += sign * 15;
      if (lane.sold() && other.jacks + other.jokers + other.kings > 0) total -= sign * 10;
    }
    total += sign * std::min(placements, 8);
  }
  return total;
}

std::vector<ActionId> candidates(const core::State& state, core::Rng& chooser) {
  std::vector<ActionId> actions;
  state.legal_actions(actions);
  if (actions.size() > kBreadth) {
    actions.clear();
    for (std::size_t i = 0; i < 4 * kBreadth && actions.size() < kBreadth; ++i) {
      const ActionId a = state.random_action(chooser);
      if (std::find(actions.begin(), actions.end(), a) == actions.end()) actions.push_back(a);
    }
  }
  return actions;
}

// The value of `state` for `seat` when whoever moves next plays their best by the evaluation:
// the seat itself maximises it, anyone else minimises it (the seat's one opponent, or the worst
// of several for it).
double answered(const std::string& engine, const core::State& state, int seat,
                const core::Rng& game_rng, core::Rng& chooser) {
  if (state.finished()) return tactical(engine, state, seat);
  const int mover = *state.current_player();
  const std::vector<ActionId> replies = candidates(state, chooser);
  if (replies.empty()) return tactical(engine, state, seat);
  double value = mover == seat ? -std::numeric_limits<double>::infinity()
                               : std::numeric_limits<double>::infinity();
  for (ActionId reply : replies) {
    auto after = state.clone();
    core::Rng rng = game_rng;
    after->apply_action(reply, rng);
    const double v = tactical(engine, *after, seat);
    value = mover == seat ? std::max(value, v) : std::min(value, v);
  }
  return value;
}

}  // namespace

double tactical(const std::string& engine, const core::State& state, int seat) {
  if (engine == "nv-caravan") return nv_tactical(state, seat);
  return state.evaluate(seat);
}

ActionId choose(const std::string& engine, const core::State& state, const core::Rng& game_rng,
                core::Rng& chooser) {
  const int seat = *state.current_player();
  const std::vector<ActionId> actions = candidates(state, chooser);
  if (actions.empty()) throw core::MoveError("there is no legal move to play");
  // First ply: every candidate by the evaluation one move ahead; a win ends the search.
  std::vector<std::pair<double, ActionId>> first;
  for (ActionId a : actions) {
    auto next = state.clone();
    core::Rng rng = game_rng;
    next->apply_action(a, rng);
    if (next->finished() && core::outcome(next->result(), seat) == 1) return a;
    first.emplace_back(tactical(engine, *next, seat), a);
  }
  std::stable_sort(first.begin(), first.end(),
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  first.resize(std::min(first.size(), kFirstPly));
  // Second ply: the best kFirstPly, each by the answer it allows.
  ActionId best = first.front().second;
  double best_value = -std::numeric_limits<double>::infinity();
  int ties = 0;
  for (const auto& entry : first) {
    const ActionId a = entry.second;
    auto next = state.clone();
    core::Rng rng = game_rng;
    next->apply_action(a, rng);
    const double value = answered(engine, *next, seat, rng, chooser);
    if (value > best_value + 1e-9) {
      best = a;
      best_value = value;
      ties = 1;
    } else if (value > best_value - 1e-9 &&
               chooser.below(static_cast<std::uint64_t>(++ties)) == 0) {
      best = a;
    }
  }
  return best;
}

}  // namespace sparring
