// A ratings seed file: the ratings a club kept before it used the referee, to start from
// (`caravan-ref ratings --seed-from FILE`). YAML or JSON (a JSON file is YAML): a list of entries,
// each with player, kind, rating, deviation and volatility, e.g.
//
//   - {player: alice, kind: nv-caravan, rating: 1720, deviation: 80, volatility: 0.06}
//
// Every problem is UserError 65 naming the file, the entry's line and why: not a list, an entry
// that is not a mapping, a key missing, unknown or given twice, a kind no game has, a figure out
// of bounds (rating 0 to 4000, deviation above 0 up to 350, volatility above 0 below 1), the same
// player and kind twice. A file that cannot be read is UserError 66.
#pragma once

#include <string>
#include <vector>

namespace turnfile {

struct RatingSeed {
  std::string player;
  std::string kind;
  double rating = 0;
  double deviation = 0;
  double volatility = 0;
  int line = 0;  // 1-based
};

// `text` read from `source` (the file's name, for the messages).
std::vector<RatingSeed> parse_rating_seeds(const std::string& text, const std::string& source);

}  // namespace turnfile
