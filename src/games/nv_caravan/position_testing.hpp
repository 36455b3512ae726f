// Test helper: nv-caravan positions built as documents and restored through the engine (what
// `new --position` does), and what the tests read back of them through the referee's view.
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/engine.hpp"
#include "games/nv_caravan/nv_caravan.hpp"

namespace games::nv_caravan::testing {

using core::Document;
using Options = std::map<std::string, std::string>;

inline const NvCaravanEngine kEngine;

// A number card in a caravan with what is attached to it ("KS": by the caravan's owner; or
// {card, by}).
inline Document slot(const std::string& card, const std::vector<Document>& attached = {}) {
  Document s = {{"card", card}};
  if (!attached.empty()) s["attached"] = attached;
  return s;
}
inline Document by(const std::string& card, const char* seat) {
  return {{"card", card}, {"by", seat}};
}

// A position in the play phase: North to move, empty caravans, empty hands and decks.
struct Position {
  Document doc;
  Position() {
    Document player = {
        {"hand", Document::array()}, {"deck", Document::array()}, {"discard", Document::array()}};
    Document caravans = Document::array();
    for (int i = 0; i < kCaravans; ++i) caravans.push_back({{"cards", Document::array()}});
    doc = {{"phase", "play"},
           {"to_move", "North"},
           {"first", "North"},
           {"players", {{"North", player}, {"South", player}}},
           {"caravans", caravans}};
  }
  Position& caravan(int number, const std::vector<Document>& cards) {
    doc["caravans"][static_cast<std::size_t>(number - 1)]["cards"] = cards;
    return *this;
  }
  Position& direction(int number, const char* d) {
    doc["caravans"][static_cast<std::size_t>(number - 1)]["direction"] = d;
    return *this;
  }
  Position& hand(const char* seat, const std::vector<std::string>& cards) {
    doc["players"][seat]["hand"] = cards;
    return *this;
  }
  Position& deck(const char* seat, const std::vector<std::string>& cards) {
    doc["players"][seat]["deck"] = cards;
    return *this;
  }
  Position& to_move(const char* seat) {
    doc["to_move"] = seat;
    return *this;
  }
  std::unique_ptr<core::State> make(const Options& opts = {}) const {
    return kEngine.restore(doc, 2, opts);
  }
};

inline std::vector<core::Event> play(core::State& state, int seat, const Document& move) {
  core::Rng rng(1);
  return state.apply(seat, move, rng);
}

inline Document referee(const core::State& state) { return state.view(core::kReferee); }
inline Document caravan(const core::State& state, int number) {
  return referee(state)["caravans"][static_cast<std::size_t>(number - 1)];
}
inline std::vector<std::string> cards_of(const core::State& state, int number) {
  std::vector<std::string> out;
  const Document cards = caravan(state, number)["cards"];
  for (const auto& s : cards) out.push_back(s["card"]);
  return out;
}
inline std::vector<std::string> discard_of(const core::State& state, const char* seat) {
  return referee(state)["players"][seat]["discard"].get<std::vector<std::string>>();
}
inline bool listed(const core::State& state, const Document& move) {
  const auto moves = state.legal_moves();
  return std::find(moves.begin(), moves.end(), move) != moves.end();
}
inline void expect_refused(const core::State& state, int seat, const Document& move) {
  auto copy = state.clone();
  EXPECT_THROW(play(*copy, seat, move), core::MoveError) << move.dump();
  EXPECT_FALSE(listed(state, move)) << move.dump();
}
inline void expect_allowed(const core::State& state, int seat, const Document& move) {
  auto copy = state.clone();
  EXPECT_NO_THROW(play(*copy, seat, move)) << move.dump();
  EXPECT_TRUE(listed(state, move)) << move.dump();
}

inline int cards_owned(const Document& full, const char* seat) {
  const Document& p = full["players"][seat];
  int n = static_cast<int>(p["hand"].size() + p["deck"].size() + p["discard"].size());
  for (const auto& c : full["caravans"]) {
    for (const auto& s : c["cards"]) {
      if (c["owner"] == seat) ++n;
      for (const auto& a : s.value("attached", Document::array())) n += a["by"] == seat ? 1 : 0;
    }
  }
  return n;
}

inline std::string deck_json(const std::vector<std::string>& cards) {
  return Document(cards).dump();
}

// 28 face cards (J, Q, K of every suit from decks 1 and 2, and their four Jokers) plus `numbers`.
inline std::vector<std::string> face_heavy_deck(const std::vector<std::string>& numbers) {
  std::vector<std::string> cards = numbers;
  for (const char* deck : {"", "/2"}) {
    for (const char* rank : {"J", "Q", "K"}) {
      for (const char* suit : {"C", "D", "H", "S"})
        cards.push_back(std::string(rank) + suit + deck);
    }
    cards.push_back(std::string("JK1") + deck);
    cards.push_back(std::string("JK2") + deck);
  }
  return cards;
}

}  // namespace games::nv_caravan::testing
