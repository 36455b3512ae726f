// Small helpers that nv_caravan.cpp (the rules) and document.cpp (the state as a document) share.
#pragma once

#include <algorithm>
#include <array>
#include <vector>

#include "games/nv_caravan/nv_caravan.hpp"

namespace games::nv_caravan::internal {

inline constexpr std::array<const char*, 2> kSeatNames = {"North", "South"};

inline const char* name_of(int seat) { return kSeatNames[static_cast<std::size_t>(seat)]; }

inline std::size_t at(int index) { return static_cast<std::size_t>(index); }

inline Direction flipped(Direction d) {
  if (d == Direction::kUp) return Direction::kDown;
  if (d == Direction::kDown) return Direction::kUp;
  return d;
}

inline int queens_on(const Slot& slot) {
  return static_cast<int>(std::count_if(slot.attached.begin(), slot.attached.end(),
                                        [](const Attached& a) { return a.card.rank == kQueen; }));
}

inline core::Document names(const std::vector<Card>& cards) {
  core::Document list = core::Document::array();
  for (const Card& card : cards) list.push_back(card_name(card));
  return list;
}

inline int count_numbers(const std::vector<Card>& cards) {
  return static_cast<int>(std::count_if(cards.begin(), cards.end(), is_number));
}

}  // namespace games::nv_caravan::internal
