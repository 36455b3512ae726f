#include <algorithm>

#include "core/engine.hpp"
#include "games/caravaneers/caravaneers.hpp"
#include "games/caravanserai/caravanserai.hpp"
#include "games/decktet_caravan/decktet_caravan.hpp"
#include "games/huber_caravan/huber_caravan.hpp"
#include "games/nv_caravan/nv_caravan.hpp"

namespace core {

const std::vector<const Engine*>& engines() {
  static const games::caravaneers::CaravaneersEngine caravaneers;
  static const games::nv_caravan::NvCaravanEngine nv_caravan;
  static const games::decktet_caravan::DecktetCaravanEngine decktet_caravan;
  static const games::huber_caravan::HuberCaravanEngine huber_caravan;
  static const games::caravanserai::CaravanseraiEngine caravanserai;
  static const std::vector<const Engine*> all = {&caravaneers, &nv_caravan, &decktet_caravan,
                                                 &huber_caravan, &caravanserai};
  return all;
}

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

const Engine* find_engine(const std::string& id) {
  const auto& all = engines();
  auto it = std::find_if(all.begin(), all.end(), [&](const Engine* e) { return e->id() == id; });
  return it == all.end() ? nullptr : *it;
}

}  // namespace core
