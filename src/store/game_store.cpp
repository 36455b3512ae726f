#include "store/game_store.hpp"

#include <fmt/format.h>

#include "core/clock.hpp"
#include "core/tally.hpp"

namespace store {

namespace {

using nlohmann::json;

TurnRow read_turn(const Statement& row, GameStore::EventsAs events) {
  TurnRow turn;
  turn.number = row.integer(0);
  turn.seat = static_cast<int>(row.integer(1));
  turn.forced = row.integer(2) != 0;
  turn.moves = json::parse(row.text(3));
  if (events == GameStore::EventsAs::kText)
    turn.events_text = row.text(4);
  else if (events == GameStore::EventsAs::kDocuments)
    turn.events = json::parse(row.text(4));
  turn.state_hash = row.text(5);
  if (!row.is_null(6)) turn.submission_id = row.integer(6);
  turn.applied_at = row.text(7);
  turn.chain = row.text(8);
  if (!row.is_null(9)) turn.action = json::parse(row.text(9));
  return turn;
}

}  // namespace

std::string now_utc() { return core::format_time(core::now()); }

void GameStore::insert_game(const GameRow& game) {
  Statement insert(
      db_,
      "INSERT INTO games (id, kind, options, seed, created_at, from_position, "
      "initial_state, initial_rng, state, rng, state_hash, next_turn, finished, result, "
      "setup_events) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
  insert.bind(1, game.id)
      .bind(2, game.kind)
      .bind(3, game.options.dump())
      .bind(4, std::to_string(game.seed))
      .bind(5, game.created_at)
      .bind(6, std::int64_t{game.from_position})
      .bind(7, game.initial_state.dump())
      .bind(8, game.initial_rng)
      .bind(9, game.state.dump())
      .bind(10, game.rng)
      .bind(11, game.state_hash)
      .bind(12, game.next_turn)
      .bind(13, std::int64_t{game.finished})
      .bind(14, game.result.is_null() ? std::optional<std::string>() : game.result.dump())
      .bind(15, game.setup_events.dump());
  insert.run();
  for (const auto& player : game.players) {
    Statement seat(db_,
                   "INSERT INTO players (game_id, seat, name, token_hash, address, bot) "
                   "VALUES (?,?,?,?,?,?)");
    seat.bind(1, game.id)
        .bind(2, std::int64_t{player.seat})
        .bind(3, player.name)
        .bind(4, player.token_hash)
        .bind(5, player.address.empty() ? std::optional<std::string>() : player.address)
        .bind(6, player.bot.empty() ? std::optional<std::string>() : player.bot);
    seat.run();
  }
  write_audit_columns(game);
}

void GameStore::write_audit_columns(const GameRow& game) {
  Statement audit(db_,
                  "UPDATE games SET seed_salt = ?, seed_commitment = ?, genesis = ?, "
                  "chain_head = ? WHERE id = ?");
  audit.bind(1, game.seed_salt)
      .bind(2, game.seed_commitment)
      .bind(3, game.genesis)
      .bind(4, game.chain_head)
      .bind(5, game.id);
  audit.run();
  Statement host(db_,
                 "UPDATE games SET timing = ?, host = ?, deadline = ?, to_move = ? WHERE id = ?");
  host.bind(1, game.timing.dump())
      .bind(2, game.host.dump())
      .bind(3, game.deadline)
      .bind(5, game.id);
  if (game.to_move)
    host.bind(4, std::int64_t{*game.to_move});
  else
    host.bind_null(4);
  host.run();
  for (const auto& player : game.players) {
    if (player.public_key.empty() && player.genesis_key.empty()) continue;
    Statement key(
        db_, "UPDATE players SET public_key = ?, genesis_key = ? WHERE game_id = ? AND seat = ?");
    key.bind(1, player.public_key.empty() ? std::optional<std::string>() : player.public_key)
        .bind(2, player.genesis_key.empty() ? std::optional<std::string>() : player.genesis_key)
        .bind(3, game.id)
        .bind(4, std::int64_t{player.seat});
    key.run();
  }
}

std::optional<GameRow> GameStore::find_game(const std::string& id, StatesAs states) {
  Statement query(
      db_,
      "SELECT id, kind, options, seed, created_at, from_position, initial_state, "
      "initial_rng, state, rng, state_hash, next_turn, finished, result, setup_events, "
      "seed_salt, seed_commitment, genesis, chain_head, timing, host, deadline, to_move "
      "FROM games WHERE id = ?");
  query.bind(1, id);
  if (!query.step()) return std::nullopt;
  core::tally(core::Step::kSnapshotLoad);
  GameRow game;
  game.id = query.text(0);
  game.kind = query.text(1);
  game.options = json::parse(query.text(2));
  game.seed = std::stoull(query.text(3));
  game.created_at = query.text(4);
  game.from_position = query.integer(5) != 0;
  if (states == StatesAs::kText) {
    game.initial_state_text = query.text(6);
    game.state_text = query.text(8);
    game.setup_events_text = query.text(14);
  } else {
    game.initial_state = json::parse(query.text(6));
    game.state = json::parse(query.text(8));
    game.setup_events = json::parse(query.text(14));
  }
  game.initial_rng = query.text(7);
  game.rng = query.text(9);
  game.state_hash = query.text(10);
  game.next_turn = query.integer(11);
  game.finished = query.integer(12) != 0;
  if (!query.is_null(13)) game.result = json::parse(query.text(13));
  // The audit trail (schema 003), the table's state and the clock (006).
  game.seed_salt = query.text(15);
  game.seed_commitment = query.text(16);
  game.genesis = query.text(17);
  game.chain_head = query.text(18);
  game.timing = json::parse(query.text(19));
  game.host = json::parse(query.text(20));
  if (!query.is_null(21)) game.deadline = query.text(21);
  if (!query.is_null(22)) game.to_move = static_cast<int>(query.integer(22));

  Statement seats(db_,
                  "SELECT seat, name, token_hash, address, bot, public_key, genesis_key "
                  "FROM players WHERE game_id = ? ORDER BY seat");
  seats.bind(1, id);
  while (seats.step()) {
    game.players.push_back({static_cast<int>(seats.integer(0)), seats.text(1), seats.text(2)});
    PlayerRow& player = game.players.back();
    if (!seats.is_null(3)) player.address = seats.text(3);
    if (!seats.is_null(4)) player.bot = seats.text(4);
    if (!seats.is_null(5)) player.public_key = seats.text(5);
    if (!seats.is_null(6)) player.genesis_key = seats.text(6);
  }
  return game;
}

std::vector<GameRow> GameStore::list_games() {
  // One row a seat (SQL both SQLite and PostgreSQL read: no group_concat or string_agg).
  Statement query(db_,
                  "SELECT g.id, g.kind, g.created_at, g.next_turn, g.finished, g.result, "
                  "p.name, g.deadline, g.to_move, g.host "
                  "FROM games g LEFT JOIN players p ON p.game_id = g.id "
                  "ORDER BY g.created_at, g.id, p.seat");
  std::vector<GameRow> games;
  while (query.step()) {
    if (games.empty() || games.back().id != query.text(0)) {
      GameRow game;
      game.id = query.text(0);
      game.kind = query.text(1);
      game.created_at = query.text(2);
      game.next_turn = query.integer(3);
      game.finished = query.integer(4) != 0;
      if (!query.is_null(5)) game.result = json::parse(query.text(5));
      if (!query.is_null(7)) game.deadline = query.text(7);
      if (!query.is_null(8)) game.to_move = static_cast<int>(query.integer(8));
      game.host = json::parse(query.text(9));
      games.push_back(std::move(game));
    }
    if (query.is_null(6)) continue;
    GameRow& game = games.back();
    game.players.push_back({static_cast<int>(game.players.size()), query.text(6), ""});
  }
  return games;
}

std::vector<GameRow> GameStore::finished_games() {
  Statement query(db_,
                  "SELECT g.id, g.kind, g.created_at, g.result, p.seat, p.name, p.bot "
                  "FROM games g JOIN players p ON p.game_id = g.id WHERE g.finished = 1 "
                  "ORDER BY g.created_at, g.id, p.seat");
  std::vector<GameRow> games;
  while (query.step()) {
    if (games.empty() || games.back().id != query.text(0)) {
      GameRow game;
      game.id = query.text(0);
      game.kind = query.text(1);
      game.created_at = query.text(2);
      game.finished = true;
      if (!query.is_null(3)) game.result = json::parse(query.text(3));
      games.push_back(std::move(game));
    }
    PlayerRow player{static_cast<int>(query.integer(4)), query.text(5), ""};
    if (!query.is_null(6)) player.bot = query.text(6);
    games.back().players.push_back(std::move(player));
  }
  return games;
}

std::vector<std::string> GameStore::game_ids() {
  Statement query(db_, "SELECT id FROM games ORDER BY created_at, id");
  std::vector<std::string> ids;
  while (query.step()) ids.push_back(query.text(0));
  return ids;
}

void GameStore::update_snapshot(const GameRow& game, const std::string& state_text) {
  Statement update(db_,
                   "UPDATE games SET state = ?, rng = ?, state_hash = ?, next_turn = ?, "
                   "finished = ?, result = ?, chain_head = ?, host = ?, deadline = ?, to_move = ? "
                   "WHERE id = ?");
  update.bind(1, state_text)
      .bind(2, game.rng)
      .bind(3, game.state_hash)
      .bind(4, game.next_turn)
      .bind(5, std::int64_t{game.finished})
      .bind(6, game.result.is_null() ? std::optional<std::string>() : game.result.dump())
      .bind(7, game.chain_head)
      .bind(8, game.host.dump())
      .bind(9, game.deadline)
      .bind(11, game.id);
  if (game.to_move)
    update.bind(10, std::int64_t{*game.to_move});
  else
    update.bind_null(10);
  update.run();
}

std::int64_t GameStore::record_submission(const SubmissionRow& submission) {
  Statement insert(db_,
                   "INSERT INTO submissions (received_at, game_id, player, turn, raw, accepted, "
                   "error_code, error, raw_sha256) VALUES (?,?,?,?,?,?,?,?,?)");
  insert.bind(1, now_utc())
      .bind(2, submission.game_id)
      .bind(3, submission.player)
      .bind(5, submission.raw)
      .bind(6, std::int64_t{submission.accepted})
      .bind(8, submission.error)
      .bind(9,
            submission.raw_sha256.empty() ? std::optional<std::string>() : submission.raw_sha256);
  if (submission.turn)
    insert.bind(4, *submission.turn);
  else
    insert.bind_null(4);
  if (submission.error_code)
    insert.bind(7, std::int64_t{*submission.error_code});
  else
    insert.bind_null(7);
  insert.run();
  return db_.last_insert_id();
}

std::vector<SubmissionRow> GameStore::submissions(const std::optional<std::string>& game_id) {
  Statement query(db_,
                  "SELECT game_id, player, turn, raw, accepted, error_code, error, raw_sha256 "
                  "FROM submissions "
                  "WHERE CAST(?1 AS TEXT) IS NULL OR game_id = ?1 ORDER BY id");
  query.bind(1, game_id);
  std::vector<SubmissionRow> rows;
  while (query.step()) {
    SubmissionRow row;
    if (!query.is_null(0)) row.game_id = query.text(0);
    if (!query.is_null(1)) row.player = query.text(1);
    if (!query.is_null(2)) row.turn = query.integer(2);
    row.raw = query.text(3);
    row.accepted = query.integer(4) != 0;
    if (!query.is_null(5)) row.error_code = static_cast<int>(query.integer(5));
    if (!query.is_null(6)) row.error = query.text(6);
    if (!query.is_null(7)) row.raw_sha256 = query.text(7);
    rows.push_back(std::move(row));
  }
  return rows;
}

void GameStore::append_turn(const std::string& game_id, const TurnRow& turn) {
  Statement insert(db_,
                   "INSERT INTO turns (game_id, number, seat, forced, moves, events, state_hash, "
                   "submission_id, applied_at, chain, action) "
                   "VALUES (?,?,?,?,?,?,?,?,?,?,?)");
  insert.bind(1, game_id)
      .bind(2, turn.number)
      .bind(3, std::int64_t{turn.seat})
      .bind(4, std::int64_t{turn.forced})
      .bind(5, turn.moves.dump())
      .bind(6, turn.events.dump())
      .bind(7, turn.state_hash)
      .bind(9, turn.applied_at)
      .bind(10, turn.chain)
      .bind(11, turn.action.is_null() ? std::optional<std::string>() : turn.action.dump());
  if (turn.submission_id)
    insert.bind(8, *turn.submission_id);
  else
    insert.bind_null(8);
  insert.run();
  if (turn.snapshot.empty()) return;
  Statement snapshot(db_, "INSERT INTO turn_snapshots (game_id, number, snapshot) VALUES (?,?,?)");
  snapshot.bind(1, game_id).bind(2, turn.number).bind(3, turn.snapshot);
  snapshot.run();
}

std::vector<TurnRow> GameStore::turns(const std::string& game_id, std::int64_t after,
                                      EventsAs events) {
  std::vector<TurnRow> rows;
  each_turn(game_id, after, events, [&rows](TurnRow& turn) {
    rows.push_back(std::move(turn));
    return true;
  });
  return rows;
}

void GameStore::each_turn(const std::string& game_id, std::int64_t after, EventsAs events,
                          const std::function<bool(TurnRow&)>& visit) {
  Statement query(db_,
                  "SELECT number, seat, forced, moves, events, state_hash, submission_id, "
                  "applied_at, chain, action FROM turns WHERE game_id = ? AND number > ? "
                  "ORDER BY number");
  query.bind(1, game_id).bind(2, after);
  while (query.step()) {
    TurnRow turn = read_turn(query, events);
    if (!visit(turn)) return;
  }
}

void GameStore::each_turn_back(
    const std::string& game_id,
    const std::function<bool(TurnRow&, std::optional<std::int64_t>)>& visit) {
  Statement query(db_,
                  "SELECT t.number, t.seat, t.forced, t.moves, NULL, t.state_hash, "
                  "t.submission_id, t.applied_at, t.chain, t.action, s.turn FROM turns t "
                  "LEFT JOIN submissions s ON s.id = t.submission_id "
                  "WHERE t.game_id = ? ORDER BY t.number DESC");
  query.bind(1, game_id);
  while (query.step()) {
    TurnRow turn = read_turn(query, EventsAs::kNone);
    const auto file_turn =
        query.is_null(10) ? std::nullopt : std::optional<std::int64_t>(query.integer(10));
    if (!visit(turn, file_turn)) return;
  }
}

std::vector<std::pair<std::int64_t, json>> GameStore::turn_actions(const std::string& game_id) {
  Statement query(db_,
                  "SELECT number, action FROM turns WHERE game_id = ? AND action IS NOT NULL "
                  "ORDER BY number");
  query.bind(1, game_id);
  std::vector<std::pair<std::int64_t, json>> actions;
  while (query.step()) actions.emplace_back(query.integer(0), json::parse(query.text(1)));
  return actions;
}

std::int64_t GameStore::next_turn(const std::string& game_id) {
  Statement query(db_, "SELECT next_turn FROM games WHERE id = ?");
  query.bind(1, game_id);
  return query.step() ? query.integer(0) : 0;
}

std::optional<std::string> GameStore::last_applied_at(const std::string& game_id) {
  Statement query(db_,
                  "SELECT applied_at FROM turns WHERE game_id = ? ORDER BY number DESC LIMIT 1");
  query.bind(1, game_id);
  if (!query.step()) return std::nullopt;
  return query.text(0);
}

std::int64_t GameStore::last_own_turn(const std::string& game_id, int seat) {
  Statement query(db_,
                  "SELECT COALESCE(MAX(number), 0) FROM turns "
                  "WHERE game_id = ? AND seat = ? AND forced = 0");
  query.bind(1, game_id).bind(2, std::int64_t{seat});
  query.step();
  return query.integer(0);
}

KeptSnapshot GameStore::snapshot_after(const std::string& game_id, std::int64_t number) {
  Statement query(db_,
                  "SELECT s.snapshot, t.state_hash FROM turn_snapshots s JOIN turns t "
                  "ON t.game_id = s.game_id AND t.number = s.number "
                  "WHERE s.game_id = ? AND s.number = ?");
  query.bind(1, game_id).bind(2, number);
  if (!query.step() || query.is_null(0)) return {};
  return {query.text(0), query.text(1)};
}

void GameStore::each_kept_snapshot(
    const std::string& game_id,
    const std::function<void(std::int64_t, const KeptSnapshot&)>& visit) {
  Statement query(db_,
                  "SELECT s.number, s.snapshot, t.state_hash FROM turn_snapshots s JOIN turns t "
                  "ON t.game_id = s.game_id AND t.number = s.number "
                  "WHERE s.game_id = ? ORDER BY s.number");
  query.bind(1, game_id);
  while (query.step()) {
    visit(query.integer(0), {query.text(1), query.text(2)});
  }
}

std::vector<GameRow> GameStore::games_with_a_bot_to_move() {
  Statement query(
      db_,
      "SELECT g.id, g.to_move FROM games g JOIN players p ON p.game_id = g.id "
      "AND p.seat = g.to_move WHERE g.finished = 0 AND p.bot IS NOT NULL ORDER BY g.id");
  std::vector<GameRow> games;
  while (query.step()) {
    GameRow game;
    game.id = query.text(0);
    game.to_move = static_cast<int>(query.integer(1));
    games.push_back(std::move(game));
  }
  return games;
}

std::vector<GameRow> GameStore::games_with_deadlines() {
  Statement query(db_,
                  "SELECT id, deadline, to_move, timing FROM games WHERE deadline IS NOT NULL "
                  "AND finished = 0 ORDER BY deadline, id");
  std::vector<GameRow> games;
  while (query.step()) {
    GameRow game;
    game.id = query.text(0);
    game.deadline = query.text(1);
    if (!query.is_null(2)) game.to_move = static_cast<int>(query.integer(2));
    game.timing = json::parse(query.text(3));
    games.push_back(std::move(game));
  }
  return games;
}

bool GameStore::record_reminder(const std::string& game_id, int seat, const std::string& deadline,
                                const std::string& kind) {
  Statement insert(db_,
                   "INSERT INTO reminders (game_id, seat, deadline, kind, sent_at) "
                   "VALUES (?,?,?,?,?) ON CONFLICT DO NOTHING");
  insert.bind(1, game_id)
      .bind(2, std::int64_t{seat})
      .bind(3, deadline)
      .bind(4, kind)
      .bind(5, now_utc());
  insert.run();
  return db_.changes() > 0;
}

void GameStore::update_player(const std::string& game_id, const PlayerRow& player) {
  Statement update(
      db_,
      "UPDATE players SET name = ?, token_hash = ?, address = ?, public_key = ?, bot = ? "
      "WHERE game_id = ? AND seat = ?");
  update.bind(1, player.name)
      .bind(2, player.token_hash)
      .bind(3, player.address.empty() ? std::optional<std::string>() : player.address)
      .bind(4, player.public_key.empty() ? std::optional<std::string>() : player.public_key)
      .bind(5, player.bot.empty() ? std::optional<std::string>() : player.bot)
      .bind(6, game_id)
      .bind(7, std::int64_t{player.seat});
  update.run();
}

std::vector<ObserverRow> GameStore::observers(const std::string& game_id) {
  Statement select(db_, "SELECT address, name FROM observers WHERE game_id = ? ORDER BY rowid");
  select.bind(1, game_id);
  std::vector<ObserverRow> rows;
  while (select.step()) rows.push_back({select.text(0), select.text(1)});
  return rows;
}

bool GameStore::add_observer(const std::string& game_id, const ObserverRow& observer) {
  Statement find(db_, "SELECT 1 FROM observers WHERE game_id = ? AND lower(address) = lower(?)");
  find.bind(1, game_id).bind(2, observer.address);
  if (find.step()) return false;
  Statement insert(db_, "INSERT INTO observers (game_id, address, name) VALUES (?, ?, ?)");
  insert.bind(1, game_id).bind(2, observer.address).bind(3, observer.name);
  insert.run();
  return true;
}

bool GameStore::remove_observer(const std::string& game_id, const std::string& address) {
  Statement remove(db_, "DELETE FROM observers WHERE game_id = ? AND lower(address) = lower(?)");
  remove.bind(1, game_id).bind(2, address);
  remove.run();
  return db_.changes() > 0;
}

std::vector<std::string> GameStore::observed_games(const std::string& address) {
  Statement select(db_,
                   "SELECT game_id FROM observers WHERE lower(address) = lower(?) ORDER BY rowid");
  select.bind(1, address);
  std::vector<std::string> games;
  while (select.step()) games.push_back(select.text(0));
  return games;
}

}  // namespace store
