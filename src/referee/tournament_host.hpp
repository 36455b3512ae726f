// Hosting a tournament: making it (its draw from a committed seed, its first round), making each
// next round once the one before has finished (tick calls it, so the clock drives the rounds),
// a withdrawal, and the standings. The pairings are referee/tournament.hpp's; the games are
// ordinary games made by create_game with the tournament's options and clock.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "referee/referee.hpp"
#include "referee/tournament.hpp"

namespace referee {

struct NewTournament {
  std::string kind;
  TournamentFormat format = TournamentFormat::kSwiss;
  std::optional<int> rounds{};  // Swiss: default ceil(log2 n); the others take their own
  int seats = 2;                // each game's seats, as the kind takes (tables of 3 or more)
  // Entrants in the order given: people ("Ann <ann@example.org>" or a name), then bots (name,
  // level), each an entrant of their own.
  std::vector<std::string> players;
  std::vector<std::pair<std::string, std::string>> bots{};
  std::map<std::string, std::string> options{};
  TimingRequest timing{};
  std::optional<std::uint64_t> seed{};  // from the OS when absent
  // {from}: made with --mail, kept for the record (a later round is invited by the tick that
  // makes it, when that tick is given --mail); null: made without.
  Document mail = nullptr;
};

// Makes the tournament and its first round (and the bots' first turns). Returns {tournament,
// kind, format, seats, rounds, seed_commitment, entrants, made: [round document]}, where a round
// document is {tournament, round, games: [{board, first, second, seats: [name], made:
// create_game's answer (with tokens)}], byes: [name]}: the only time the tokens of a round's games
// are shown. When bots alone played the first round out, the rounds after it follow in `made`, and
// the end
// ({tournament, finished, seed, seed_salt}) when they played them all. UserError 64 for a bad
// request (nothing is made), 66 for an unknown kind.
Document create_tournament(store::Database& db, const NewTournament& request);

// For each running tournament (or the one named): while its last round has finished, the next
// round is made, or the tournament ends. Returns the round documents made (as create_tournament's
// `made`) and {tournament, finished: true, seed, seed_salt} for each that ended. Never throws for
// one tournament: its failure is listed as {tournament, error: {code, message}}.
Document advance_tournaments(GamesInHand& games, const std::optional<std::string>& id = {});

// The entrant leaves the rounds not made yet (caravan-ref(1), TOURNAMENTS). UserError 66 for no
// such tournament or entrant, 65 when the tournament has finished or they have withdrawn.
Document withdraw_entrant(store::Database& db, const std::string& id, const std::string& name);

// {tournament, kind, format, seats, rounds, round, finished, seed_commitment, seed and seed_salt
// once finished, standings: [{rank, number, name, bot?, points, buchholz, sonneborn_berger,
// played, wins, draws, losses, byes, withdrawn?}], rounds: [{round, games: [{board, game, first,
// second, seats, result, places?}], byes}]}. UserError 66 for no such tournament.
Document tournament_document(GamesInHand& games, const std::string& id);
// The document for people: the standings as a table, then each round's pairings and results
// (when it has them), then the seed once revealed.
std::string tournament_text(const Document& doc);
// The standings for a person, in words and a table narrow enough for a phone: the state of the
// tournament, who leads, where `reader` (an entrant's name, or empty) stands, the table of rank,
// points, Buchholz and Sonneborn-Berger with a key, and the last round's games. `doc` is
// tournament_document's.
std::string standings_words(const Document& doc, const std::string& reader = "");
// The standings as one self-contained HTML page, with the game page's style (referee/html.hpp)
// and a narrow table for a phone: the summary, the table (rank, points, Buchholz,
// Sonneborn-Berger, won-drawn-lost), each round's games (latest first), each a link to its public
// page under serve where `base_url` is given, and the seed once revealed. Every string escaped.
std::string standings_page(const Document& doc, const std::string& base_url = "");
// Each tournament: {tournament, kind, format, seats, rounds, round, entrants, finished}.
Document list_tournaments(store::Database& db);

// Which tournament and round a game belongs to ({tournament, round}); null for none.
Document tournament_of_game(store::Database& db, const std::string& game);

}  // namespace referee
