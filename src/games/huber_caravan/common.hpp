// What huber_caravan.cpp and document.cpp (the state as a document) both need.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <utility>

#include "core/engine.hpp"

namespace games::huber_caravan {

inline constexpr std::array<const char*, 4> kSeatNames = {"Black", "Blue", "Green", "Yellow"};

// How many goods of a kind the box holds: 9 of each common good and 3 of each rare one; the short
// game removes 3 of each common and 1 of each rare (HC-4).
int component_count(int good, bool short_game);

// The seat a colour names ("blue", any case), among the first `players`.
std::optional<int> seat_from_name(const std::string& text, int players);

// Refuses a position: throws core::SetupError("position: " + why).
[[noreturn]] void bad_position(const std::string& why);

// Documents made member by member: an audit makes the referee's view after every action and
// legal_moves() makes hundreds of moves, where initializer lists would copy every nested
// document once more. Sets `key` of the mapping `object`; cheapest with keys in sorted order
// (the mapping appends at its end).
inline void put(core::Document& object, std::string key, core::Document value) {
  auto& members = object.get_ref<core::Document::object_t&>();
  members.insert_or_assign(members.end(), std::move(key), std::move(value));
}

// {key: value}
inline core::Document member(std::string key, core::Document value) {
  core::Document object = core::Document::object();
  put(object, std::move(key), std::move(value));
  return object;
}

}  // namespace games::huber_caravan
