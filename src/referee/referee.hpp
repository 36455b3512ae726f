// The referee: every operation a game master or bot asks for, as Documents in and out.
//
// Promise: it never knows a game's rules (engines do) nor how its answers are printed (output
// does). A turn is checked, applied and stored in one transaction: a rejected turn leaves only its
// submission row. A turn costs one snapshot load, whatever the length of the game's history.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "core/errors.hpp"
#include "store/sqlite.hpp"

namespace referee {

using core::Document;

struct NewGame {
  std::string kind;
  // Seat order; "Ann <ann@example.org>" registers Ann with an address for play by mail.
  std::vector<std::string> players;
  std::map<std::string, std::string> options;
  std::optional<std::uint64_t> seed;  // from the OS when absent
  std::optional<Document> position;   // a `view --referee` document, or just its state
  // Player name -> Ed25519 public key (hex): that player signs turn files instead of a token.
  std::map<std::string, std::string> keys{};
};

// Prints game, kind, seed_commitment, chain and players [{name, seat, role, token or key}]: the
// only time tokens are shown.
Document create_game(store::Database& db, const NewGame& request);

// A player's view, or the referee's when `player` is empty.
Document view(store::Database& db, const std::string& game,
              const std::optional<std::string>& player);
// A view drawn for a person: a header, the engine's board, what happened since.
std::string draw_view(const Document& view);

// The legal moves of `player` now (none when not to move) that begin with `prefix` (null: all;
// see core::has_prefix), at most `limit`, and how many there are in all.
struct MoveList {
  Document moves = Document::array();
  std::size_t total = 0;
  bool total_exact = true;  // false: at least `total` (see core::State::MovePage)
};
MoveList legal_moves(store::Database& db, const std::string& game, const std::string& player,
                     const Document& prefix = nullptr, std::size_t limit = SIZE_MAX);

struct Submission {
  Document answer;  // accepted, game, turn, ... or accepted: false, error
  int exit_code = 0;
  std::string game;                       // empty when the file named no known game
  std::map<std::string, Document> views;  // file stem (player name, "referee") -> view
};
// Never throws for a bad turn file: the verdict is in the answer and exit_code, and the
// submission is recorded either way. Throws only when the database cannot be written.
Submission submit(store::Database& db, const std::string& text, const std::string& source);
// The answer submit gives for a refused turn, for a failure before the referee sees the file
// (a file that cannot be read): {accepted: false, error: {code, kind, message, ...}}.
Document rejection(const core::UserError& error);

Document history(store::Database& db, const std::string& game,
                 const std::optional<std::string>& player);
Document list_games(store::Database& db);
// Replays each game (or one) from its record; ok: false names the first turn that disagrees.
Document audit(store::Database& db, const std::optional<std::string>& game);
Document describe_engines();

}  // namespace referee
