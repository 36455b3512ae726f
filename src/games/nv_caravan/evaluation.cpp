// The bots' judgement of a position (NvCaravanState::evaluate): a logistic regression over
// features that a seat can see, its weights fitted to self-play games (bench/nv_evaluation.cpp
// plays them and prints the weights; docs/BOTS.md has the measurements).
#include <algorithm>
#include <cmath>

#include "games/nv_caravan/common.hpp"

namespace games::nv_caravan {
namespace {

using namespace internal;  // NOLINT(google-build-using-namespace): this engine's own helpers

bool sold(int bid) { return bid >= kSoldMin && bid <= kSoldMax; }

bool breaker(Code card) {
  const int r = rank_of(card);
  return r == kJack || r == kKing || r == kJoker;
}

// How many turns a side needs at the least before its caravan holds the pair, with `bid` against
// `theirs`: 0 when it holds it; 1 when `ready` (a card in hand sells it, for a side whose hand is
// known) or, for a hand not known, when one number card could; more for each 10 still missing;
// 4 for a caravan that is overshot or cannot outbid a sold 26 (a disband and a new caravan).
int turns_to_hold(int bid, int theirs, bool known, bool ready) {
  if (sold(bid) && (!sold(theirs) || bid > theirs)) return 0;
  const int low = sold(theirs) ? theirs + 1 : kSoldMin;
  if (bid > kSoldMax || low > kSoldMax) return 4;
  if (ready) return 1;
  const int gap = std::max(1, low - bid);
  const int turns = (gap + 9) / 10;
  return known ? std::max(2, turns) : turns;
}

// `them`'s hand is one draw from its unseen cards (hand and deck together, which every
// position the seat cannot tell apart holds alike): the chance that it holds no Jack, King or
// Joker.
double none_breaks(const PlayerCards& them) {
  int unseen = 0, unseen_breakers = 0;
  const auto count = [&](Code card) {
    ++unseen;
    unseen_breakers += breaker(card) ? 1 : 0;
  };
  them.hand.each(count);
  std::for_each(them.deck.begin(), them.deck.end(), count);
  if (unseen == 0) return 1;
  return std::pow(1 - static_cast<double>(unseen_breakers) / unseen, them.hand.size());
}

// The two smallest of three: two pairs held win the game once the third is settled.
int two_smallest(std::array<int, 3> turns) {
  std::sort(turns.begin(), turns.end());
  return turns[0] + turns[1];
}

}  // namespace

// The weights of features(), in its order, from two rounds of self-play: the hand-made
// evaluation's games gave round one's weights (`caravan-ref-nv-evaluation 10000 greedy 0.1 1`
// with only w[kPoints] = 1.5, which is that evaluation), and games with those gave these
// (the same with seed 2). docs/BOTS.md, "The nv-caravan evaluation", has round one's weights.
const std::array<double, NvCaravanState::kFeatures> NvCaravanState::kWeights = [] {
  std::array<double, kFeatures> w{};
  w[kBias] = -0.163;
  w[kToMove] = 0.306;
  w[kOpening] = -0.073;
  w[kHeld] = -0.005;
  w[kTwoHeld] = 0.488;
  w[kTheirTwoHeld] = -0.084;
  w[kMargin] = 0.107;
  w[kTied] = 0.036;
  w[kProgress] = 0.566;
  w[kTheirProgress] = -0.779;
  w[kOvershot] = 0.345;
  w[kTheirOvershot] = -0.401;
  w[kTurns] = 0.154;
  w[kTheirTurns] = 0.021;
  w[kReady] = 0.181;
  w[kBreakers] = 0.335;
  w[kExposed] = -0.176;
  w[kPlacements] = -0.117;
  w[kFaces] = -0.013;
  w[kShortOfCards] = 13.441;
  w[kPoints] = 0.790;
  return w;
}();

std::array<double, NvCaravanState::kFeatures> NvCaravanState::features(int seat) const {
  std::array<double, kFeatures> f{};
  const int other = 1 - seat;
  f[kBias] = 1;
  f[kToMove] = to_move_ == seat ? 1 : 0;
  f[kOpening] = opening_ ? 1 : 0;
  const Hand& hand = players_[at(seat)].hand;
  // The hand's number cards, listed once for the three caravans below to try.
  std::array<Code, kMaxCards> numbers;  // numbers[0, n) are set
  int breakers = 0, faces = 0, n = 0;
  hand.each([&](Code card) {
    breakers += breaker(card) ? 1 : 0;
    if (is_number(card))
      numbers[at(n++)] = card;
    else
      ++faces;
  });
  std::array<int, 2> held{};
  std::array<int, 3> mine_turns{}, their_turns{};
  int placements = 0, ready_lanes = 0;
  // The points of the hand-made evaluation this one grew from (docs/BOTS.md), as one feature.
  double points = 0;
  for (int pair = 0; pair < 3; ++pair) {
    const int mine = caravans_[at(seat * 3 + pair)].bid();
    const int theirs = caravans_[at(other * 3 + pair)].bid();
    int margin = 0;
    if (sold(mine) && sold(theirs))
      margin = mine - theirs;
    else if (sold(mine))
      margin = theirs > kSoldMax ? 9 : 1;
    else if (sold(theirs))
      margin = mine > kSoldMax ? -9 : -1;
    if (margin > 0) ++held[at(seat)];
    if (margin < 0) ++held[at(other)];
    f[kMargin] += std::clamp(margin, -9, 9) / 9.0;
    if (margin != 0) {
      points += margin > 0 ? 100 + margin : -100 + margin;
    } else if (sold(mine)) {
      f[kTied] += 1;
      points -= 20;
    } else {
      points += mine > kSoldMax ? -80 : 5.0 * mine / kSoldMin;
      points -= theirs > kSoldMax ? -80 : 5.0 * theirs / kSoldMin;
    }
    if (margin <= 0 && mine < kSoldMin) f[kProgress] += mine / 21.0;
    if (margin >= 0 && theirs < kSoldMin) f[kTheirProgress] += theirs / 21.0;
    f[kOvershot] += mine > kSoldMax ? 1 : 0;
    f[kTheirOvershot] += theirs > kSoldMax ? 1 : 0;
    // The seat's hand on its own caravan: the number cards it may place, and whether one of them
    // makes the caravan hold the pair.
    bool ready = false;
    if (!opening_) {
      const int low = sold(theirs) ? theirs + 1 : kSoldMin;
      const Course course(caravans_[at(seat * 3 + pair)]);
      for (int i = 0; i < n; ++i) {
        const Code card = numbers[at(i)];
        if (course.admits(card) != Refusal::kLegal) continue;
        ++placements;
        const int bid = mine + rank_of(card);
        if (margin <= 0 && bid >= low && bid <= kSoldMax) ready = true;
      }
    }
    ready_lanes += ready ? 1 : 0;
    if (ready) points += 15;
    if (sold(theirs) && breakers > 0) points += 10;
    mine_turns[at(pair)] = turns_to_hold(mine, theirs, true, ready);
    their_turns[at(pair)] = turns_to_hold(theirs, mine, false, false);
  }
  // Each side's cards left, hand and deck together.
  std::array<double, 2> left{};
  for (int s = 0; s < 2; ++s) {
    const PlayerCards& p = players_[at(s)];
    left[at(s)] = p.hand.size() + p.deck.size();
  }

  if (held[at(seat)] >= 2) points += 25;
  if (held[at(other)] >= 2) points -= 50;
  if (!opening_) points += std::min(placements, 8);
  points += 2 * (left[at(seat)] - left[at(other)]);

  f[kHeld] = held[at(seat)] - held[at(other)];
  f[kTwoHeld] = held[at(seat)] >= 2 ? 1 : 0;
  f[kTheirTwoHeld] = held[at(other)] >= 2 ? 1 : 0;
  f[kTurns] = two_smallest(mine_turns) / 4.0;
  f[kTheirTurns] = two_smallest(their_turns) / 4.0;
  f[kReady] = ready_lanes;
  f[kBreakers] = held[at(other)] > 0 ? std::min(breakers, 2) : 0;
  f[kExposed] = held[at(seat)] == 0 ? 0 : held[at(seat)] * (1 - none_breaks(players_[at(other)]));
  f[kPlacements] = std::min(placements, 8) / 8.0;
  f[kFaces] = faces;
  // Running out of cards loses (rule 6.3), but only the last ten say so: how many each side lacks
  // of ten, hand and deck together.
  const auto short_of = [&](int s) { return std::max(0.0, 10 - left[at(s)]) / 10; };
  f[kShortOfCards] = short_of(other) - short_of(seat);
  f[kPoints] = points / 100;
  return f;
}

double NvCaravanState::evaluate(int seat) const {
  if (finished()) return core::outcome(result(), seat);
  const auto f = features(seat);
  double z = 0;
  for (int i = 0; i < kFeatures; ++i) z += kWeights[at(i)] * f[at(i)];
  return 1 / (1 + std::exp(-z));
}

double NvCaravanState::evaluate_after(core::ActionId action, int seat, core::Rng& rng) const {
  NvCaravanState next(*this);
  next.apply_action(action, rng);
  return next.evaluate(seat);
}

}  // namespace games::nv_caravan
