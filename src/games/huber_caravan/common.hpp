// What huber_caravan.cpp and document.cpp (the state as a document) both need.
#pragma once

#include <array>
#include <optional>
#include <string>

namespace games::huber_caravan {

inline constexpr std::array<const char*, 4> kSeatNames = {"Black", "Blue", "Green", "Yellow"};

// How many goods of a kind the box holds: 9 of each common good and 3 of each rare one; the short
// game removes 3 of each common and 1 of each rare (HC-4).
int component_count(int good, bool short_game);

// The seat a colour names ("blue", any case), among the first `players`.
std::optional<int> seat_from_name(const std::string& text, int players);

// Refuses a position: throws core::SetupError("position: " + why).
[[noreturn]] void bad_position(const std::string& why);

}  // namespace games::huber_caravan
