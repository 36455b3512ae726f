#include "games/huber_caravan/huber_caravan.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <climits>
#include <cmath>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "core/data.hpp"
#include "core/recent.hpp"
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

// ---- Layout and bag ----------------------------------------------------------------------------

namespace {

using KeptLayout = std::shared_ptr<const Layout>;

// The last few layouts made. Only a layout of a board read without error is here, so a board
// document found here is one Board::from_document accepts and gives back.
core::Recent<KeptLayout, 4>& layouts() {
  static core::Recent<KeptLayout, 4> kept;
  return kept;
}

}  // namespace

std::shared_ptr<const Layout> layout_of(Setting setting) {
  if (auto layout = layouts().find([&](const KeptLayout& l) { return l->setting == setting; },
                                   [](const KeptLayout& l) { return l; }))
    return *layout;
  auto layout = std::make_shared<const Layout>(std::move(setting));
  layouts().keep(layout);
  return layout;
}

Board board_of(const Document& doc) {
  if (auto board = layouts().find(
          [&](const KeptLayout& l) { return core::identical(l->board_document, doc); },
          [](const KeptLayout& l) { return l->setting.board; }))
    return std::move(*board);
  return Board::from_document(doc);
}

Layout::Layout(Setting from) : setting(std::move(from)) {
  const Board& board = setting.board;
  const auto squares = static_cast<std::size_t>(board.squares());
  square_names.reserve(squares);
  for (int sq = 0; sq < board.squares(); ++sq) square_names.push_back(board.square_name(sq));
  space_at.assign(squares, -1);
  for (std::size_t i = 0; i < board.spaces.size(); ++i)
    space_at[static_cast<std::size_t>(board.spaces[i])] = static_cast<std::int8_t>(i);
  market_at.assign(squares, -1);
  for (int good = 0; good < kGoodKinds; ++good)
    market_at[static_cast<std::size_t>(board.markets[static_cast<std::size_t>(good)])] =
        static_cast<std::int8_t>(good);
  board_document = board.to_document();
}

bool Layout::adjacent(int a, int b) const {
  const int columns = setting.board.columns;
  const int rows_apart = std::abs(a / columns - b / columns);
  const int columns_apart = std::abs(a % columns - b % columns);
  return rows_apart + columns_apart == 1;
}

void Bag::assign(const std::vector<int>& goods) {
  front_ = 0;
  end_ = 0;
  for (int good : goods) goods_[end_++] = static_cast<std::int8_t>(good);
}

void Bag::shuffle(core::Rng& rng) {  // Rng::shuffle's Fisher-Yates, on the goods still in
  std::int8_t* items = goods_.data() + front_;
  for (std::size_t i = static_cast<std::size_t>(size()); i > 1; --i)
    std::swap(items[i - 1], items[rng.below(i)]);
}

// ---- State: set-up ----------------------------------------------------------------------------

HuberCaravanState::HuberCaravanState(Setting setting, int players)
    : layout_(layout_of(std::move(setting))), players_count_(static_cast<std::int8_t>(players)) {}

std::string HuberCaravanState::seat(int s) const {
  return kSeatNames.at(static_cast<std::size_t>(s));
}

const char* HuberCaravanState::ending_name(Ending ending) {
  switch (ending) {
    case Ending::kDelivery:
      return "delivery";
    case Ending::kStall:
      return "stall";
    case Ending::kIdle:
      return "idle";
    case Ending::kRetired:
      return "retired";
    case Ending::kNone:
      break;
  }
  return "";
}

void HuberCaravanState::set_start(core::Rng& rng) {
  for (int s = 0; s < num_players(); ++s) player(s) = PlayerState{setting().camels, {}, {}, 0, 1};
  std::vector<int> bag;
  for (int good = 0; good < kGoodKinds; ++good)
    bag.insert(bag.end(), static_cast<std::size_t>(component_count(good, setting().short_game)),
               good);
  rng.shuffle(bag);
  bag_.assign(bag);
  for (auto& space : spaces_) space = Space{static_cast<std::int8_t>(bag_.draw()), 0};
  for (int number : board().start_demand) spaces_[static_cast<std::size_t>(number - 1)].demand = 1;
  turn_number_ = 1;
  to_move_ = 0;
  left_ = static_cast<std::int8_t>(allowance());
  last_progress_turn_ = 0;
  idle_turns_ = 0;
  finished_ = false;
  ended_by_ = Ending::kNone;
}

// ---- State: queries ---------------------------------------------------------------------------

std::optional<int> HuberCaravanState::current_player() const {
  if (finished_) return std::nullopt;
  return to_move_;
}

int HuberCaravanState::camels_on(int square) const {
  int count = 0;
  for (int s = 0; s < num_players(); ++s)
    for (const auto& camel : player(s).camels) count += camel.square == square ? 1 : 0;
  return count;
}

int HuberCaravanState::loaded(int s) const {
  const auto& camels = player(s).camels;
  return static_cast<int>(
      std::count_if(camels.begin(), camels.end(), [](const Camel& c) { return c.loaded(); }));
}

int HuberCaravanState::held(int s) const { return loaded(s); }

int HuberCaravanState::empty_camel_at(int s, int square) const {
  const auto& camels = player(s).camels;
  for (int i = 0; i < camels.size(); ++i)
    if (camels[i].square == square && !camels[i].loaded()) return i;
  return -1;
}

// HC-2: goods pass through loaded camels too, so every camel of the player is a step.
bool HuberCaravanState::joined(int s, int from, int to) const {
  const Camels& camels = player(s).camels;
  std::array<int, kMaxCamels> reached{};
  int count = 0;
  for (const Camel& camel : camels)
    if (camel.square == from) {
      reached[static_cast<std::size_t>(count++)] = from;
      break;
    }
  for (int i = 0; i < count; ++i) {
    const int at = reached[static_cast<std::size_t>(i)];
    if (at == to) return true;
    for (const Camel& camel : camels) {
      if (!layout_->adjacent(at, camel.square)) continue;
      if (std::find(reached.begin(), reached.begin() + count, camel.square) ==
          reached.begin() + count)
        reached[static_cast<std::size_t>(count++)] = camel.square;
    }
  }
  return false;
}

int HuberCaravanState::loose_goods() const {
  return static_cast<int>(
      std::count_if(spaces_.begin(), spaces_.end(), [](const Space& s) { return s.good >= 0; }));
}

int HuberCaravanState::score(int s) const {
  const auto& p = player(s);
  int total = p.demand;
  for (int good = 0; good < kGoodKinds; ++good)
    total += goods_value(good) * p.delivered[static_cast<std::size_t>(good)];
  return total - penalty(held(s));
}

void HuberCaravanState::conclude(const core::Ending& ending) {
  ended_ = ending;
  finished_ = true;
}

core::Result HuberCaravanState::result() const {
  if (ended_) return core::ending_result(*ended_, num_players());
  core::Result result;
  std::vector<std::pair<int, int>> keys;  // (score, goods delivered): the HC-8 tie-break
  for (int s = 0; s < num_players(); ++s) {
    int goods = 0;
    for (int n : player(s).delivered) goods += n;
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

std::optional<Document> HuberCaravanState::end_turn_move() const {
  if (finished_) return std::nullopt;
  return Document("end");
}

Document HuberCaravanState::default_move() const {
  if (finished_) throw MoveError("the game is over: no more actions");
  return "end";
}

// ---- State: applying actions ------------------------------------------------------------------

std::vector<core::Event> HuberCaravanState::apply(int p, const Document& move, core::Rng&) {
  if (finished_) throw MoveError("the game is over: no more actions");
  if (p != to_move_)
    throw MoveError(fmt::format("it is not your turn: {} is to move", seat(to_move_)));
  Action action = parse(move);
  const int cost = resolve(action);
  std::vector<core::Event> events(1);
  perform(action, cost, &events.front().full);
  return events;
}

void HuberCaravanState::sort_camels(int s) {
  auto& camels = player(s).camels;
  std::sort(camels.begin(), camels.end());
}

void HuberCaravanState::perform(const Action& a, int cost, Document* event) {
  if (event) {
    *event = member("action", canonical(a));
    put(*event, "cost", cost);
    put(*event, "seat", seat(to_move_));
  }
  PlayerState& me = player(to_move_);
  auto camel_index = [&](int s, int square, int good, bool under) {
    const auto& camels = player(s).camels;
    for (int i = 0; i < camels.size(); ++i)
      if (camels[i].square == square && camels[i].good == good && camels[i].under == under)
        return i;
    throw std::logic_error("huber-caravan: a resolved action names no camel");
  };
  switch (a.kind) {
    case Action::kEnd:
      end_turn(event);
      return;
    case Action::kPlace:
      --me.supply;
      me.camels.push_back({static_cast<std::int16_t>(a.from)});
      break;
    case Action::kMove:
      me.camels[camel_index(to_move_, a.from, -1, false)].square = static_cast<std::int16_t>(a.to);
      break;
    case Action::kPickup: {
      Space& space =
          spaces_[static_cast<std::size_t>(layout_->space_at[static_cast<std::size_t>(a.from)])];
      me.camels[camel_index(to_move_, a.from, -1, false)].good = space.good;
      if (event) {
        (*event)["good"] = good_name(space.good);
        (*event)["demand"] = space.demand;
      }
      me.demand += space.demand;
      space = Space{};
      last_progress_turn_ = turn_number_;
      break;
    }
    case Action::kSteal: {
      auto& victim = player(a.victim);
      victim.camels[camel_index(a.victim, a.from, a.good, false)].good = -1;
      Camel& thief = me.camels[camel_index(to_move_, a.from, -1, false)];
      thief.good = static_cast<std::int8_t>(a.good);
      thief.under = true;
      --me.theft;
      ++victim.theft;
      if (event) {
        (*event)["victim"] = seat(a.victim);
        (*event)["good"] = good_name(a.good);
      }
      sort_camels(a.victim);
      break;
    }
    case Action::kGood: {
      const auto from = camel_index(to_move_, a.from, a.good, a.under == 1);
      const auto to = camel_index(to_move_, a.to, -1, false);
      me.camels[from].good = -1;
      me.camels[from].under = false;
      if (event) (*event)["good"] = good_name(a.good);
      if (layout_->market_at[static_cast<std::size_t>(a.to)] == a.good) {
        // HC-8: landing on the market always delivers
        ++me.delivered[static_cast<std::size_t>(a.good)];
        if (event) (*event)["delivered"] = true;
        last_progress_turn_ = turn_number_;
        if (bag_.empty()) {  // HC-7: the first delivery after the last draw ends the game
          finished_ = true;
          ended_by_ = Ending::kDelivery;
          if (event) (*event)["game_over"] = ending_name(ended_by_);
        }
      } else {
        me.camels[to].good = static_cast<std::int8_t>(a.good);
      }
      break;
    }
  }
  sort_camels(to_move_);
  left_ = static_cast<std::int8_t>(left_ - cost);
  if (finished_) return;
  refill(event);
  if (left_ == 0) end_turn(event);
}

void HuberCaravanState::refill(Document* event) {
  if (loose_goods() != kRefillAt || bag_.empty()) return;
  Document markers = Document::array();
  Document drawn = Document::array();
  for (std::size_t i = 0; i < spaces_.size(); ++i)
    if (spaces_[i].good >= 0) {
      ++spaces_[i].demand;
      if (event) markers.push_back(i + 1);
    }
  for (std::size_t i = 0; i < spaces_.size() && !bag_.empty(); ++i)
    if (spaces_[i].good < 0) {
      spaces_[i].good = static_cast<std::int8_t>(bag_.draw());
      if (event) drawn.push_back({{"space", i + 1}, {"good", good_name(spaces_[i].good)}});
    }
  if (!event) return;
  (*event)["refill"] = {{"demand", markers}, {"drawn", drawn}};
  if (bag_.empty()) (*event)["end_triggered"] = true;
}

void HuberCaravanState::end_turn(Document* event) {
  const bool acted = left_ < allowance();
  if (bag_.empty()) idle_turns_ = acted ? 0 : idle_turns_ + 1;
  if (bag_.empty() && idle_turns_ >= active_seats()) {
    ended_by_ = Ending::kIdle;  // HC-7: a whole round without an action after the trigger
  } else if (turn_number_ - last_progress_turn_ >= kQuietRounds * active_seats()) {
    ended_by_ = Ending::kStall;
  }
  if (ended_by_ != Ending::kNone) {
    finished_ = true;
    if (event) (*event)["game_over"] = ending_name(ended_by_);
    return;
  }
  ++turn_number_;
  do to_move_ = static_cast<std::int8_t>((to_move_ + 1) % num_players());
  while (retired(to_move_));
  left_ = static_cast<std::int8_t>(allowance());
  if (event) (*event)["next"] = {{"player", seat(to_move_)}, {"actions", int{left_}}};
}

int HuberCaravanState::active_seats() const {
  int active = 0;
  for (int s = 0; s < num_players(); ++s) active += retired(s) ? 0 : 1;
  return active;
}

std::vector<core::Event> HuberCaravanState::retire(int s, core::Rng&) {
  if (finished_) throw MoveError("the game is over: nobody can leave it now");
  if (s < 0 || s >= num_players()) throw MoveError(fmt::format("this game has no seat {}", s + 1));
  if (retired(s)) throw MoveError(fmt::format("{} has already left the game", seat(s)));
  retired_ = static_cast<std::uint8_t>(retired_ | (1U << s));
  Document event = {{"seat", seat(s)}, {"retired", true}};
  if (active_seats() < 2) {
    finished_ = true;
    ended_by_ = Ending::kRetired;
    event["game_over"] = ending_name(ended_by_);
  } else if (s == to_move_) {
    end_turn(&event);  // the turn it leaves is over; the next seat still playing moves
  }
  return core::public_event(std::move(event));
}

// View and set_from: document.cpp; reading, listing and writing actions: actions.cpp.

std::unique_ptr<core::State> HuberCaravanState::clone() const {
  return std::make_unique<HuberCaravanState>(*this);
}

std::unique_ptr<core::State> HuberCaravanState::resample(int, core::Rng& rng) const {
  // Only the bag's order is hidden from every player: a world they cannot tell apart has the
  // same goods in the bag in another order.
  auto other = std::make_unique<HuberCaravanState>(*this);
  other->bag_.shuffle(rng);
  return other;
}

// The fewest actions that would join `from` to the good's market by the seat's camels, so that
// one more action delivers: a 0-1-2 breadth-first search over the grid where a square holding a
// camel of the seat costs nothing (on the market, an empty one), an empty square one action (a
// camel placed or moved there) and a square where other camels stand two (HC-5). A chain that
// needs more camels than the seat has spare is built in stages: the good goes to the chain's front,
// which frees the camels behind it to be moved on, one more action a stage. -1: no camel to spare
// (no legal position: HC-5 always leaves a camel empty or in the supply).
int HuberCaravanState::actions_to_deliver(int s, int from, int market) const {
  const Board& board = setting().board;
  const Camels& camels = player(s).camels;
  const int squares = board.squares();
  // The cost of entering each square, and the search's buffers: kept between calls (the search
  // bots evaluate many positions), each sized to the board.
  thread_local std::vector<std::int8_t> cost;
  thread_local std::vector<std::pair<int, int>> best;
  thread_local std::array<std::vector<int>, 3> buckets;
  cost.assign(static_cast<std::size_t>(squares), 1);
  int spare = player(s).supply;  // camels that could still be placed or moved into a chain
  for (int t = 0; t < num_players(); ++t)
    if (t != s)
      for (const Camel& camel : player(t).camels) cost[static_cast<std::size_t>(camel.square)] = 2;
  bool own_market = false;  // a camel of the seat on the market, any load
  for (const Camel& camel : camels) {
    if (camel.square == market) own_market = true;
    cost[static_cast<std::size_t>(camel.square)] = 0;
    if (!camel.loaded()) ++spare;
  }
  // A camel placed where any camel stands costs two actions; an empty one of the seat, none.
  const auto m = static_cast<std::size_t>(market);
  if (empty_camel_at(s, market) >= 0)
    cost[m] = 0;
  else if (own_market)
    cost[m] = 2;
  // Dijkstra with costs 0-2 on at most 26 x 99 squares, by buckets: (actions, camels needed).
  best.assign(static_cast<std::size_t>(squares), {INT_MAX, 0});
  for (auto& bucket : buckets) bucket.clear();
  best[static_cast<std::size_t>(from)] = {0, 0};
  buckets[0].push_back(from);
  for (int level = 0, open = 1; open > 0; ++level) {
    auto& here = buckets[static_cast<std::size_t>(level % 3)];
    for (std::size_t i = 0; i < here.size(); ++i) {
      const int at = here[i];
      --open;
      const auto [actions, needed] = best[static_cast<std::size_t>(at)];
      if (actions != level) continue;
      if (at == market) {
        if (needed <= spare) return actions;
        if (spare == 0) return -1;
        return actions + (needed - 1) / spare;  // the stages after the first, each a good moved
      }
      const int col = at % board.columns;
      const std::array<int, 4> around = {at >= board.columns ? at - board.columns : -1,
                                         col > 0 ? at - 1 : -1,
                                         col + 1 < board.columns ? at + 1 : -1,
                                         at + board.columns < squares ? at + board.columns : -1};
      for (int next : around) {
        if (next < 0) continue;
        const int step = cost[static_cast<std::size_t>(next)];
        auto& known = best[static_cast<std::size_t>(next)];
        if (actions + step >= known.first) continue;
        known = {actions + step, needed + (step > 0 ? 1 : 0)};
        buckets[static_cast<std::size_t>((level + step) % 3)].push_back(next);
        ++open;
      }
    }
    here.clear();
  }
  return -1;
}

double HuberCaravanState::evaluate(int seat) const {
  if (finished()) return core::outcome(result(), seat);
  // A held good is worth part of its delivered value, a part that shrinks with the actions still
  // needed to join its camel to its market (man page, BOTS); the penalty for goods held is in
  // score().
  const Board& board = setting().board;
  const auto worth = [&](int s) {
    double total = score(s);
    for (const Camel& camel : player(s).camels) {
      if (!camel.loaded()) continue;
      const int actions =
          actions_to_deliver(s, camel.square, board.markets[static_cast<std::size_t>(camel.good)]);
      if (actions >= 0) total += 0.8 * goods_value(camel.good) * std::pow(0.75, actions);
    }
    return total;
  };
  double best_other = -1e9;
  for (int s = 0; s < num_players(); ++s)
    if (s != seat && !retired(s)) best_other = std::max(best_other, worth(s));
  if (best_other == -1e9) return 1;
  return 1 / (1 + std::exp(-(worth(seat) - best_other) / 4.0));
}

// ---- Engine -----------------------------------------------------------------------------------

std::unique_ptr<core::State> HuberCaravanEngine::from_view(
    const Document& view, int seat, int players, const std::map<std::string, std::string>& opts,
    core::Rng& rng) const {
  Document complete = view;
  if (view.contains("bag") && view.at("bag").is_object()) {
    Document bag = Document::array();
    for (const auto& [good, count] : view.at("bag").items())
      for (int i = 0; count.is_number_integer() && i < count.get<int>(); ++i) bag.push_back(good);
    complete["bag"] = std::move(bag);
  }
  return restore(complete, players, opts)->resample(seat, rng);
}

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
  core::Event event{core::kEveryone, {{"setup", {{"spaces", state->spaces_document()}}}}, nullptr};
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
      setting.board = board_of(doc.at("board"));
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

const core::Engine::Notation& HuberCaravanEngine::notation() const {
  static const Notation kNotation{
      "each action is a map (place, move, pickup, steal, good) or end, several to a turn",
      {"place: c3", "move: {from: c3, to: d3}"},
      {"place", "move", "pickup", "steal", "good", "at", "victim", "from", "to", "colour",
       "under"}};
  return kNotation;
}

}  // namespace games::huber_caravan
