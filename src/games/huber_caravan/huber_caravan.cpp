#include "games/huber_caravan/huber_caravan.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "core/data.hpp"
#include "core/text.hpp"
#include "games/huber_caravan/common.hpp"

namespace games::huber_caravan {
namespace {

using core::trimmed_lower;

using core::Document;
using core::MoveError;
using core::SetupError;

int goods_value(int good) { return is_rare(good) ? 6 : 3; }

struct Options {
  std::optional<Board> board;
  std::optional<int> camels;
  std::optional<bool> short_game;
};

Options parse_options(const std::map<std::string, std::string>& opts) {
  Options parsed;
  for (const auto& [key, value] : opts) {
    if (key == "camels") {
      if (value != "5" && value != "6")
        throw SetupError(fmt::format("option camels must be 5 or 6, not '{}'", value));
      parsed.camels = value == "5" ? 5 : 6;
    } else if (key == "short") {
      if (value != "true" && value != "false")
        throw SetupError(fmt::format("option short must be true or false, not '{}'", value));
      parsed.short_game = value == "true";
    } else if (key == "board") {
      parsed.board = Board::from_document(core::option_document("board", value));
    } else {
      throw SetupError(
          fmt::format("huber-caravan has no option '{}' (known: camels, short, board)", key));
    }
  }
  return parsed;
}

void check_players(int players) {
  if (players < 2 || players > 4)
    throw SetupError(fmt::format("huber-caravan needs 2 to 4 players, not {}", players));
}

// The text of a move's square field; MoveError when it is missing or not a square.
int move_square(const Board& board, const Document& value, const std::string& what) {
  if (!value.is_string())
    throw MoveError(
        fmt::format("{} must name a square such as \"c3\", not {}", what, value.dump()));
  const auto sq = board.parse_square(value.get<std::string>());
  if (!sq)
    throw MoveError(fmt::format("{} '{}' is not a square of the board (a1-{})", what,
                                value.get<std::string>(), board.square_name(board.squares() - 1)));
  return *sq;
}

const char* kNotation =
    "an action is `place: c3`, `move: {from: c3, to: d3}`, `pickup: b2`, `steal: e4`, "
    "`good: {from: b2, to: d3}` or `end`";

}  // namespace

// ---- Shared with document.cpp (common.hpp) ------------------------------------------------------

int component_count(int good, bool short_game) {
  if (is_rare(good)) return short_game ? 2 : 3;
  return short_game ? 6 : 9;
}

std::optional<int> seat_from_name(const std::string& text, int players) {
  const std::string word = trimmed_lower(text);
  for (int seat = 0; seat < players; ++seat)
    if (word == trimmed_lower(kSeatNames[static_cast<std::size_t>(seat)])) return seat;
  return std::nullopt;
}

void bad_position(const std::string& why) { throw SetupError("position: " + why); }

// ---- State: set-up ----------------------------------------------------------------------------

HuberCaravanState::HuberCaravanState(Setting setting, int players)
    : setting_(std::move(setting)),
      players_(static_cast<std::size_t>(players)),
      retired_(static_cast<std::size_t>(players), false),
      spaces_(kSpaces) {}

std::string HuberCaravanState::seat(int s) const {
  return kSeatNames.at(static_cast<std::size_t>(s));
}

void HuberCaravanState::set_start(core::Rng& rng) {
  for (auto& player : players_) player = PlayerState{setting_.camels, {}, {}, 0, 1};
  bag_.clear();
  for (int good = 0; good < kGoodKinds; ++good)
    bag_.insert(bag_.end(), static_cast<std::size_t>(component_count(good, setting_.short_game)),
                good);
  rng.shuffle(bag_);
  for (auto& space : spaces_) {
    space = Space{bag_.front(), 0};
    bag_.erase(bag_.begin());
  }
  for (int number : setting_.board.start_demand)
    spaces_[static_cast<std::size_t>(number - 1)].demand = 1;
  turn_number_ = 1;
  to_move_ = 0;
  left_ = allowance();
  last_progress_turn_ = 0;
  idle_turns_ = 0;
  finished_ = false;
  ended_by_.clear();
}

// ---- State: queries ---------------------------------------------------------------------------

std::optional<int> HuberCaravanState::current_player() const {
  if (finished_) return std::nullopt;
  return to_move_;
}

int HuberCaravanState::camels_on(int square) const {
  int count = 0;
  for (const auto& player : players_)
    for (const auto& camel : player.camels) count += camel.square == square ? 1 : 0;
  return count;
}

int HuberCaravanState::loaded(int s) const {
  const auto& camels = players_[static_cast<std::size_t>(s)].camels;
  return static_cast<int>(
      std::count_if(camels.begin(), camels.end(), [](const Camel& c) { return c.loaded(); }));
}

int HuberCaravanState::held(int s) const { return loaded(s); }

int HuberCaravanState::empty_camel_at(int s, int square) const {
  const auto& camels = players_[static_cast<std::size_t>(s)].camels;
  for (std::size_t i = 0; i < camels.size(); ++i)
    if (camels[i].square == square && !camels[i].loaded()) return static_cast<int>(i);
  return -1;
}

// The squares joined to `square` by orthogonal steps through squares holding at least one of
// the player's camels, loaded or not (HC-2: goods pass through loaded camels).
std::vector<bool> HuberCaravanState::chain_from(int s, int square) const {
  std::vector<bool> own(static_cast<std::size_t>(setting_.board.squares()), false);
  for (const auto& camel : players_[static_cast<std::size_t>(s)].camels)
    own[static_cast<std::size_t>(camel.square)] = true;
  std::vector<bool> reached(own.size(), false);
  if (!own[static_cast<std::size_t>(square)]) return reached;
  std::vector<int> queue = {square};
  reached[static_cast<std::size_t>(square)] = true;
  while (!queue.empty()) {
    const int at = queue.back();
    queue.pop_back();
    for (int next : setting_.board.neighbours(at)) {
      const auto n = static_cast<std::size_t>(next);
      if (own[n] && !reached[n]) {
        reached[n] = true;
        queue.push_back(next);
      }
    }
  }
  return reached;
}

int HuberCaravanState::loose_goods() const {
  return static_cast<int>(
      std::count_if(spaces_.begin(), spaces_.end(), [](const Space& s) { return s.good >= 0; }));
}

int HuberCaravanState::score(int s) const {
  const auto& player = players_[static_cast<std::size_t>(s)];
  int total = player.demand;
  for (int good = 0; good < kGoodKinds; ++good)
    total += goods_value(good) * player.delivered[static_cast<std::size_t>(good)];
  return total - penalty(held(s));
}

core::Result HuberCaravanState::result() const {
  core::Result result;
  std::vector<std::pair<int, int>> keys;  // (score, goods delivered): the HC-8 tie-break
  for (int s = 0; s < num_players(); ++s) {
    const auto& delivered = players_[static_cast<std::size_t>(s)].delivered;
    int goods = 0;
    for (int n : delivered) goods += n;
    keys.emplace_back(score(s), goods);
    result.scores.push_back(score(s));
  }
  // Only the seats still playing are ranked: one that retired never wins.
  std::optional<std::pair<int, int>> best;
  for (int s = 0; s < num_players(); ++s)
    if (!retired(s) && (!best || keys[static_cast<std::size_t>(s)] > *best))
      best = keys[static_cast<std::size_t>(s)];
  for (int s = 0; s < num_players(); ++s)
    if (!retired(s) && keys[static_cast<std::size_t>(s)] == best) result.winners.push_back(s);
  return result;
}

// ---- State: reading and checking actions ------------------------------------------------------

Action HuberCaravanState::parse(const Document& move) const {
  const Board& board = setting_.board;
  Action action;
  if (move.is_string()) {
    if (trimmed_lower(move.get<std::string>()) == "end") return action;
    throw MoveError(fmt::format("'{}' is not an action: {}", move.get<std::string>(), kNotation));
  }
  if (!move.is_object() || move.size() != 1)
    throw MoveError(fmt::format("{} is not an action: {}", move.dump(), kNotation));
  const std::string key = trimmed_lower(move.begin().key());
  const Document& body = move.begin().value();
  auto fields = [&](const std::set<std::string>& known) {
    if (!body.is_object())
      throw MoveError(
          fmt::format("{} takes a mapping such as {{from: c3, to: d3}}, not {}", key, body.dump()));
    for (const auto& item : body.items())
      if (!known.count(item.key()))
        throw MoveError(fmt::format("{} has no field '{}'", key, item.key()));
    for (const char* required : {"from", "to", "at"})
      if (known.count(required) && !body.contains(required) &&
          (std::string(required) != "at" || key == "steal"))
        throw MoveError(fmt::format("{} needs '{}'", key, required));
  };
  auto colour_field = [&](const Document& doc) {
    const Document& value = doc.contains("colour") ? doc.at("colour") : doc.at("color");
    const auto good = value.is_string() ? parse_good(value.get<std::string>()) : std::nullopt;
    if (!good) throw MoveError(fmt::format("{} is not a good's name or colour", value.dump()));
    return *good;
  };
  if (key == "place" || key == "pickup") {
    action.kind = key == "place" ? Action::kPlace : Action::kPickup;
    action.from = move_square(board, body, key);
  } else if (key == "move") {
    fields({"from", "to"});
    action.kind = Action::kMove;
    action.from = move_square(board, body.at("from"), "from");
    action.to = move_square(board, body.at("to"), "to");
  } else if (key == "steal") {
    action.kind = Action::kSteal;
    if (body.is_string()) {
      action.from = move_square(board, body, key);
    } else {
      fields({"at", "victim", "colour", "color"});
      action.from = move_square(board, body.at("at"), "at");
      if (body.contains("victim")) {
        const Document& victim = body.at("victim");
        const auto seat_index = victim.is_string()
                                    ? seat_from_name(victim.get<std::string>(), num_players())
                                    : std::nullopt;
        if (!seat_index)
          throw MoveError(fmt::format("victim {} is not a player of this game", victim.dump()));
        action.victim = *seat_index;
      }
      if (body.contains("colour") || body.contains("color")) action.good = colour_field(body);
    }
  } else if (key == "good") {
    fields({"from", "to", "colour", "color", "under"});
    action.kind = Action::kGood;
    action.from = move_square(board, body.at("from"), "from");
    action.to = move_square(board, body.at("to"), "to");
    if (body.contains("colour") || body.contains("color")) action.good = colour_field(body);
    if (body.contains("under")) {
      if (!body.at("under").is_boolean())
        throw MoveError("under must be true (the stolen good under a camel) or false");
      action.under = body.at("under").get<bool>() ? 1 : 0;
    }
  } else {
    throw MoveError(fmt::format("'{}' is not an action: {}", key, kNotation));
  }
  return action;
}

namespace {

// The distinct goods an action may mean: (owner or victim, good, under).
struct Variant {
  int seat;
  int good;
  bool under;
  auto operator<=>(const Variant&) const = default;
};

}  // namespace

int HuberCaravanState::resolve(Action& a) const {
  const Board& board = setting_.board;
  const PlayerState& me = players_[static_cast<std::size_t>(to_move_)];
  int cost = 1;
  auto ban = [&] {  // HC-5: no action may leave every camel of the player loaded
    if (loaded(to_move_) + 1 >= setting_.camels)
      throw MoveError(
          fmt::format("that would load the last of your {} camels; one must stay empty (HC-5)",
                      setting_.camels));
  };
  auto need_empty_camel = [&](int square, const char* why) {
    if (empty_camel_at(to_move_, square) < 0)
      throw MoveError(
          fmt::format("you have no empty camel on {} to {}", board.square_name(square), why));
  };
  const auto on_top = [](const Camel& c) { return c.loaded() && !c.under; };
  switch (a.kind) {
    case Action::kEnd:
      return 0;
    case Action::kPlace:
      if (me.supply == 0)
        throw MoveError("all your camels are on the board: move an empty one instead");
      cost = camels_on(a.from) > 0 ? 2 : 1;
      break;
    case Action::kMove: {
      if (empty_camel_at(to_move_, a.from) < 0) {
        const bool any = std::any_of(me.camels.begin(), me.camels.end(),
                                     [&](const Camel& c) { return c.square == a.from; });
        throw MoveError(any ? fmt::format("your camels on {} carry goods and cannot move",
                                          board.square_name(a.from))
                            : fmt::format("you have no camel on {}", board.square_name(a.from)));
      }
      if (a.to == a.from)
        throw MoveError(fmt::format("a camel cannot move onto its own space {} (HC-8)",
                                    board.square_name(a.from)));
      cost = camels_on(a.to) > 0 ? 2 : 1;
      break;
    }
    case Action::kPickup: {
      const auto space = board.space_at(a.from);
      if (!space || spaces_[static_cast<std::size_t>(*space)].good < 0)
        throw MoveError(fmt::format("no loose good lies on {}", board.square_name(a.from)));
      need_empty_camel(a.from, "pick it up");
      ban();
      a.good = spaces_[static_cast<std::size_t>(*space)].good;
      break;
    }
    case Action::kSteal: {
      need_empty_camel(a.from, "steal with");
      if (me.theft == 0) throw MoveError("you have no theft marker, so you cannot steal");
      std::set<Variant> all, match;
      for (int s = 0; s < num_players(); ++s) {
        if (s == to_move_) continue;
        for (const auto& camel : players_[static_cast<std::size_t>(s)].camels) {
          if (camel.square != a.from || !on_top(camel)) continue;
          Variant v{s, camel.good, false};
          all.insert(v);
          if ((a.victim < 0 || a.victim == s) && (a.good < 0 || a.good == camel.good))
            match.insert(v);
        }
      }
      if (a.victim == to_move_) throw MoveError("you cannot steal from yourself");
      if (all.empty())
        throw MoveError(fmt::format(
            "no other player's camel on {} carries a good that can be stolen (a good under a "
            "camel cannot be stolen again)",
            board.square_name(a.from)));
      if (match.empty()) throw MoveError("no such good to steal there");
      if (match.size() > 1) {
        std::vector<std::string> options;
        for (const auto& v : match)
          options.push_back(fmt::format("{} {}", seat(v.seat), good_name(v.good)));
        throw MoveError(fmt::format("ambiguous steal on {}: name the victim and colour ({})",
                                    board.square_name(a.from), fmt::join(options, ", ")));
      }
      ban();
      a.victim = match.begin()->seat;
      a.good = match.begin()->good;
      break;
    }
    case Action::kGood: {
      std::set<Variant> match;
      bool any = false;
      for (const auto& camel : me.camels) {
        if (camel.square != a.from || !camel.loaded()) continue;
        any = true;
        if ((a.good < 0 || a.good == camel.good) &&
            (a.under < 0 || a.under == (camel.under ? 1 : 0)))
          match.insert({to_move_, camel.good, camel.under});
      }
      if (!any)
        throw MoveError(
            fmt::format("none of your camels on {} carries a good", board.square_name(a.from)));
      if (match.empty()) throw MoveError("none of your camels there carries that good");
      if (match.size() > 1) {
        std::vector<std::string> options;
        for (const auto& v : match)
          options.push_back(good_name(v.good) + (v.under ? " (under)" : ""));
        throw MoveError(
            fmt::format("ambiguous: your camels on {} carry {}; say which (colour, "
                        "under)",
                        board.square_name(a.from), fmt::join(options, ", ")));
      }
      a.good = match.begin()->good;
      a.under = match.begin()->under ? 1 : 0;
      if (empty_camel_at(to_move_, a.to) < 0)
        throw MoveError(
            fmt::format("you have no empty camel on {} to take the good", board.square_name(a.to)));
      if (!chain_from(to_move_, a.from)[static_cast<std::size_t>(a.to)])
        throw MoveError(fmt::format(
            "{} and {} are not joined by a chain of your camels (orthogonal steps only)",
            board.square_name(a.from), board.square_name(a.to)));
      break;
    }
  }
  if (cost > left_)
    throw MoveError(fmt::format("that costs {} actions and you have {} left", cost, left_));
  return cost;
}

Document HuberCaravanState::canonical(const Action& a) const {
  const Board& board = setting_.board;
  switch (a.kind) {
    case Action::kEnd:
      return "end";
    case Action::kPlace:
      return {{"place", board.square_name(a.from)}};
    case Action::kPickup:
      return {{"pickup", board.square_name(a.from)}};
    case Action::kMove:
      return {{"move", {{"from", board.square_name(a.from)}, {"to", board.square_name(a.to)}}}};
    case Action::kSteal: {
      std::set<Variant> all;
      for (int s = 0; s < num_players(); ++s) {
        if (s == to_move_) continue;
        for (const auto& camel : players_[static_cast<std::size_t>(s)].camels)
          if (camel.square == a.from && camel.loaded() && !camel.under)
            all.insert({s, camel.good, false});
      }
      if (all.size() <= 1) return {{"steal", board.square_name(a.from)}};
      Document body = {{"at", board.square_name(a.from)}};
      std::set<int> victims, colours;
      for (const auto& v : all) {
        victims.insert(v.seat);
        if (v.seat == a.victim) colours.insert(v.good);
      }
      if (victims.size() > 1) body["victim"] = seat(a.victim);
      if (colours.size() > 1) body["colour"] = good_name(a.good);
      return {{"steal", body}};
    }
    case Action::kGood: {
      std::set<std::pair<int, bool>> here;
      std::set<int> colours;
      for (const auto& camel : players_[static_cast<std::size_t>(to_move_)].camels)
        if (camel.square == a.from && camel.loaded()) {
          here.insert({camel.good, camel.under});
          colours.insert(camel.good);
        }
      Document body = {{"from", board.square_name(a.from)}, {"to", board.square_name(a.to)}};
      if (colours.size() > 1) body["colour"] = good_name(a.good);
      if (here.count({a.good, true}) && here.count({a.good, false})) body["under"] = a.under == 1;
      return {{"good", body}};
    }
  }
  return nullptr;
}

std::vector<Document> HuberCaravanState::legal_moves() const {
  std::vector<Document> moves;
  if (finished_) return moves;
  auto offer = [&](Action a) {
    try {
      resolve(a);
    } catch (const MoveError&) {
      return;
    }
    moves.push_back(canonical(a));
  };
  const PlayerState& me = players_[static_cast<std::size_t>(to_move_)];
  const int squares = setting_.board.squares();
  if (me.supply > 0)
    for (int sq = 0; sq < squares; ++sq) offer({Action::kPlace, sq});
  std::set<int> empty_at, loaded_at;
  for (const auto& camel : me.camels) (camel.loaded() ? loaded_at : empty_at).insert(camel.square);
  for (int from : empty_at)
    for (int to = 0; to < squares; ++to)
      if (to != from) offer({Action::kMove, from, to});
  for (int from : empty_at) {
    if (setting_.board.space_at(from)) offer({Action::kPickup, from});
    std::set<Variant> victims;
    for (int s = 0; s < num_players(); ++s) {
      if (s == to_move_) continue;
      for (const auto& camel : players_[static_cast<std::size_t>(s)].camels)
        if (camel.square == from && camel.loaded() && !camel.under)
          victims.insert({s, camel.good, false});
    }
    for (const auto& v : victims) offer({Action::kSteal, from, -1, v.seat, v.good});
  }
  for (int from : loaded_at) {
    std::set<std::pair<int, bool>> cargo;
    for (const auto& camel : me.camels)
      if (camel.square == from && camel.loaded()) cargo.insert({camel.good, camel.under});
    const auto chain = chain_from(to_move_, from);
    for (int to : empty_at) {
      if (!chain[static_cast<std::size_t>(to)]) continue;
      for (const auto& [good, under] : cargo)
        offer({Action::kGood, from, to, -1, good, under ? 1 : 0});
    }
  }
  moves.emplace_back("end");
  return moves;
}

std::optional<Document> HuberCaravanState::end_turn_move() const {
  if (finished_) return std::nullopt;
  return Document("end");
}

Document HuberCaravanState::default_move() const {
  if (finished_) throw MoveError("the game is over: no more actions");
  return "end";
}

// ---- State: applying actions ------------------------------------------------------------------

std::vector<core::Event> HuberCaravanState::apply(int player, const Document& move, core::Rng&) {
  if (finished_) throw MoveError("the game is over: no more actions");
  if (player != to_move_)
    throw MoveError(fmt::format("it is not your turn: {} is to move", seat(to_move_)));
  Action action = parse(move);
  const int cost = resolve(action);
  return {core::Event{core::kEveryone, perform(action, cost), nullptr}};
}

void HuberCaravanState::sort_camels(int s) {
  auto& camels = players_[static_cast<std::size_t>(s)].camels;
  std::sort(camels.begin(), camels.end());
}

Document HuberCaravanState::perform(const Action& a, int cost) {
  const Board& board = setting_.board;
  Document event = {{"seat", seat(to_move_)}, {"action", canonical(a)}, {"cost", cost}};
  PlayerState& me = players_[static_cast<std::size_t>(to_move_)];
  auto camel_index = [&](int s, int square, int good, bool under) {
    const auto& camels = players_[static_cast<std::size_t>(s)].camels;
    for (std::size_t i = 0; i < camels.size(); ++i)
      if (camels[i].square == square && camels[i].good == good && camels[i].under == under)
        return i;
    throw std::logic_error("huber-caravan: a resolved action names no camel");
  };
  switch (a.kind) {
    case Action::kEnd:
      end_turn(event);
      return event;
    case Action::kPlace:
      --me.supply;
      me.camels.push_back({a.from});
      break;
    case Action::kMove:
      me.camels[camel_index(to_move_, a.from, -1, false)].square = a.to;
      break;
    case Action::kPickup: {
      Space& space = spaces_[static_cast<std::size_t>(*board.space_at(a.from))];
      me.camels[camel_index(to_move_, a.from, -1, false)].good = space.good;
      event["good"] = good_name(space.good);
      event["demand"] = space.demand;
      me.demand += space.demand;
      space = Space{};
      last_progress_turn_ = turn_number_;
      break;
    }
    case Action::kSteal: {
      auto& victim = players_[static_cast<std::size_t>(a.victim)];
      victim.camels[camel_index(a.victim, a.from, a.good, false)].good = -1;
      Camel& thief = me.camels[camel_index(to_move_, a.from, -1, false)];
      thief.good = a.good;
      thief.under = true;
      --me.theft;
      ++victim.theft;
      event["victim"] = seat(a.victim);
      event["good"] = good_name(a.good);
      sort_camels(a.victim);
      break;
    }
    case Action::kGood: {
      const auto from = camel_index(to_move_, a.from, a.good, a.under == 1);
      const auto to = camel_index(to_move_, a.to, -1, false);
      me.camels[from].good = -1;
      me.camels[from].under = false;
      event["good"] = good_name(a.good);
      if (board.market_of(a.to) == a.good) {  // HC-8: landing on the market always delivers
        ++me.delivered[static_cast<std::size_t>(a.good)];
        event["delivered"] = true;
        last_progress_turn_ = turn_number_;
        if (bag_.empty()) {  // HC-7: the first delivery after the last draw ends the game
          finished_ = true;
          ended_by_ = "delivery";
          event["game_over"] = ended_by_;
        }
      } else {
        me.camels[to].good = a.good;
      }
      break;
    }
  }
  sort_camels(to_move_);
  left_ -= cost;
  if (finished_) return event;
  refill(event);
  if (left_ == 0) end_turn(event);
  return event;
}

void HuberCaravanState::refill(Document& event) {
  if (loose_goods() != kRefillAt || bag_.empty()) return;
  Document markers = Document::array();
  Document drawn = Document::array();
  for (std::size_t i = 0; i < spaces_.size(); ++i)
    if (spaces_[i].good >= 0) {
      ++spaces_[i].demand;
      markers.push_back(i + 1);
    }
  for (std::size_t i = 0; i < spaces_.size() && !bag_.empty(); ++i)
    if (spaces_[i].good < 0) {
      spaces_[i].good = bag_.front();
      bag_.erase(bag_.begin());
      drawn.push_back({{"space", i + 1}, {"good", good_name(spaces_[i].good)}});
    }
  event["refill"] = {{"demand", markers}, {"drawn", drawn}};
  if (bag_.empty()) event["end_triggered"] = true;
}

void HuberCaravanState::end_turn(Document& event) {
  const bool acted = left_ < allowance();
  if (bag_.empty()) idle_turns_ = acted ? 0 : idle_turns_ + 1;
  if (bag_.empty() && idle_turns_ >= active_seats()) {
    ended_by_ = "idle";  // HC-7: a whole round without an action after the trigger
  } else if (turn_number_ - last_progress_turn_ >= kQuietRounds * active_seats()) {
    ended_by_ = "stall";
  }
  if (!ended_by_.empty()) {
    finished_ = true;
    event["game_over"] = ended_by_;
    return;
  }
  ++turn_number_;
  do to_move_ = (to_move_ + 1) % num_players();
  while (retired(to_move_));
  left_ = allowance();
  event["next"] = {{"player", seat(to_move_)}, {"actions", left_}};
}

int HuberCaravanState::active_seats() const {
  return static_cast<int>(std::count(retired_.begin(), retired_.end(), false));
}

std::vector<core::Event> HuberCaravanState::retire(int s, core::Rng&) {
  if (finished_) throw MoveError("the game is over: nobody can leave it now");
  if (s < 0 || s >= num_players()) throw MoveError(fmt::format("this game has no seat {}", s + 1));
  if (retired(s)) throw MoveError(fmt::format("{} has already left the game", seat(s)));
  retired_[static_cast<std::size_t>(s)] = true;
  Document event = {{"seat", seat(s)}, {"retired", true}};
  if (active_seats() < 2) {
    finished_ = true;
    ended_by_ = "retired";
    event["game_over"] = ended_by_;
  } else if (s == to_move_) {
    end_turn(event);  // the turn it leaves is over; the next seat still playing moves
  }
  return {core::Event{core::kEveryone, std::move(event), nullptr}};
}

// View and set_from: document.cpp.

std::unique_ptr<core::State> HuberCaravanState::clone() const {
  return std::make_unique<HuberCaravanState>(*this);
}

std::unique_ptr<core::State> HuberCaravanState::resample(int, core::Rng& rng) const {
  // Only the bag's order is hidden from every player: a world they cannot tell apart has the
  // same goods in the bag in another order.
  auto other = std::make_unique<HuberCaravanState>(*this);
  rng.shuffle(other->bag_);
  return other;
}

// ---- Engine -----------------------------------------------------------------------------------

std::vector<core::OptionInfo> HuberCaravanEngine::options() const {
  return {{"camels", "5|6", "5", "camels per player (6: the casual game)"},
          {"short", "true|false", "false",
           "the shorter game: 6 of each common good and 2 of each rare good"},
          {"board", "FILE", "built-in",
           "a board file (YAML: columns, rows, markets, spaces, demand); default HC-1's board"}};
}

std::string HuberCaravanEngine::seat_name(int seat) const {
  if (seat < 0 || seat > 3)
    throw std::out_of_range(fmt::format("huber-caravan has no seat {}", seat));
  return kSeatNames[static_cast<std::size_t>(seat)];
}

core::Setup HuberCaravanEngine::start(int players, const std::map<std::string, std::string>& opts,
                                      core::Rng& rng) const {
  check_players(players);
  const Options parsed = parse_options(opts);
  Setting setting{parsed.board.value_or(Board::standard()), parsed.camels.value_or(5),
                  parsed.short_game.value_or(false)};
  auto state = std::make_unique<HuberCaravanState>(std::move(setting), players);
  state->set_start(rng);
  Document full = state->view(core::kEveryone);
  Document laid = Document::array();
  for (const auto& space : full["spaces"]) laid.push_back(space);
  core::Event event{core::kEveryone, {{"setup", {{"spaces", laid}}}}, nullptr};
  return {std::move(state), {event}};
}

std::unique_ptr<core::State> HuberCaravanEngine::restore(
    const Document& doc, int players, const std::map<std::string, std::string>& opts) const {
  check_players(players);
  const Options parsed = parse_options(opts);
  if (!doc.is_object())
    throw SetupError("a huber-caravan position must be a mapping (a 'view --referee' document)");
  Setting setting;
  try {
    if (doc.contains("board")) {
      setting.board = Board::from_document(doc.at("board"));
      if (parsed.board && !(*parsed.board == setting.board))
        throw SetupError("position: its board differs from the board option");
    } else {
      setting.board = parsed.board.value_or(Board::standard());
    }
    setting.camels = parsed.camels.value_or(5);
    if (doc.contains("camels")) {
      const Document& c = doc.at("camels");
      if (c != 5 && c != 6) bad_position("\"camels\" must be 5 or 6");
      if (parsed.camels && c != *parsed.camels)
        bad_position(fmt::format("it says camels={} but the option says camels={}", c.dump(),
                                 *parsed.camels));
      setting.camels = c.get<int>();
    }
    setting.short_game = parsed.short_game.value_or(false);
    if (doc.contains("short")) {
      const Document& s = doc.at("short");
      if (!s.is_boolean()) bad_position("\"short\" must be true or false");
      if (parsed.short_game && s != *parsed.short_game)
        bad_position(fmt::format("it says short={} but the option says short={}", s.dump(),
                                 *parsed.short_game));
      setting.short_game = s.get<bool>();
    }
    auto state = std::make_unique<HuberCaravanState>(std::move(setting), players);
    state->set_from(doc);
    return state;
  } catch (const Document::exception& e) {
    throw SetupError(fmt::format("position: unreadable ({})", e.what()));
  }
}

}  // namespace games::huber_caravan
