// Huber's Caravan: the goods and the board (grid, markets, numbered spaces, start demand).
//
// The board's printed figure is lost; ruling HC-1 (docs/rules/huber-caravan.md) reconstructs it,
// shipped as the data file src/games/huber_caravan/data/board.yaml. A game master may supply
// another board as a document of the same shape; from_document checks it and names what is
// wrong (ruling HC-D6).
//
// Board document:
//   {"columns": 7, "rows": 7,
//    "markets": {"ivory": "d1", ...}          one per good, a good's name or its colour word
//    "spaces": ["a1", "g1", ...]              exactly 8, numbered 1-8 in this order
//    "demand": [1, 2, 7, 8]}                  numbered spaces with a demand marker at the start
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.hpp"

namespace games::huber_caravan {

// The eight kinds of goods; the first four are common (3 points), the last four rare (6).
inline constexpr int kGoodKinds = 8;
inline constexpr int kMeat = 0;
inline constexpr int kSwords = 1;
inline constexpr int kSalt = 2;
inline constexpr int kHides = 3;
inline constexpr int kIvory = 4;
inline constexpr int kCloth = 5;
inline constexpr int kGems = 6;
inline constexpr int kPaper = 7;
inline constexpr int kSpaces = 8;  // numbered spaces on every board

inline bool is_rare(int good) { return good >= kIvory; }
// "salt"; the canonical name of a good.
std::string good_name(int good);
// "white" for salt: the colour of the cubes in the box.
std::string good_colour(int good);
// A good from its name or its colour word, any case ("salt", "White"); nullopt otherwise.
std::optional<int> parse_good(const std::string& text);

struct Board {
  int columns = 7;
  int rows = 7;
  std::array<int, kGoodKinds> markets{};  // the square of each good's market
  std::vector<int> spaces;                // the squares of numbered spaces 1..8
  std::vector<int> start_demand;          // numbered spaces (1-based) with a start marker

  int squares() const { return columns * rows; }
  // "c3" for the square index 2 + 2 * columns.
  std::string square_name(int square) const;
  // Reads "c3" (any case, blanks around allowed); nullopt when it names no square of the grid.
  std::optional<int> parse_square(const std::string& text) const;
  // Orthogonal neighbours (HC-2).
  std::vector<int> neighbours(int square) const;
  // The good whose market is on `square`, if any.
  std::optional<int> market_of(int square) const;
  // The index (0-based) of the numbered space on `square`, if any.
  std::optional<int> space_at(int square) const;

  core::Document to_document() const;
  // Checks a board document; throws core::SetupError naming the problem.
  static Board from_document(const core::Document& doc);
  // The board shipped with the engine (HC-1).
  static Board standard();

  bool operator==(const Board&) const = default;
};

}  // namespace games::huber_caravan
