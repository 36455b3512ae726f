#include "games/caravanserai/placement.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

namespace games::caravanserai {
namespace {

using core::Document;
using core::MoveError;

constexpr int kMaxRun = 60;  // no reserve holds more goods of one colour

std::string seat_letter(int seat) { return std::string(1, static_cast<char>('A' + seat)); }

int cell_of(const Document& item, const Board& board, const char* key) {
  if (!item.is_string())
    throw MoveError(fmt::format("{}: {} is not a cell name such as \"d7\"", key, item.dump()));
  auto cell = board.find(item.get<std::string>());
  if (!cell)
    throw MoveError(fmt::format("{}: there is no cell {} on this board", key, item.dump()));
  return *cell;
}

std::vector<int> cells_of(const Document& move, const Board& board, const char* key) {
  std::vector<int> cells;
  if (!move.contains(key)) return cells;
  const Document& list = move.at(key);
  if (!list.is_array())
    throw MoveError(fmt::format("'{}' must be a list of cells such as [d7, f3]", key));
  for (const Document& item : list) cells.push_back(cell_of(item, board, key));
  return cells;
}

void add_goods(std::vector<Step>& steps, const Document& colour, const Document& count) {
  auto c = colour.is_string() ? parse_colour(colour.get<std::string>()) : std::nullopt;
  if (!c) throw MoveError(fmt::format("path: {} is not a colour of goods", colour.dump()));
  int n = 0;
  if (count.is_number_integer()) n = count.get<int>();
  if (n < 1 || n > kMaxRun)
    throw MoveError(fmt::format("path: [{}, {}]: the number of goods must be a whole number 1-{}",
                                colour.dump(), count.dump(), kMaxRun));
  for (int i = 0; i < n; ++i) steps.push_back({StepKind::kGood, *c});
}

}  // namespace

PlacementPlan parse_placement(const Document& move, const Board& board) {
  if (!move.is_object() || !move.contains("path"))
    throw MoveError("a placement is {path: [DIRECTION, goods..., ...]}, e.g. {path: [NE, red]}");
  for (const auto& [key, value] : move.items())
    if (key != "path" && key != "decline" && key != "place")
      throw MoveError(
          fmt::format("a placement has no key '{}' (known: path, decline, place)", key));
  const Document& path = move.at("path");
  if (!path.is_array() || path.empty())
    throw MoveError("path must be a list that starts with a direction, e.g. [NE, red]");
  PlacementPlan plan;
  for (const Document& item : path) {
    if (item.is_string()) {
      const std::string text = item.get<std::string>();
      // "w" is white, as the man page has it and --prefix reads it; west is "W" (issue 19).
      if (auto dir = text == "w" ? std::nullopt : parse_direction(text)) {
        plan.steps.push_back({StepKind::kDir, *dir});
      } else if (text == "lying" || text == "Lying" || text == "LYING") {
        plan.steps.push_back({StepKind::kLying, 0});
      } else {
        add_goods(plan.steps, item, 1);
      }
    } else if (item.is_array() && item.size() == 2) {
      add_goods(plan.steps, item[0], item[1]);
    } else if (item.is_object() && item.size() == 1 && item.contains("turn")) {
      auto dir = item.at("turn").is_string() ? parse_direction(item.at("turn").get<std::string>())
                                             : std::nullopt;
      if (!dir) throw MoveError(fmt::format("path: {} does not turn to a direction", item.dump()));
      plan.steps.push_back({StepKind::kDir, *dir});
    } else {
      throw MoveError(
          fmt::format("path: {} is not a direction, a colour, [colour, n], {{turn: DIR}} or lying",
                      item.dump()));
    }
  }
  plan.declined = cells_of(move, board, "decline");
  plan.place = cells_of(move, board, "place");
  std::set<int> distinct(plan.declined.begin(), plan.declined.end());
  if (distinct.size() != plan.declined.size()) throw MoveError("decline names a cell twice");
  return plan;
}

namespace {

// Item `i` of a placement's path as the move lists write it (a direction, "lying", a colour or
// [colour, n] for a run of one colour); `i` becomes the index of the step after it.
Document path_item(const std::vector<Step>& steps, std::size_t& i) {
  const Step& step = steps[i];
  if (step.kind == StepKind::kDir) {
    ++i;
    return direction_name(step.value);
  }
  if (step.kind == StepKind::kLying) {
    ++i;
    return "lying";
  }
  std::size_t j = i;
  while (j < steps.size() && steps[j] == step) ++j;
  const auto n = j - i;
  i = j;
  if (n == 1) return colour_name(step.value);
  return Document::array({colour_name(step.value), n});
}

Document decline_document(const std::vector<int>& declined, const Board& board) {
  Document cells = Document::array();
  for (int cell : declined) cells.push_back(board.name(cell));
  return cells;
}

// core::has_prefix on a placement's path, building only the items the prefix reaches.
bool path_has_prefix(const std::vector<Step>& steps, const Document& prefix) {
  if (prefix.is_null()) return true;
  if (!prefix.is_array()) return false;  // the path is a list: no other kind of value is on it
  std::size_t at = 0;
  for (std::size_t k = 0; k < prefix.size(); ++k) {
    if (at >= steps.size()) return false;  // the path is shorter than the prefix
    const Document item = path_item(steps, at);
    const bool last = k + 1 == prefix.size();
    if (last ? !core::has_prefix(item, prefix[k]) : item != prefix[k]) return false;
  }
  return true;
}

}  // namespace

Document placement_document(const std::vector<Step>& steps, const std::vector<int>& declined,
                            const Board& board) {
  Document path = Document::array();
  for (std::size_t i = 0; i < steps.size();) path.push_back(path_item(steps, i));
  Document move = {{"path", std::move(path)}};
  if (!declined.empty()) move["decline"] = decline_document(declined, board);
  return move;
}

bool placement_has_prefix(const std::vector<Step>& steps, const std::vector<int>& declined,
                          const Board& board, const Document& prefix) {
  if (prefix.is_null()) return true;
  // A placement is an object: a prefix of another kind (a string, a list, a number) names none.
  if (!prefix.is_object()) return false;
  for (const auto& [key, value] : prefix.items()) {
    if (key == "path") {
      if (!path_has_prefix(steps, value)) return false;
    } else if (key == "decline") {
      if (declined.empty() || !core::has_prefix(decline_document(declined, board), value))
        return false;
    } else {
      return false;  // no placement has this key
    }
  }
  return true;
}

PlacementReport apply_placement(Position& pos, int seat, const PlacementPlan& plan) {
  const Board& b = *pos.board;
  Player& me = pos.players[static_cast<std::size_t>(seat)];
  if (me.caravan.empty()) throw MoveError("your caravan has not started yet");
  PlacementReport report;
  int cell = me.caravan.back().cell;
  int dir = -1;
  bool can_turn = true, after_dir = false, lying_used = false;
  struct Block {
    int colour = kCamel;  // kCamel: the lying camel
    int size = 0;
    bool on_caravanserai = false, all_match = true, declined = false;
  };
  std::vector<Block> blocks;
  std::vector<int> declines_used;
  auto declined = [&](int at) {
    return std::find(plan.declined.begin(), plan.declined.end(), at) != plan.declined.end();
  };
  auto enter = [&](int from, int d) {
    const int next = b.neighbour(from, d);
    if (next < 0)
      throw MoveError(
          fmt::format("going {} from {} leaves the board", direction_name(d), b.name(from)));
    const int owner = pos.occupant[static_cast<std::size_t>(next)];
    if (owner >= 0)
      throw MoveError(fmt::format("{} is taken by caravan {}: a caravan never crosses a caravan",
                                  b.name(next), seat_letter(owner)));
    return next;
  };
  auto camel_stop = [&](int at) {
    const int colour = b.colour(at);
    if (colour >= 0 && pos.take_good(seat, colour) != -2)
      ++me.goods[static_cast<std::size_t>(colour)];
    int& good = pos.loose[static_cast<std::size_t>(at)];
    if (good >= 0) {
      ++me.goods[static_cast<std::size_t>(good)];
      good = -1;
    }
  };
  auto occupy = [&](int at, int kind) {
    pos.occupant[static_cast<std::size_t>(at)] = seat;
    me.caravan.push_back({at, kind});
    ++report.placed;
  };

  for (const Step& step : plan.steps) {
    if (step.kind == StepKind::kDir) {
      if (after_dir) throw MoveError("path: two directions in a row");
      if (step.value != dir && !can_turn)
        throw MoveError(fmt::format(
            "path: the line cannot turn {} at {}: it turns only on a Caravanserai cell{}",
            direction_name(step.value), b.name(cell), pos.expert ? " or at a lying camel" : ""));
      dir = step.value;
      after_dir = true;
      continue;
    }
    after_dir = false;
    if (dir < 0) throw MoveError("path: it must begin with a direction (E, SE, SW, W, NW, NE)");
    const int next = enter(cell, dir);
    if (step.kind == StepKind::kGood) {
      const int c = step.value;
      const auto ci = static_cast<std::size_t>(c);
      if (blocks.empty() || blocks.back().colour != c) blocks.push_back({c});
      Block& block = blocks.back();
      ++block.size;
      int& good = pos.loose[static_cast<std::size_t>(next)];
      const bool decline = declined(next);
      if (decline && good != c)
        throw MoveError(fmt::format("decline: {} holds no {} good for the {} block to leave",
                                    b.name(next), colour_name(c), colour_name(c)));
      if (good == c && !decline) {
        good = -1;  // CS-6: taken into the block
      } else {
        if (good >= 0) {
          ++pos.market[static_cast<std::size_t>(good)];
          ++report.goods_returned;
          good = -1;
        }
        if (decline) {
          block.declined = true;
          declines_used.push_back(next);
        }
        if (me.goods[ci] <= 0)
          throw MoveError(fmt::format("you have no {} good left in your reserve for {}",
                                      colour_name(c), b.name(next)));
        --me.goods[ci];
      }
      const int under = b.colour(next);
      if (under >= 0) {
        block.on_caravanserai = true;
        if (under != c) block.all_match = false;
      }
      can_turn = under >= 0;
      occupy(next, c);
    } else {
      if (!pos.expert) throw MoveError("path: the lying camel belongs to the expert variant");
      if (lying_used) throw MoveError("path: only one lying camel per placement");
      if (me.camels <= 1)
        throw MoveError("a lying camel needs two camels in reserve (it and the new head camel)");
      lying_used = true;
      --me.camels;
      blocks.push_back({kCamel});
      camel_stop(next);
      can_turn = true;
      occupy(next, kCamel);
    }
    cell = next;
  }
  if (dir < 0) throw MoveError("path: it must begin with a direction (E, SE, SW, W, NW, NE)");
  const int last = enter(cell, dir);
  if (me.camels <= 0) throw MoveError("you have no camel left to end the placement");
  --me.camels;
  camel_stop(last);
  occupy(last, kCamel);

  // Block sizes: the first 1 or 2 (expert: 1), then each one more; the lying camel takes a slot.
  int slot = 0;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const Block& block = blocks[i];
    const auto what = [&] {
      return block.colour == kCamel
                 ? std::string("the lying camel")
                 : fmt::format("the {} block of {}", colour_name(block.colour), block.size);
    };
    if (i == 0) {
      if (block.colour == kCamel) {
        slot = 1;
      } else if (block.size == 1 || (block.size == 2 && !pos.expert)) {
        slot = block.size;
      } else {
        throw MoveError(fmt::format("{} comes first, but the first block has {}", what(),
                                    pos.expert ? "1 good" : "1 or 2 goods"));
      }
    } else {
      ++slot;
      if (block.colour != kCamel && block.size != slot)
        throw MoveError(
            fmt::format("{} follows a block of {}: it must have {} goods", what(), slot - 1, slot));
    }
  }
  for (int cell_declined : plan.declined)
    if (std::find(declines_used.begin(), declines_used.end(), cell_declined) == declines_used.end())
      throw MoveError(fmt::format("decline: no block passes a good of its colour on {}",
                                  b.name(cell_declined)));

  // The count (4.2, CS-6, CS-14, 7.3).
  report.count = 1 + (lying_used ? 1 : 0);
  for (const Block& block : blocks) {
    if (block.colour == kCamel) continue;
    if (block.on_caravanserai && block.all_match && !block.declined)
      report.omitted.push_back(block.size);
    else
      report.count += block.size;
  }
  // Pieces taken back from the tail (4.3), then the goods owed for camels (CS-8, CS-14).
  for (int i = 0; i < report.count; ++i) {
    const Piece piece = me.caravan.front();
    me.caravan.erase(me.caravan.begin());
    pos.occupant[static_cast<std::size_t>(piece.cell)] = -1;
    if (piece.kind == kCamel) {
      ++me.camels;
      ++report.camels_back;
    } else {
      ++me.goods[static_cast<std::size_t>(piece.kind)];
    }
  }
  pos.owed = report.camels_back * (pos.solo() ? 2 : 1);
  for (int at : plan.place) {
    if (pos.owed == 0 || !pos.any_good_to_put(seat))
      throw MoveError(fmt::format("place: no good is owed for {}", b.name(at)));
    if (!pos.can_put_good(seat, at))
      throw MoveError(fmt::format(
          "place: {} is not a free Caravanserai cell whose colour can be had", b.name(at)));
    pos.put_good(seat, at);
    --pos.owed;
  }
  if (pos.owed > 0 && !pos.any_good_to_put(seat)) pos.owed = 0;
  return report;
}

// ---- Enumeration -----------------------------------------------------------------------------

namespace {

class Enumerator {
 public:
  Enumerator(const Position& pos, int seat, const PlacementFilter& filter,
             const PlacementVisitor& visit)
      : pos_(pos),
        b_(*pos.board),
        seat_(seat),
        filter_(filter),
        visit_(visit),
        occ_(pos.occupant),
        loose_(pos.loose),
        market_(pos.market),
        goods_(pos.players[static_cast<std::size_t>(seat)].goods),
        camels_(pos.players[static_cast<std::size_t>(seat)].camels) {
    steps_.reserve(64);
  }

  void run() {
    const Player& me = pos_.players[static_cast<std::size_t>(seat_)];
    if (me.caravan.empty() || camels_ <= 0) return;
    boundary(me.caravan.back().cell, -1, true, 0, -1, false, 0);
  }

 private:
  bool good_available(int colour) const {
    if (market_[static_cast<std::size_t>(colour)] > 0) return true;
    for (int s = 0; s < pos_.num_players(); ++s)
      if (s != seat_ &&
          pos_.players[static_cast<std::size_t>(s)].goods[static_cast<std::size_t>(colour)] > 0)
        return true;
    return false;
  }

  // Whether `step`, written next, keeps the placement on filter_.begins_with.
  bool fits(const Step& step) const {
    const auto& begin = filter_.begins_with;
    return steps_.size() >= begin.size() || begin[steps_.size()] == step;
  }

  // Calls f(next, d) for each direction the line may take from `cell`, with the direction's
  // digit written where the line may turn.
  template <typename F>
  void each_direction(int cell, int dir, bool can_turn, F f) {
    const int turn = filter_.order != nullptr ? static_cast<int>(filter_.order->below(6)) : 0;
    for (int k = 0; k < kDirections && !stopped_; ++k) {
      const int d = (k + turn) % kDirections;
      if ((!can_turn || (filter_.straight && dir >= 0)) && d != dir) continue;
      if (dir < 0 && filter_.first_dir >= 0 && d != filter_.first_dir) continue;
      const int next = b_.neighbour(cell, d);
      if (next < 0 || occ_[static_cast<std::size_t>(next)] >= 0) continue;
      const bool turned = d != dir;
      if (turned && !fits({StepKind::kDir, d})) continue;
      const PlacementDigits saved = digits_;
      if (can_turn) digits_.put(d, kDirectionRadix);
      if (turned) steps_.push_back({StepKind::kDir, d});
      f(next, d);
      if (turned) steps_.pop_back();
      digits_ = saved;
    }
  }

  // Writes a digit for what `f` visits.
  template <typename F>
  void with_digit(int digit, int radix, F f) {
    const PlacementDigits saved = digits_;
    digits_.put(digit, radix);
    f();
    digits_ = saved;
  }

  // Between blocks: `slot` is the size the next block must have (0: the first block).
  void boundary(int cell, int dir, bool can_turn, int slot, int prev_colour, bool lying_used,
                int blocks) {
    const int choices = boundary_radix(pos_.expert, lying_used);
    // The options here in their order: the end (the new head camel), each block of goods (size,
    // colour), the lying camel; a random order starts at a random one and wraps around.
    const bool two_sizes = slot == 0 && !pos_.expert;
    const int first_size = slot == 0 ? 1 : slot;
    const int sizes = two_sizes ? 2 : 1;
    const bool more = blocks < filter_.max_blocks;
    const int block_options = more ? sizes * kColours : 0;
    const bool lying = more && pos_.expert && !lying_used && camels_ >= 2;
    const int options = 1 + block_options + (lying ? 1 : 0);
    const int turn =
        filter_.order != nullptr && options > 1
            ? static_cast<int>(filter_.order->below(static_cast<std::uint64_t>(options)))
            : 0;
    for (int k = 0; k < options && !stopped_; ++k) {
      const int option = (k + turn) % options;
      if (option == 0)
        end_here(cell, dir, can_turn, choices);
      else if (option <= block_options)
        block(cell, dir, can_turn, first_size + (option - 1) / kColours, (option - 1) % kColours,
              two_sizes, prev_colour, lying_used, blocks, choices);
      else
        lying_camel(cell, dir, can_turn, slot, blocks, choices);
    }
  }

  // End here with the new head camel (and no `place`: a zero count).
  void end_here(int cell, int dir, bool can_turn, int choices) {
    with_digit(0, choices, [&] {
      each_direction(cell, dir, can_turn, [&](int, int) {
        PlacementDigits code = digits_;
        code.put(0, kPlaceCountRadix);
        if (!visit_(steps_, declined_, code)) stopped_ = true;
      });
    });
  }

  // Another block of goods, of `size` goods of colour `c`.
  void block(int cell, int dir, bool can_turn, int size, int c, bool two_sizes, int prev_colour,
             bool lying_used, int blocks, int choices) {
    if (c == prev_colour) return;
    with_digit(1, choices, [&] {
      with_digit(two_sizes ? size - 1 : 0, two_sizes ? 2 : 1, [&] {
        with_digit(colour_digit(c, prev_colour), colour_radix(prev_colour), [&] {
          run_of_goods(cell, dir, can_turn, c, size, size, lying_used, blocks + 1);
        });
      });
    });
  }

  // The lying camel (expert), in the slot of a block.
  void lying_camel(int cell, int dir, bool can_turn, int slot, int blocks, int choices) {
    with_digit(2, choices, [&] {
      each_direction(cell, dir, can_turn, [&](int next, int d) {
        if (!fits({StepKind::kLying, 0})) return;
        const auto n = static_cast<std::size_t>(next);
        const auto saved_market = market_;
        const auto saved_goods = goods_;
        const int saved_loose = loose_[n];
        const int colour = b_.colour(next);
        if (colour >= 0 && good_available(colour)) {
          if (market_[static_cast<std::size_t>(colour)] > 0)
            --market_[static_cast<std::size_t>(colour)];
          ++goods_[static_cast<std::size_t>(colour)];
        }
        if (saved_loose >= 0) {
          ++goods_[static_cast<std::size_t>(saved_loose)];
          loose_[n] = -1;
        }
        --camels_;
        occ_[n] = seat_;
        steps_.push_back({StepKind::kLying, 0});
        boundary(next, d, true, (slot == 0 ? 1 : slot) + 1, -1, true, blocks + 1);
        steps_.pop_back();
        occ_[n] = -1;
        ++camels_;
        loose_[n] = saved_loose;
        goods_ = saved_goods;
        market_ = saved_market;
      });
    });
  }

  void run_of_goods(int cell, int dir, bool can_turn, int colour, int left, int size,
                    bool lying_used, int blocks) {
    if (left == 0) {
      boundary(cell, dir, can_turn, size + 1, colour, lying_used, blocks);
      return;
    }
    const auto ci = static_cast<std::size_t>(colour);
    each_direction(cell, dir, can_turn, [&](int next, int d) {
      if (!fits({StepKind::kGood, colour})) return;
      const auto n = static_cast<std::size_t>(next);
      const int good = loose_[n];
      const bool turn_after = b_.colour(next) >= 0;
      auto place = [&] {
        occ_[n] = seat_;
        steps_.push_back({StepKind::kGood, colour});
        run_of_goods(next, d, turn_after, colour, left - 1, size, lying_used, blocks);
        steps_.pop_back();
        occ_[n] = -1;
      };
      if (good == colour) {
        loose_[n] = -1;
        with_digit(0, kDeclineRadix, place);  // taken into the block (CS-6)
        if (goods_[ci] > 0 && !stopped_) {    // or declined
          ++market_[ci];
          --goods_[ci];
          declined_.push_back(next);
          with_digit(1, kDeclineRadix, place);
          declined_.pop_back();
          ++goods_[ci];
          --market_[ci];
        }
        loose_[n] = good;
      } else if (goods_[ci] > 0) {
        if (good >= 0) {
          ++market_[static_cast<std::size_t>(good)];
          loose_[n] = -1;
        }
        --goods_[ci];
        place();
        ++goods_[ci];
        if (good >= 0) {
          --market_[static_cast<std::size_t>(good)];
          loose_[n] = good;
        }
      }
    });
  }

  const Position& pos_;
  const Board& b_;
  int seat_;
  const PlacementFilter& filter_;
  const PlacementVisitor& visit_;
  std::vector<int> occ_, loose_;
  std::array<int, kColours> market_, goods_;
  int camels_;
  std::vector<Step> steps_;
  std::vector<int> declined_;
  PlacementDigits digits_;
  bool stopped_ = false;
};

}  // namespace

void for_each_placement(const Position& pos, int seat, const PlacementFilter& filter,
                        const PlacementVisitor& visit) {
  Enumerator(pos, seat, filter, visit).run();
}

std::size_t count_placements(const Position& pos, int seat, const PlacementFilter& filter,
                             std::size_t limit) {
  std::size_t count = 0;
  for_each_placement(pos, seat, filter,
                     [&](const std::vector<Step>&, const std::vector<int>&,
                         const PlacementDigits&) { return ++count <= limit; });
  return count;
}

bool more_placements_than(const Position& pos, int seat, std::size_t limit) {
  return count_placements(pos, seat, shallow_placements(), limit) > limit ||
         count_placements(pos, seat, {}, limit) > limit;
}

std::optional<PlacementDigits> random_placement(const Position& pos, int seat, core::Rng& rng) {
  PlacementFilter filter;
  filter.order = &rng;
  std::optional<PlacementDigits> found;
  for_each_placement(
      pos, seat, filter,
      [&](const std::vector<Step>&, const std::vector<int>&, const PlacementDigits& code) {
        found = code;
        return false;
      });
  if (found && found->overflow) return std::nullopt;
  return found;
}

}  // namespace games::caravanserai
