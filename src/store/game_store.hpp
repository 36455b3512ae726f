// The game store: games, seats, submissions and the turn record, as rows of plain data.
// Promise: callers see games and turns, never SQL; every write happens inside the caller's
// Transaction, so a turn is stored whole or not at all.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "store/sqlite.hpp"

namespace store {

struct PlayerRow {
  int seat = 0;
  std::string name;
  std::string token_hash;
  std::string address{};     // e-mail address (schema/004_mail.sql); empty when none
  std::string public_key{};  // Ed25519 (hex) when the player signs turns instead of a token
  std::string bot{};         // the level of the bot that plays the seat ("mcts"); empty: a person
  // The key the seat had when the game was made (the genesis binds it; a replacement changes
  // public_key only). Empty: none.
  std::string genesis_key{};
};

// Someone who follows a game by mail without a seat (schema/008_observers.sql).
struct ObserverRow {
  std::string address;
  std::string name{};
};

struct GameRow {
  std::string id;
  std::string kind;
  nlohmann::json options = nlohmann::json::object();
  std::uint64_t seed = 0;
  std::string created_at;
  bool from_position = false;
  nlohmann::json initial_state;
  nlohmann::json setup_events = nlohmann::json::array();  // {audience, full, redacted} each
  std::string initial_rng;
  nlohmann::json state;
  std::string rng;
  std::string state_hash;
  std::int64_t next_turn = 1;
  bool finished = false;
  nlohmann::json result;  // null until finished
  // Audit (schema/003_audit.sql): secret until the end, then shown with the seed.
  std::string seed_salt;
  std::string seed_commitment;  // SHA-256(salt ":" seed), shown from the start
  std::string genesis;          // chain value before turn 1
  std::string chain_head;       // chain value of the last turn (genesis before any)
  std::vector<PlayerRow> players;
  // Hosting (schema/006_host.sql): the game's clock settings, the table's own state (retired
  // seats, offers, misses, absences, pause, a result the referee declared), the deadline of the
  // seat to move and that seat.
  nlohmann::json timing = nlohmann::json::object();
  nlohmann::json host = nlohmann::json::object();
  std::optional<std::string> deadline{};
  std::optional<int> to_move{};
  // The states and set-up events as stored (compact JSON); filled instead of `initial_state`,
  // `state` and `setup_events` by find_game(id, StatesAs::kText), for an audit, which compares
  // them with the replay's own text.
  std::string initial_state_text{};
  std::string state_text{};
  std::string setup_events_text{};
};

struct TurnRow {
  std::int64_t number = 0;
  int seat = 0;
  bool forced = false;
  nlohmann::json moves = nlohmann::json::array();
  nlohmann::json events = nlohmann::json::array();
  std::string state_hash;
  std::optional<std::int64_t> submission_id;
  std::string applied_at;
  std::string chain{};      // SHA-256 chain value of this turn (see ledger/chain.hpp)
  nlohmann::json action{};  // null for a turn of moves; else what the turn did (resign, ...)
  // {state, rng, host} after the turn as dump() writes it (none when empty); written with it,
  // read only by snapshot_after().
  std::string snapshot{};
  // The events as stored (compact JSON); filled instead of `events` by
  // turns(..., EventsAs::kText), which an audit compares with the replay's own text. With
  // EventsAs::kNone, neither is filled.
  std::string events_text{};
};

struct SubmissionRow {
  std::optional<std::string> game_id;
  std::optional<std::string> player;
  std::optional<std::int64_t> turn;
  std::string raw;  // the file with its token replaced by a marker (turnfile/redact.hpp)
  bool accepted = false;
  std::optional<int> error_code;
  std::optional<std::string> error;
  std::string raw_sha256{};  // SHA-256 of the file as received, token and all
};

struct KeptSnapshot {
  std::string text;        // {state, rng, host} as stored; empty when none is kept
  std::string state_hash;  // the hash its turn recorded
  // The snapshot as a document; null when none is kept.
  nlohmann::json document() const {
    return text.empty() ? nlohmann::json() : nlohmann::json::parse(text);
  }
};

// UTC now, ISO 8601 to the second.
std::string now_utc();

class GameStore {
 public:
  explicit GameStore(Database& db) : db_(db) {}
  Database& db() { return db_; }

  void insert_game(const GameRow& game);
  // How find_game() hands over the states and the set-up events: as documents, or as the stored
  // text alone (GameRow's *_text).
  enum class StatesAs { kDocuments, kText };
  std::optional<GameRow> find_game(const std::string& id, StatesAs states = StatesAs::kDocuments);
  std::vector<GameRow> list_games();    // without snapshots or seats' tokens
  std::vector<std::string> game_ids();  // every game's id, in list_games()'s order
  // The finished games (id, kind, created_at, result and each seat's name and bot level), oldest
  // first: what ratings are computed from (referee/ratings.hpp).
  std::vector<GameRow> finished_games();
  // The game's row after a turn; `state_text` is game.state as dump() writes it (the text the
  // state hash was taken of).
  void update_snapshot(const GameRow& game, const std::string& state_text);

  std::int64_t record_submission(const SubmissionRow& submission);
  std::vector<SubmissionRow> submissions(const std::optional<std::string>& game_id);

  void append_turn(const std::string& game_id, const TurnRow& turn);
  // How turns() hands over each turn's events: as documents, as the stored text alone, or not at
  // all (a record leaves them out).
  enum class EventsAs { kDocuments, kText, kNone };
  // Turns numbered above `after`, in order.
  std::vector<TurnRow> turns(const std::string& game_id, std::int64_t after = 0,
                             EventsAs events = EventsAs::kDocuments);
  // The same, read one at a time and handed to `visit` until it returns false: an audit of a
  // long game holds one turn at a time, not the whole record.
  void each_turn(const std::string& game_id, std::int64_t after, EventsAs events,
                 const std::function<bool(TurnRow&)>& visit);
  // The turns newest first, without their events, handed to `visit` with the turn number their
  // file carried (nullopt for a turn no file made) until it returns false: a look back that stops
  // at the first turn it needs (referee/position.hpp).
  void each_turn_back(
      const std::string& game_id,
      const std::function<bool(TurnRow&, std::optional<std::int64_t> file_turn)>& visit);
  // The number and action of every turn that holds an action (not moves), in order.
  std::vector<std::pair<std::int64_t, nlohmann::json>> turn_actions(const std::string& game_id);
  // The number the game's next turn will have in its record (GameRow::next_turn), read alone; 0
  // when there is no such game.
  std::int64_t next_turn(const std::string& game_id);
  // When the game's last turn was applied; nullopt before the first.
  std::optional<std::string> last_applied_at(const std::string& game_id);
  // The number of `seat`'s last turn of its own (not forced), or 0.
  std::int64_t last_own_turn(const std::string& game_id, int seat);
  // The {state, rng, host} stored after turn `number` (null for a turn stored without one), and
  // the state hash that turn recorded, which binds it.
  KeptSnapshot snapshot_after(const std::string& game_id, std::int64_t number);
  // Every snapshot kept for a game with its turn's state hash, in turn order, handed to `visit`.
  void each_kept_snapshot(const std::string& game_id,
                          const std::function<void(std::int64_t, const KeptSnapshot&)>& visit);

  // Running games with a deadline, soonest first: id, deadline, to_move and timing only.
  std::vector<GameRow> games_with_deadlines();
  // Running games whose seat to move is played by a bot (id and to_move only).
  std::vector<GameRow> games_with_a_bot_to_move();
  // Records that a reminder of `kind` about `deadline` went to `seat`; false when it already had.
  bool record_reminder(const std::string& game_id, int seat, const std::string& deadline,
                       const std::string& kind);
  // The game master's changes to a seat: its mail address, or a new player with a new token.
  void update_player(const std::string& game_id, const PlayerRow& player);

  // A game's observers, by address; add is false when the address observes already, remove
  // false when it did not. Addresses compare without regard to ASCII case.
  std::vector<ObserverRow> observers(const std::string& game_id);
  bool add_observer(const std::string& game_id, const ObserverRow& observer);
  bool remove_observer(const std::string& game_id, const std::string& address);
  // The games (running or not) that `address` observes.
  std::vector<std::string> observed_games(const std::string& address);

 private:
  // The audit's columns (schema/003_audit.sql), kept apart from the row's main statement.
  void write_audit_columns(const GameRow& game);

  Database& db_;
};

}  // namespace store
