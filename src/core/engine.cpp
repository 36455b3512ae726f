// What every State has unless its engine says otherwise.
#include "core/engine.hpp"

#include <fmt/format.h>

namespace core {

bool has_prefix(const Document& move, const Document& prefix) {
  if (prefix.is_null()) return true;
  if (prefix.is_string())
    return move.is_string() &&
           move.get_ref<const std::string&>().rfind(prefix.get_ref<const std::string&>(), 0) == 0;
  if (prefix.is_object()) {
    if (!move.is_object()) return false;
    for (const auto& [key, value] : prefix.items())
      if (!move.contains(key) || !has_prefix(move.at(key), value)) return false;
    return true;
  }
  if (prefix.is_array()) {
    if (!move.is_array() || move.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
      const bool last = i + 1 == prefix.size();
      if (last ? !has_prefix(move[i], prefix[i]) : move[i] != prefix[i]) return false;
    }
    return true;
  }
  return move == prefix;
}

State::MovePage State::legal_moves_page(const Document& prefix, std::size_t limit) const {
  MovePage page;
  for (auto& move : legal_moves()) {
    if (!has_prefix(move, prefix)) continue;
    ++page.total;
    if (page.moves.size() < limit) page.moves.push_back(std::move(move));
  }
  return page;
}

Document State::default_move() const {
  MovePage first = legal_moves_page(nullptr, 1);
  if (first.moves.empty()) throw MoveError("there is no legal move to play");
  return first.moves.front();
}

std::vector<Event> State::retire(int seat, Rng& rng) {
  (void)rng;
  throw MoveError(fmt::format("this game cannot go on without seat {}", seat));
}

}  // namespace core
