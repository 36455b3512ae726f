// Huber's Caravan's actions: read from a document (parse), checked against the position and
// completed (resolve), written back in canonical notation (canonical), and listed, all of them,
// for the player to move (list_actions). The fast path packs a resolved action and its cost into
// a core::ActionId, so random play and replays need no document and throw no exception.
#include <algorithm>
#include <initializer_list>
#include <string_view>

#include <fmt/format.h>

#include "core/text.hpp"
#include "games/huber_caravan/common.hpp"
#include "games/huber_caravan/huber_caravan.hpp"

namespace games::huber_caravan {
namespace {

using core::ActionId;
using core::Document;
using core::MoveError;
using core::trimmed_lower;

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

// The distinct goods an action may mean: (owner or victim, good, under), in sorted order.
struct Variant {
  int seat;
  int good;
  bool under;
  auto operator<=>(const Variant&) const = default;
};

// At most every camel of the game: a small sorted set without the heap.
class Variants {
 public:
  // Camels are visited in sorted order (seats in turn, each seat's camels sorted), so a variant
  // is new when it differs from the last one.
  void add(Variant v) {
    if (size_ == 0 || !(items_[static_cast<std::size_t>(size_ - 1)] == v))
      items_[static_cast<std::size_t>(size_++)] = v;
  }
  const Variant* begin() const { return items_.data(); }
  const Variant* end() const { return items_.data() + size_; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }

 private:
  std::array<Variant, kMaxSeats * kMaxCamels> items_{};
  int size_ = 0;
};

// ActionId layout: kind (3 bits), cost (2), then from, to (13 bits each, +1), victim (3, +1),
// good (4, +1), under (2, +1). Only the fields the kind uses are kept, so a listed action and
// the same move read from its document pack alike.
constexpr int kSquareBits = 13;
constexpr int kFromShift = 5;
constexpr int kToShift = kFromShift + kSquareBits;
constexpr int kVictimShift = kToShift + kSquareBits;
constexpr int kGoodShift = kVictimShift + 3;
constexpr int kUnderShift = kGoodShift + 4;

ActionId field(int value, int shift) { return static_cast<ActionId>(value + 1) << shift; }
int field_of(ActionId id, int shift, int bits) {
  return static_cast<int>((id >> shift) & ((ActionId{1} << bits) - 1)) - 1;
}

ActionId pack(const Action& a, int cost) {
  ActionId id = static_cast<ActionId>(a.kind) | static_cast<ActionId>(cost) << 3;
  if (a.kind != Action::kEnd) id |= field(a.from, kFromShift);
  if (a.kind == Action::kMove || a.kind == Action::kGood) id |= field(a.to, kToShift);
  if (a.kind == Action::kSteal) id |= field(a.victim, kVictimShift);
  if (a.kind == Action::kSteal || a.kind == Action::kGood) id |= field(a.good, kGoodShift);
  if (a.kind == Action::kGood) id |= field(a.under, kUnderShift);
  return id;
}

Action unpack(ActionId id, int& cost) {
  Action a;
  a.kind = static_cast<Action::Kind>(id & 7);
  cost = static_cast<int>((id >> 3) & 3);
  a.from = field_of(id, kFromShift, kSquareBits);
  a.to = field_of(id, kToShift, kSquareBits);
  a.victim = field_of(id, kVictimShift, 3);
  a.good = field_of(id, kGoodShift, 4);
  a.under = field_of(id, kUnderShift, 2);
  return a;
}

}  // namespace

// ---- Reading and checking actions -------------------------------------------------------------

Action HuberCaravanState::parse(const Document& move) const {
  const Board& b = board();
  Action action;
  if (move.is_string()) {
    if (trimmed_lower(move.get<std::string>()) == "end") return action;
    throw MoveError(fmt::format("'{}' is not an action: {}", move.get<std::string>(), kNotation));
  }
  if (!move.is_object() || move.size() != 1)
    throw MoveError(fmt::format("{} is not an action: {}", move.dump(), kNotation));
  const std::string key = trimmed_lower(move.begin().key());
  const Document& body = move.begin().value();
  auto fields = [&](std::initializer_list<std::string_view> known) {
    if (!body.is_object())
      throw MoveError(
          fmt::format("{} takes a mapping such as {{from: c3, to: d3}}, not {}", key, body.dump()));
    const auto is_known = [&](std::string_view name) {
      return std::find(known.begin(), known.end(), name) != known.end();
    };
    for (const auto& item : body.items())
      if (!is_known(item.key()))
        throw MoveError(fmt::format("{} has no field '{}'", key, item.key()));
    for (const char* required : {"from", "to", "at"})
      if (is_known(required) && !body.contains(required) &&
          (std::string_view(required) != "at" || key == "steal"))
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
    action.from = move_square(b, body, key);
  } else if (key == "move") {
    fields({"from", "to"});
    action.kind = Action::kMove;
    action.from = move_square(b, body.at("from"), "from");
    action.to = move_square(b, body.at("to"), "to");
  } else if (key == "steal") {
    action.kind = Action::kSteal;
    if (body.is_string()) {
      action.from = move_square(b, body, key);
    } else {
      fields({"at", "victim", "colour", "color"});
      action.from = move_square(b, body.at("at"), "at");
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
    action.from = move_square(b, body.at("from"), "from");
    action.to = move_square(b, body.at("to"), "to");
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

int HuberCaravanState::resolve(Action& a) const {
  const PlayerState& me = player(to_move_);
  int cost = 1;
  auto ban = [&] {  // HC-5: no action may leave every camel of the player loaded
    if (loaded(to_move_) + 1 >= setting().camels)
      throw MoveError(
          fmt::format("that would load the last of your {} camels; one must stay empty (HC-5)",
                      setting().camels));
  };
  auto need_empty_camel = [&](int square, const char* why) {
    if (empty_camel_at(to_move_, square) < 0)
      throw MoveError(fmt::format("you have no empty camel on {} to {}", square_name(square), why));
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
        throw MoveError(
            any ? fmt::format("your camels on {} carry goods and cannot move", square_name(a.from))
                : fmt::format("you have no camel on {}", square_name(a.from)));
      }
      if (a.to == a.from)
        throw MoveError(
            fmt::format("a camel cannot move onto its own space {} (HC-8)", square_name(a.from)));
      cost = camels_on(a.to) > 0 ? 2 : 1;
      break;
    }
    case Action::kPickup: {
      const int space = layout_->space_at[static_cast<std::size_t>(a.from)];
      if (space < 0 || spaces_[static_cast<std::size_t>(space)].good < 0)
        throw MoveError(fmt::format("no loose good lies on {}", square_name(a.from)));
      need_empty_camel(a.from, "pick it up");
      ban();
      a.good = spaces_[static_cast<std::size_t>(space)].good;
      break;
    }
    case Action::kSteal: {
      need_empty_camel(a.from, "steal with");
      if (me.theft == 0) throw MoveError("you have no theft marker, so you cannot steal");
      Variants all, match;
      for (int s = 0; s < num_players(); ++s) {
        if (s == to_move_) continue;
        for (const auto& camel : player(s).camels) {
          if (camel.square != a.from || !on_top(camel)) continue;
          Variant v{s, camel.good, false};
          all.add(v);
          if ((a.victim < 0 || a.victim == s) && (a.good < 0 || a.good == camel.good)) match.add(v);
        }
      }
      if (a.victim == to_move_) throw MoveError("you cannot steal from yourself");
      if (all.empty())
        throw MoveError(fmt::format(
            "no other player's camel on {} carries a good that can be stolen (a good under a "
            "camel cannot be stolen again)",
            square_name(a.from)));
      if (match.empty()) throw MoveError("no such good to steal there");
      if (match.size() > 1) {
        std::vector<std::string> options;
        for (const auto& v : match)
          options.push_back(fmt::format("{} {}", seat(v.seat), good_name(v.good)));
        throw MoveError(fmt::format("ambiguous steal on {}: name the victim and colour ({})",
                                    square_name(a.from), fmt::join(options, ", ")));
      }
      ban();
      a.victim = match.begin()->seat;
      a.good = match.begin()->good;
      break;
    }
    case Action::kGood: {
      Variants match;
      bool any = false;
      for (const auto& camel : me.camels) {
        if (camel.square != a.from || !camel.loaded()) continue;
        any = true;
        if ((a.good < 0 || a.good == camel.good) &&
            (a.under < 0 || a.under == (camel.under ? 1 : 0)))
          match.add({to_move_, camel.good, camel.under});
      }
      if (!any)
        throw MoveError(
            fmt::format("none of your camels on {} carries a good", square_name(a.from)));
      if (match.empty()) throw MoveError("none of your camels there carries that good");
      if (match.size() > 1) {
        std::vector<std::string> options;
        for (const auto& v : match)
          options.push_back(good_name(v.good) + (v.under ? " (under)" : ""));
        throw MoveError(
            fmt::format("ambiguous: your camels on {} carry {}; say which (colour, "
                        "under)",
                        square_name(a.from), fmt::join(options, ", ")));
      }
      a.good = match.begin()->good;
      a.under = match.begin()->under ? 1 : 0;
      if (empty_camel_at(to_move_, a.to) < 0)
        throw MoveError(
            fmt::format("you have no empty camel on {} to take the good", square_name(a.to)));
      if (!joined(to_move_, a.from, a.to))
        throw MoveError(fmt::format(
            "{} and {} are not joined by a chain of your camels (orthogonal steps only)",
            square_name(a.from), square_name(a.to)));
      break;
    }
  }
  if (cost > left_)
    throw MoveError(fmt::format("that costs {} actions and you have {} left", cost, int{left_}));
  return cost;
}

// ---- Writing actions --------------------------------------------------------------------------

// The plain form where it is unambiguous; the victim and colour of a steal, the colour and
// under of a good, only where other goods on the square would make the plain form ambiguous.
Document HuberCaravanState::canonical(const Action& a) const {
  switch (a.kind) {
    case Action::kEnd:
      return "end";
    case Action::kPlace:
      return member("place", square_name(a.from));
    case Action::kPickup:
      return member("pickup", square_name(a.from));
    case Action::kMove: {
      Document body = Document::object();
      put(body, "from", square_name(a.from));
      put(body, "to", square_name(a.to));
      return member("move", std::move(body));
    }
    case Action::kSteal: {
      Variants all, colours;  // the goods that could be stolen there; the victim's own
      int victims = 0;
      for (int s = 0; s < num_players(); ++s) {
        if (s == to_move_) continue;
        const int before = all.size();
        for (const auto& camel : player(s).camels)
          if (camel.square == a.from && camel.loaded() && !camel.under) {
            all.add({s, camel.good, false});
            if (s == a.victim) colours.add({s, camel.good, false});
          }
        victims += all.size() > before ? 1 : 0;
      }
      if (all.size() <= 1) return member("steal", square_name(a.from));
      Document body = member("at", square_name(a.from));
      if (colours.size() > 1) put(body, "colour", good_name(a.good));
      if (victims > 1) put(body, "victim", seat(a.victim));
      return member("steal", std::move(body));
    }
    case Action::kGood: {
      Variants here, colours;
      for (const auto& camel : player(to_move_).camels)
        if (camel.square == a.from && camel.loaded()) {
          here.add({0, camel.good, camel.under});
          colours.add({0, camel.good, false});
        }
      const auto has = [&](bool under) {
        return std::find(here.begin(), here.end(), Variant{0, a.good, under}) != here.end();
      };
      Document body = Document::object();  // keys in sorted order
      if (colours.size() > 1) put(body, "colour", good_name(a.good));
      put(body, "from", square_name(a.from));
      put(body, "to", square_name(a.to));
      if (has(true) && has(false)) put(body, "under", a.under == 1);
      return member("good", std::move(body));
    }
  }
  return nullptr;
}

// ---- Listing actions --------------------------------------------------------------------------

// What resolve() accepts, generated rather than tried: places and moves onto every square the
// actions left pay for, pick-ups and steals where an empty camel stands, goods along chains.
void HuberCaravanState::list_actions(std::vector<ActionId>& out) const {
  out.clear();
  if (finished_) return;
  const PlayerState& me = player(to_move_);
  const int squares = board().squares();

  // The squares where any camel stands (a camel there makes a place or move cost 2), sorted.
  std::array<int, kMaxSeats * kMaxCamels> occupied{};
  int n_occupied = 0;
  for (int s = 0; s < num_players(); ++s)
    for (const Camel& camel : player(s).camels)
      occupied[static_cast<std::size_t>(n_occupied++)] = camel.square;
  std::sort(occupied.begin(), occupied.begin() + n_occupied);
  // Onto every square but `skip`, at the cost it has.
  auto onto_every_square = [&](Action a, int skip) {
    int k = 0;
    for (int sq = 0; sq < squares; ++sq) {
      while (k < n_occupied && occupied[static_cast<std::size_t>(k)] < sq) ++k;
      const int cost = k < n_occupied && occupied[static_cast<std::size_t>(k)] == sq ? 2 : 1;
      if (sq == skip || cost > left_) continue;
      (a.kind == Action::kPlace ? a.from : a.to) = sq;
      out.push_back(pack(a, cost));
    }
  };

  // The player's squares with an empty camel, and with a loaded one: distinct, sorted (the
  // camels are sorted by square, then good, an empty camel first).
  std::array<int, kMaxCamels> empty_at{}, loaded_at{};
  int n_empty = 0, n_loaded = 0;
  for (const Camel& camel : me.camels) {
    auto& list = camel.loaded() ? loaded_at : empty_at;
    int& n = camel.loaded() ? n_loaded : n_empty;
    if (n == 0 || list[static_cast<std::size_t>(n - 1)] != camel.square)
      list[static_cast<std::size_t>(n++)] = camel.square;
  }
  const bool may_load = loaded(to_move_) + 1 < setting().camels;  // HC-5

  if (me.supply > 0) onto_every_square({Action::kPlace}, -1);
  for (int i = 0; i < n_empty; ++i) {
    const int from = empty_at[static_cast<std::size_t>(i)];
    onto_every_square({Action::kMove, from}, from);
  }
  for (int i = 0; i < n_empty; ++i) {
    const int from = empty_at[static_cast<std::size_t>(i)];
    const int space = layout_->space_at[static_cast<std::size_t>(from)];
    if (space >= 0 && spaces_[static_cast<std::size_t>(space)].good >= 0 && may_load)
      out.push_back(pack({Action::kPickup, from}, 1));
    if (me.theft == 0 || !may_load) continue;
    Variants victims;
    for (int s = 0; s < num_players(); ++s) {
      if (s == to_move_) continue;
      for (const Camel& camel : player(s).camels)
        if (camel.square == from && camel.loaded() && !camel.under)
          victims.add({s, camel.good, false});
    }
    for (const Variant& v : victims)
      out.push_back(pack({Action::kSteal, from, -1, v.seat, v.good}, 1));
  }
  for (int i = 0; i < n_loaded; ++i) {
    const int from = loaded_at[static_cast<std::size_t>(i)];
    Variants cargo;
    for (const Camel& camel : me.camels)
      if (camel.square == from && camel.loaded()) cargo.add({0, camel.good, camel.under});
    for (int j = 0; j < n_empty; ++j) {
      const int to = empty_at[static_cast<std::size_t>(j)];
      if (!joined(to_move_, from, to)) continue;
      for (const Variant& v : cargo)
        out.push_back(pack({Action::kGood, from, to, -1, v.good, v.under ? 1 : 0}, 1));
    }
  }
  out.push_back(pack({Action::kEnd}, 0));
}

std::vector<Document> HuberCaravanState::legal_moves() const {
  std::vector<ActionId> actions;
  list_actions(actions);
  std::vector<Document> moves;
  moves.reserve(actions.size());
  int cost = 0;
  for (ActionId id : actions) moves.push_back(canonical(unpack(id, cost)));
  return moves;
}

core::State::MovePage HuberCaravanState::legal_moves_page(const Document& prefix,
                                                          std::size_t limit) const {
  std::vector<ActionId> actions;
  list_actions(actions);
  MovePage page;
  int cost = 0;
  if (prefix.is_null()) {
    page.total = actions.size();
    for (std::size_t i = 0; i < actions.size() && i < limit; ++i)
      page.moves.push_back(canonical(unpack(actions[i], cost)));
    return page;
  }
  for (ActionId id : actions) {
    Document move = canonical(unpack(id, cost));
    if (!core::has_prefix(move, prefix)) continue;
    ++page.total;
    if (page.moves.size() < limit) page.moves.push_back(std::move(move));
  }
  return page;
}

// ---- The fast path ----------------------------------------------------------------------------

void HuberCaravanState::legal_actions(std::vector<ActionId>& out) const { list_actions(out); }

ActionId HuberCaravanState::random_action(core::Rng& chooser) const {
  thread_local std::vector<ActionId> actions;
  list_actions(actions);
  if (actions.empty()) throw MoveError("there is no legal move to play");
  return actions[chooser.below(actions.size())];
}

void HuberCaravanState::apply_action(ActionId action, core::Rng&) {
  int cost = 0;
  const Action a = unpack(action, cost);
  perform(a, cost, nullptr);
}

Document HuberCaravanState::move_of(ActionId action) const {
  int cost = 0;
  return canonical(unpack(action, cost));
}

std::optional<ActionId> HuberCaravanState::action_of(const Document& move) const {
  if (finished_) return std::nullopt;
  try {
    Action a = parse(move);
    const int cost = resolve(a);
    return pack(a, cost);
  } catch (const MoveError&) {
    return std::nullopt;
  }
}

}  // namespace games::huber_caravan
