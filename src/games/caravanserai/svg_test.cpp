// Caravanserai's picture on a phone (issue 62): a map too wide for legible goods is drawn in bands
// of whole columns, stacked, and nothing of it is lost or drawn twice.
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "games/caravanserai/scenario_testing.hpp"
#include "unit/svg_testing.hpp"

namespace games::caravanserai {
namespace {

using core::Document;
using testing::Scenario;

constexpr int W = 0, K = 1, P = 2, R = 3, Y = 4, C = kCamel;
constexpr int E = 0;

const CaravanseraiEngine kEngine;

// The two-player map, 13 columns across, in a west and an east band; a caravan along the middle
// row crosses from one to the other: its path is drawn in each band up to their shared edge, and
// every cell is named once, every good a face at least 46 units tall (28.7 px at 374 px).
TEST(CaravanseraiPicture, AWideMapIsDrawnInBandsOfColumnsWithEachCellNamedOnce) {
  Scenario scenario(2);
  scenario.caravanserai({-4, 2}, K).good({-4, 2}).caravanserai({4, -2}, Y).good({4, -2});
  scenario.line_caravan(0, {3, 0}, E, {W, K, P, R, Y, C, C});
  scenario.line_caravan(1, {-2, 3}, E, {R, C});
  const auto state = scenario.state();
  const auto picture = kEngine.picture(state->view(0), Document(), 0);
  const auto parsed = svg_testing::parse(picture.svg);
  ASSERT_TRUE(parsed.well_formed) << parsed.error;

  EXPECT_TRUE(parsed.has_text("West: columns 1\u20137")) << parsed.all_text();
  EXPECT_TRUE(parsed.has_text("East: columns 8\u201313")) << parsed.all_text();
  const Position pos = position_from_document(state->view(core::kReferee), std::nullopt);
  for (int cell = 0; cell < pos.board->size(); ++cell)
    EXPECT_EQ(std::count(parsed.texts.begin(), parsed.texts.end(), pos.board->name(cell)), 1)
        << pos.board->name(cell);
  // Caravan A crosses the bands, so its path is two runs; B's stays in one.
  EXPECT_EQ(parsed.elements.at("polyline"), 3);
  const auto& faces = parsed.class_shapes.at("face");
  EXPECT_EQ(faces.size(), 2u + 5u + 1u);  // the goods standing, A's five, B's one
  for (const svg_testing::Shape& face : faces) EXPECT_GE(face.height, 46) << face.name;
  EXPECT_EQ(picture.width, 600);
}

// Every player count's map fits the width in two bands, its goods legible and the picture under
// 2,400 units tall.
TEST(CaravanseraiPicture, EveryPlayerCountsMapTakesTwoBandsAndStaysUnder2400UnitsTall) {
  for (int players = 1; players <= 6; ++players) {
    core::Rng rng(static_cast<std::uint64_t>(players));
    const auto state = kEngine.start(players, {}, rng).state;
    const auto picture = kEngine.picture(state->view(0), Document(), 0);
    const auto parsed = svg_testing::parse(picture.svg);
    ASSERT_TRUE(parsed.well_formed) << parsed.error;
    const auto headings = std::count_if(
        parsed.texts.begin(), parsed.texts.end(),
        [](const std::string& t) { return t.find(": columns ") != std::string::npos; });
    EXPECT_EQ(headings, 2) << players << " players";
    EXPECT_LT(picture.height, 2400) << players << " players";
    const auto faces = parsed.class_shapes.find("face");
    if (faces == parsed.class_shapes.end()) continue;
    for (const svg_testing::Shape& face : faces->second) {
      EXPECT_GE(face.height, 46) << players << " players";
    }
  }
}

}  // namespace
}  // namespace games::caravanserai
