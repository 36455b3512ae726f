// Caravanserai's board: hexagonal cells, the tile set, the layouts, and the dealt board.
//
// Geometry (ruling CS-1): pointy-top hexagons in axial coordinates (q, r); the six
// directions clockwise from east are E, SE, SW, W, NW, NE. A tile is a flower of seven cells (a
// centre and its six neighbours); tile centres sit on the lattice spanned by (2,1) and its
// rotation (-1,3), so tile [i, j] has its centre at (2i - j, i + 3j). Layouts (CS-2) and the tile
// set (CS-3) are data: data/tiles.yaml, or a file a game master names with the `tiles` option.
//
// Cells are named for people as a row letter and a column number ("d7"), from the top-left of
// the drawn map: rows are the hexagon rows, each shifted half a cell from the one above, and the
// column is the cell's place counted in whole cells from the left edge of the map.
#pragma once

#include <array>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "core/rng.hpp"

namespace games::caravanserai {

inline constexpr int kColours = 5;     // white, black, purple, red, yellow
inline constexpr int kDirections = 6;  // E, SE, SW, W, NW, NE (clockwise)
inline constexpr int kCentre = -1;     // a tile cell that is the flower's centre

const std::string& colour_name(int colour);
// "red", "R", "r" (and "b"/"k" for black); nullopt otherwise.
std::optional<int> parse_colour(const std::string& text);
const std::string& direction_name(int dir);
// "NE", "ne"; nullopt otherwise.
std::optional<int> parse_direction(const std::string& text);

struct Hex {
  int q = 0;
  int r = 0;
  bool operator==(const Hex&) const = default;
  Hex step(int dir) const;
};
// Turns a vector clockwise by `sixths` sixths of a turn.
Hex rotate(Hex v, int sixths);
Hex lattice_centre(int i, int j);

// ---- The tile set and layouts (data) ---------------------------------------------------------

struct TileDef {
  std::string name;
  int category = 0;
  // The Caravanserai cells, unrotated: place (kCentre or a direction) and colour.
  std::vector<std::pair<int, int>> caravanserai;
};

enum class Role { kCentral, kIntermediate, kOuter };
const char* role_name(Role role);

struct LayoutDef {
  std::vector<int> players;
  int discard_categories = 0;
  int discard_same_category = 0;
  int discard_random = 0;
  std::vector<std::pair<std::array<int, 2>, Role>> places;  // central, intermediate, outer
};

struct TileSet {
  std::vector<TileDef> tiles;
  std::vector<LayoutDef> layouts;

  // Reads and checks a tile file (see data/tiles.yaml); throws core::SetupError naming the fault.
  static TileSet from_document(const core::Document& doc);
  // The built-in set.
  static const TileSet& standard();
  // The layout for a player count; throws core::SetupError when there is none.
  const LayoutDef& layout_for(int players) const;
};

// ---- A dealt board ---------------------------------------------------------------------------

struct PlacedTile {
  std::string name;
  int category = 0;
  Role role = Role::kOuter;
  std::array<int, 2> at{};
  int rotation = 0;
  std::vector<std::pair<Hex, int>> caravanserai;  // absolute cell, colour
};

// Discards, shuffles and turns the tiles for `players` (CS-1, CS-2, set-up step B-C).
std::vector<PlacedTile> deal_tiles(const TileSet& set, int players, core::Rng& rng);

class Board {
 public:
  // Throws core::SetupError when tiles overlap or a Caravanserai cell is not in its tile.
  explicit Board(std::vector<PlacedTile> tiles);

  int size() const { return static_cast<int>(hexes_.size()); }
  const std::vector<PlacedTile>& tiles() const { return tiles_; }
  Hex hex(int cell) const { return hexes_[static_cast<std::size_t>(cell)]; }
  int neighbour(int cell, int dir) const {
    return neighbours_[static_cast<std::size_t>(cell)][static_cast<std::size_t>(dir)];
  }
  int colour(int cell) const { return colours_[static_cast<std::size_t>(cell)]; }  // -1: desert
  int tile(int cell) const { return tile_of_[static_cast<std::size_t>(cell)]; }
  Role role(int cell) const { return tiles_[static_cast<std::size_t>(tile(cell))].role; }
  const std::string& name(int cell) const { return names_[static_cast<std::size_t>(cell)]; }
  std::optional<int> find(const std::string& name) const;
  std::optional<int> at(Hex h) const;
  // Map position for drawing: row 0.., half-cell column 0.. (a cell is two half-cells wide).
  int row(int cell) const { return rows_[static_cast<std::size_t>(cell)]; }
  int half_column(int cell) const { return half_columns_[static_cast<std::size_t>(cell)]; }
  // The tiles as the state document lists them (made on first use, once: every view copies it).
  const core::Document& tiles_document() const;
  // Every cell, in the order of their names (as std::string compares them).
  const std::vector<int>& cells_by_name() const { return cells_by_name_; }
  int rows() const { return row_count_; }
  int half_columns() const { return half_column_count_; }

 private:
  std::vector<PlacedTile> tiles_;
  std::vector<Hex> hexes_;
  std::vector<std::array<int, kDirections>> neighbours_;
  std::vector<int> colours_, tile_of_, rows_, half_columns_;
  std::vector<std::string> names_;
  std::vector<int> cells_by_name_;
  int row_count_ = 0, half_column_count_ = 0;
  mutable std::once_flag document_made_;
  mutable core::Document tiles_document_;
};

}  // namespace games::caravanserai
