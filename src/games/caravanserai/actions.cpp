#include "games/caravanserai/actions.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "games/caravanserai/caravanserai.hpp"
#include "games/caravanserai/turn.hpp"

namespace games::caravanserai {

PlacementDigits encode_placement(const Position& pos, int seat, const PlacementPlan& plan) {
  const Board& b = *pos.board;
  PlacementDigits out;
  int cell = pos.players[static_cast<std::size_t>(seat)].caravan.back().cell;
  int dir = -1, slot = 0, prev = -1, block_left = 0;
  bool can_turn = true, lying_used = false;
  auto advance = [&] {
    if (can_turn) out.put(dir, kDirectionRadix);
    cell = b.neighbour(cell, dir);
  };
  const std::vector<Step>& steps = plan.steps;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const Step& step = steps[i];
    if (step.kind == StepKind::kDir) {
      dir = step.value;
    } else if (step.kind == StepKind::kLying) {
      out.put(2, boundary_radix(pos.expert, lying_used));
      advance();
      can_turn = lying_used = true;
      slot = (slot == 0 ? 1 : slot) + 1;
      prev = -1;
      block_left = 0;
    } else {
      const int c = step.value;
      if (block_left == 0) {  // a new block: as long as the run of its colour
        int size = 0;
        for (std::size_t j = i; j < steps.size(); ++j) {
          if (steps[j].kind == StepKind::kDir) continue;
          if (steps[j].kind != StepKind::kGood || steps[j].value != c) break;
          ++size;
        }
        out.put(1, boundary_radix(pos.expert, lying_used));
        if (slot == 0 && !pos.expert) out.put(size - 1, 2);
        out.put(colour_digit(c, prev), colour_radix(prev));
        block_left = size;
        slot = size + 1;
        prev = c;
      }
      advance();
      if (pos.loose[static_cast<std::size_t>(cell)] == c) {
        const bool declined =
            std::find(plan.declined.begin(), plan.declined.end(), cell) != plan.declined.end();
        out.put(declined ? 1 : 0, kDeclineRadix);
      }
      can_turn = b.colour(cell) >= 0;
      --block_left;
    }
  }
  out.put(0, boundary_radix(pos.expert, lying_used));
  if (can_turn) out.put(dir, kDirectionRadix);
  out.put(static_cast<int>(plan.place.size()), kPlaceCountRadix);
  for (int at : plan.place) out.put(at, b.size());
  return out;
}

std::optional<PlacementPlan> decode_placement(const Position& pos, int seat, std::uint64_t code) {
  const Board& b = *pos.board;
  const Player& me = pos.players[static_cast<std::size_t>(seat)];
  if (me.caravan.empty()) return std::nullopt;
  auto take = [&](int radix) {
    const auto r = static_cast<std::uint64_t>(radix);
    const auto digit = static_cast<int>(code % r);
    code /= r;
    return digit;
  };
  PlacementPlan plan;
  int cell = me.caravan.back().cell;
  int dir = -1, slot = 0, prev = -1;
  bool can_turn = true, lying_used = false;
  // The direction of the next piece (a digit where the line may turn), then the piece's cell.
  auto advance = [&] {
    const int d = can_turn ? take(kDirectionRadix) : dir;
    if (d != dir) plan.steps.push_back({StepKind::kDir, d});
    dir = d;
    cell = b.neighbour(cell, dir);
    return cell >= 0;
  };
  for (;;) {
    const int choice = take(boundary_radix(pos.expert, lying_used));
    if (choice == 0) {
      const int d = can_turn ? take(kDirectionRadix) : dir;
      if (d != dir) plan.steps.push_back({StepKind::kDir, d});
      if (b.neighbour(cell, d) < 0) return std::nullopt;
      break;
    }
    if (choice == 2) {
      if (!advance()) return std::nullopt;
      plan.steps.push_back({StepKind::kLying, 0});
      can_turn = lying_used = true;
      slot = (slot == 0 ? 1 : slot) + 1;
      prev = -1;
      continue;
    }
    const int size = slot == 0 ? (pos.expert ? 1 : 1 + take(2)) : slot;
    const int digit = take(colour_radix(prev));
    const int c = prev >= 0 && digit >= prev ? digit + 1 : digit;
    for (int k = 0; k < size; ++k) {
      if (!advance()) return std::nullopt;
      plan.steps.push_back({StepKind::kGood, c});
      if (pos.loose[static_cast<std::size_t>(cell)] == c && take(kDeclineRadix) == 1)
        plan.declined.push_back(cell);
      can_turn = b.colour(cell) >= 0;
    }
    slot = size + 1;
    prev = c;
  }
  const int places = take(kPlaceCountRadix);
  for (int i = 0; i < places; ++i) plan.place.push_back(take(b.size()));
  if (code != 0) return std::nullopt;  // digits left over: no placement's code
  return plan;
}

// ---- The state's actions ---------------------------------------------------------------------

namespace {

using core::ActionId;
using core::Document;
using core::MoveError;

// The cells of a kPlace action: how many less one (base 16), then each (base the board's size).
PlacementDigits place_digits(const std::vector<int>& cells, const Board& b) {
  PlacementDigits out;
  out.put(static_cast<int>(cells.size()) - 1, 16);
  for (int cell : cells) out.put(cell, b.size());
  return out;
}

std::vector<int> place_cells(std::uint64_t payload, const Board& b) {
  const auto size = static_cast<std::uint64_t>(b.size());
  std::vector<int> cells(static_cast<std::size_t>(payload % 16 + 1));
  payload /= 16;
  for (int& cell : cells) {
    cell = static_cast<int>(payload % size);
    payload /= size;
  }
  return cells;
}

// A plan's steps without the directions that repeat the one in force (the enumeration's form).
std::vector<Step> canonical_steps(const std::vector<Step>& steps) {
  std::vector<Step> out;
  int dir = -1;
  for (const Step& step : steps) {
    if (step.kind == StepKind::kDir) {
      if (step.value == dir) continue;
      dir = step.value;
    }
    out.push_back(step);
  }
  return out;
}

// Draws of a cell for an owed good in a playout before the list is made instead.
constexpr int kOwedDraws = 32;

}  // namespace

bool CaravanseraiState::owing() const {
  return !finished() && pos_.phase != Phase::kStart && pos_.owed > 0;
}

bool CaravanseraiState::placing() const {
  return !finished() && pos_.phase == Phase::kPlay && pos_.owed == 0 &&
         pos_.can_place(pos_.to_move);
}

void CaravanseraiState::simple_actions(std::vector<ActionId>& out) const {
  if (finished()) return;
  const Board& b = *pos_.board;
  if (pos_.phase == Phase::kStart) {
    for (int cell = 0; cell < b.size(); ++cell)
      if (b.colour(cell) >= 0 && b.role(cell) == Role::kOuter &&
          pos_.occupant[static_cast<std::size_t>(cell)] < 0)
        out.push_back(make_action(ActionKind::kStart, static_cast<std::uint64_t>(cell)));
  } else if (owing()) {
    for (int cell = 0; cell < b.size(); ++cell)
      if (pos_.can_put_good(pos_.to_move, cell))
        out.push_back(make_action(ActionKind::kPlace, place_digits({cell}, b).value));
  } else if (!pos_.can_place(pos_.to_move)) {
    out.push_back(kPassAction);
  }
}

void CaravanseraiState::placement_actions(std::vector<ActionId>& out) const {
  // more_placements_than and then the list would walk every placement twice when there are at
  // most kListedInFull; the list is made on the first walk, stopped past kListedInFull. The walk
  // of shallow placements first stays: past the bound it finds so many much sooner.
  bool bounded =
      count_placements(pos_, pos_.to_move, shallow_placements(), kListedInFull) > kListedInFull;
  const std::size_t start = out.size();
  std::uint64_t index = 0;
  if (!bounded)
    for_each_placement(
        pos_, pos_.to_move, {},
        [&](const std::vector<Step>&, const std::vector<int>&, const PlacementDigits& code) {
          if (index == kListedInFull) {
            bounded = true;
            return false;
          }
          out.push_back(code.overflow ? make_action(ActionKind::kOther, index + 1)
                                      : make_action(ActionKind::kPlacement, code.value));
          ++index;
          return true;
        });
  if (!bounded) return;
  out.resize(start);
  for_each_placement(
      pos_, pos_.to_move, bounded_form(),
      [&](const std::vector<Step>&, const std::vector<int>&, const PlacementDigits& code) {
        // Two straight blocks need some twenty digits: never an overflow there.
        if (code.overflow) throw std::logic_error("a bounded placement overflows");
        out.push_back(make_action(ActionKind::kPlacement, code.value));
        return true;
      });
}

void CaravanseraiState::legal_actions(std::vector<ActionId>& out) const {
  out.clear();
  if (placing())
    placement_actions(out);
  else
    simple_actions(out);
}

ActionId CaravanseraiState::random_action(core::Rng& chooser) const {
  thread_local std::vector<ActionId> actions;
  legal_actions(actions);
  if (actions.empty()) throw MoveError("there is no legal move to play");
  return actions[chooser.below(actions.size())];
}

ActionId CaravanseraiState::playout_action(core::Rng& chooser) const {
  if (placing())
    if (const auto digits = random_placement(pos_, pos_.to_move, chooser))
      return make_action(ActionKind::kPlacement, digits->value);
  // An owed good (CS-8): cells drawn until one may take it, so that each such cell is as likely
  // as in the list, which is made only when kOwedDraws draws all miss.
  if (owing()) {
    const Board& b = *pos_.board;
    for (int draw = 0; draw < kOwedDraws; ++draw) {
      const int cell = static_cast<int>(chooser.below(static_cast<std::uint64_t>(b.size())));
      if (pos_.can_put_good(pos_.to_move, cell))
        return make_action(ActionKind::kPlace, place_digits({cell}, b).value);
    }
  }
  return random_action(chooser);
}

std::optional<PlacementPlan> CaravanseraiState::plan_of(ActionId action) const {
  if (action_kind(action) == ActionKind::kPlacement)
    return decode_placement(pos_, pos_.to_move, action_payload(action));
  if (action_kind(action) != ActionKind::kOther || action_payload(action) == 0) return std::nullopt;
  // The k-th placement of the full enumeration.
  const std::uint64_t wanted = action_payload(action) - 1;
  std::uint64_t index = 0;
  std::optional<PlacementPlan> plan;
  for_each_placement(pos_, pos_.to_move, {},
                     [&](const std::vector<Step>& steps, const std::vector<int>& declined,
                         const PlacementDigits&) {
                       if (index++ < wanted) return true;
                       plan = PlacementPlan{steps, declined, {}};
                       return false;
                     });
  return plan;
}

void CaravanseraiState::apply_action(ActionId action, core::Rng&) {
  if (finished()) throw MoveError("the game is over: no more moves");
  const Board& b = *pos_.board;
  const std::uint64_t payload = action_payload(action);
  switch (action_kind(action)) {
    case ActionKind::kStart:
      if (payload >= static_cast<std::uint64_t>(b.size()))
        throw MoveError(fmt::format("no action {} here", action));
      start_caravan(pos_, static_cast<int>(payload));
      finish(pos_);
      return;
    case ActionKind::kPlace:
      for (int cell : place_cells(payload, b)) put_owed_good(pos_, cell);
      if (pos_.owed == 0) finish(pos_);
      return;
    case ActionKind::kOther:
      if (payload == 0) {
        finish(pos_);
        return;
      }
      [[fallthrough]];
    case ActionKind::kPlacement:
      break;
  }
  const std::optional<PlacementPlan> plan = plan_of(action);
  if (!plan) throw MoveError(fmt::format("no action {} here", action));
  apply_placement(pos_, pos_.to_move, *plan);
  if (pos_.owed == 0) finish(pos_);
}

Document CaravanseraiState::move_of(ActionId action) const {
  const Board& b = *pos_.board;
  const std::uint64_t payload = action_payload(action);
  const auto cell_ok = [&](std::uint64_t cell) {
    return cell < static_cast<std::uint64_t>(b.size());
  };
  switch (action_kind(action)) {
    case ActionKind::kStart:
      if (!cell_ok(payload)) break;
      return {{"start", b.name(static_cast<int>(payload))}};
    case ActionKind::kPlace: {
      const std::vector<int> cells = place_cells(payload, b);
      if (cells.size() == 1) return {{"place", b.name(cells[0])}};
      Document names = Document::array();
      for (int cell : cells) names.push_back(b.name(cell));
      return {{"place", std::move(names)}};
    }
    case ActionKind::kOther:
      if (payload == 0) return "pass";
      [[fallthrough]];
    case ActionKind::kPlacement:
      if (auto plan = plan_of(action)) {
        Document move = placement_document(plan->steps, plan->declined, b);
        if (!plan->place.empty()) {
          Document names = Document::array();
          for (int cell : plan->place) names.push_back(b.name(cell));
          move["place"] = std::move(names);
        }
        return move;
      }
      break;
  }
  throw MoveError(fmt::format("no action {} here", action));
}

std::optional<ActionId> CaravanseraiState::action_of(const Document& move) const {
  if (finished()) return std::nullopt;
  // Legal here exactly when apply() takes it (caravanserai draws nothing after the set-up).
  try {
    CaravanseraiState trial(pos_);
    core::Rng unused(0);
    trial.apply(pos_.to_move, move, unused);
  } catch (const MoveError&) {
    return std::nullopt;
  }
  const Board& b = *pos_.board;
  if (move == Document("pass")) return kPassAction;
  if (move.contains("start"))
    return make_action(ActionKind::kStart,
                       static_cast<std::uint64_t>(*b.find(move.at("start").get<std::string>())));
  if (!move.contains("path")) {
    std::vector<int> cells;
    const Document& place = move.at("place");
    if (place.is_array())
      for (const Document& item : place) cells.push_back(*b.find(item.get<std::string>()));
    else
      cells.push_back(*b.find(place.get<std::string>()));
    const PlacementDigits digits = place_digits(cells, b);
    if (digits.overflow) return std::nullopt;
    return make_action(ActionKind::kPlace, digits.value);
  }
  const PlacementPlan plan = parse_placement(move, b);
  const PlacementDigits digits = encode_placement(pos_, pos_.to_move, plan);
  if (!digits.overflow) return make_action(ActionKind::kPlacement, digits.value);
  // Too long for 62 bits: its place in the full enumeration, if it is listed there.
  if (!plan.place.empty()) return std::nullopt;
  const std::vector<Step> steps = canonical_steps(plan.steps);
  std::vector<int> declined = plan.declined;
  std::sort(declined.begin(), declined.end());
  std::uint64_t index = 0;
  std::optional<ActionId> found;
  for_each_placement(pos_, pos_.to_move, {},
                     [&](const std::vector<Step>& listed, const std::vector<int>& listed_declined,
                         const PlacementDigits&) {
                       if (index == kListedInFull) return false;
                       std::vector<int> sorted = listed_declined;
                       std::sort(sorted.begin(), sorted.end());
                       if (listed == steps && sorted == declined) {
                         found = make_action(ActionKind::kOther, index + 1);
                         return false;
                       }
                       ++index;
                       return true;
                     });
  return found;
}

}  // namespace games::caravanserai
