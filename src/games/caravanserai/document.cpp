// The state document of a Caravanserai position (view(kReferee)) and its checked reading.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/recent.hpp"
#include "games/caravanserai/caravanserai.hpp"

namespace games::caravanserai {
namespace {

using core::Document;
using core::SetupError;

[[noreturn]] void bad(const std::string& what) { throw SetupError("position: " + what); }

const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::kStart:
      return "start";
    case Phase::kPlay:
      return "play";
    case Phase::kOver:
      return "over";
  }
  return "over";
}

Document colour_counts(const std::array<int, kColours>& counts) {
  Document out = Document::object();
  for (int c = 0; c < kColours; ++c) out[colour_name(c)] = counts[static_cast<std::size_t>(c)];
  return out;
}

const Document& need(const Document& obj, const char* key) {
  if (!obj.contains(key)) bad(fmt::format("\"{}\" is missing", key));
  return obj.at(key);
}

int whole(const Document& value, const std::string& what, int low, int high) {
  if (!value.is_number_integer() || value.get<long long>() < low || value.get<long long>() > high)
    bad(fmt::format("{} must be a whole number {}-{}, not {}", what, low, high, value.dump()));
  return value.get<int>();
}

std::array<int, kColours> read_counts(const Document& value, const std::string& what) {
  if (!value.is_object() || value.size() != kColours)
    bad(fmt::format("{} must give a count for each of the five colours", what));
  std::array<int, kColours> counts{};
  for (int c = 0; c < kColours; ++c) {
    if (!value.contains(colour_name(c)))
      bad(fmt::format("{}: {} is missing", what, colour_name(c)));
    counts[static_cast<std::size_t>(c)] =
        whole(value.at(colour_name(c)), what + " " + colour_name(c), 0, 500);
  }
  return counts;
}

int read_colour(const Document& value, const std::string& what) {
  auto c = value.is_string() ? parse_colour(value.get<std::string>()) : std::nullopt;
  if (!c || value.get<std::string>().size() < 3)
    bad(fmt::format("{}: {} is not a colour", what, value.dump()));
  return *c;
}

int seat_of(const Document& value, int players, const std::string& what) {
  if (value.is_string() && value.get<std::string>().size() == 1) {
    const int seat = value.get<std::string>()[0] - 'A';
    if (seat >= 0 && seat < players) return seat;
  }
  bad(fmt::format("{} must be a seat letter A-{}, not {}", what,
                  static_cast<char>('A' + players - 1), value.dump()));
}

std::shared_ptr<const Board> build_board(const Document& tiles);

// Boards built before, by their tiles as written (core::identical). Only a board built without
// error is kept, so the same tiles give the same board or the same refusal as before.
std::shared_ptr<const Board> read_board(const Document& tiles) {
  using Built = std::pair<Document, std::shared_ptr<const Board>>;
  static core::Recent<Built, 8> boards;
  if (auto board = boards.find([&](const Built& b) { return core::identical(b.first, tiles); },
                               [](const Built& b) { return b.second; }))
    return *board;
  auto board = build_board(tiles);
  boards.keep({tiles, board});
  return board;
}

std::shared_ptr<const Board> build_board(const Document& tiles) {
  if (!tiles.is_array() || tiles.empty()) bad("\"tiles\" must be a non-empty list");
  std::vector<PlacedTile> placed;
  for (const Document& item : tiles) {
    if (!item.is_object()) bad("every tile must be a mapping");
    PlacedTile tile;
    const Document& name = need(item, "name");
    if (!name.is_string()) bad("a tile's name must be text");
    tile.name = name.get<std::string>();
    tile.category = whole(need(item, "category"), "tile category", 1, 1000);
    const Document& role = need(item, "role");
    if (role == "central")
      tile.role = Role::kCentral;
    else if (role == "intermediate")
      tile.role = Role::kIntermediate;
    else if (role == "outer")
      tile.role = Role::kOuter;
    else
      bad(fmt::format("tile {}: role must be central, intermediate or outer", tile.name));
    const Document& at = need(item, "at");
    if (!at.is_array() || at.size() != 2) bad(fmt::format("tile {}: at must be [i, j]", tile.name));
    tile.at = {whole(at[0], "tile place", -20, 20), whole(at[1], "tile place", -20, 20)};
    tile.rotation = whole(need(item, "rotation"), "tile rotation", 0, 5);
    if (!need(item, "caravanserai").is_object())
      bad(fmt::format("tile {}: caravanserai must map cells to colours", tile.name));
    placed.push_back(std::move(tile));
  }
  // The cell names come from the geometry alone: lay the tiles bare, then name their cells.
  const Board bare(placed);
  for (std::size_t t = 0; t < placed.size(); ++t) {
    for (const auto& [cell, colour] : tiles[t].at("caravanserai").items()) {
      auto index = bare.find(cell);
      if (!index) bad(fmt::format("tile {}: there is no cell {}", placed[t].name, cell));
      placed[t].caravanserai.emplace_back(bare.hex(*index),
                                          read_colour(colour, "tile " + placed[t].name));
    }
  }
  return std::make_shared<const Board>(std::move(placed));
}

}  // namespace

Document position_document(const Position& pos) {
  const Board& b = *pos.board;
  Document goods = Document::object();
  for (int cell = 0; cell < b.size(); ++cell)
    if (pos.loose[static_cast<std::size_t>(cell)] >= 0)
      goods[b.name(cell)] = colour_name(pos.loose[static_cast<std::size_t>(cell)]);
  Document players = Document::array();
  for (int s = 0; s < pos.num_players(); ++s) {
    const Player& p = pos.players[static_cast<std::size_t>(s)];
    Document caravan = Document::array();
    for (const Piece& piece : p.caravan)
      caravan.push_back(
          {b.name(piece.cell), piece.kind == kCamel ? "camel" : colour_name(piece.kind)});
    players.push_back({{"seat", std::string(1, static_cast<char>('A' + s))},
                       {"goods", colour_counts(p.goods)},
                       {"camels", p.camels},
                       {"caravan", std::move(caravan)},
                       {"length", p.caravan.size()},
                       {"reserve", p.reserve_pieces()},
                       {"last_played", p.last_played}});
  }
  Document doc = {{"expert", pos.expert},
                  {"phase", phase_name(pos.phase)},
                  {"to_move", pos.phase == Phase::kOver
                                  ? Document(nullptr)
                                  : Document(std::string(1, static_cast<char>('A' + pos.to_move)))},
                  {"turn_number", pos.turn_number},
                  {"owed_goods", pos.owed},
                  {"final_turns_left",
                   pos.final_turns_left ? Document(*pos.final_turns_left) : Document(nullptr)},
                  {"market", colour_counts(pos.market)},
                  {"tiles", b.tiles_document()},
                  {"goods_on_board", std::move(goods)},
                  {"players", std::move(players)}};
  // Written only once a seat has left, so that the snapshots of every other game stay as they were.
  Document left = Document::array();
  for (int s = 0; s < pos.num_players(); ++s)
    if (pos.is_retired(s)) left.push_back(std::string(1, static_cast<char>('A' + s)));
  if (!left.empty()) doc["retired"] = std::move(left);
  if (pos.solo()) doc["solo_level"] = solo_level(static_cast<int>(pos.players[0].caravan.size()));
  return doc;
}

Position position_from_document(const Document& doc, std::optional<bool> expert) {
  if (!doc.is_object()) bad("a caravanserai position must be a mapping");
  static const std::set<std::string> known = {
      "expert",           "phase",   "to_move", "turn_number",    "owed_goods",
      "final_turns_left", "market",  "tiles",   "goods_on_board", "players",
      "solo_level",       "retired", "ended"};
  for (const auto& [key, value] : doc.items())
    if (!known.count(key)) bad(fmt::format("unknown key '{}'", key));
  Position pos;
  const Document& stored_expert = need(doc, "expert");
  if (!stored_expert.is_boolean()) bad("\"expert\" must be true or false");
  pos.expert = stored_expert.get<bool>();
  if (expert && *expert != pos.expert)
    bad(fmt::format("it says expert={} but the option says expert={}", pos.expert, *expert));
  pos.board = read_board(need(doc, "tiles"));
  const Board& b = *pos.board;
  pos.loose.assign(static_cast<std::size_t>(b.size()), -1);
  pos.occupant.assign(static_cast<std::size_t>(b.size()), -1);
  pos.market = read_counts(need(doc, "market"), "market");

  const Document& goods = need(doc, "goods_on_board");
  if (!goods.is_object()) bad("\"goods_on_board\" must map cells to colours");
  for (const auto& [name, colour] : goods.items()) {
    auto cell = b.find(name);
    if (!cell) bad(fmt::format("goods_on_board: there is no cell {}", name));
    const int c = read_colour(colour, "goods_on_board " + name);
    if (b.colour(*cell) != c)
      bad(fmt::format("goods_on_board: a {} good stands on {}, which is not a {} Caravanserai cell",
                      colour_name(c), name, colour_name(c)));
    pos.loose[static_cast<std::size_t>(*cell)] = c;
  }

  const Document& players = need(doc, "players");
  if (!players.is_array() || players.empty() || players.size() > 6)
    bad("\"players\" must list 1 to 6 players");
  const int n = static_cast<int>(players.size());
  int goods_total = pos.market_total();
  for (int c : pos.loose) goods_total += c >= 0 ? 1 : 0;
  for (int s = 0; s < n; ++s) {
    const Document& item = players[static_cast<std::size_t>(s)];
    const std::string who = fmt::format("player {}", static_cast<char>('A' + s));
    if (!item.is_object()) bad(who + " must be a mapping");
    for (const auto& [key, value] : item.items())
      if (key != "seat" && key != "goods" && key != "camels" && key != "caravan" &&
          key != "length" && key != "reserve" && key != "last_played")
        bad(fmt::format("{}: unknown key '{}'", who, key));
    if (seat_of(need(item, "seat"), n, who + " seat") != s)
      bad(who + ": seats must be in order A, B, ...");
    Player p;
    p.goods = read_counts(need(item, "goods"), who + " goods");
    p.camels = whole(need(item, "camels"), who + " camels", 0, kCamelsEach);
    p.last_played = item.contains("last_played")
                        ? whole(item.at("last_played"), who + " last_played", -1, 1 << 30)
                        : -1;
    const Document& caravan = need(item, "caravan");
    if (!caravan.is_array()) bad(who + ": caravan must be a list of [cell, piece], tail first");
    int camels = p.camels;
    for (const Document& entry : caravan) {
      if (!entry.is_array() || entry.size() != 2 || !entry[0].is_string())
        bad(fmt::format("{}: {} is not [cell, piece]", who, entry.dump()));
      auto cell = b.find(entry[0].get<std::string>());
      if (!cell) bad(fmt::format("{}: there is no cell {}", who, entry[0].dump()));
      int& owner = pos.occupant[static_cast<std::size_t>(*cell)];
      if (owner >= 0)
        bad(fmt::format("{}: {} is already taken by a caravan", who, entry[0].dump()));
      owner = s;
      if (pos.loose[static_cast<std::size_t>(*cell)] >= 0)
        bad(fmt::format("{}: a good stands on {} under the caravan", who, entry[0].dump()));
      int kind = kCamel;
      if (entry[1] != "camel") kind = read_colour(entry[1], who + " caravan");
      if (!p.caravan.empty()) {
        bool adjacent = false;
        for (int d = 0; d < kDirections; ++d)
          adjacent |= b.neighbour(p.caravan.back().cell, d) == *cell;
        if (!adjacent)
          bad(fmt::format("{}: {} does not follow {} in the caravan", who, entry[0].dump(),
                          b.name(p.caravan.back().cell)));
      }
      p.caravan.push_back({*cell, kind});
      if (kind == kCamel)
        ++camels;
      else
        ++goods_total;
    }
    if (!p.caravan.empty() && p.caravan.back().kind != kCamel)
      bad(who + ": the head of a caravan (its last piece) must be a camel");
    if (camels != kCamelsEach)
      bad(fmt::format("{}: {} camels in reserve and caravan, not {}", who, camels, kCamelsEach));
    for (int c : p.goods) goods_total += c;
    pos.players.push_back(std::move(p));
  }
  if (goods_total != pos.total_goods())
    bad(
        fmt::format("{} goods in all, not {} (market, board, reserves and caravans: the general "
                    "reserve and 15 a player)",
                    goods_total, pos.total_goods()));

  if (doc.contains("retired")) {
    const Document& left = doc.at("retired");
    if (!left.is_array()) bad("\"retired\" must list the seats that left the game");
    pos.retired.assign(static_cast<std::size_t>(n), false);
    for (const Document& item : left) {
      const int s = seat_of(item, n, "retired");
      if (pos.is_retired(s)) bad(fmt::format("retired names {} twice", item.dump()));
      pos.retired[static_cast<std::size_t>(s)] = true;
    }
  }

  const Document& phase = need(doc, "phase");
  if (phase == "start")
    pos.phase = Phase::kStart;
  else if (phase == "play")
    pos.phase = Phase::kPlay;
  else if (phase == "over")
    pos.phase = Phase::kOver;
  else
    bad("\"phase\" must be start, play or over");
  const Document& to_move = need(doc, "to_move");
  if (pos.phase == Phase::kOver) {
    if (!to_move.is_null()) bad("to_move must be null when the game is over");
  } else {
    pos.to_move = seat_of(to_move, n, "to_move");
    if (pos.is_retired(pos.to_move)) bad("to_move names a seat that has left the game");
    if (!pos.retired.empty() && pos.active_seats() < 2)
      bad("a game that goes on needs two seats that have not left");
  }
  pos.turn_number = whole(need(doc, "turn_number"), "turn_number", 0, 1 << 30);
  pos.owed = whole(need(doc, "owed_goods"), "owed_goods", 0, 2 * kCamelsEach);
  const Document& left = need(doc, "final_turns_left");
  if (!left.is_null()) pos.final_turns_left = whole(left, "final_turns_left", 0, 13);
  // A game ended outside the rules (State::conclude) may have ended at any moment: before every
  // seat started, or with goods owed.
  const bool ended = doc.contains("ended");
  for (int s = 0; s < n && !ended; ++s) {
    if (pos.is_retired(s)) continue;  // it may have left before or after its start
    const bool started = !pos.players[static_cast<std::size_t>(s)].caravan.empty();
    const bool should = pos.phase != Phase::kStart || s < pos.to_move;
    if (started != should)
      bad(fmt::format("player {} {} a caravan, but it is the {} phase with {} to move",
                      static_cast<char>('A' + s), started ? "has" : "has no",
                      phase.get<std::string>(), static_cast<char>('A' + pos.to_move)));
  }
  if (pos.owed > 0 && pos.phase != Phase::kPlay && !ended)
    bad("goods are owed outside the play phase");
  if (pos.phase != Phase::kOver && pos.final_turns_left && *pos.final_turns_left < 1)
    bad("final_turns_left must be at least 1 while the game goes on");
  return pos;
}

}  // namespace games::caravanserai
