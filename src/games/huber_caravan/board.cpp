#include "games/huber_caravan/board.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include <fmt/format.h>

#include "core/data.hpp"
#include "core/text.hpp"

namespace games::huber_caravan {
namespace {

using core::trimmed_lower;

using core::Document;
using core::SetupError;

constexpr std::array<const char*, kGoodKinds> kNames = {"meat",  "swords", "salt", "hides",
                                                        "ivory", "cloth",  "gems", "paper"};
constexpr std::array<const char*, kGoodKinds> kColours = {"red",  "blue",   "white", "brown",
                                                          "gray", "purple", "green", "pink"};
constexpr int kMaxColumns = 26;
constexpr int kMaxRows = 99;

int whole_number(const Document& doc, const char* key, int low, int high) {
  if (!doc.contains(key)) throw SetupError(fmt::format("board: \"{}\" is missing", key));
  const Document& value = doc.at(key);
  if (!value.is_number_integer() || value.get<long long>() < low || value.get<long long>() > high)
    throw SetupError(fmt::format("board: \"{}\" must be a whole number {}-{}, not {}", key, low,
                                 high, value.dump()));
  return value.get<int>();
}

}  // namespace

std::string good_name(int good) { return kNames.at(static_cast<std::size_t>(good)); }

std::string good_colour(int good) { return kColours.at(static_cast<std::size_t>(good)); }

std::optional<int> parse_good(const std::string& text) {
  const std::string word = trimmed_lower(text);
  for (int good = 0; good < kGoodKinds; ++good) {
    const auto i = static_cast<std::size_t>(good);
    if (word == kNames[i] || word == kColours[i]) return good;
  }
  if (word == "grey") return kIvory;
  return std::nullopt;
}

std::string Board::square_name(int square) const {
  return fmt::format("{}{}", static_cast<char>('a' + square % columns), square / columns + 1);
}

std::optional<int> Board::parse_square(const std::string& text) const {
  const std::string s = trimmed_lower(text);
  if (s.size() < 2 || s.size() > 3 || s[0] < 'a' || s[0] >= 'a' + columns) return std::nullopt;
  int row = 0;
  for (std::size_t i = 1; i < s.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return std::nullopt;
    row = row * 10 + (s[i] - '0');
  }
  if (s[1] == '0' || row < 1 || row > rows) return std::nullopt;
  return (row - 1) * columns + (s[0] - 'a');
}

std::vector<int> Board::neighbours(int square) const {
  std::vector<int> out;
  const int col = square % columns;
  const int row = square / columns;
  if (row > 0) out.push_back(square - columns);
  if (col > 0) out.push_back(square - 1);
  if (col + 1 < columns) out.push_back(square + 1);
  if (row + 1 < rows) out.push_back(square + columns);
  return out;
}

std::optional<int> Board::market_of(int square) const {
  for (int good = 0; good < kGoodKinds; ++good)
    if (markets[static_cast<std::size_t>(good)] == square) return good;
  return std::nullopt;
}

std::optional<int> Board::space_at(int square) const {
  const auto it = std::find(spaces.begin(), spaces.end(), square);
  if (it == spaces.end()) return std::nullopt;
  return static_cast<int>(it - spaces.begin());
}

Document Board::to_document() const {
  Document markets_doc = Document::object();
  for (int good = 0; good < kGoodKinds; ++good)
    markets_doc[good_name(good)] = square_name(markets[static_cast<std::size_t>(good)]);
  Document spaces_doc = Document::array();
  for (int square : spaces) spaces_doc.push_back(square_name(square));
  return {{"columns", columns},
          {"rows", rows},
          {"markets", markets_doc},
          {"spaces", spaces_doc},
          {"demand", start_demand}};
}

Board Board::from_document(const Document& doc) {
  if (!doc.is_object())
    throw SetupError("board: a board is a mapping of columns, rows, markets, spaces and demand");
  for (const auto& [key, value] : doc.items()) {
    (void)value;
    if (key != "columns" && key != "rows" && key != "markets" && key != "spaces" && key != "demand")
      throw SetupError(fmt::format(
          "board: unknown key '{}' (a board has columns, rows, markets, spaces, demand)", key));
  }
  Board board;
  board.columns = whole_number(doc, "columns", 2, kMaxColumns);
  board.rows = whole_number(doc, "rows", 2, kMaxRows);
  if (board.squares() < kGoodKinds + kSpaces)
    throw SetupError(fmt::format("board: {}x{} squares cannot hold 8 markets and 8 spaces",
                                 board.columns, board.rows));

  auto square_of = [&board](const Document& value, const std::string& what) {
    const auto sq = value.is_string() ? board.parse_square(value.get<std::string>()) : std::nullopt;
    if (!sq)
      throw SetupError(fmt::format("board: {} is {}, not a square of the {}x{} grid", what,
                                   value.dump(), board.columns, board.rows));
    return *sq;
  };
  // What stands on each square so far, to name overlaps.
  std::map<int, std::string> taken;
  auto claim = [&](int square, const std::string& what) {
    const auto [it, fresh] = taken.emplace(square, what);
    if (!fresh)
      throw SetupError(fmt::format("board: {} and {} overlap on {}", it->second, what,
                                   board.square_name(square)));
  };

  if (!doc.contains("markets") || !doc.at("markets").is_object())
    throw SetupError("board: \"markets\" must map each good to its market's square");
  std::array<bool, kGoodKinds> seen{};
  for (const auto& [key, value] : doc.at("markets").items()) {
    const auto good = parse_good(key);
    if (!good)
      throw SetupError(fmt::format(
          "board: unknown colour '{}' in markets (goods: meat/red, swords/blue, salt/white, "
          "hides/brown, ivory/gray, cloth/purple, gems/green, paper/pink)",
          key));
    const auto g = static_cast<std::size_t>(*good);
    if (seen[g])
      throw SetupError(fmt::format("board: the market for {} is given twice", good_name(*good)));
    seen[g] = true;
    board.markets[g] = square_of(value, "the market for " + good_name(*good));
    claim(board.markets[g], "the market for " + good_name(*good));
  }
  for (int good = 0; good < kGoodKinds; ++good)
    if (!seen[static_cast<std::size_t>(good)])
      throw SetupError(fmt::format("board: the market for {} ({}) is missing", good_name(good),
                                   good_colour(good)));

  if (!doc.contains("spaces") || !doc.at("spaces").is_array() ||
      doc.at("spaces").size() != static_cast<std::size_t>(kSpaces))
    throw SetupError("board: \"spaces\" must list the 8 numbered spaces in number order");
  for (std::size_t i = 0; i < doc.at("spaces").size(); ++i) {
    const std::string what = fmt::format("numbered space {}", i + 1);
    board.spaces.push_back(square_of(doc.at("spaces")[i], what));
    claim(board.spaces.back(), what);
  }

  const Document demand = doc.value("demand", Document::array());
  if (!demand.is_array()) throw SetupError("board: \"demand\" must list numbered spaces (1-8)");
  for (const Document& item : demand) {
    if (!item.is_number_integer() || item.get<long long>() < 1 || item.get<long long>() > kSpaces)
      throw SetupError(
          fmt::format("board: demand lists {}, not a numbered space 1-8", item.dump()));
    const int number = item.get<int>();
    if (std::find(board.start_demand.begin(), board.start_demand.end(), number) !=
        board.start_demand.end())
      throw SetupError(fmt::format("board: demand lists space {} twice", number));
    board.start_demand.push_back(number);
  }
  std::sort(board.start_demand.begin(), board.start_demand.end());
  return board;
}

Board Board::standard() {
  static const Board board = from_document(core::embedded_data("huber_caravan/data/board.yaml"));
  return board;
}

}  // namespace games::huber_caravan
