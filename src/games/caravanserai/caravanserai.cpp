#include "games/caravanserai/caravanserai.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include "core/data.hpp"
#include "games/caravanserai/placement.hpp"
#include "games/caravanserai/turn.hpp"

namespace games::caravanserai {
namespace {

using core::Document;
using core::MoveError;
using core::SetupError;

std::string letter(int seat) { return std::string(1, static_cast<char>('A' + seat)); }

struct Options {
  std::optional<bool> expert;
  const TileSet* tiles = &TileSet::standard();
  std::optional<TileSet> custom;
};

void read_options(const std::map<std::string, std::string>& opts, Options& out) {
  for (const auto& [key, value] : opts) {
    if (key == "expert") {
      if (value != "true" && value != "false")
        throw SetupError(fmt::format("option expert must be true or false, not '{}'", value));
      out.expert = value == "true";
    } else if (key == "tiles") {
      if (value.empty()) continue;
      out.custom = TileSet::from_document(core::option_document("tiles", value));
      out.tiles = &*out.custom;
    } else {
      throw SetupError(fmt::format("caravanserai has no option '{}' (known: expert, tiles)", key));
    }
  }
}

void check_players(int players) {
  if (players < 1 || players > 6)
    throw SetupError(fmt::format("caravanserai takes 1 to 6 players, not {}", players));
}

int cell_named(const Position& pos, const Document& value, const char* key) {
  if (!value.is_string())
    throw MoveError(fmt::format("{}: {} is not a cell name such as \"d7\"", key, value.dump()));
  auto cell = pos.board->find(value.get<std::string>());
  if (!cell)
    throw MoveError(fmt::format("{}: there is no cell {} on this board", key, value.dump()));
  return *cell;
}

bool anyone_can_place(const Position& pos) {
  for (int s = 0; s < pos.num_players(); ++s)
    if (!pos.is_retired(s) && pos.can_place(s)) return true;
  return false;
}

// The next seat still playing moves; the start phase ends when the turn comes round again.
void pass_turn(Position& pos) {
  const int from = pos.to_move;
  pos.to_move = pos.next_active(from);
  if (pos.phase == Phase::kStart && pos.to_move <= from) pos.phase = Phase::kPlay;
  if (pos.phase == Phase::kPlay && !anyone_can_place(pos)) pos.phase = Phase::kOver;  // CS-12
}

}  // namespace

int start_caravan(Position& pos, int cell) {
  const int player = pos.to_move;
  Player& me = pos.players[static_cast<std::size_t>(player)];
  --me.camels;
  me.caravan.push_back({cell, kCamel});
  pos.occupant[static_cast<std::size_t>(cell)] = player;
  const int colour = pos.board->colour(cell);
  const int source = pos.take_good(player, colour);
  if (source != -2) ++me.goods[static_cast<std::size_t>(colour)];
  int& good = pos.loose[static_cast<std::size_t>(cell)];
  if (good >= 0) {
    ++me.goods[static_cast<std::size_t>(good)];
    good = -1;
  }
  return source;
}

void put_owed_good(Position& pos, int cell) {
  const Board& b = *pos.board;
  if (pos.owed <= 0) throw MoveError("no good is owed: there is nothing to place");
  if (b.colour(cell) < 0)
    throw MoveError(fmt::format("place: {} is not a Caravanserai cell", b.name(cell)));
  if (pos.loose[static_cast<std::size_t>(cell)] >= 0)
    throw MoveError(fmt::format("place: {} already holds a good", b.name(cell)));
  if (pos.occupant[static_cast<std::size_t>(cell)] >= 0)
    throw MoveError(fmt::format("place: a caravan stands on {}", b.name(cell)));
  if (!pos.can_put_good(pos.to_move, cell))
    throw MoveError(fmt::format("place: no {} good is left in the market or with any opponent",
                                colour_name(b.colour(cell))));
  pos.put_good(pos.to_move, cell);
  --pos.owed;
  if (pos.owed > 0 && !pos.any_good_to_put(pos.to_move)) pos.owed = 0;
}

void finish(Position& pos) {
  Player& me = pos.players[static_cast<std::size_t>(pos.to_move)];
  me.last_played = pos.turn_number++;
  if (pos.final_turns_left && --*pos.final_turns_left <= 0) {
    pos.phase = Phase::kOver;
    return;
  }
  if (pos.solo() && pos.phase == Phase::kPlay &&
      (pos.market_total() == 0 || me.camels == 0 || !pos.can_place(0))) {
    pos.phase = Phase::kOver;  // CS-10, CS-12: the solo end
    return;
  }
  pass_turn(pos);
}

std::string solo_level(int length) {
  if (length >= 45) return "Chief of the 5 tribes";
  if (length >= 40) return "Tribal chief";
  if (length >= 35) return "Xiansheng";
  if (length >= 30) return "Great camel driver";
  if (length >= 25) return "Camel driver";
  return "none";
}

// ---- State -----------------------------------------------------------------------------------

std::optional<int> CaravanseraiState::current_player() const {
  if (finished()) return std::nullopt;
  return pos_.to_move;
}

core::Result CaravanseraiState::result() const {
  if (ended_) return core::ending_result(*ended_, num_players());
  core::Result result;
  for (const Player& p : pos_.players)
    result.scores.push_back(static_cast<double>(p.caravan.size()));
  if (pos_.solo()) {
    if (pos_.players[0].caravan.size() >= 25) result.winners = {0};
    return result;
  }
  // The longest caravan; then the most pieces in reserve; then who played last (5).
  auto key = [&](int s) {
    const Player& p = pos_.players[static_cast<std::size_t>(s)];
    return std::tuple{p.caravan.size(), p.reserve_pieces(), p.last_played};
  };
  // Only the seats still playing are ranked: one that retired never wins.
  int best = pos_.next_active(num_players() - 1);
  for (int s = 0; s < num_players(); ++s)
    if (!pos_.is_retired(s) && key(s) > key(best)) best = s;
  for (int s = 0; s < num_players(); ++s)
    if (!pos_.is_retired(s) && key(s) == key(best)) result.winners.push_back(s);
  return result;
}

double CaravanseraiState::evaluate(int seat) const {
  if (finished()) return core::outcome(result(), seat);
  const auto worth = [&](int s) {
    const Player& p = pos_.players[static_cast<std::size_t>(s)];
    return static_cast<double>(p.caravan.size()) + 0.1 * static_cast<double>(p.reserve_pieces());
  };
  double best_other = pos_.solo() ? 25 : -1e9;
  for (int s = 0; s < num_players(); ++s)
    if (s != seat && !pos_.is_retired(s)) best_other = std::max(best_other, worth(s));
  return 1 / (1 + std::exp(-(worth(seat) - best_other) / 3.0));
}

std::vector<Document> CaravanseraiState::simple_moves() const {
  std::vector<core::ActionId> actions;
  simple_actions(actions);
  std::vector<Document> moves;
  moves.reserve(actions.size());
  for (const core::ActionId action : actions) moves.push_back(move_of(action));
  return moves;
}

std::vector<Document> CaravanseraiState::legal_moves() const {
  if (!placing()) return simple_moves();
  // Complete when short; past kListedInFull, the bounded canonical form (see the header).
  const PlacementFilter filter =
      more_placements_than(pos_, pos_.to_move, kListedInFull) ? bounded_form() : PlacementFilter{};
  std::vector<Document> moves;
  for_each_placement(pos_, pos_.to_move, filter,
                     [&](const std::vector<Step>& steps, const std::vector<int>& declined,
                         const PlacementDigits&) {
                       moves.push_back(placement_document(steps, declined, *pos_.board));
                       return true;
                     });
  return moves;
}

core::State::MovePage CaravanseraiState::legal_moves_page(const Document& prefix,
                                                          std::size_t limit) const {
  MovePage page;
  if (!placing()) {
    for (auto& move : simple_moves()) {
      if (!core::has_prefix(move, prefix)) continue;
      ++page.total;
      if (page.moves.size() < limit) page.moves.push_back(std::move(move));
    }
    return page;
  }
  // A placement is {path: [...], decline: [...]}: a prefix of another shape names none, and
  // the walk is not needed to say so.
  if (!prefix.is_null()) {
    if (!prefix.is_object()) return page;
    for (const auto& [key, value] : prefix.items())
      if ((key != "path" && key != "decline") || !(value.is_null() || value.is_array()))
        return page;
  }
  // The path items of a prefix but its last (which may match in part) fix the first steps of
  // every placement on it: branches that leave them are never walked.
  PlacementFilter filter;
  if (prefix.is_object() && prefix.contains("path") && prefix.at("path").is_array() &&
      prefix.at("path").size() >= 2) {
    Document fixed = prefix.at("path");
    fixed.erase(fixed.size() - 1);
    try {
      filter.begins_with = parse_placement({{"path", fixed}}, *pos_.board).steps;
    } catch (const MoveError&) {
      return page;  // no listed placement is written that way
    }
  }
  std::size_t walked = 0;
  for_each_placement(pos_, pos_.to_move, filter,
                     [&](const std::vector<Step>& steps, const std::vector<int>& declined,
                         const PlacementDigits&) {
                       if (++walked > kCountedUpTo) {
                         page.total_exact = false;
                         return false;
                       }
                       if (prefix.is_null()) {
                         if (page.moves.size() < limit)
                           page.moves.push_back(placement_document(steps, declined, *pos_.board));
                         ++page.total;
                         return true;
                       }
                       if (placement_has_prefix(steps, declined, *pos_.board, prefix)) {
                         ++page.total;
                         if (page.moves.size() < limit)
                           page.moves.push_back(placement_document(steps, declined, *pos_.board));
                       }
                       return true;
                     });
  return page;
}

std::optional<Document> CaravanseraiState::forced_move() const {
  if (finished() || pos_.phase != Phase::kPlay || pos_.owed > 0 || pos_.can_place(pos_.to_move))
    return std::nullopt;
  return Document("pass");
}

std::vector<core::Event> CaravanseraiState::apply(int player, const Document& move, core::Rng&) {
  if (finished()) throw MoveError("the game is over: no more moves");
  if (player != pos_.to_move)
    throw MoveError(fmt::format("it is not your turn: {} is to move", letter(pos_.to_move)));
  Position next = pos_;
  const Board& b = *next.board;
  Document full = {{"seat", letter(player)}, {"move", move}};

  if (move == Document("pass")) {
    if (pos_.phase != Phase::kPlay || pos_.owed > 0 || pos_.can_place(player))
      throw MoveError("you cannot pass: you have a move");
    finish(next);
  } else if (move.is_object() && move.size() == 1 && move.contains("start")) {
    if (next.phase != Phase::kStart) throw MoveError("your caravan has already started");
    const int cell = cell_named(next, move.at("start"), "start");
    if (b.colour(cell) < 0 || b.role(cell) != Role::kOuter)
      throw MoveError(
          fmt::format("start: {} is not a Caravanserai cell of an outer tile", b.name(cell)));
    if (next.occupant[static_cast<std::size_t>(cell)] >= 0)
      throw MoveError(fmt::format("start: a caravan already stands on {}", b.name(cell)));
    const int colour = b.colour(cell);
    const int source = start_caravan(next, cell);
    full["good"] = source == -2 ? Document(nullptr) : Document(colour_name(colour));
    if (source >= 0) full["good_from"] = letter(source);
    finish(next);
  } else if (move.is_object() && move.size() == 1 && move.contains("place")) {
    if (next.owed <= 0) throw MoveError("no good is owed: there is nothing to place");
    const Document& cells = move.at("place");
    if (cells.is_array()) {
      if (cells.empty()) throw MoveError("place: name a cell");
      for (const Document& item : cells) put_owed_good(next, cell_named(next, item, "place"));
    } else {
      put_owed_good(next, cell_named(next, cells, "place"));
    }
    if (next.owed == 0) finish(next);
  } else if (move.is_object() && move.contains("path")) {
    if (next.phase != Phase::kPlay)
      throw MoveError("every caravan must start first: your move is {start: CELL}");
    if (next.owed > 0)
      throw MoveError(
          fmt::format("first put the {} owed good(s) on the board: {{place: CELL}}", next.owed));
    const PlacementPlan plan = parse_placement(move, b);
    const PlacementReport report = apply_placement(next, player, plan);
    full["placed"] = report.placed;
    full["count"] = report.count;
    full["camels_back"] = report.camels_back;
    if (next.owed > 0) full["goods_owed"] = next.owed;
    if (next.owed == 0) finish(next);
  } else {
    throw MoveError(
        "not a caravanserai move: write {start: CELL}, {path: [DIR, goods...]}, {place: CELL} or "
        "pass");
  }
  pos_ = std::move(next);
  if (finished()) full["game_over"] = true;
  return core::public_event(std::move(full));
}

Document CaravanseraiState::default_move() const {
  if (finished()) throw MoveError("the game is over: no more moves");
  if (auto pass = forced_move()) return *pass;
  // The start, and the goods owed for camels: the first cell in the board's order.
  if (pos_.phase == Phase::kStart || pos_.owed > 0) return simple_moves().front();
  // The smallest placement: the new head camel alone, in the first free direction from E
  // clockwise (the placement the enumeration visits first).
  const Board& b = *pos_.board;
  const int head = pos_.players[static_cast<std::size_t>(pos_.to_move)].caravan.back().cell;
  for (int d = 0; d < kDirections; ++d) {
    const int next = b.neighbour(head, d);
    if (next >= 0 && pos_.occupant[static_cast<std::size_t>(next)] < 0)
      return {{"path", Document::array({direction_name(d)})}};
  }
  throw MoveError("there is no legal move to play");
}

std::vector<core::Event> CaravanseraiState::retire(int seat, core::Rng&) {
  if (finished()) throw MoveError("the game is over: nobody can leave it now");
  if (seat < 0 || seat >= num_players())
    throw MoveError(fmt::format("this game has no seat {}", seat + 1));
  if (pos_.is_retired(seat))
    throw MoveError(fmt::format("{} has already left the game", letter(seat)));
  Position next = pos_;
  next.retired.resize(static_cast<std::size_t>(num_players()), false);
  // The turns of the final round that were still the seat's are struck out; the turn of the
  // seat to move counts as the first of them.
  if (next.final_turns_left) {
    int at = next.to_move, kept = 0;
    for (int turn = 0; turn < *next.final_turns_left; ++turn, at = next.next_active(at))
      kept += at == seat ? 0 : 1;
    next.final_turns_left = kept;
  }
  next.retired[static_cast<std::size_t>(seat)] = true;
  Document full = {{"seat", letter(seat)}, {"retired", true}};
  if (next.active_seats() < 2 || (next.final_turns_left && *next.final_turns_left == 0)) {
    next.phase = Phase::kOver;
  } else if (seat == next.to_move) {
    next.owed = 0;  // goods still owed for its camels stay in the market
    pass_turn(next);
  }
  if (next.phase != Phase::kOver) full["to_move"] = letter(next.to_move);
  pos_ = std::move(next);
  if (finished()) full["game_over"] = true;
  return core::public_event(std::move(full));
}

void CaravanseraiState::conclude(const core::Ending& ending) {
  ended_ = ending;
  pos_.phase = Phase::kOver;
}

Document CaravanseraiState::view(int) const {
  Document doc = position_document(pos_);
  if (ended_) {
    std::vector<std::string> letters;
    for (int s = 0; s < num_players(); ++s) letters.emplace_back(1, static_cast<char>('A' + s));
    doc["ended"] = core::ending_document(*ended_, letters);
  }
  return doc;
}

std::unique_ptr<core::State> CaravanseraiState::clone() const {
  return std::make_unique<CaravanseraiState>(*this);
}

// ---- Engine ----------------------------------------------------------------------------------

std::vector<core::OptionInfo> CaravanseraiEngine::options() const {
  return {{"expert", "true|false", "false",
           "the expert variant: first block of 1, one lying camel per placement, 35 goods"},
          {"tiles", "FILE", "",
           "a YAML file with the tile set and the layouts (default: the built-in "
           "reconstruction)"}};
}

std::string CaravanseraiEngine::seat_name(int seat) const {
  if (seat < 0 || seat >= 6)
    throw std::out_of_range(fmt::format("caravanserai has no seat {}", seat));
  return letter(seat);
}

core::Setup CaravanseraiEngine::start(int players, const std::map<std::string, std::string>& opts,
                                      core::Rng& rng) const {
  check_players(players);
  Options options;
  read_options(opts, options);
  Position pos;
  pos.expert = options.expert.value_or(false);
  pos.board = std::make_shared<const Board>(deal_tiles(*options.tiles, players, rng));
  const Board& b = *pos.board;
  pos.market.fill(pos.expert ? 7 : 6);
  pos.loose.assign(static_cast<std::size_t>(b.size()), -1);
  pos.occupant.assign(static_cast<std::size_t>(b.size()), -1);
  // Set-up D: a good on one Caravanserai cell, drawn at random, of each intermediate tile.
  Document placed = Document::object();
  for (std::size_t t = 0; t < b.tiles().size(); ++t) {
    const PlacedTile& tile = b.tiles()[t];
    if (tile.role != Role::kIntermediate || tile.caravanserai.empty()) continue;
    const auto& [hex, colour] = tile.caravanserai[rng.below(tile.caravanserai.size())];
    const int cell = *b.at(hex);
    if (pos.market[static_cast<std::size_t>(colour)] == 0) continue;  // CS-13
    --pos.market[static_cast<std::size_t>(colour)];
    pos.loose[static_cast<std::size_t>(cell)] = colour;
    placed[b.name(cell)] = colour_name(colour);
  }
  Player fresh;
  fresh.goods.fill(kStartGoodsEach);
  pos.players.assign(static_cast<std::size_t>(players), fresh);
  Document event = {{"setup", fmt::format("{} tiles laid", b.tiles().size())},
                    {"goods_on_board", placed}};
  core::Setup setup;
  setup.state = std::make_unique<CaravanseraiState>(std::move(pos));
  setup.events.push_back(core::Event{core::kEveryone, std::move(event), nullptr});
  return setup;
}

std::unique_ptr<core::State> CaravanseraiEngine::restore(
    const Document& doc, int players, const std::map<std::string, std::string>& opts) const {
  check_players(players);
  Options options;
  read_options(opts, options);
  Position pos = position_from_document(doc, options.expert);
  if (pos.num_players() != players)
    throw SetupError(
        fmt::format("position: it has {} players, the game {}", pos.num_players(), players));
  return std::make_unique<CaravanseraiState>(std::move(pos));
}

const core::Engine::Notation& CaravanseraiEngine::notation() const {
  static const Notation kNotation{
      "a placement is a path: a direction, then goods by colour and turns",
      {"{path: [SW]}", "{path: [E, red, SE]}"},
      {"path", "place", "turn"}};
  return kNotation;
}

}  // namespace games::caravanserai
