// Test helper: positions of Caravanserai built cell by cell and restored through the engine.
//
// A scenario lays the 19 tiles of the one- and two-player layout unturned and bare, then the test
// puts Caravanserai colours, goods, caravans, reserves and the market where it wants them, by
// axial hexagon (the central tile's centre is (0,0)). Goods are balanced to the game's total by
// putting whatever is missing into the market's `sink` colour.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/engine.hpp"
#include "games/caravanserai/caravanserai.hpp"

namespace games::caravanserai::testing {

class Scenario {
 public:
  explicit Scenario(int players, bool expert = false)
      : players_(players),
        expert_(expert),
        caravans_(static_cast<std::size_t>(players)),
        goods_(static_cast<std::size_t>(players), {3, 3, 3, 3, 3}),
        camels_(static_cast<std::size_t>(players), -1) {
    const LayoutDef& layout = TileSet::standard().layout_for(2);
    for (std::size_t i = 0; i < layout.places.size(); ++i) {
      PlacedTile tile;
      tile.name = "t" + std::to_string(i + 1);
      tile.category = 1;
      tile.at = layout.places[i].first;
      tile.role = layout.places[i].second;
      tiles_.push_back(tile);
    }
    bare_ = std::make_shared<const Board>(tiles_);
  }

  // The name of the cell at `h` (for moves).
  std::string name(Hex h) const { return bare_->name(*bare_->at(h)); }
  static Hex walk(Hex from, int dir, int steps = 1) {
    for (int i = 0; i < steps; ++i) from = from.step(dir);
    return from;
  }

  Scenario& caravanserai(Hex h, int colour) {
    colours_[name(h)] = colour;
    return *this;
  }
  // A good of the cell's colour stands on it.
  Scenario& good(Hex h) {
    goods_on_[name(h)] = colours_.at(name(h));
    return *this;
  }
  // The caravan of `seat`, tail first; each piece a colour or kCamel; the last a camel. The
  // camels not in it are in the reserve unless camels() says otherwise.
  Scenario& caravan(int seat, const std::vector<std::pair<Hex, int>>& pieces) {
    auto& list = caravans_[static_cast<std::size_t>(seat)];
    list.clear();
    for (const auto& [hex, kind] : pieces) {
      list.emplace_back(name(hex), kind);
    }
    return *this;
  }
  // A straight caravan with its head camel on `head`, lying along `dir` (the tail is furthest
  // against `dir`); `kinds` tail first.
  Scenario& line_caravan(int seat, Hex head, int dir, const std::vector<int>& kinds) {
    std::vector<std::pair<Hex, int>> pieces;
    const int back = (dir + 3) % kDirections;
    Hex at = walk(head, back, static_cast<int>(kinds.size()) - 1);
    for (int kind : kinds) {
      pieces.emplace_back(at, kind);
      at = at.step(dir);
    }
    return caravan(seat, pieces);
  }
  Scenario& goods(int seat, std::array<int, kColours> goods) {
    goods_[static_cast<std::size_t>(seat)] = goods;
    return *this;
  }
  Scenario& camels(int seat, int camels) {
    camels_[static_cast<std::size_t>(seat)] = camels;
    return *this;
  }
  // The market; goods missing from the total go to colour `sink` of the market, or of the
  // reserve of `sink_seat` when it is given.
  Scenario& market(std::array<int, kColours> market, int sink = 0, int sink_seat = -1) {
    market_ = market;
    sink_ = sink;
    sink_seat_ = sink_seat;
    return *this;
  }
  Scenario& to_move(int seat) {
    to_move_ = seat;
    return *this;
  }
  Scenario& final_turns_left(int turns) {
    final_turns_left_ = turns;
    return *this;
  }

  core::Document document() const {
    core::Document tiles = core::Document::array();
    for (const PlacedTile& tile : tiles_) {
      core::Document cells = core::Document::object();
      for (const auto& [cell, colour] : colours_) {
        const int index = *bare_->find(cell);
        if (bare_->tile(index) == static_cast<int>(&tile - tiles_.data()))
          cells[cell] = colour_name(colour);
      }
      tiles.push_back({{"name", tile.name},
                       {"category", tile.category},
                       {"role", role_name(tile.role)},
                       {"at", {tile.at[0], tile.at[1]}},
                       {"rotation", 0},
                       {"caravanserai", cells}});
    }
    core::Document on_board = core::Document::object();
    int total = 0;
    for (const auto& [cell, colour] : goods_on_) {
      on_board[cell] = colour_name(colour);
      ++total;
    }
    core::Document players = core::Document::array();
    for (int s = 0; s < players_; ++s) {
      core::Document caravan = core::Document::array();
      int camels = kCamelsEach;
      for (const auto& [cell, kind] : caravans_[static_cast<std::size_t>(s)]) {
        caravan.push_back({cell, kind == kCamel ? "camel" : colour_name(kind)});
        total += kind == kCamel ? 0 : 1;
        camels -= kind == kCamel ? 1 : 0;
      }
      if (camels_[static_cast<std::size_t>(s)] >= 0) camels = camels_[static_cast<std::size_t>(s)];
      core::Document goods = core::Document::object();
      for (int c = 0; c < kColours; ++c) {
        goods[colour_name(c)] = goods_[static_cast<std::size_t>(s)][static_cast<std::size_t>(c)];
        total += goods_[static_cast<std::size_t>(s)][static_cast<std::size_t>(c)];
      }
      players.push_back({{"seat", std::string(1, static_cast<char>('A' + s))},
                         {"goods", goods},
                         {"camels", camels},
                         {"caravan", caravan},
                         {"last_played", s}});
    }
    core::Document market = core::Document::object();
    for (int c = 0; c < kColours; ++c) total += market_[static_cast<std::size_t>(c)];
    const int missing = (expert_ ? 35 : 30) + players_ * kColours * kStartGoodsEach - total;
    for (int c = 0; c < kColours; ++c)
      market[colour_name(c)] =
          market_[static_cast<std::size_t>(c)] + (c == sink_ && sink_seat_ < 0 ? missing : 0);
    if (sink_seat_ >= 0) {
      auto& held = players[static_cast<std::size_t>(sink_seat_)]["goods"][colour_name(sink_)];
      held = held.get<int>() + missing;
    }
    return {{"expert", expert_},
            {"phase", "play"},
            {"to_move", std::string(1, static_cast<char>('A' + to_move_))},
            {"turn_number", players_},
            {"owed_goods", 0},
            {"final_turns_left",
             final_turns_left_ < 0 ? core::Document(nullptr) : core::Document(final_turns_left_)},
            {"market", market},
            {"tiles", tiles},
            {"goods_on_board", on_board},
            {"players", players}};
  }

  std::unique_ptr<core::State> state() const {
    return CaravanseraiEngine().restore(document(), players_, {});
  }

 private:
  int players_;
  bool expert_;
  std::vector<PlacedTile> tiles_;
  std::shared_ptr<const Board> bare_;
  std::map<std::string, int> colours_;   // cell name -> colour
  std::map<std::string, int> goods_on_;  // cell name -> colour
  std::vector<std::vector<std::pair<std::string, int>>> caravans_;
  std::vector<std::array<int, kColours>> goods_;
  std::vector<int> camels_;
  std::array<int, kColours> market_{};
  int sink_ = 0;
  int sink_seat_ = -1;
  int to_move_ = 0;
  int final_turns_left_ = -1;
};

}  // namespace games::caravanserai::testing
