// nv-caravan's evaluation for the bots (evaluation.cpp): its features and what it prefers.
#include <algorithm>
#include <set>

#include <gtest/gtest.h>

#include "games/nv_caravan/nv_caravan.hpp"
#include "games/nv_caravan/position_testing.hpp"

namespace games::nv_caravan {
namespace {

using namespace testing;  // NOLINT(google-build-using-namespace): this engine's test helpers

// ---- The bots' evaluation (evaluation.cpp) -----------------------------------------------------

const NvCaravanState& nv(const core::State& state) {
  return dynamic_cast<const NvCaravanState&>(state);
}

// North: 18 on caravan 1 that the 3H in hand sells, 15 on caravan 2, 3 on caravan 3 against a
// sold 21 of South's. South: nothing on caravans 4 and 5. Both have cards enough left to play on.
Position race() {
  Position p;
  p.hand("North", {"3H", "AC"})
      .deck("North", {"2S", "3S", "4S", "6S", "7S", "8S", "9S", "3D", "4D", "5D", "6D", "7D"})
      .hand("South", {"2C"})
      .deck("South", {"3H", "4H", "5H", "6H", "7H", "8H", "9H", "3S", "4S", "5S", "6S", "7S"})
      .caravan(1, {slot("10H"), slot("8H")})
      .caravan(2, {slot("10S"), slot("5S")})
      .caravan(3, {slot("3C")})
      .caravan(6, {slot("10D"), slot("9D"), slot("2D")});
  return p;
}

// The fitting program (bench/nv_evaluation.cpp) prints each weight by its feature's name.
TEST(NvCaravan, EveryFeatureOfTheEvaluationHasItsOwnName) {
  std::set<std::string> names;
  for (const char* name : NvCaravanState::kFeatureNames) {
    ASSERT_NE(name, nullptr);
    names.insert(name);
  }
  EXPECT_EQ(names.size(), static_cast<std::size_t>(NvCaravanState::kFeatures));
}

// Each side's turns to hold two pairs, at the least: North needs one for caravan 1 (the 3H in
// hand) and two for caravan 2 (no card in hand sells 15, so a draw first); South holds pair 3
// already and needs three turns for an empty caravan (21 in cards of at most 10).
TEST(NvCaravan, TheEvaluationCountsTheTurnsEachSideNeedsToHoldTwoPairs) {
  const auto state = race().make();
  const auto north = nv(*state).features(kNorth);
  EXPECT_EQ(north[NvCaravanState::kTurns] * 4, 3);
  EXPECT_EQ(north[NvCaravanState::kTheirTurns] * 4, 3);
  EXPECT_EQ(north[NvCaravanState::kReady], 1);
  EXPECT_EQ(north[NvCaravanState::kHeld], -1);
  const auto south = nv(*state).features(kSouth);
  EXPECT_EQ(south[NvCaravanState::kTurns] * 4, 3);
  EXPECT_EQ(south[NvCaravanState::kHeld], 1);
  EXPECT_EQ(south[NvCaravanState::kReady], 0);  // the 2C sells nothing
}

// The same table is better for North with the card that sells caravan 1 in hand than without it,
// and a sale better than a turn spent without one (a discard, with no card in hand that sells).
TEST(NvCaravan, TheEvaluationValuesACaravanTheHandCanSellAndASaleMoreThanNone) {
  const auto ready = race().make();
  const auto not_ready = race().hand("North", {"2H", "AC"}).make();
  EXPECT_GT(ready->evaluate(kNorth), not_ready->evaluate(kNorth));
  auto sold = ready->clone();
  play(*sold, kNorth, {{"play", "3H"}, {"on", 1}});
  auto unsold = not_ready->clone();
  play(*unsold, kNorth, {{"discard", "AC"}});
  EXPECT_GT(sold->evaluate(kNorth), unsold->evaluate(kNorth));
  EXPECT_LT(sold->evaluate(kSouth), unsold->evaluate(kSouth));
}

}  // namespace
}  // namespace games::nv_caravan
