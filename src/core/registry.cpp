#include <algorithm>

#include "core/engine.hpp"

// core::engines(), the explicit list of the built-in engines, is written by the build from the
// folders of src/games (cmake/Games.cmake, generated/games/engines.cpp): the core names no game.

namespace core {

const Engine* find_engine(const std::string& id) {
  const auto& all = engines();
  auto it = std::find_if(all.begin(), all.end(), [&](const Engine* e) { return e->id() == id; });
  return it == all.end() ? nullptr : *it;
}

}  // namespace core
