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
  std::vector<int> last_seat;  // 0 first, 1 second (and so on at a table), -1 none yet
  std::vector<bool> had_bye;
  std::vector<int> byes;             // how many
  std::vector<int> seat_sum, games;  // the seats' numbers (0 the first) summed, and the games

  History(int entrants, const std::vector<Round>& rounds)
      : points(static_cast<std::size_t>(entrants)),
        met(static_cast<std::size_t>(entrants)),
        firsts(static_cast<std::size_t>(entrants)),
        seconds(static_cast<std::size_t>(entrants)),
        last_seat(static_cast<std::size_t>(entrants), -1),
        had_bye(static_cast<std::size_t>(entrants)),
        byes(static_cast<std::size_t>(entrants)),
        seat_sum(static_cast<std::size_t>(entrants)),
        games(static_cast<std::size_t>(entrants)) {
    for (const auto& round : rounds)
      for (const auto& board : round) {
        const auto a = static_cast<std::size_t>(board.pairing.first);
        if (board.pairing.bye()) {
          had_bye[a] = true;
          ++byes[a];
          points[a] += 1;
          continue;
        }
        const auto seats = board.pairing.seats();
        const auto scores = seat_scores(board);
        for (std::size_t i = 0; i < seats.size(); ++i) {
          const auto e = static_cast<std::size_t>(seats[i]);
          for (std::size_t j = 0; j < seats.size(); ++j)
            if (j != i) met[e].insert(seats[j]);
          if (i == 0) ++firsts[e];
          if (i == 1) ++seconds[e];
          last_seat[e] = static_cast<int>(i);
          seat_sum[e] += static_cast<int>(i);
          ++games[e];
          if (!scores.empty()) points[e] += scores[i];
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

// The entrants still in (not withdrawn), by points, the best first; equal points keep the
// entrants' order.
std::vector<int> ranked_by_points(const History& history, int entrants,
                                  const std::vector<bool>& withdrawn) {
  std::vector<int> ranked;
  for (int e = 0; e < entrants; ++e)
    if (static_cast<std::size_t>(e) >= withdrawn.size() || !withdrawn[static_cast<std::size_t>(e)])
      ranked.push_back(e);
  std::stable_sort(ranked.begin(), ranked.end(), [&](int a, int b) {
    return history.points[static_cast<std::size_t>(a)] >
           history.points[static_cast<std::size_t>(b)];
  });
  return ranked;
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

std::vector<int> Pairing::seats() const {
  std::vector<int> all{first};
  if (bye()) return all;
  all.push_back(second);
  all.insert(all.end(), more.begin(), more.end());
  return all;
}

Pairing pairing_of(const std::vector<int>& seats) {
  if (seats.empty()) throw std::logic_error("a board without an entrant");
  if (seats.size() == 1) return {seats[0], -1};
  return {seats[0], seats[1], std::vector<int>(seats.begin() + 2, seats.end())};
}

double pair_score(const Board& board, std::size_t seat, std::size_t other) {
  if (!board.first_score) throw std::logic_error("the game has not finished");
  if (board.pairing.more.empty()) return seat == 0 ? *board.first_score : 1.0 - *board.first_score;
  if (board.places.size() != board.pairing.more.size() + 2)
    throw std::logic_error("a finished table without each seat's place");
  const int mine = board.places[seat];
  const int theirs = board.places[other];
  return mine < theirs ? 1.0 : mine == theirs ? 0.5 : 0.0;
}

std::vector<double> seat_scores(const Board& board) {
  if (board.pairing.bye()) return {1.0};
  if (!board.first_score) return {};
  const std::size_t n = board.pairing.more.size() + 2;
  std::vector<double> scores(n);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j)
      if (j != i) scores[i] += pair_score(board, i, j);
    scores[i] /= static_cast<double>(n - 1);
  }
  return scores;
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
  std::vector<int> ranked = ranked_by_points(history, entrants, withdrawn);
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
      const auto seats = board.pairing.seats();
      const double others = static_cast<double>(seats.size() - 1);
      for (std::size_t i = 0; i < seats.size(); ++i) {
        auto& row = table[static_cast<std::size_t>(seats[i])];
        ++row.played;
        for (std::size_t j = 0; j < seats.size(); ++j) {
          if (j == i) continue;
          const double opponent = history.points[static_cast<std::size_t>(seats[j])];
          const double score = pair_score(board, i, j);
          row.buchholz += opponent / others;
          row.sonneborn_berger += score * opponent / others;
          if (score == 1.0)
            ++row.wins;
          else if (score == 0.0)
            ++row.losses;
          else
            ++row.draws;
        }
      }
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

// ---- Tables of three or more seats ----

namespace {

// The seats of a table: the member who has had the first seat least often takes it, then the
// others in order of the seats they have had so far, the furthest back on average first (so the
// first seat goes round and the last seats are shared); members equal in both keep the order
// given (rank or number) in even rounds and the reverse in odd ones.
std::vector<int> seat_table(const std::vector<int>& firsts, const std::vector<int>& seat_sum,
                            const std::vector<int>& games, std::vector<int> members, int round) {
  if (round % 2 == 1) std::reverse(members.begin(), members.end());
  std::stable_sort(members.begin(), members.end(), [&](int a, int b) {
    const auto ua = static_cast<std::size_t>(a);
    const auto ub = static_cast<std::size_t>(b);
    if (firsts[ua] != firsts[ub]) return firsts[ua] < firsts[ub];
    // mean seat of a greater than b's, without dividing (no games: mean 0)
    const long lhs = static_cast<long>(seat_sum[ua]) * std::max(games[ub], 1);
    const long rhs = static_cast<long>(seat_sum[ub]) * std::max(games[ua], 1);
    return lhs > rhs;
  });
  return members;
}

// Fills `tables` of `seats` from `ranked` (best first) without a repeat meeting when `no_repeat`:
// the best unseated entrant begins a table and the next ranked who have met none of its members
// fill it; a choice that leaves the others unseatable is undone and the next one tried, within
// `budget` choices (as pair_ranked).
bool fill_tables(const std::vector<std::set<int>>& met, const std::vector<int>& ranked, int seats,
                 std::vector<bool>& taken, std::vector<std::vector<int>>& tables, bool no_repeat,
                 long& budget) {
  if (--budget < 0) return false;
  if (tables.empty() || static_cast<int>(tables.back().size()) == seats) {
    const auto top = std::find_if(ranked.begin(), ranked.end(),
                                  [&](int e) { return !taken[static_cast<std::size_t>(e)]; });
    if (top == ranked.end()) return true;
    taken[static_cast<std::size_t>(*top)] = true;
    tables.push_back({*top});
    if (fill_tables(met, ranked, seats, taken, tables, no_repeat, budget)) return true;
    tables.pop_back();
    taken[static_cast<std::size_t>(*top)] = false;
    return false;
  }
  // (tables.back() is looked up afresh each time: a deeper call may grow `tables`.)
  const std::size_t here = tables.size() - 1;
  // Members join in rank order, so each set of members is tried once.
  const auto after = std::find(ranked.begin(), ranked.end(), tables[here].back());
  for (auto it = after + 1; it != ranked.end(); ++it) {
    const int c = *it;
    if (taken[static_cast<std::size_t>(c)]) continue;
    if (no_repeat && std::any_of(tables[here].begin(), tables[here].end(), [&](int m) {
          return met[static_cast<std::size_t>(m)].contains(c);
        }))
      continue;
    taken[static_cast<std::size_t>(c)] = true;
    tables[here].push_back(c);
    if (fill_tables(met, ranked, seats, taken, tables, no_repeat, budget)) return true;
    tables[here].pop_back();
    taken[static_cast<std::size_t>(c)] = false;
  }
  return false;
}

// How many choices the search for a round robin's round without a repeat meeting may try before
// the greedy draw is taken instead.
constexpr long kTableRoundBudget = 20'000;

// The round robin of tables, drawn round after round from the start (it is a pure function of
// the entrants and seats): `wanted` rounds, or (wanted < 0) until every pair has met. Each round:
// - n mod seats entrants have a bye: those with the fewest byes so far, then the fewest pairs
//   still to meet, then the higher number;
// - the others, ranked by the pairs they still have to meet (most first, then number), are
//   seated as a Swiss round is (fill_tables) where no two at any table have met before;
// - when no such round is found within kTableRoundBudget choices, greedily: a table is begun by the
// unseated entrant with the most pairs still to meet (then the lower
//   number) and filled one seat at a time by the unseated entrant who has met its members the
//   fewest times in all (then the one with the most pairs still to meet, then the lower number);
// - seats as seat_table says.
std::vector<std::vector<Pairing>> table_round_robin_schedule(int n, int seats, int wanted) {
  if (seats < 3 || n < seats) throw std::out_of_range("no round robin of tables of this size");
  const auto un = static_cast<std::size_t>(n);
  std::vector<std::vector<int>> meetings(un, std::vector<int>(un));
  std::vector<int> byes(un), firsts(un), seat_sum(un), games(un);
  const auto to_meet = [&](int e) {
    int count = 0;
    for (int f = 0; f < n; ++f)
      if (f != e && meetings[static_cast<std::size_t>(e)][static_cast<std::size_t>(f)] == 0)
        ++count;
    return count;
  };
  const auto complete = [&] {
    for (int e = 0; e < n; ++e)
      if (to_meet(e) > 0) return false;
    return true;
  };
  std::vector<std::vector<Pairing>> schedule;
  // A bound no draw comes near (Tournament.TableRoundRobinMeetsEveryone): n rounds at most are
  // needed when each table seats at least one new pair.
  const int bound = wanted >= 0 ? wanted : n * n;
  while (static_cast<int>(schedule.size()) < bound && (wanted >= 0 || !complete())) {
    const int round = static_cast<int>(schedule.size());
    std::vector<int> left(un), need(un);
    std::iota(left.begin(), left.end(), 0);
    for (int e = 0; e < n; ++e) need[static_cast<std::size_t>(e)] = to_meet(e);
    std::vector<int> sitting_out = left;
    std::stable_sort(sitting_out.begin(), sitting_out.end(), [&](int a, int b) {
      const auto ua = static_cast<std::size_t>(a);
      const auto ub = static_cast<std::size_t>(b);
      return std::make_tuple(byes[ua], need[ua], -a) < std::make_tuple(byes[ub], need[ub], -b);
    });
    sitting_out.resize(static_cast<std::size_t>(n % seats));
    std::vector<bool> taken(un);
    for (int e : sitting_out) taken[static_cast<std::size_t>(e)] = true;
    // First a round in which no two at a table have met, the entrants with the most pairs to meet
    // seated first; else the greedy draw.
    std::vector<int> ranked = left;
    std::stable_sort(ranked.begin(), ranked.end(), [&](int a, int b) {
      return need[static_cast<std::size_t>(a)] > need[static_cast<std::size_t>(b)];
    });
    std::vector<std::set<int>> met(un);
    for (int e = 0; e < n; ++e)
      for (int f = 0; f < n; ++f)
        if (meetings[static_cast<std::size_t>(e)][static_cast<std::size_t>(f)] > 0)
          met[static_cast<std::size_t>(e)].insert(f);
    std::vector<std::vector<int>> tables;
    long budget = kTableRoundBudget;
    std::vector<bool> searched = taken;
    if (!fill_tables(met, ranked, seats, searched, tables, true, budget)) {
      tables.clear();
      for (;;) {
        int start = -1;
        for (int e = 0; e < n; ++e)
          if (!taken[static_cast<std::size_t>(e)] &&
              (start < 0 ||
               need[static_cast<std::size_t>(e)] > need[static_cast<std::size_t>(start)]))
            start = e;
        if (start < 0) break;
        std::vector<int> table{start};
        taken[static_cast<std::size_t>(start)] = true;
        while (static_cast<int>(table.size()) < seats) {
          int best = -1;
          std::tuple<int, int, int> best_key{};
          for (int c = 0; c < n; ++c) {
            if (taken[static_cast<std::size_t>(c)]) continue;
            int count = 0;
            for (int m : table)
              count += meetings[static_cast<std::size_t>(c)][static_cast<std::size_t>(m)];
            const auto key = std::make_tuple(count, -need[static_cast<std::size_t>(c)], c);
            if (best < 0 || key < best_key) best = c, best_key = key;
          }
          table.push_back(best);
          taken[static_cast<std::size_t>(best)] = true;
        }
        tables.push_back(std::move(table));
      }
    }
    std::vector<Pairing> boards;
    for (auto table : tables) {
      std::sort(table.begin(), table.end());
      table = seat_table(firsts, seat_sum, games, table, round);
      for (std::size_t i = 0; i < table.size(); ++i) {
        const auto e = static_cast<std::size_t>(table[i]);
        for (int m : table)
          if (m != table[i]) ++meetings[e][static_cast<std::size_t>(m)];
        if (i == 0) ++firsts[e];
        seat_sum[e] += static_cast<int>(i);
        ++games[e];
      }
      boards.push_back(pairing_of(table));
    }
    std::sort(sitting_out.begin(), sitting_out.end());
    for (int e : sitting_out) {
      ++byes[static_cast<std::size_t>(e)];
      boards.push_back({e, -1});
    }
    schedule.push_back(std::move(boards));
  }
  if (wanted < 0 && !complete())
    throw std::logic_error("the round robin of tables did not seat every pair");
  return schedule;
}

}  // namespace

int table_round_robin_rounds(int entrants, int seats) {
  return static_cast<int>(table_round_robin_schedule(entrants, seats, -1).size());
}

std::vector<Pairing> table_round_robin_pairings(int entrants, int seats, int round) {
  if (round < 0) throw std::out_of_range("no such round of this round robin");
  return table_round_robin_schedule(entrants, seats, round + 1).back();
}

// The rules of a Swiss round of tables:
// - the entrants are ranked by points, then number;
// - n mod seats of them have a bye: those who have had the fewest, the lowest ranked first; unless
//   the others could then not be seated without a repeat meeting, when the byes move up one
//   place at a time among those who have had as many as the last of them (nobody has a second
//   bye while another has had none);
// - the best unseated entrant begins a table, filled by the next ranked (so tables are drawn
//   from score groups) who have met none of its members (fill_tables); when no such draw exists
//   for any choice of byes (or none within kPairingBudget choices in all), repeats are allowed,
//   with the first choice of byes, rather than not play the round;
// - fewer left to seat than a table holds (after withdrawals): one table of them all;
// - seats as seat_table says; the tables in order of their best-ranked entrant, the byes last.
std::vector<Pairing> table_swiss_pairings(int entrants, int seats, const std::vector<Round>& played,
                                          const std::vector<bool>& withdrawn) {
  const History history(entrants, played);
  const int round = static_cast<int>(played.size());
  std::vector<int> ranked = ranked_by_points(history, entrants, withdrawn);
  if (ranked.size() < 2) return {};
  const int table_size = std::min(seats, static_cast<int>(ranked.size()));
  // The byes: those who have had the fewest, the lowest ranked first. Those with fewer than the
  // last of them must have one; the rest are chosen among those with as many as the last, the
  // lowest ranked first, and move up among them one place at a time.
  std::vector<int> bye_order(ranked.rbegin(), ranked.rend());
  std::stable_sort(bye_order.begin(), bye_order.end(), [&](int a, int b) {
    return history.byes[static_cast<std::size_t>(a)] < history.byes[static_cast<std::size_t>(b)];
  });
  const std::size_t bye_count = ranked.size() % static_cast<std::size_t>(table_size);
  std::vector<int> forced, pool;
  if (bye_count > 0) {
    const int last = history.byes[static_cast<std::size_t>(bye_order[bye_count - 1])];
    for (int e : bye_order) {
      const int had = history.byes[static_cast<std::size_t>(e)];
      if (had < last) forced.push_back(e);
      if (had == last) pool.push_back(e);
    }
  }
  const std::size_t chosen = bye_count - forced.size();
  for (bool no_repeat : {true, false}) {
    long budget = kPairingBudget;  // one budget for every choice of byes
    for (std::size_t from = 0; from + chosen <= pool.size(); ++from) {
      if ((!no_repeat || chosen == 0) && from > 0) break;
      std::vector<int> byes = forced;
      byes.insert(byes.end(), pool.begin() + static_cast<std::ptrdiff_t>(from),
                  pool.begin() + static_cast<std::ptrdiff_t>(from + chosen));
      std::vector<bool> taken(static_cast<std::size_t>(entrants), false);
      for (int e : byes) taken[static_cast<std::size_t>(e)] = true;
      std::vector<std::vector<int>> tables;
      if (!fill_tables(history.met, ranked, table_size, taken, tables, no_repeat, budget)) continue;
      std::vector<Pairing> boards;
      for (const auto& table : tables)
        boards.push_back(
            pairing_of(seat_table(history.firsts, history.seat_sum, history.games, table, round)));
      std::sort(byes.begin(), byes.end());
      for (int e : byes) boards.push_back({e, -1});
      return boards;
    }
  }
  return {};
}

int table_knockout_rounds(int entrants, int seats) {
  int rounds = 0;
  for (int left = entrants; left > 1; ++rounds)
    left = left <= seats ? 1 : left / seats + left % seats;
  return rounds;
}

int table_knockout_final(int entrants, int seats) {
  int left = entrants;
  while (left > seats) left = left / seats + left % seats;
  return left;
}

// A round of a knockout of tables: those still in (all at first, then each table's winner and
// each bye), in order of number. As many as a table seats or fewer: the final, one table of
// them. Otherwise (count mod seats) of the highest seeds (the lowest numbers) have a bye and the
// others are dealt to the tables in a snake (the best seeds to tables 1, 2, ..., the next back
// from the last), so the top seeds meet as late as can be; seats as seat_table says.
std::vector<Pairing> table_knockout_pairings(int entrants, int seats,
                                             const std::vector<Round>& played) {
  std::vector<int> left;
  if (played.empty()) {
    for (int e = 0; e < entrants; ++e) left.push_back(e);
  } else {
    for (const auto& board : played.back()) left.push_back(table_winner(board));
    std::sort(left.begin(), left.end());
  }
  if (left.size() < 2) return {};
  const History history(entrants, played);
  const int round = static_cast<int>(played.size());
  const auto seat = [&](const std::vector<int>& members) {
    return pairing_of(seat_table(history.firsts, history.seat_sum, history.games, members, round));
  };
  if (static_cast<int>(left.size()) <= seats) return {seat(left)};
  const std::size_t bye_count = left.size() % static_cast<std::size_t>(seats);
  const std::size_t table_count = left.size() / static_cast<std::size_t>(seats);
  std::vector<std::vector<int>> tables(table_count);
  for (std::size_t k = bye_count; k < left.size(); ++k) {
    const std::size_t dealt = k - bye_count;
    const std::size_t row = dealt / table_count;
    const std::size_t col = dealt % table_count;
    tables[row % 2 == 0 ? col : table_count - 1 - col].push_back(left[k]);
  }
  std::vector<Pairing> boards;
  for (const auto& table : tables) boards.push_back(seat(table));
  for (std::size_t k = 0; k < bye_count; ++k) boards.push_back({left[k], -1});
  return boards;
}

int table_winner(const Board& board) {
  if (board.pairing.bye()) return board.pairing.first;
  if (!board.first_score) throw std::logic_error("the knockout game has not finished");
  const auto seats = board.pairing.seats();
  if (board.pairing.more.empty()) return knockout_winner(board);
  int winner = -1;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    if (winner < 0) {
      winner = static_cast<int>(i);
      continue;
    }
    const auto w = static_cast<std::size_t>(winner);
    if (board.places[i] < board.places[w] ||
        (board.places[i] == board.places[w] && seats[i] < seats[w]))
      winner = static_cast<int>(i);
  }
  return seats[static_cast<std::size_t>(winner)];
}

}  // namespace referee
