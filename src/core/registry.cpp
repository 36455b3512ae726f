#include <algorithm>

#include "core/engine.hpp"
#include "games/caravaneers/caravaneers.hpp"
// A build may leave engines out (CMake's CARAVAN_GAMES); caravaneers is always in.
#ifdef CARAVAN_WITH_CARAVANSERAI
#include "games/caravanserai/caravanserai.hpp"
#endif
#ifdef CARAVAN_WITH_DECKTET_CARAVAN
#include "games/decktet_caravan/decktet_caravan.hpp"
#endif
#ifdef CARAVAN_WITH_HUBER_CARAVAN
#include "games/huber_caravan/huber_caravan.hpp"
#endif
#ifdef CARAVAN_WITH_NV_CARAVAN
#include "games/nv_caravan/nv_caravan.hpp"
#endif

namespace core {

const std::vector<const Engine*>& engines() {
  static const games::caravaneers::CaravaneersEngine caravaneers;
#ifdef CARAVAN_WITH_NV_CARAVAN
  static const games::nv_caravan::NvCaravanEngine nv_caravan;
#endif
#ifdef CARAVAN_WITH_DECKTET_CARAVAN
  static const games::decktet_caravan::DecktetCaravanEngine decktet_caravan;
#endif
#ifdef CARAVAN_WITH_HUBER_CARAVAN
  static const games::huber_caravan::HuberCaravanEngine huber_caravan;
#endif
#ifdef CARAVAN_WITH_CARAVANSERAI
  static const games::caravanserai::CaravanseraiEngine caravanserai;
#endif
  // The order of `caravan-ref games`: as the README's table.
  static const std::vector<const Engine*> all = {
      &caravaneers,
#ifdef CARAVAN_WITH_NV_CARAVAN
      &nv_caravan,
#endif
#ifdef CARAVAN_WITH_DECKTET_CARAVAN
      &decktet_caravan,
#endif
#ifdef CARAVAN_WITH_HUBER_CARAVAN
      &huber_caravan,
#endif
#ifdef CARAVAN_WITH_CARAVANSERAI
      &caravanserai,
#endif
  };
  return all;
}

const Engine* find_engine(const std::string& id) {
  const auto& all = engines();
  auto it = std::find_if(all.begin(), all.end(), [&](const Engine* e) { return e->id() == id; });
  return it == all.end() ? nullptr : *it;
}

}  // namespace core
