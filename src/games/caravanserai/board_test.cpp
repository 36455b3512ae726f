// Caravanserai's tiles, layouts and set-up (rules 1-3, rulings CS-1, CS-2, CS-3, CS-11, CS-13).
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "core/data.hpp"
#include "games/caravanserai/caravanserai.hpp"

namespace games::caravanserai {
namespace {

using core::Document;

const CaravanseraiEngine kEngine;

Position started(int players, std::map<std::string, std::string> opts = {},
                 std::uint64_t seed = 7) {
  core::Rng rng(seed);
  auto setup = kEngine.start(players, opts, rng);
  return dynamic_cast<const CaravanseraiState&>(*setup.state).position();
}

// Ruling CS-1: a tile is a flower of seven cells; flowers on the (2,1) lattice tile the plane.
TEST(CaravanseraiBoard, CS1_TilesAreFlowersOfSevenCellsThatNeverOverlap) {
  for (int players = 1; players <= 6; ++players) {
    const Position pos = started(players);
    const Board& b = *pos.board;
    EXPECT_EQ(b.size(), 7 * static_cast<int>(b.tiles().size()));
    for (std::size_t t = 0; t < b.tiles().size(); ++t) {
      const Hex centre = lattice_centre(b.tiles()[t].at[0], b.tiles()[t].at[1]);
      const auto cell = b.at(centre);
      ASSERT_TRUE(cell.has_value());
      for (int d = 0; d < kDirections; ++d) {
        const int n = b.neighbour(*cell, d);
        ASSERT_GE(n, 0);
        EXPECT_EQ(b.tile(n), static_cast<int>(t));  // the six petals belong to the same tile
      }
    }
  }
}

TEST(CaravanseraiBoard, CS1_TilesAreTurnedByTheSeedAndTheSeedRepeatsTheBoard) {
  const Position a = started(4, {}, 1), b = started(4, {}, 1), c = started(4, {}, 2);
  EXPECT_EQ(position_document(a), position_document(b));
  EXPECT_NE(position_document(a)["tiles"], position_document(c)["tiles"]);
  std::set<int> rotations;
  for (const auto& tile : a.board->tiles()) rotations.insert(tile.rotation);
  EXPECT_GT(rotations.size(), 2u);
}

// Ruling CS-2 and rule 2 B-C: 19, 24, 27, 30 tiles in a core, a ring and an outer ring.
TEST(CaravanseraiBoard, CS2_LayoutsHaveTheirCentralIntermediateAndOuterTiles) {
  const std::map<int, std::array<int, 3>> expected = {{1, {1, 6, 12}},  {2, {1, 6, 12}},
                                                      {3, {2, 8, 14}},  {4, {3, 9, 15}},
                                                      {5, {4, 10, 16}}, {6, {4, 10, 16}}};
  for (const auto& [players, counts] : expected) {
    const Position pos = started(players);
    std::array<int, 3> got{};
    for (const auto& tile : pos.board->tiles()) ++got[static_cast<std::size_t>(tile.role)];
    EXPECT_EQ(got, counts) << players << " players";
  }
}

// Rule 2 B: 4 players discard three tiles of one category; 3 players a category and one more;
// 1-2 players two categories and one more; 5-6 keep all 30.
TEST(CaravanseraiBoard, SetUpDiscardsWholeCategoriesOrThreeOfOneByPlayerCount) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    std::map<int, std::vector<int>> kept;  // players -> tiles per category
    for (int players : {2, 3, 4, 5}) {
      std::map<int, int> per;
      const Position pos = started(players, {}, seed);  // owns the board the loop reads
      for (const auto& tile : pos.board->tiles()) ++per[tile.category];
      std::vector<int> sizes;
      for (const auto& [category, n] : per) sizes.push_back(n);
      std::sort(sizes.begin(), sizes.end());
      kept[players] = sizes;
    }
    EXPECT_EQ(kept[5], (std::vector<int>{5, 5, 5, 5, 5, 5}));
    EXPECT_EQ(kept[4], (std::vector<int>{2, 5, 5, 5, 5, 5}));
    EXPECT_EQ(kept[3], (std::vector<int>{4, 5, 5, 5, 5}));
    EXPECT_EQ(kept[2], (std::vector<int>{4, 5, 5, 5}));
  }
}

// Ruling CS-3: 30 tiles, 6 categories of 5, 12 cells of each colour.
TEST(CaravanseraiBoard, CS3_TheTileSetHasSixCategoriesOfFiveAndTwelveCellsOfEachColour) {
  const TileSet& set = TileSet::standard();
  ASSERT_EQ(set.tiles.size(), 30u);
  std::map<int, int> per_category;
  std::array<int, kColours> per_colour{};
  for (const auto& tile : set.tiles) {
    ++per_category[tile.category];
    ASSERT_EQ(tile.caravanserai.size(), 2u);
    for (const auto& [place, colour] : tile.caravanserai)
      ++per_colour[static_cast<std::size_t>(colour)];
  }
  EXPECT_EQ(per_category.size(), 6u);
  for (const auto& [category, n] : per_category) EXPECT_EQ(n, 5) << "category " << category;
  for (int n : per_colour) EXPECT_EQ(n, 12);
}

// Ruling CS-3 shapes and CS-13: categories 4 and 6 put the second colour clockwise.
TEST(CaravanseraiBoard, CS3_CS13_TileShapesAndTheSecondColourClockwise) {
  for (const auto& tile : TileSet::standard().tiles) {
    std::map<int, int> at;  // place -> colour
    for (const auto& [place, colour] : tile.caravanserai) at[place] = colour;
    const auto first = at.begin(), second = std::next(at.begin());
    const int gap = second->first - first->first;
    switch (tile.category) {
      case 1:
      case 2:
        EXPECT_EQ(gap, 3) << tile.name;
        break;
      case 3:
      case 4:
        EXPECT_EQ(gap, 2) << tile.name;
        break;
      case 5:
        EXPECT_EQ(first->first, kCentre) << tile.name;
        break;
      case 6:
        EXPECT_EQ(gap, 1) << tile.name;
        break;
    }
    const bool one_colour = tile.category == 1 || tile.category == 3;
    EXPECT_EQ(first->second == second->second, one_colour) << tile.name;
    if (tile.category == 4 || tile.category == 6) {  // the clockwise cell has the next colour
      EXPECT_EQ(second->second, (first->second + 1) % kColours) << tile.name;
    }
  }
}

// Rule 2 D-E and CS-11: a good on one cell of each intermediate tile; the rest is the market;
// 30 goods, or 35 in the expert variant.
TEST(CaravanseraiBoard, SetUpPutsAGoodOnEachIntermediateTileAndTheRestInTheMarket) {
  for (int players = 1; players <= 6; ++players) {
    for (bool expert : {false, true}) {
      const Position pos = started(players, {{"expert", expert ? "true" : "false"}},
                                   11 + static_cast<std::uint64_t>(players));
      const Board& b = *pos.board;
      std::map<int, int> per_tile;
      int on_board = 0;
      for (int cell = 0; cell < b.size(); ++cell) {
        if (pos.loose[static_cast<std::size_t>(cell)] < 0) continue;
        EXPECT_EQ(b.role(cell), Role::kIntermediate);
        EXPECT_EQ(pos.loose[static_cast<std::size_t>(cell)], b.colour(cell));
        ++per_tile[b.tile(cell)];
        ++on_board;
      }
      for (const auto& [tile, n] : per_tile) EXPECT_EQ(n, 1);
      int intermediate = 0;
      for (const auto& tile : b.tiles()) intermediate += tile.role == Role::kIntermediate;
      EXPECT_EQ(on_board, intermediate);  // one colour never runs out of 6 with these layouts
      EXPECT_EQ(pos.market_total() + on_board, expert ? 35 : 30);
      for (const Player& p : pos.players) {
        EXPECT_EQ(p.camels, kCamelsEach);
        EXPECT_EQ(p.goods, (std::array<int, kColours>{3, 3, 3, 3, 3}));
        EXPECT_TRUE(p.caravan.empty());
      }
    }
  }
}

// Option tiles=FILE: another tile set; a bad one is refused with a reason.
TEST(CaravanseraiBoard, TilesOptionTakesAFileOfTheSameShapeAndRefusesABadOne) {
  Document doc = core::embedded_data("caravanserai/data/tiles.yaml");
  for (auto& tile : doc["tiles"]) tile["cells"] = {{"C", "red"}};  // one red centre per tile
  const Position pos = started(2, {{"tiles", doc.dump()}});
  for (int cell = 0; cell < pos.board->size(); ++cell)
    EXPECT_EQ(pos.board->colour(cell) >= 0, pos.board->colour(cell) == 3);

  auto refused = [](const std::string& text, const std::string& reason) {
    core::Rng rng(1);
    try {
      kEngine.start(2, {{"tiles", text}}, rng);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const core::SetupError& e) {
      EXPECT_NE(std::string(e.what()).find(reason), std::string::npos) << e.what();
    }
  };
  refused("tiles.yaml", "option tiles");
  refused(R"({"tiles": []})", "non-empty");
  Document few = core::embedded_data("caravanserai/data/tiles.yaml");
  few["tiles"].erase(few["tiles"].begin());
  refused(few.dump(), "tiles are kept but the layout has");
  Document off = core::embedded_data("caravanserai/data/tiles.yaml");
  off["tiles"][0]["cells"] = {{"X", "red"}};
  refused(off.dump(), "is not C or a direction");
  Document clash = core::embedded_data("caravanserai/data/tiles.yaml");
  clash["layouts"][0]["outer"][0] = {0, 0};
  refused(clash.dump(), "used twice");
}

// A position whose tiles overlap is refused, naming the first tile (in the tiles' order) that lies
// on an earlier one.
TEST(CaravanseraiBoard, APositionWhoseTilesOverlapIsRefusedNamingTheFirstThatDoes) {
  const Position pos = started(2);
  Document doc = position_document(pos);
  ASSERT_GE(doc["tiles"].size(), 4u);
  doc["tiles"][3]["at"] = doc["tiles"][0]["at"];
  doc["tiles"][2]["at"] = doc["tiles"][1]["at"];
  try {
    kEngine.restore(doc, 2, {});
    ADD_FAILURE() << "overlapping tiles accepted";
  } catch (const core::SetupError& e) {
    const std::string expected =
        "tile " + doc["tiles"][2]["name"].get<std::string>() + " overlaps another tile";
    EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
  }
}

TEST(CaravanseraiBoard, CellsAreNamedByRowLetterAndColumnNumber) {
  const Position pos = started(2);
  const Board& b = *pos.board;
  std::set<std::string> names;
  for (int cell = 0; cell < b.size(); ++cell) {
    EXPECT_TRUE(names.insert(b.name(cell)).second);
    EXPECT_EQ(b.find(b.name(cell)), cell);
    EXPECT_EQ(b.name(cell)[0], static_cast<char>('a' + b.row(cell)));
  }
  EXPECT_EQ(b.find("D7"), b.find("d7"));
  EXPECT_FALSE(b.find("z99").has_value());
}

}  // namespace
}  // namespace games::caravanserai
