// Test helper: Huber's Caravan positions made from the referee's view of a fresh game, changed
// where a test needs it and restored through the engine, and what the tests read back of them.
#pragma once

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/engine.hpp"
#include "games/huber_caravan/huber_caravan.hpp"

namespace games::huber_caravan::testing {

using core::Document;
using Options = std::map<std::string, std::string>;

inline const HuberCaravanEngine kEngine;

// The referee's view of a fresh game: 8 goods laid out, every camel in the supply.
inline Document fresh(int players = 2, const Options& opts = {}, std::uint64_t seed = 7) {
  core::Rng rng(seed);
  return kEngine.start(players, opts, rng).state->view(core::kReferee);
}

// Takes one `good` out of the bag (so the goods in play stay those of the box).
inline void from_bag(Document& doc, const std::string& good) {
  auto& bag = doc["bag"];
  for (std::size_t i = 0; i < bag.size(); ++i)
    if (bag[i] == good) {
      bag.erase(i);
      return;
    }
  FAIL() << "no " << good << " left in the bag";
}

// Puts a camel of `seat` on `at`, from the supply, carrying `good` (taken from the bag).
inline void camel(Document& doc, int seat, const std::string& at, const std::string& good = "",
                  bool under = false) {
  Document& player = doc["players"][static_cast<std::size_t>(seat)];
  Document c = {{"at", at}};
  if (!good.empty()) {
    c["good"] = good;
    from_bag(doc, good);
  }
  if (under) c["under"] = true;
  player["camels"].push_back(c);
  player["supply"] = player["supply"].get<int>() - 1;
}

inline void delivered(Document& doc, int seat, const std::string& good, int count) {
  for (int i = 0; i < count; ++i) from_bag(doc, good);
  doc["players"][static_cast<std::size_t>(seat)]["delivered"][good] = count;
}

// Sets whose turn it is: turn `number` (so 4 actions from turn 4 on), `left` actions left.
inline void turn(Document& doc, const std::string& seat, int number, int left) {
  doc["turn"] = {{"number", number}, {"player", seat}, {"left", left}};
  doc["last_progress_turn"] = number - 1;
}

// Drops the derived fields a hand-made position need not keep in step.
inline std::unique_ptr<core::State> restore(Document doc, int players = 2,
                                            const Options& opts = {}) {
  for (auto& p : doc["players"]) {
    p.erase("held");
    p.erase("score");
  }
  doc.erase("bag_size");
  doc.erase("end_triggered");
  doc["turn"].erase("actions");
  return kEngine.restore(doc, players, opts);
}

inline Document m(const char* yaml_like_json) { return Document::parse(yaml_like_json); }

inline std::vector<core::Event> play(core::State& state, const Document& move) {
  core::Rng rng(1);
  return state.apply(*state.current_player(), move, rng);
}

// Whether `seat` has a camel exactly like `wanted` ({"at": ..., "good": ..., "under": ...}).
inline bool has_camel(const core::State& state, int seat, const Document& wanted) {
  const Document camels =
      state.view(core::kReferee)["players"][static_cast<std::size_t>(seat)]["camels"];
  return std::find(camels.begin(), camels.end(), wanted) != camels.end();
}

inline bool listed(const core::State& state, const Document& move) {
  const auto moves = state.legal_moves();
  return std::find(moves.begin(), moves.end(), move) != moves.end();
}

// A two-player position at Black's full turn (4 actions).
inline Document at_turn_five() {
  Document doc = fresh();
  turn(doc, "Black", 5, 4);
  return doc;
}

inline std::string error_of(core::State& state, const Document& move) {
  try {
    play(state, move);
  } catch (const core::MoveError& e) {
    return e.what();
  }
  return "";
}

// Four goods picked up from the eight: the position where the next pickup leaves four loose.
inline Document five_loose() {
  Document doc = at_turn_five();
  for (std::size_t i : {0u, 2u, 4u}) {
    const std::string good = doc["spaces"][i]["good"];
    doc["spaces"][i]["good"] = nullptr;
    doc["spaces"][i]["demand"] = 0;
    doc["bag"].push_back(good);  // put back: the goods in play stay those of the box
  }
  camel(doc, 0, "g1");  // space 2
  return doc;
}

}  // namespace games::huber_caravan::testing
