// Tournaments: the circle method's rounds and seats, the Swiss rules (score groups, no repeat, the
// bye, seats), the knockout bracket and its draws, and standings computed by hand.
#include "referee/tournament.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/rng.hpp"

namespace {

using referee::Board;
using referee::Pairing;
using referee::Round;

// A round whose games all end as `first_wins` says: the first seat wins when it holds the lower
// number (true) or always (false: the higher number wins).
Round play(const std::vector<Pairing>& pairings, bool lower_wins = true) {
  Round round;
  for (const auto& p : pairings) {
    if (p.bye()) {
      round.push_back({p, 1.0});
      continue;
    }
    const bool first_lower = p.first < p.second;
    round.push_back({p, first_lower == lower_wins ? 1.0 : 0.0});
  }
  return round;
}

TEST(Tournament, DrawIsTheSeedsShuffle) {
  const auto order = referee::draw_order(20261207, 9);
  std::vector<int> expected{0, 1, 2, 3, 4, 5, 6, 7, 8};
  core::Rng rng(20261207);
  rng.shuffle(expected);
  EXPECT_EQ(order, expected);
  auto sorted = order;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_NE(referee::draw_order(20261208, 9), order);
}

TEST(Tournament, FormatNames) {
  for (const char* word : {"round-robin", "swiss", "knockout"})
    EXPECT_EQ(referee::format_name(*referee::parse_format(word)), word);
  EXPECT_FALSE(referee::parse_format("Swiss"));
  EXPECT_FALSE(referee::parse_format("ladder"));
}

// Every pair meets once, nobody twice in a round, each round has n/2 games (and one bye when n
// is odd), and each entrant's first seats and second seats differ by at most one.
TEST(Tournament, RoundRobinMeetsEveryoneOnceWithSeatsBalanced) {
  for (int n = 2; n <= 14; ++n) {
    std::set<std::pair<int, int>> met;
    std::vector<int> firsts(static_cast<std::size_t>(n)), seconds(static_cast<std::size_t>(n));
    std::vector<int> byes(static_cast<std::size_t>(n));
    const int rounds = referee::round_robin_rounds(n);
    EXPECT_EQ(rounds, n % 2 == 0 ? n - 1 : n);
    for (int r = 0; r < rounds; ++r) {
      const auto boards = referee::round_robin_pairings(n, r);
      std::set<int> seated;
      for (const auto& b : boards) {
        EXPECT_TRUE(seated.insert(b.first).second) << n << " round " << r;
        if (b.bye()) {
          ++byes[static_cast<std::size_t>(b.first)];
          continue;
        }
        EXPECT_TRUE(seated.insert(b.second).second);
        EXPECT_TRUE(met.insert(std::minmax(b.first, b.second)).second);
        ++firsts[static_cast<std::size_t>(b.first)];
        ++seconds[static_cast<std::size_t>(b.second)];
      }
      EXPECT_EQ(static_cast<int>(seated.size()), n);
    }
    EXPECT_EQ(static_cast<int>(met.size()), n * (n - 1) / 2) << n;
    for (int e = 0; e < n; ++e) {
      EXPECT_LE(
          std::abs(firsts[static_cast<std::size_t>(e)] - seconds[static_cast<std::size_t>(e)]), 1)
          << n << " entrant " << e;
      EXPECT_EQ(byes[static_cast<std::size_t>(e)], n % 2);
    }
  }
  EXPECT_THROW(referee::round_robin_pairings(4, 3), std::out_of_range);
}

// The first round of eight: the top half meets the bottom half, 1 v 5, 2 v 6 ..., the higher
// ranked first. Then the winners (on 1) meet each other, the losers each other.
TEST(Tournament, SwissPairsByScoreGroups) {
  const std::vector<bool> none(8, false);
  const auto first = referee::swiss_pairings(8, {}, none);
  EXPECT_EQ(first, (std::vector<Pairing>{{0, 4}, {1, 5}, {2, 6}, {3, 7}}));
  // 0, 1, 2, 3 win; in round 2 the group {0,1,2,3} pairs 0 v 2, 1 v 3, and {4,5,6,7} 4 v 6, 5 v 7.
  // Seats: 0, 1, 2, 3 had the first seat, so each meets one who had it too: the tie goes by
  // last seat (equal), then the round (odd: the lower ranked first).
  const std::vector<Round> played{play(first)};
  const auto second = referee::swiss_pairings(8, played, none);
  EXPECT_EQ(second, (std::vector<Pairing>{{2, 0}, {3, 1}, {6, 4}, {7, 5}}));
}

TEST(Tournament, SwissNeverRepeatsAndGivesOneByeEach) {
  for (int n : {5, 7, 9, 10}) {
    const std::vector<bool> none(static_cast<std::size_t>(n), false);
    std::vector<Round> played;
    std::set<std::pair<int, int>> met;
    std::vector<int> byes(static_cast<std::size_t>(n)), balance(static_cast<std::size_t>(n));
    const int rounds = n / 2 + 1;
    for (int r = 0; r < rounds; ++r) {
      const auto boards = referee::swiss_pairings(n, played, none);
      ASSERT_EQ(static_cast<int>(boards.size()), (n + 1) / 2);
      for (const auto& b : boards) {
        if (b.bye()) {
          EXPECT_EQ(++byes[static_cast<std::size_t>(b.first)], 1) << n << " round " << r;
          continue;
        }
        EXPECT_TRUE(met.insert(std::minmax(b.first, b.second)).second) << n << " round " << r;
        ++balance[static_cast<std::size_t>(b.first)];
        --balance[static_cast<std::size_t>(b.second)];
      }
      played.push_back(play(boards, r % 2 == 0));
    }
    for (int e = 0; e < n; ++e) EXPECT_LE(std::abs(balance[static_cast<std::size_t>(e)]), 2);
  }
}

// A large field over many rounds: every round is paired without a repeat, whoever wins (here the
// lower number in odd rounds, the higher in even ones, and every fifth board drawn).
TEST(Tournament, SwissOfSixtyFour) {
  const int n = 64;
  const std::vector<bool> none(n, false);
  std::vector<Round> played;
  std::set<std::pair<int, int>> met;
  for (int r = 0; r < 20; ++r) {
    const auto boards = referee::swiss_pairings(n, played, none);
    ASSERT_EQ(boards.size(), 32u) << "round " << r;
    for (const auto& b : boards)
      ASSERT_TRUE(met.insert(std::minmax(b.first, b.second)).second) << "round " << r;
    Round round = play(boards, r % 2 == 0);
    for (std::size_t i = 0; i < round.size(); i += 5) round[i].first_score = 0.5;
    played.push_back(std::move(round));
  }
}

// When every pairing would repeat one, the round is still paired, allowing repeats: four who
// have all met.
TEST(Tournament, SwissRepeatsOnlyWhenItMust) {
  const std::vector<bool> none(4, false);
  std::vector<Round> played;
  for (int r = 0; r < 3; ++r) played.push_back(play(referee::round_robin_pairings(4, r)));
  const auto boards = referee::swiss_pairings(4, played, none);
  ASSERT_EQ(boards.size(), 2u);
  std::set<int> seated;
  for (const auto& b : boards) {
    EXPECT_FALSE(b.bye());
    seated.insert(b.first);
    seated.insert(b.second);
  }
  EXPECT_EQ(seated.size(), 4u);
}

// The bye goes to the lowest ranked entrant without one: after round 1 of five (0 beat 2, 1 beat
// 3, 4 had the bye), the lowest on 0 points is 3, then 2; 4, on 1 point, has had it.
TEST(Tournament, SwissByeToTheLowestWithoutOne) {
  const std::vector<bool> none(5, false);
  const auto first = referee::swiss_pairings(5, {}, none);
  EXPECT_EQ(first, (std::vector<Pairing>{{0, 2}, {1, 3}, {4, -1}}));
  const auto second = referee::swiss_pairings(5, {play(first)}, none);
  ASSERT_FALSE(second.empty());
  EXPECT_EQ(second.back(), (Pairing{3, -1}));
  // Withdrawn entrants are not paired: without 3, the four others pair and nobody has a bye.
  const auto without =
      referee::swiss_pairings(5, {play(first)}, {false, false, false, true, false});
  EXPECT_EQ(without.size(), 2u);
  for (const auto& b : without) {
    EXPECT_FALSE(b.bye());
    EXPECT_NE(b.first, 3);
    EXPECT_NE(b.second, 3);
  }
}

// Five entrants: a bracket of eight, byes to seeds 0, 1 and 2; 3 meets 4. A drawn game sends the
// higher seed on.
TEST(Tournament, KnockoutBracketByesAndDraws) {
  EXPECT_EQ(referee::knockout_rounds(5), 3);
  EXPECT_EQ(referee::knockout_rounds(8), 3);
  EXPECT_EQ(referee::knockout_rounds(2), 1);
  const auto first = referee::knockout_pairings(5, {});
  EXPECT_EQ(first, (std::vector<Pairing>{{0, -1}, {3, 4}, {1, -1}, {2, -1}}));
  Round one = play(first);
  one[1].first_score = 0.5;  // 3 v 4 drawn: 3 goes on
  EXPECT_EQ(referee::knockout_winner(one[1]), 3);
  const auto second = referee::knockout_pairings(5, {one});
  ASSERT_EQ(second.size(), 2u);
  EXPECT_EQ(std::minmax(second[0].first, second[0].second), std::minmax(0, 3));
  EXPECT_EQ(std::minmax(second[1].first, second[1].second), std::minmax(1, 2));
  Round two = play(second, false);  // the lower seeds win: 3 and 2
  const auto final_round = referee::knockout_pairings(5, {one, two});
  ASSERT_EQ(final_round.size(), 1u);
  EXPECT_EQ(std::minmax(final_round[0].first, final_round[0].second), std::minmax(2, 3));
  EXPECT_TRUE(referee::knockout_pairings(5, {one, two, play(final_round)}).empty());
  // Eight: 0 v 7, 3 v 4, 1 v 6, 2 v 5; with seeds as expected the semi-finals are 0 v 3, 1 v 2.
  const auto eight = referee::knockout_pairings(8, {});
  EXPECT_EQ(eight, (std::vector<Pairing>{{0, 7}, {3, 4}, {1, 6}, {2, 5}}));
}

// Two rounds of five, computed by hand:
//   round 1: 0 beats 1, 2 and 3 draw, 4 has the bye;  round 2: 4 beats 0, 3 beats 1, 2 the bye.
//   points:   0: 1    1: 0    2: 1.5    3: 1.5    4: 2
//   Buchholz: 0: 0+2 = 2;  1: 1+1.5 = 2.5;  2: 1.5 + own 1.5 (bye) = 3;  3: 1.5+0 = 1.5;
//             4: own 2 (bye) + 1 = 3
//   S-B:      0: 1*0 + 0*2 = 0;  1: 0;  2: .5*1.5 + .5*1.5 (bye) = 1.5;  3: .5*1.5 + 1*0 = .75;
//             4: .5*2 (bye) + 1*1 = 2
//   order: 4, 2 (Buchholz 3 against 3's 1.5), 3, 0, 1.
TEST(Tournament, StandingsByHand) {
  const std::vector<Round> rounds{
      {{{0, 1}, 1.0}, {{2, 3}, 0.5}, {{4, -1}, 1.0}},
      {{{0, 4}, 0.0}, {{3, 1}, 1.0}, {{2, -1}, 1.0}},
  };
  const auto table = referee::standings(5, rounds);
  ASSERT_EQ(table.size(), 5u);
  const std::vector<int> order{4, 2, 3, 0, 1};
  const std::vector<double> points{2, 1.5, 1.5, 1, 0}, buchholz{3, 3, 1.5, 2, 2.5},
      sb{2, 1.5, 0.75, 0, 0};
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(table[i].entrant, order[i]);
    EXPECT_EQ(table[i].rank, static_cast<int>(i) + 1);
    EXPECT_DOUBLE_EQ(table[i].points, points[i]) << i;
    EXPECT_DOUBLE_EQ(table[i].buchholz, buchholz[i]) << i;
    EXPECT_DOUBLE_EQ(table[i].sonneborn_berger, sb[i]) << i;
  }
  EXPECT_EQ(table[0].byes, 1);
  EXPECT_EQ(table[0].wins, 1);
  EXPECT_EQ(table[0].played, 1);
  EXPECT_EQ(table[1].draws, 1);
  // A game still running counts nothing; equal entrants share a rank.
  const auto running = referee::standings(3, {{{{0, 1}, std::nullopt}, {{2, -1}, 1.0}}});
  EXPECT_EQ(running[0].entrant, 2);
  EXPECT_EQ(running[1].rank, 2);
  EXPECT_EQ(running[2].rank, 2);
  EXPECT_EQ(running[1].played, 0);
}

// ---- Tables of three or more seats ----

// A finished board of these seats and places (a bye for one seat).
Board finished(const std::vector<int>& seats, std::vector<int> places = {}) {
  Board board;
  board.pairing = referee::pairing_of(seats);
  if (seats.size() == 1) {
    board.first_score = 1.0;
    return board;
  }
  board.places = std::move(places);
  board.first_score = 0.0;
  board.first_score = referee::seat_scores(board).at(0);
  return board;
}

// A finished table whose places follow the entrants' numbers (the lowest number first).
Board table_played(const Pairing& p) {
  const auto seats = p.seats();
  std::vector<int> places;
  for (int e : seats)
    places.push_back(1 + static_cast<int>(std::count_if(seats.begin(), seats.end(),
                                                        [&](int f) { return f < e; })));
  return finished(seats, places);
}

// The ruling (docs/rules/README.md): a table's result is the pairwise results its places imply,
// normalised to one game; two seats as ever.
TEST(Tournament, TableScoresArePairwiseResultsNormalised) {
  const Board three = finished({4, 7, 9}, {2, 1, 3});
  EXPECT_EQ(referee::seat_scores(three), (std::vector<double>{0.5, 1.0, 0.0}));
  const Board shared = finished({4, 7, 9, 2}, {1, 1, 4, 3});
  // 1st equal with one (1/2) above two (2): 2.5/3; 4th of four: 0; 3rd: 1/3.
  const auto scores = referee::seat_scores(shared);
  EXPECT_DOUBLE_EQ(scores[0], 2.5 / 3);
  EXPECT_DOUBLE_EQ(scores[1], 2.5 / 3);
  EXPECT_DOUBLE_EQ(scores[2], 0.0);
  EXPECT_DOUBLE_EQ(scores[3], 1.0 / 3);
  EXPECT_EQ(referee::seat_scores({{1, 0}, 0.5}), (std::vector<double>{0.5, 0.5}));
  EXPECT_EQ(referee::seat_scores({{1, -1}, 1.0}), (std::vector<double>{1.0}));
  Board running;
  running.pairing = referee::pairing_of({1, 2, 3});
  EXPECT_TRUE(referee::seat_scores(running).empty());
  EXPECT_EQ(referee::table_winner(three), 7);
  EXPECT_EQ(referee::table_winner(shared), 4);  // placed first with 7: the lower number
}

// Two rounds of four entrants at tables of three, computed by hand (the ruling's Buchholz and
// Sonneborn-Berger: each opponent's part divided by the N-1 = 2 opponents).
TEST(Tournament, TableStandingsByHand) {
  const std::vector<Round> rounds{
      {finished({0, 1, 2}, {1, 2, 3}), finished({3})},
      {finished({3, 2, 1}, {2, 1, 3}), finished({0})},
  };
  const auto table = referee::standings(4, rounds);
  ASSERT_EQ(table.size(), 4u);
  // 0: 1 + bye 1 = 2; B (0.5 + 1)/2 + 2 (bye) = 2.75; SB (1*0.5 + 1*1)/2 + 2/2 = 1.75
  EXPECT_EQ(table[0].entrant, 0);
  EXPECT_DOUBLE_EQ(table[0].points, 2);
  EXPECT_DOUBLE_EQ(table[0].buchholz, 2.75);
  EXPECT_DOUBLE_EQ(table[0].sonneborn_berger, 1.75);
  EXPECT_EQ(std::make_tuple(table[0].wins, table[0].draws, table[0].losses, table[0].byes),
            std::make_tuple(2, 0, 0, 1));
  // 3: bye 1 + 1/2 = 1.5; B 1.5 + (1 + 0.5)/2 = 2.25; SB 0.75 + (0*1 + 1*0.5)/2 = 1
  EXPECT_EQ(table[1].entrant, 3);
  EXPECT_DOUBLE_EQ(table[1].points, 1.5);
  EXPECT_DOUBLE_EQ(table[1].buchholz, 2.25);
  EXPECT_DOUBLE_EQ(table[1].sonneborn_berger, 1.0);
  // 2: 0 + 1 = 1; B (2 + 0.5)/2 + (1.5 + 0.5)/2 = 2.25; SB 0 + (1*1.5 + 1*0.5)/2 = 1
  EXPECT_EQ(table[2].entrant, 2);
  EXPECT_DOUBLE_EQ(table[2].points, 1);
  EXPECT_DOUBLE_EQ(table[2].buchholz, 2.25);
  EXPECT_DOUBLE_EQ(table[2].sonneborn_berger, 1.0);
  EXPECT_EQ(std::make_tuple(table[2].wins, table[2].losses, table[2].played),
            std::make_tuple(2, 2, 2));
  // 1: 1/2 + 0; B (2 + 1)/2 + (1.5 + 1)/2 = 2.75; SB (0*2 + 1*1)/2 + 0 = 0.5
  EXPECT_EQ(table[3].entrant, 1);
  EXPECT_DOUBLE_EQ(table[3].points, 0.5);
  EXPECT_DOUBLE_EQ(table[3].buchholz, 2.75);
  EXPECT_DOUBLE_EQ(table[3].sonneborn_berger, 0.5);
  EXPECT_EQ(std::make_tuple(table[3].wins, table[3].losses), std::make_tuple(1, 3));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(table[static_cast<std::size_t>(i)].rank, i + 1);
}

// Every pair meets, nobody sits twice in a round, n mod seats byes a round and nobody a second
// bye before all have had one, no more rounds than entrants, and the first seat shared round.
TEST(Tournament, TableRoundRobinMeetsEveryone) {
  for (int seats = 3; seats <= 6; ++seats)
    for (int n = seats; n <= 16; ++n) {
      const int rounds = referee::table_round_robin_rounds(n, seats);
      EXPECT_GE(rounds, (n - 1 + seats - 2) / (seats - 1)) << n << "/" << seats;
      EXPECT_LE(rounds, n) << n << "/" << seats;
      std::set<std::pair<int, int>> met;
      std::vector<int> byes(static_cast<std::size_t>(n)), firsts(static_cast<std::size_t>(n));
      for (int r = 0; r < rounds; ++r) {
        const auto boards = referee::table_round_robin_pairings(n, seats, r);
        std::set<int> seated;
        int round_byes = 0;
        for (const auto& b : boards) {
          const auto at = b.seats();
          for (int e : at) EXPECT_TRUE(seated.insert(e).second) << n << " round " << r;
          if (b.bye()) {
            ++round_byes;
            ++byes[static_cast<std::size_t>(b.first)];
            continue;
          }
          EXPECT_EQ(static_cast<int>(at.size()), seats);
          ++firsts[static_cast<std::size_t>(b.first)];
          for (int x : at)
            for (int y : at)
              if (x < y) met.insert({x, y});
        }
        EXPECT_EQ(round_byes, n % seats);
        EXPECT_EQ(static_cast<int>(seated.size()), n);
        EXPECT_LE(*std::max_element(byes.begin(), byes.end()) -
                      *std::min_element(byes.begin(), byes.end()),
                  1);
      }
      EXPECT_EQ(static_cast<int>(met.size()), n * (n - 1) / 2) << n << "/" << seats;
      EXPECT_LE(*std::max_element(firsts.begin(), firsts.end()), rounds / 2 + 1)
          << n << "/" << seats;
    }
  // Nine at tables of three meet everyone in four rounds, the least there can be.
  EXPECT_EQ(referee::table_round_robin_rounds(9, 3), 4);
  EXPECT_THROW(referee::table_round_robin_pairings(2, 3, 0), std::out_of_range);
}

// Swiss of tables: tables from score groups (round 1: by number), no repeat meeting, one bye a
// round to someone who has not had one, the first seat to one who has had it least at the table.
TEST(Tournament, TableSwissNoRepeatByesAndFirstSeats) {
  const int n = 10;
  std::vector<Round> played;
  const std::vector<bool> none(static_cast<std::size_t>(n));
  const auto first = referee::table_swiss_pairings(n, 3, played, none);
  ASSERT_EQ(first.size(), 4u);
  EXPECT_EQ(first[0].seats(), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(first[1].seats(), (std::vector<int>{3, 4, 5}));
  EXPECT_EQ(first[2].seats(), (std::vector<int>{6, 7, 8}));
  EXPECT_EQ(first[3].seats(), (std::vector<int>{9}));
  std::set<std::pair<int, int>> met;
  std::set<int> had_bye;
  std::map<int, int> firsts;
  for (int r = 0; r < 3; ++r) {
    const auto boards = referee::table_swiss_pairings(n, 3, played, none);
    ASSERT_EQ(boards.size(), 4u) << r;
    Round round;
    for (const auto& b : boards) {
      if (b.bye()) {
        EXPECT_TRUE(had_bye.insert(b.first).second) << "round " << r;
      } else {
        const auto at = b.seats();
        for (int e : at) EXPECT_LE(firsts[b.first], firsts[e]) << "round " << r;
        for (int x : at)
          for (int y : at)
            if (x < y) {
              EXPECT_TRUE(met.insert({x, y}).second) << x << "-" << y << " round " << r;
            }
      }
      round.push_back(table_played(b));
    }
    for (const auto& b : boards)
      if (!b.bye()) ++firsts[b.first];
    played.push_back(round);
  }
  // A withdrawn entrant is not seated: nine left, three tables, no bye.
  std::vector<bool> withdrawn(static_cast<std::size_t>(n));
  withdrawn[4] = true;
  const auto later = referee::table_swiss_pairings(n, 3, played, withdrawn);
  EXPECT_EQ(later.size(), 3u);
  for (const auto& b : later) EXPECT_FALSE(b.bye());
}

// Knockout of tables: byes to the top seeds for the remainder, the rest dealt in a snake, each
// table's winner on, the last few at one table.
TEST(Tournament, TableKnockoutWinnersGoOn) {
  EXPECT_EQ(referee::table_knockout_rounds(7, 3), 2);
  EXPECT_EQ(referee::table_knockout_final(7, 3), 3);
  EXPECT_EQ(referee::table_knockout_rounds(4, 3), 2);
  EXPECT_EQ(referee::table_knockout_final(4, 3), 2);
  EXPECT_EQ(referee::table_knockout_rounds(16, 4), 2);
  EXPECT_EQ(referee::table_knockout_final(16, 4), 4);
  std::vector<Round> played;
  const auto first = referee::table_knockout_pairings(7, 3, played);
  ASSERT_EQ(first.size(), 3u);
  auto sorted = [](std::vector<int> v) {
    std::sort(v.begin(), v.end());
    return v;
  };
  EXPECT_EQ(sorted(first[0].seats()), (std::vector<int>{1, 4, 5}));
  EXPECT_EQ(sorted(first[1].seats()), (std::vector<int>{2, 3, 6}));
  EXPECT_EQ(first[2].seats(), (std::vector<int>{0}));
  EXPECT_TRUE(first[2].bye());
  // The higher numbers win: 5 and 6 go on with the bye's 0.
  Round one;
  for (const auto& b : first) {
    Board board = table_played(b);
    if (!b.bye()) {
      for (auto& place : board.places) place = 4 - place;
      board = finished(b.seats(), board.places);
    }
    one.push_back(board);
  }
  played.push_back(one);
  const auto final_round = referee::table_knockout_pairings(7, 3, played);
  ASSERT_EQ(final_round.size(), 1u);
  EXPECT_EQ(sorted(final_round[0].seats()), (std::vector<int>{0, 5, 6}));
  played.push_back({table_played(final_round[0])});
  EXPECT_TRUE(referee::table_knockout_pairings(7, 3, played).empty());
}

// Swiss and knockout of tables over many fields and random results (places drawn by core::Rng,
// ties included): every round seats each entrant still in exactly once, at tables of `seats`
// (a knockout's final excepted) with n mod seats byes, and no bye twice to one entrant while
// another has had none; a knockout ends with one winner in the rounds it announced.
TEST(Tournament, TablesSeatEveryoneOnceUnderRandomResults) {
  core::Rng rng(67);
  const auto random_result = [&](const Pairing& p) {
    if (p.bye()) return finished({p.first});
    std::vector<int> places;
    for (std::size_t i = 0; i < p.seats().size(); ++i)
      places.push_back(1 + static_cast<int>(rng.below(p.seats().size())));
    return finished(p.seats(), places);
  };
  for (int seats = 3; seats <= 5; ++seats)
    for (int n = seats; n <= 17; ++n) {
      std::vector<Round> played;
      const std::vector<bool> none(static_cast<std::size_t>(n));
      std::vector<int> byes(static_cast<std::size_t>(n));
      const int rounds = std::min(referee::table_round_robin_rounds(n, seats), 5);
      for (int r = 0; r < rounds; ++r) {
        const auto boards = referee::table_swiss_pairings(n, seats, played, none);
        std::set<int> seated;
        int round_byes = 0;
        Round round;
        for (const auto& b : boards) {
          for (int e : b.seats()) EXPECT_TRUE(seated.insert(e).second) << n << "/" << seats;
          if (b.bye()) {
            ++round_byes;
            ++byes[static_cast<std::size_t>(b.first)];
          } else {
            EXPECT_EQ(static_cast<int>(b.seats().size()), seats);
          }
          round.push_back(random_result(b));
        }
        EXPECT_EQ(static_cast<int>(seated.size()), n) << n << "/" << seats << " round " << r;
        EXPECT_EQ(round_byes, n % seats);
        EXPECT_LE(*std::max_element(byes.begin(), byes.end()) -
                      *std::min_element(byes.begin(), byes.end()),
                  1)
            << n << "/" << seats << " round " << r;
        played.push_back(round);
      }
      played.clear();
      int made = 0;
      for (auto boards = referee::table_knockout_pairings(n, seats, played); !boards.empty();
           boards = referee::table_knockout_pairings(n, seats, played)) {
        Round round;
        for (const auto& b : boards) round.push_back(random_result(b));
        played.push_back(round);
        ASSERT_LE(++made, referee::table_knockout_rounds(n, seats)) << n << "/" << seats;
      }
      EXPECT_EQ(made, referee::table_knockout_rounds(n, seats)) << n << "/" << seats;
      ASSERT_FALSE(played.empty());
      EXPECT_EQ(played.back().size(), 1u) << "one final table";
      EXPECT_EQ(static_cast<int>(played.back()[0].pairing.seats().size()),
                referee::table_knockout_final(n, seats));
    }
}

}  // namespace
