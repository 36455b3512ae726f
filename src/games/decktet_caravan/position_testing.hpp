// Test helper: Decktet Caravan positions written by hand as documents and restored through the
// engine (what `new --position` does), and what the tests read back of them.
#pragma once

#include <array>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/engine.hpp"
#include "games/decktet_caravan/decktet_caravan.hpp"

namespace games::decktet_caravan::testing {

using core::Document;

inline const DecktetCaravanEngine kEngine;
inline const char* const P1 = "Player 1";
inline const char* const P2 = "Player 2";

inline Card card(const std::string& text) { return parse_card(text).value(); }

// A position written by hand; every card it does not place goes to `rest_to`'s collected pile.
struct Position {
  int game_hands = 5;
  int hand = 1;
  std::string opener = P1;
  std::vector<std::array<int, 2>> scores;
  std::vector<std::string> face_up = {"AM", "CK"};
  std::vector<std::string> set_aside = {"AS", "CS", "2MK", "2SY"};
  std::vector<std::string> p1, p2;  // in hand
  std::vector<std::string> c1, c2;  // collected
  std::vector<std::pair<std::string, std::string>> plays;
  Document to_move = P1;
  Document went_out = nullptr;
  int rest_to = 1;

  Document build() const {
    std::set<Card> placed;
    auto mark = [&](const std::vector<std::string>& list) {
      for (const auto& text : list) placed.insert(card(text));
    };
    mark(face_up);
    mark(set_aside);
    mark(p1);
    mark(p2);
    mark(c1);
    mark(c2);
    Document play_list = Document::array();
    for (const auto& [seat, text] : plays) {
      for (const Placed& p : parse_play(text).cards) placed.insert(p.card);
      play_list.push_back({{"seat", seat}, {"play", text}});
    }
    std::vector<std::string> rest1 = c1, rest2 = c2;
    for (Card c = 0; c < kCards; ++c)
      if (placed.count(c) == 0) (rest_to == 0 ? rest1 : rest2).push_back(card_code(c));
    Document by_hand = Document::array();
    for (const auto& s : scores) by_hand.push_back({{P1, s[0]}, {P2, s[1]}});
    return {{"game_hands", game_hands},
            {"hand", hand},
            {"hand_opener", opener},
            {"scores_by_hand", by_hand},
            {"face_up", face_up},
            {"turned_aside", nullptr},
            {"set_aside", set_aside},
            {"cards", {{P1, p1}, {P2, p2}}},
            {"collected", {{P1, rest1}, {P2, rest2}}},
            {"plays", play_list},
            {"to_move", to_move},
            {"went_out", went_out},
            {"last_hand", nullptr}};
  }
  std::unique_ptr<core::State> state() const { return kEngine.restore(build(), 2, {}); }
};

inline std::vector<core::Event> play(core::State& state, int seat, const Document& move,
                                     std::uint64_t seed = 7) {
  core::Rng rng(seed);
  return state.apply(seat, move, rng);
}

inline Document referee(const core::State& state) { return state.view(core::kReferee); }

inline std::vector<std::string> strings(const Document& list) {
  return list.get<std::vector<std::string>>();
}

inline int value_of(const Document& codes, const Document& face_up) {
  std::array<Card, 2> up = {card(face_up[0]), card(face_up[1])};
  int total = 0;
  for (const auto& code : codes) total += card_value(card(code), up);
  return total;
}

// Player 1, to move, holds one card that beats the table and goes out; Player 2 holds nothing
// that beats it.
inline Position going_out_position(int game_hands) {
  Position pos;
  pos.game_hands = game_hands;
  pos.p1 = {"9LK"};
  pos.p2 = {"3LY", "AW"};
  pos.plays = {{P2, "8WL"}};
  pos.face_up = {"AM", "CK"};
  pos.set_aside = {"AS", "CS", "2MK", "2SY"};
  return pos;
}

}  // namespace games::decktet_caravan::testing
