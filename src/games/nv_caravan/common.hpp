// Small helpers that the rules (nv_caravan.cpp), the moves as documents (moves.cpp) and the state
// as a document (document.cpp) share.
#pragma once

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

// An object made key by key, each added at the end of its map: the keys come in their sorted
// order (the views and moves are made often; initializer lists copy every value once more).
class Object {
 public:
  Object& add(const char* key, core::Document value) {
    auto& map = doc_.get_ref<core::Document::object_t&>();
    map.emplace_hint(map.end(), key, std::move(value));
    return *this;
  }
  core::Document done() { return std::move(doc_); }

 private:
  core::Document doc_ = core::Document::object();
};

// The names of the cards, as a list.
template <typename Cards>
core::Document names(const Cards& cards) {
  core::Document list = core::Document::array();
  auto& items = list.get_ref<core::Document::array_t&>();
  items.reserve(static_cast<std::size_t>(std::distance(cards.begin(), cards.end())));
  for (Code card : cards) items.emplace_back(card_name(card));
  return list;
}

}  // namespace games::nv_caravan::internal
