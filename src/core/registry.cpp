#include <algorithm>

#include "core/engine.hpp"
#include "games/caravaneers/caravaneers.hpp"

namespace core {

const std::vector<const Engine*>& engines() {
  static const games::caravaneers::CaravaneersEngine caravaneers;
  static const std::vector<const Engine*> all = {&caravaneers};
  return all;
}

const Engine* find_engine(const std::string& id) {
  const auto& all = engines();
  auto it = std::find_if(all.begin(), all.end(), [&](const Engine* e) { return e->id() == id; });
  return it == all.end() ? nullptr : *it;
}

}  // namespace core
