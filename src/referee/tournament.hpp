// Tournaments: the pairings of round robin, Swiss and knockout, and the standings, as pure
// functions of the entrants, the tournament's seed and the results so far (no store, no clock).
// Anyone who has the revealed seed and the results can pair every round again and get the same
// games; caravan-ref(1), TOURNAMENTS, spells out each rule written here.
//
// A tournament's games have two seats, or as many as it was made with (--seats, where the kind
// takes that many): a game of three or more seats is a table, paired by the functions named
// table_* below; the two-seat functions are the classic pairings. Entrants are known by their
// number: 0 for the first of the draw. The
// draw is the one random choice of a tournament: the entrants' order shuffled by core::Rng from the
// tournament's seed. Everything after it follows from the draw and the results.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace referee {

enum class TournamentFormat { kRoundRobin, kSwiss, kKnockout };

// "round-robin", "swiss", "knockout", and back (nullopt for another word).
std::string format_name(TournamentFormat format);
std::optional<TournamentFormat> parse_format(const std::string& word);

// The draw: the numbers 0..n-1 in the order the seed gives (core::Rng(seed).shuffle of 0..n-1);
// draw[k] is the place, in the order the entrants were given, of the entrant numbered k.
std::vector<int> draw_order(std::uint64_t seed, int entrants);

// One board of a round: `first` holds the first seat, `second` the next, `more` the seats after
// it at a table of three or more; second is -1 for a bye.
struct Pairing {
  int first = 0;
  int second = -1;
  std::vector<int> more{};
  bool bye() const { return second < 0; }
  // The entrants in seat order (one for a bye).
  std::vector<int> seats() const;
  bool operator==(const Pairing&) const = default;
};
// A pairing of the entrants in seat order (a bye for one).
Pairing pairing_of(const std::vector<int>& seats);

// A board's result, from the first seat's side: 1 it won, 0.5 drawn, 0 lost; nullopt while the
// game runs. A bye's is 1: a bye is worth a win. At a table of three or more, `places` holds each
// seat's final place (1 the best, equal places shared) once it has finished, and first_score is
// the first seat's score as seat_scores gives it.
struct Board {
  Pairing pairing;
  std::optional<double> first_score;
  std::vector<int> places{};
};
using Round = std::vector<Board>;

// Each seat's score in a finished board, on the two-seat scale (the ruling of docs/rules/
// README.md, "Tournaments of more than two seats"): the pairwise results its final order implies,
// 1 for each seat placed below, 1/2 for each placed equal, summed and divided by the N-1 others;
// {1} for a bye; empty while the game runs.
std::vector<double> seat_scores(const Board& board);
// One seat's result against another at a finished board: 1, 1/2 or 0.
double pair_score(const Board& board, std::size_t seat, std::size_t other);

// The number of rounds a round robin of n entrants takes (n-1, or n when n is odd) and a
// knockout (the rounds of the bracket: ceil(log2 n)).
int round_robin_rounds(int entrants);
int knockout_rounds(int entrants);

// Round `round` (0 the first) of a round robin by the circle method: entrant n-1 (or the bye,
// when n is odd) stays, the others turn one place a round. Seats: in the fixed entrant's game the
// fixed entrant is first in even rounds; in every other game the entrant on the circle's upper
// half is first. Over the whole round robin each entrant's first and second seats then differ by
// one at most (Tournament.RoundRobinMeetsEveryoneOnceWithSeatsBalanced). The bye comes last.
std::vector<Pairing> round_robin_pairings(int entrants, int round);

// The next round of a Swiss. `played` are the rounds so far (all finished); `withdrawn` the
// entrants not to pair. See swiss_pairings in tournament.cpp for the rules (score groups, no
// repeat, the bye, seats by history).
std::vector<Pairing> swiss_pairings(int entrants, const std::vector<Round>& played,
                                    const std::vector<bool>& withdrawn);

// The next round of a knockout: round 0 from the seeded bracket (byes to the top seeds when n is
// not a power of two), later rounds the winners of neighbouring boards. A drawn game sends the
// higher seed (the lower number) on. Empty when the previous round had one board (the final).
std::vector<Pairing> knockout_pairings(int entrants, const std::vector<Round>& played);
// Who goes on from a finished knockout board (its winner; the lower number after a draw).
int knockout_winner(const Board& board);

// The standings after the rounds played (unfinished boards count nothing yet).
//   points: 1 a win, 1/2 a draw, 0 a loss, 1 a bye.
//   buchholz: the sum of the points of each opponent met; a bye counts as a game drawn against
//     oneself, adding one's own points.
//   sonneborn_berger: the sum, over the games, of the opponent's points times one's score in
//     that game; a bye (a draw against oneself) adds half one's own points.
// At a table of N seats each game counts as its N-1 pairwise results do, normalised to one game:
//   points: the seat's score (seat_scores);
//   buchholz: the opponents' points summed and divided by N-1;
//   sonneborn_berger: each opponent's points times the pairwise result against them, summed and
//     divided by N-1;
//   wins, draws, losses: the pairwise results (N-1 a game).
// Order: points, then Buchholz, then Sonneborn-Berger (each highest first), then the number.
// Rank: 1 for the first; entrants equal in all three share a rank.
struct Standing {
  int entrant = 0;
  int rank = 0;
  double points = 0;
  double buchholz = 0;
  double sonneborn_berger = 0;
  int played = 0;  // games finished (byes not counted)
  int wins = 0, draws = 0, losses = 0, byes = 0;
};
std::vector<Standing> standings(int entrants, const std::vector<Round>& rounds);

// Tables of `seats` (3 or more) seats; each function's rules are written beside it in
// tournament.cpp and in caravan-ref(1), TOURNAMENTS. With n entrants, n mod seats of them have a
// bye each round (a knockout's final excepted, a table of those left).
//
// A round robin of tables: rounds drawn one after another, greedily, until every pair of
// entrants has met; table_round_robin_rounds says how many that takes.
int table_round_robin_rounds(int entrants, int seats);
std::vector<Pairing> table_round_robin_pairings(int entrants, int seats, int round);
// The next round of a Swiss of tables.
std::vector<Pairing> table_swiss_pairings(int entrants, int seats, const std::vector<Round>& played,
                                          const std::vector<bool>& withdrawn);
// A knockout of tables: each table's winner goes on (table_winner), re-seeded each round.
int table_knockout_rounds(int entrants, int seats);
// The size of a table of knockout's final (2..seats).
int table_knockout_final(int entrants, int seats);
std::vector<Pairing> table_knockout_pairings(int entrants, int seats,
                                             const std::vector<Round>& played);
// Who goes on from a finished table: the one placed first (of several placed first, the lowest
// number); a bye's entrant.
int table_winner(const Board& board);

}  // namespace referee
