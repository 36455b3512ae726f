#include "referee/tournament.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <numeric>
#include <set>
#include <stdexcept>
#include <tuple>

#include "core/rng.hpp"

namespace referee {

namespace {

// What the rounds so far say of each entrant: points, opponents, seats, byes.
struct History {
  std::vector<double> points;
  std::vector<std::set<int>> met;
  std::vector<int> firsts, seconds;
  std::vector<int> last_seat;  // 0 first, 1 second, -1 none yet
  std::vector<bool> had_bye;

  History(int entrants, const std::vector<Round>& rounds)
      : points(static_cast<std::size_t>(entrants)),
        met(static_cast<std::size_t>(entrants)),
        firsts(static_cast<std::size_t>(entrants)),
        seconds(static_cast<std::size_t>(entrants)),
        last_seat(static_cast<std::size_t>(entrants), -1),
        had_bye(static_cast<std::size_t>(entrants)) {
    for (const auto& round : rounds)
      for (const auto& board : round) {
        const auto a = static_cast<std::size_t>(board.pairing.first);
        if (board.pairing.bye()) {
          had_bye[a] = true;
          points[a] += 1;
          continue;
        }
        const auto b = static_cast<std::size_t>(board.pairing.second);
        met[a].insert(board.pairing.second);
        met[b].insert(board.pairing.first);
        ++firsts[a];
        ++seconds[b];
        last_seat[a] = 0;
        last_seat[b] = 1;
        if (board.first_score) {
          points[a] += *board.first_score;
          points[b] += 1.0 - *board.first_score;
        }
      }
  }
};

// Who takes the first seat of a Swiss or knockout game between a and b, `a` ranked higher: the
// one who has had it less often (first seats minus second seats); then the one who had the second
// seat in their last game; then the higher ranked in even rounds, the lower in odd ones.
Pairing seated(const History& history, int a, int b, int round) {
  const auto ua = static_cast<std::size_t>(a);
  const auto ub = static_cast<std::size_t>(b);
  const int balance_a = history.firsts[ua] - history.seconds[ua];
  const int balance_b = history.firsts[ub] - history.seconds[ub];
  if (balance_a != balance_b) return balance_a < balance_b ? Pairing{a, b} : Pairing{b, a};
  if (history.last_seat[ua] != history.last_seat[ub]) {
    if (history.last_seat[ua] == 1) return {a, b};
    if (history.last_seat[ub] == 1) return {b, a};
  }
  return round % 2 == 0 ? Pairing{a, b} : Pairing{b, a};
}

// Pairs `ranked` (best first) without a repeat when `no_repeat`, Dutch-style: the best unpaired
// entrant meets the first of the lower half of the unpaired entrants on the same points (the rest
// of that group after it, then the upper half from the bottom), else the best unpaired entrant
// below them; a choice that leaves the others unpairable is undone and the next one tried.
// `budget` bounds the choices tried (a field of hundreds late in a long Swiss could otherwise
// search for ever): when it runs out the search fails as if no pairing existed.
bool pair_ranked(const History& history, const std::vector<int>& ranked, std::vector<bool>& taken,
                 std::vector<std::pair<int, int>>& pairs, bool no_repeat, long& budget) {
  if (--budget < 0) return false;
  const auto top = std::find_if(ranked.begin(), ranked.end(),
                                [&](int e) { return !taken[static_cast<std::size_t>(e)]; });
  if (top == ranked.end()) return true;
  const int p = *top;
  const double score = history.points[static_cast<std::size_t>(p)];
  std::vector<int> group, below;
  for (auto it = top; it != ranked.end(); ++it) {
    if (taken[static_cast<std::size_t>(*it)]) continue;
    (history.points[static_cast<std::size_t>(*it)] == score ? group : below).push_back(*it);
  }
  std::vector<int> order;
  const std::size_t half = group.size() / 2;
  for (std::size_t i = std::max<std::size_t>(half, 1); i < group.size(); ++i)
    order.push_back(group[i]);
  for (std::size_t i = half; i-- > 1;) order.push_back(group[i]);
  order.insert(order.end(), below.begin(), below.end());
  taken[static_cast<std::size_t>(p)] = true;
  for (int q : order) {
    if (no_repeat && history.met[static_cast<std::size_t>(p)].contains(q)) continue;
    taken[static_cast<std::size_t>(q)] = true;
    pairs.emplace_back(p, q);
    if (pair_ranked(history, ranked, taken, pairs, no_repeat, budget)) return true;
    pairs.pop_back();
    taken[static_cast<std::size_t>(q)] = false;
  }
  taken[static_cast<std::size_t>(p)] = false;
  return false;
}

}  // namespace

std::string format_name(TournamentFormat format) {
  switch (format) {
    case TournamentFormat::kRoundRobin:
      return "round-robin";
    case TournamentFormat::kSwiss:
      return "swiss";
    case TournamentFormat::kKnockout:
      return "knockout";
  }
  return "";
}

std::optional<TournamentFormat> parse_format(const std::string& word) {
  for (auto format :
       {TournamentFormat::kRoundRobin, TournamentFormat::kSwiss, TournamentFormat::kKnockout})
    if (format_name(format) == word) return format;
  return std::nullopt;
}

std::vector<int> draw_order(std::uint64_t seed, int entrants) {
  std::vector<int> order(static_cast<std::size_t>(entrants));
  std::iota(order.begin(), order.end(), 0);
  core::Rng rng(seed);
  rng.shuffle(order);
  return order;
}

int round_robin_rounds(int entrants) { return entrants < 2 ? 0 : entrants - 1 + entrants % 2; }

int knockout_rounds(int entrants) {
  return entrants < 2 ? 0 : std::bit_width(static_cast<unsigned>(entrants - 1));
}

std::vector<Pairing> round_robin_pairings(int entrants, int round) {
  const int m = entrants + entrants % 2;  // with the bye's place when odd
  if (entrants < 2 || round < 0 || round >= m - 1)
    throw std::out_of_range("no such round of this round robin");
  std::vector<int> circle(static_cast<std::size_t>(m - 1));
  for (int i = 0; i < m - 1; ++i) circle[static_cast<std::size_t>(i)] = (i + round) % (m - 1);
  const int fixed = m - 1;
  std::vector<Pairing> boards;
  const auto add = [&](int a, int b) {
    if (a >= entrants)
      boards.push_back({b, -1});
    else if (b >= entrants)
      boards.push_back({a, -1});
    else
      boards.push_back({a, b});
  };
  if (round % 2 == 0)
    add(fixed, circle[0]);
  else
    add(circle[0], fixed);
  for (int i = 1; i < m / 2; ++i)
    add(circle[static_cast<std::size_t>(i)], circle[static_cast<std::size_t>(m - 1 - i)]);
  // The bye last, as in the other formats.
  std::stable_partition(boards.begin(), boards.end(), [](const Pairing& p) { return !p.bye(); });
  return boards;
}

// How many choices one search for a round's pairing may try before it gives up: far more than
// a club's field needs (Tournament.SwissOfSixtyFour pairs 64 over 20 rounds without a repeat),
// few enough to end within seconds.
constexpr long kPairingBudget = 2'000'000;

// The rules of a Swiss round:
// - the entrants are ranked by points, then number;
// - with an odd number to pair, the bye goes to the lowest ranked who has not had one (when all
//   have, the lowest ranked), unless the others could then not be paired without a repeat, when
//   it goes to the next one up;
// - no two entrants meet twice (pair_ranked); when no such pairing exists at all (or none is found
//   within kPairingBudget choices), the same rules are followed allowing repeats, rather than not
//   play the round;
// - seats as `seated` says; the boards are in order of their better-ranked entrant.
std::vector<Pairing> swiss_pairings(int entrants, const std::vector<Round>& played,
                                    const std::vector<bool>& withdrawn) {
  const History history(entrants, played);
  const int round = static_cast<int>(played.size());
  std::vector<int> ranked;
  for (int e = 0; e < entrants; ++e)
    if (static_cast<std::size_t>(e) >= withdrawn.size() || !withdrawn[static_cast<std::size_t>(e)])
      ranked.push_back(e);
  std::stable_sort(ranked.begin(), ranked.end(), [&](int a, int b) {
    return history.points[static_cast<std::size_t>(a)] >
           history.points[static_cast<std::size_t>(b)];
  });
  std::vector<int> bye_candidates;
  if (ranked.size() % 2 == 1) {
    for (auto it = ranked.rbegin(); it != ranked.rend(); ++it)
      if (!history.had_bye[static_cast<std::size_t>(*it)]) bye_candidates.push_back(*it);
    for (auto it = ranked.rbegin(); it != ranked.rend(); ++it)
      if (history.had_bye[static_cast<std::size_t>(*it)]) bye_candidates.push_back(*it);
  } else {
    bye_candidates.push_back(-1);
  }
  for (bool no_repeat : {true, false})
    for (int bye : bye_candidates) {
      std::vector<bool> taken(static_cast<std::size_t>(entrants), false);
      if (bye >= 0) taken[static_cast<std::size_t>(bye)] = true;
      std::vector<std::pair<int, int>> pairs;
      long budget = kPairingBudget;
      if (!pair_ranked(history, ranked, taken, pairs, no_repeat, budget)) continue;
      std::vector<Pairing> boards;
      for (const auto& [a, b] : pairs) boards.push_back(seated(history, a, b, round));
      if (bye >= 0) boards.push_back({bye, -1});
      return boards;
    }
  return {};
}

std::vector<Pairing> knockout_pairings(int entrants, const std::vector<Round>& played) {
  if (entrants < 2) return {};
  const History history(entrants, played);
  const int round = static_cast<int>(played.size());
  std::vector<int> advancing;
  if (played.empty()) {
    // The seeded bracket: 1 v 2 split as far apart as the bracket allows, each seed s meeting
    // size-1-s in the first round; seeds past the last entrant are byes for those they meet.
    std::vector<int> bracket{0};
    const int size = 1 << knockout_rounds(entrants);
    while (static_cast<int>(bracket.size()) < size) {
      std::vector<int> next;
      const int doubled = static_cast<int>(bracket.size()) * 2;
      for (int s : bracket) {
        next.push_back(s);
        next.push_back(doubled - 1 - s);
      }
      bracket = std::move(next);
    }
    advancing = bracket;
  } else {
    if (played.back().size() < 2) return {};
    for (const auto& board : played.back()) advancing.push_back(knockout_winner(board));
  }
  std::vector<Pairing> boards;
  for (std::size_t i = 0; i + 1 < advancing.size(); i += 2) {
    const int a = std::min(advancing[i], advancing[i + 1]);
    const int b = std::max(advancing[i], advancing[i + 1]);
    if (b >= entrants)
      boards.push_back({a, -1});
    else
      boards.push_back(seated(history, a, b, round));
  }
  return boards;
}

int knockout_winner(const Board& board) {
  if (board.pairing.bye()) return board.pairing.first;
  if (!board.first_score) throw std::logic_error("the knockout game has not finished");
  if (*board.first_score == 1.0) return board.pairing.first;
  if (*board.first_score == 0.0) return board.pairing.second;
  return std::min(board.pairing.first, board.pairing.second);
}

std::vector<Standing> standings(int entrants, const std::vector<Round>& rounds) {
  const History history(entrants, rounds);
  std::vector<Standing> table(static_cast<std::size_t>(entrants));
  for (int e = 0; e < entrants; ++e) {
    auto& row = table[static_cast<std::size_t>(e)];
    row.entrant = e;
    row.points = history.points[static_cast<std::size_t>(e)];
  }
  for (const auto& round : rounds)
    for (const auto& board : round) {
      auto& a = table[static_cast<std::size_t>(board.pairing.first)];
      if (board.pairing.bye()) {
        ++a.byes;
        a.buchholz += a.points;
        a.sonneborn_berger += 0.5 * a.points;
        continue;
      }
      if (!board.first_score) continue;
      auto& b = table[static_cast<std::size_t>(board.pairing.second)];
      const double score = *board.first_score;
      ++a.played;
      ++b.played;
      a.buchholz += b.points;
      b.buchholz += a.points;
      a.sonneborn_berger += score * b.points;
      b.sonneborn_berger += (1.0 - score) * a.points;
      if (score == 1.0)
        ++a.wins, ++b.losses;
      else if (score == 0.0)
        ++a.losses, ++b.wins;
      else
        ++a.draws, ++b.draws;
    }
  const auto key = [](const Standing& s) {
    return std::make_tuple(-s.points, -s.buchholz, -s.sonneborn_berger);
  };
  std::stable_sort(table.begin(), table.end(),
                   [&](const Standing& a, const Standing& b) { return key(a) < key(b); });
  for (std::size_t i = 0; i < table.size(); ++i)
    table[i].rank =
        i > 0 && key(table[i]) == key(table[i - 1]) ? table[i - 1].rank : static_cast<int>(i) + 1;
  return table;
}

}  // namespace referee
