// Tournaments: the pairings of round robin, Swiss and knockout, and the standings, as pure
// functions of the entrants, the tournament's seed and the results so far (no store, no clock).
// Anyone who has the revealed seed and the results can pair every round again and get the same
// games; caravan-ref(1), TOURNAMENTS, spells out each rule written here.
//
// Every game of a tournament has two seats (a kind that cannot be played by two is refused when
// the tournament is made). Entrants are known by their number: 0 for the first of the draw. The
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

// One board of a round: `first` holds the first seat, `second` the other; second is -1 for a bye.
struct Pairing {
  int first = 0;
  int second = -1;
  bool bye() const { return second < 0; }
  bool operator==(const Pairing&) const = default;
};

// A board's result, from the first seat's side: 1 it won, 0.5 drawn, 0 lost; nullopt while the
// game runs. A bye's is 1: a bye is worth a win.
struct Board {
  Pairing pairing;
  std::optional<double> first_score;
};
using Round = std::vector<Board>;

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

}  // namespace referee
