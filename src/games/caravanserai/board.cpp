#include "games/caravanserai/board.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include <fmt/format.h>

#include "core/data.hpp"

namespace games::caravanserai {
namespace {

using core::Document;
using core::SetupError;

const std::array<std::string, kColours> kColourNames = {"white", "black", "purple", "red",
                                                        "yellow"};
const std::array<std::string, kDirections> kDirectionNames = {"E", "SE", "SW", "W", "NW", "NE"};
constexpr std::array<Hex, kDirections> kSteps = {Hex{1, 0},  Hex{0, 1},  Hex{-1, 1},
                                                 Hex{-1, 0}, Hex{0, -1}, Hex{1, -1}};

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string upper(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return text;
}

[[noreturn]] void bad(const std::string& what) { throw SetupError("tiles: " + what); }

std::array<int, 2> read_place(const Document& item, const std::string& where) {
  if (!item.is_array() || item.size() != 2 || !item[0].is_number_integer() ||
      !item[1].is_number_integer())
    bad(fmt::format("{}: a tile place is a pair of whole numbers [i, j], not {}", where,
                    item.dump()));
  const int i = item[0].get<int>(), j = item[1].get<int>();
  if (std::abs(i) > 20 || std::abs(j) > 20)
    bad(fmt::format("{}: {} is too far out", where, item.dump()));
  return {i, j};
}

int read_count(const Document& obj, const char* key, const std::string& where) {
  if (!obj.contains(key)) return 0;
  const Document& v = obj.at(key);
  if (!v.is_number_integer() || v.get<int>() < 0)
    bad(fmt::format("{}: discard {} must be a whole number >= 0", where, key));
  return v.get<int>();
}

}  // namespace

const std::string& colour_name(int colour) {
  return kColourNames.at(static_cast<std::size_t>(colour));
}

std::optional<int> parse_colour(const std::string& text) {
  const std::string t = lower(text);
  for (int c = 0; c < kColours; ++c)
    if (t == kColourNames[static_cast<std::size_t>(c)]) return c;
  if (t == "w") return 0;
  if (t == "k" || t == "b") return 1;
  if (t == "p") return 2;
  if (t == "r") return 3;
  if (t == "y") return 4;
  return std::nullopt;
}

const std::string& direction_name(int dir) {
  return kDirectionNames.at(static_cast<std::size_t>(dir));
}

std::optional<int> parse_direction(const std::string& text) {
  const std::string t = upper(text);
  for (int d = 0; d < kDirections; ++d)
    if (t == kDirectionNames[static_cast<std::size_t>(d)]) return d;
  return std::nullopt;
}

Hex Hex::step(int dir) const {
  const Hex s = kSteps[static_cast<std::size_t>(dir)];
  return {q + s.q, r + s.r};
}

Hex rotate(Hex v, int sixths) {
  for (int i = 0; i < ((sixths % 6) + 6) % 6; ++i) v = {-v.r, v.q + v.r};
  return v;
}

Hex lattice_centre(int i, int j) { return {2 * i - j, i + 3 * j}; }

const char* role_name(Role role) {
  switch (role) {
    case Role::kCentral:
      return "central";
    case Role::kIntermediate:
      return "intermediate";
    case Role::kOuter:
      return "outer";
  }
  return "outer";
}

// ---- Tile set --------------------------------------------------------------------------------

TileSet TileSet::from_document(const Document& doc) {
  if (!doc.is_object()) bad("the file must be a mapping with colours, tiles and layouts");
  for (const auto& [key, value] : doc.items())
    if (key != "colours" && key != "tiles" && key != "layouts")
      bad(fmt::format("unknown key '{}' (known: colours, tiles, layouts)", key));
  if (doc.contains("colours")) {
    Document expected = Document::array();
    for (const auto& name : kColourNames) expected.push_back(name);
    if (doc.at("colours") != expected)
      bad("colours must be [white, black, purple, red, yellow] (the goods of the game)");
  }
  TileSet set;
  if (!doc.contains("tiles") || !doc.at("tiles").is_array() || doc.at("tiles").empty())
    bad("'tiles' must be a non-empty list");
  std::set<std::string> names;
  for (const Document& item : doc.at("tiles")) {
    TileDef tile;
    if (!item.is_object() || !item.contains("name") || !item.at("name").is_string())
      bad(fmt::format("every tile needs a name: {}", item.dump()));
    tile.name = item.at("name").get<std::string>();
    if (!names.insert(tile.name).second) bad(fmt::format("tile {} is listed twice", tile.name));
    if (!item.contains("category") || !item.at("category").is_number_integer() ||
        item.at("category").get<int>() < 1)
      bad(fmt::format("tile {}: category must be a whole number >= 1", tile.name));
    tile.category = item.at("category").get<int>();
    if (!item.contains("cells") || !item.at("cells").is_object() || item.at("cells").empty())
      bad(fmt::format("tile {}: 'cells' must map cell places (C, E, SE, ...) to colours",
                      tile.name));
    for (const auto& [place, colour] : item.at("cells").items()) {
      int at = kCentre;
      if (upper(place) != "C") {
        auto dir = parse_direction(place);
        if (!dir) bad(fmt::format("tile {}: '{}' is not C or a direction", tile.name, place));
        at = *dir;
      }
      auto c = colour.is_string() ? parse_colour(colour.get<std::string>()) : std::nullopt;
      if (!c || colour.get<std::string>().size() < 3)
        bad(fmt::format("tile {}: {} is not a colour", tile.name, colour.dump()));
      tile.caravanserai.emplace_back(at, *c);
    }
    for (const auto& extra : item.items())
      if (extra.key() != "name" && extra.key() != "category" && extra.key() != "cells")
        bad(fmt::format("tile {}: unknown key '{}'", tile.name, extra.key()));
    set.tiles.push_back(std::move(tile));
  }
  if (!doc.contains("layouts") || !doc.at("layouts").is_array() || doc.at("layouts").empty())
    bad("'layouts' must be a non-empty list");
  for (const Document& item : doc.at("layouts")) {
    LayoutDef layout;
    if (!item.is_object() || !item.contains("players") || !item.at("players").is_array())
      bad(fmt::format("every layout needs a list 'players': {}", item.dump().substr(0, 60)));
    for (const Document& p : item.at("players")) {
      if (!p.is_number_integer() || p.get<int>() < 1 || p.get<int>() > 6)
        bad("layout players must be numbers 1-6");
      layout.players.push_back(p.get<int>());
    }
    const std::string where = fmt::format("layout for {} players", item.at("players").dump());
    for (const auto& [key, value] : item.items())
      if (key != "players" && key != "discard" && key != "central" && key != "intermediate" &&
          key != "outer")
        bad(fmt::format("{}: unknown key '{}'", where, key));
    if (item.contains("discard")) {
      const Document& d = item.at("discard");
      if (!d.is_object()) bad(where + ": discard must be a mapping");
      for (const auto& [key, value] : d.items())
        if (key != "categories" && key != "same_category" && key != "random")
          bad(fmt::format("{}: unknown discard '{}'", where, key));
      layout.discard_categories = read_count(d, "categories", where);
      layout.discard_same_category = read_count(d, "same_category", where);
      layout.discard_random = read_count(d, "random", where);
    }
    const std::pair<const char*, Role> rings[] = {{"central", Role::kCentral},
                                                  {"intermediate", Role::kIntermediate},
                                                  {"outer", Role::kOuter}};
    std::set<std::array<int, 2>> seen;
    for (const auto& [key, role] : rings) {
      if (!item.contains(key) || !item.at(key).is_array())
        bad(fmt::format("{}: '{}' must be a list of tile places", where, key));
      for (const Document& place : item.at(key)) {
        auto at = read_place(place, where);
        if (!seen.insert(at).second)
          bad(fmt::format("{}: place {} is used twice", where, place.dump()));
        layout.places.emplace_back(at, role);
      }
    }
    if (layout.places.empty()) bad(where + ": no tile places");
    set.layouts.push_back(std::move(layout));
  }
  // Every tile must fit its flower once laid, and every layout must be dealable.
  for (const auto& tile : set.tiles) {
    std::set<int> places;
    for (const auto& [at, colour] : tile.caravanserai)
      if (!places.insert(at).second) bad(fmt::format("tile {}: a cell is listed twice", tile.name));
  }
  for (const auto& layout : set.layouts) {
    core::Rng probe(1);
    for (int players : layout.players) (void)deal_tiles(set, players, probe);
  }
  return set;
}

const TileSet& TileSet::standard() {
  static const TileSet set = from_document(core::embedded_data("caravanserai/data/tiles.yaml"));
  return set;
}

const LayoutDef& TileSet::layout_for(int players) const {
  for (const auto& layout : layouts)
    if (std::find(layout.players.begin(), layout.players.end(), players) != layout.players.end())
      return layout;
  throw SetupError(fmt::format("tiles: no layout for {} players", players));
}

std::vector<PlacedTile> deal_tiles(const TileSet& set, int players, core::Rng& rng) {
  const LayoutDef& layout = set.layout_for(players);
  std::map<int, std::vector<std::size_t>> by_category;
  for (std::size_t i = 0; i < set.tiles.size(); ++i)
    by_category[set.tiles[i].category].push_back(i);
  std::vector<int> categories;
  for (const auto& [category, tiles] : by_category) categories.push_back(category);
  const std::string where = fmt::format("layout for {} players", players);
  if (static_cast<std::size_t>(layout.discard_categories + (layout.discard_same_category > 0)) >
      categories.size())
    bad(where + ": more categories to discard than there are");
  rng.shuffle(categories);
  std::vector<std::size_t> kept;
  for (std::size_t k = static_cast<std::size_t>(layout.discard_categories); k < categories.size();
       ++k) {
    auto tiles = by_category[categories[k]];
    if (k == static_cast<std::size_t>(layout.discard_categories) &&
        layout.discard_same_category > 0) {
      if (tiles.size() < static_cast<std::size_t>(layout.discard_same_category))
        bad(fmt::format("{}: category {} has fewer than {} tiles", where, categories[k],
                        layout.discard_same_category));
      rng.shuffle(tiles);
      tiles.erase(tiles.begin(), tiles.begin() + layout.discard_same_category);
    }
    kept.insert(kept.end(), tiles.begin(), tiles.end());
  }
  std::sort(kept.begin(), kept.end());
  if (kept.size() < static_cast<std::size_t>(layout.discard_random))
    bad(where + ": more random discards than tiles");
  rng.shuffle(kept);
  kept.resize(kept.size() - static_cast<std::size_t>(layout.discard_random));
  if (kept.size() != layout.places.size())
    bad(fmt::format("{}: {} tiles are kept but the layout has {} places", where, kept.size(),
                    layout.places.size()));
  std::vector<PlacedTile> placed;
  for (std::size_t k = 0; k < kept.size(); ++k) {
    const TileDef& def = set.tiles[kept[k]];
    PlacedTile tile;
    tile.name = def.name;
    tile.category = def.category;
    tile.at = layout.places[k].first;
    tile.role = layout.places[k].second;
    tile.rotation = static_cast<int>(rng.below(kDirections));
    const Hex centre = lattice_centre(tile.at[0], tile.at[1]);
    for (const auto& [at, colour] : def.caravanserai) {
      Hex cell = centre;
      if (at != kCentre) {
        const Hex offset = rotate(kSteps[static_cast<std::size_t>(at)], tile.rotation);
        cell = {centre.q + offset.q, centre.r + offset.r};
      }
      tile.caravanserai.emplace_back(cell, colour);
    }
    placed.push_back(std::move(tile));
  }
  return placed;
}

// ---- Board -----------------------------------------------------------------------------------

namespace {

// The order of cells on the drawn map, row by row, left to right: the order of their indices,
// in which Board::at looks a cell up by halves.
bool in_map_order(const Hex& a, const Hex& b) { return std::pair{a.r, a.q} < std::pair{b.r, b.q}; }

}  // namespace

Board::Board(std::vector<PlacedTile> tiles) : tiles_(std::move(tiles)) {
  // Every tile's seven cells, with its tile and its colour (-1: desert), then in map order.
  struct Cell {
    Hex hex;
    int tile;
    int colour;
  };
  std::vector<Cell> cells;
  cells.reserve(tiles_.size() * (kSteps.size() + 1));
  std::size_t outside = tiles_.size();  // the first tile with a Caravanserai cell off it
  for (std::size_t t = 0; t < tiles_.size(); ++t) {
    const Hex centre = lattice_centre(tiles_[t].at[0], tiles_[t].at[1]);
    const std::size_t first = cells.size();
    cells.push_back({centre, static_cast<int>(t), -1});
    for (const Hex& s : kSteps)
      cells.push_back({{centre.q + s.q, centre.r + s.r}, static_cast<int>(t), -1});
    for (const std::pair<Hex, int>& placed : tiles_[t].caravanserai) {
      const Hex hex = placed.first;  // (clang 14 cannot capture a structured binding)
      const auto it = std::find_if(cells.begin() + static_cast<std::ptrdiff_t>(first), cells.end(),
                                   [hex](const Cell& cell) { return cell.hex == hex; });
      if (it == cells.end())
        outside = std::min(outside, t);
      else
        it->colour = placed.second;
    }
  }
  // Cells in map order, so that cell indices run row by row, left to right; a cell two tiles
  // share comes once for each, in the tiles' order.
  std::sort(cells.begin(), cells.end(), [](const Cell& a, const Cell& b) {
    return in_map_order(a.hex, b.hex) || (a.hex == b.hex && a.tile < b.tile);
  });
  // The first tile, in the tiles' order, with a cell an earlier tile has, or a Caravanserai cell
  // off it: the tiles are checked one after the other.
  std::size_t overlapping = tiles_.size();
  for (std::size_t i = 1; i < cells.size(); ++i)
    if (cells[i].hex == cells[i - 1].hex)
      overlapping = std::min(overlapping, static_cast<std::size_t>(cells[i].tile));
  if (overlapping < tiles_.size() && overlapping <= outside)
    throw SetupError(fmt::format("board: tile {} overlaps another tile", tiles_[overlapping].name));
  if (outside < tiles_.size())
    throw SetupError(
        fmt::format("board: a Caravanserai cell of tile {} is outside it", tiles_[outside].name));

  int min_r = 1 << 20, min_x = 1 << 20;
  for (const Cell& cell : cells) {
    min_r = std::min(min_r, cell.hex.r);
    min_x = std::min(min_x, 2 * cell.hex.q + cell.hex.r);
  }
  for (const Cell& cell : cells) {
    const Hex h = cell.hex;
    const int row = h.r - min_r, half = 2 * h.q + h.r - min_x;
    if (row >= 26) throw SetupError("board: more than 26 rows of cells");
    hexes_.push_back(h);
    colours_.push_back(cell.colour);
    tile_of_.push_back(cell.tile);
    rows_.push_back(row);
    half_columns_.push_back(half);
    row_count_ = std::max(row_count_, row + 1);
    half_column_count_ = std::max(half_column_count_, half + 2);
    names_.push_back(static_cast<char>('a' + row) + std::to_string(half / 2 + 1));
  }
  cells_by_name_.resize(hexes_.size());
  for (std::size_t i = 0; i < cells_by_name_.size(); ++i) cells_by_name_[i] = static_cast<int>(i);
  std::sort(cells_by_name_.begin(), cells_by_name_.end(),
            [this](int a, int b) { return name(a) < name(b); });
  for (std::size_t i = 0; i < hexes_.size(); ++i) {
    std::array<int, kDirections> n{};
    for (int d = 0; d < kDirections; ++d) {
      n[static_cast<std::size_t>(d)] = at(hexes_[i].step(d)).value_or(-1);
    }
    neighbours_.push_back(n);
  }
}

const core::Document& Board::tiles_document() const {
  std::call_once(document_made_, [this] {
    tiles_document_ = core::Document::array();
    for (const PlacedTile& tile : tiles_) {
      core::Document cells = core::Document::object();
      for (const auto& [hex, colour] : tile.caravanserai)
        cells[name(*at(hex))] = colour_name(colour);
      tiles_document_.push_back({{"name", tile.name},
                                 {"category", tile.category},
                                 {"role", role_name(tile.role)},
                                 {"at", {tile.at[0], tile.at[1]}},
                                 {"rotation", tile.rotation},
                                 {"caravanserai", std::move(cells)}});
    }
  });
  return tiles_document_;
}

std::optional<int> Board::find(const std::string& name) const {
  const std::string key = lower(name);
  const auto it =
      std::lower_bound(cells_by_name_.begin(), cells_by_name_.end(), key,
                       [this](int cell, const std::string& k) { return this->name(cell) < k; });
  if (it == cells_by_name_.end() || this->name(*it) != key) return std::nullopt;
  return *it;
}

std::optional<int> Board::at(Hex h) const {
  const auto it = std::lower_bound(hexes_.begin(), hexes_.end(), h,
                                   [](const Hex& a, const Hex& b) { return in_map_order(a, b); });
  if (it == hexes_.end() || !(*it == h)) return std::nullopt;
  return static_cast<int>(it - hexes_.begin());
}

}  // namespace games::caravanserai
