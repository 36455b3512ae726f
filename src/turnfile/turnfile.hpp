// Turn files in: a YAML document with the keys game, player, turn, token and moves, and
// optionally `end` (false keeps a turn of several moves open) and `chain` (the chain head the turn
// answers). A player who registered a key sends `signature` (and `chain`) instead of `token`.
// Instead of `moves` a file may carry `action` (resign, offer-draw, accept-draw, decline-draw,
// request-undo, accept-undo, decline-undo, absent; `absent` with `until`).
//
// Promise: either a complete TurnRequest, or a core::UserError (exit 65) whose detail names the
// file, line and column (1-based) of the problem. Moves are handed on as Documents, so engines
// never see YAML.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"

namespace turnfile {

struct Position {
  int line = 0;  // 1-based; 0 when unknown
  int column = 0;
};

struct TurnRequest {
  std::string source;  // file name, or "<stdin>"
  std::string game;
  std::string player;
  std::int64_t turn = 0;
  std::string token;  // empty in a signed file
  // Where the token's value is written in the file (bytes [begin, end)), for turnfile/redact.hpp;
  // unset when the file has none or writes it so that it cannot be told (an alias).
  std::optional<std::pair<std::size_t, std::size_t>> token_span;
  std::string signature;    // Ed25519 over the file's canonical content (ledger/turn_signature.hpp)
  std::string chain;        // the chain head this turn answers; empty when not given
  nlohmann::json document;  // the whole file as a Document: what a signature covers
  nlohmann::json moves = nlohmann::json::array();
  std::vector<Position> move_positions;  // one per move
  bool end = true;  // false: the player's turn stays open after these moves (if the game allows)
  // {action, until?} when the file is an action instead of moves (then `moves` is empty).
  nlohmann::json action{};
};

// Input limits: anything beyond them is refused (exit 65) before it is converted.
// The largest turn file accepted, in bytes.
constexpr std::size_t kMaxBytes = 256 * 1024;
// The deepest nesting of lists and mappings.
constexpr int kMaxDepth = 64;
// The most values (scalars, lists, mappings) a file may expand to, each use of an alias counted
// again: a file without aliases cannot reach it, the billion-laughs file stops here.
constexpr std::size_t kMaxValues = 100000;
// The longest single value (a key or a scalar), in bytes.
constexpr std::size_t kMaxString = 4096;

// What a file may be: a turn file's bounds above, or a game's record's (export's output, which
// verify and import read): a record holds every turn of a game, tens of thousands of them.
struct Limits {
  std::size_t max_bytes = kMaxBytes;
  std::size_t max_values = kMaxValues;
};
inline constexpr Limits kTurnFileLimits{};
inline constexpr Limits kRecordLimits{std::size_t{64} * 1024 * 1024, 10'000'000};

TurnRequest parse(const std::string& text, const std::string& source);

// A file read once for all who look at it (the mail filter, then submit): the request, or the
// error parse() refused the file with.
struct Read {
  std::optional<TurnRequest> request;
  std::optional<core::UserError> error;
};
Read read(const std::string& text, const std::string& source);

// A YAML value as a Document: plain scalars become numbers, booleans or null where they read as
// such; quoted scalars stay strings.
nlohmann::json yaml_to_document(const std::string& text, const std::string& source,
                                const Limits& limits = kTurnFileLimits);

}  // namespace turnfile
