#include "store/copy.hpp"

#include <algorithm>
#include <iterator>
#include <stdexcept>

#include <fmt/format.h>

#include "core/errors.hpp"

namespace store {

namespace {

struct Table {
  const char* name;
  const char* columns;  // in the schema's latest version, the same on both stores
  const char* order;    // the order rows are read and written in
  bool identity;        // an INTEGER PRIMARY KEY `id` (PostgreSQL: an identity to move on)
};

// Parents before children (the foreign keys hold after every row). observers and tournaments
// are read in rowid order and written without it: their new rowids keep that order.
const Table kTables[] = {
    {"games",
     "id, kind, options, seed, created_at, from_position, initial_state, initial_rng, state, rng, "
     "state_hash, next_turn, finished, result, setup_events, seed_salt, seed_commitment, genesis, "
     "chain_head, timing, host, deadline, to_move",
     "id", false},
    {"players", "game_id, seat, name, token_hash, public_key, address, bot, genesis_key",
     "game_id, seat", false},
    {"submissions",
     "id, received_at, game_id, player, turn, raw, accepted, error_code, error, raw_sha256", "id",
     true},
    {"turns",
     "game_id, number, seat, forced, moves, events, state_hash, submission_id, applied_at, chain, "
     "action",
     "game_id, number", false},
    {"turn_snapshots", "game_id, number, snapshot", "game_id, number", false},
    {"referee_key", "id, public_key, secret_key, created_at", "id", false},
    {"referee_keys", "public_key, created_at, retired_at", "created_at, public_key", false},
    {"messages",
     "id, message_id, sender, received_at, size, subject, verdict, reason, game_id, player, turn, "
     "turn_text, submission_id, answer, answered_at, times_seen",
     "id", true},
    {"reminders", "game_id, seat, deadline, kind, sent_at", "game_id, seat, deadline, kind", false},
    {"observers", "game_id, address, name", "rowid", false},
    {"mail_outbox",
     "id, queued_at, recipient, subject, message_id, game_id, shown_turn, answers, bytes, sent_at, "
     "attempts, last_error",
     "id", true},
    {"notify_targets",
     "id, game_id, format, url, added_at, removed_at, stopped_at, stop_reason, stop_told_at", "id",
     true},
    {"notify_outbox",
     "id, target_id, game_id, turn, event, key, body, queued_at, next_at, claimed_until, attempts, "
     "last_error, sent_at, failing_since, picture",
     "id", true},
    {"notify_mentions", "game_id, seat, platform, user_id", "game_id, seat, platform", false},
    {"tournaments",
     "id, kind, format, rounds, seed, seed_salt, seed_commitment, options, timing, mail, "
     "created_at, finished_at, seats",
     "rowid", false},
    {"tournament_entrants", "tournament_id, number, name, address, bot, given, withdrawn_after",
     "tournament_id, number", false},
    {"tournament_games", "tournament_id, round, board, first, second, game_id",
     "tournament_id, round, board", false},
    {"tournament_seats", "tournament_id, round, board, seat, entrant",
     "tournament_id, round, board, seat", false},
    // Copied, not skipped: a referee moved to another store within the five minutes a signed
    // chat request is accepted for would otherwise take one it has already played. They are
    // hashes, no secret, and ten minutes' worth at most.
    {"chat_seen", "key, seen_at", "key", false},
    // Copied: a button already in a chat names its choice by the key alone.
    {"chat_ids", "key, id, made_at", "key", false},
};

// What each store keeps of its own (the schema's version, the application id) and the column
// that stands for SQLite's rowid on PostgreSQL: made by the copy's own migrations, never copied.
bool own_bookkeeping(const std::string& table, const std::string& column) {
  return table == "caravan_ref_meta" || table == "schema_version" || column == "rowid";
}

// Every table and column the source has is one this copy knows: a migration that adds one
// without adding it here would otherwise be lost without a word.
void check_every_column_is_copied(Database& from) {
  for (const auto& [table, column] : from.columns()) {
    if (own_bookkeeping(table, column)) continue;
    const auto known = std::find_if(std::begin(kTables), std::end(kTables),
                                    [&name = table](const Table& t) { return name == t.name; });
    const std::string listed =
        known == std::end(kTables) ? "" : ", " + std::string(known->columns) + ",";
    if (listed.find(", " + column + ",") == std::string::npos)
      throw std::logic_error(fmt::format(
          "copy does not know column {} of table {} (src/store/copy.cpp); nothing was copied",
          column, table));
  }
}

int column_count(const char* columns) {
  int count = 1;
  for (const char* c = columns; *c; ++c) count += *c == ',';
  return count;
}

std::int64_t count_of(Database& db, const std::string& table) {
  Statement count(db, fmt::format("SELECT count(*) FROM {}", table));
  count.step();
  return count.integer(0);
}

}  // namespace

std::vector<std::pair<std::string, std::int64_t>> copy_database(Database& from, Database& to) {
  ReadSnapshot snapshot(from);
  check_every_column_is_copied(from);
  Transaction tx(to);
  for (const char* table : {"games", "submissions", "messages", "tournaments"})
    if (count_of(to, table) > 0)
      throw core::UserError(core::Exit::kCantCreate,
                            fmt::format("the database to copy into already has {} (table {}): "
                                        "copy only into a new, empty database; nothing was copied",
                                        table, table));
  std::vector<std::pair<std::string, std::int64_t>> copied;
  for (const Table& table : kTables) {
    const int columns = column_count(table.columns);
    std::string marks;
    for (int i = 0; i < columns; ++i) marks += i ? ",?" : "?";
    Statement read(
        from, fmt::format("SELECT {} FROM {} ORDER BY {}", table.columns, table.name, table.order));
    // Every value as the text it reads as, or NULL; each store gives it its column's type. A
    // statement a row (the connection keeps it prepared): a statement run to its end takes no
    // new values in SQLite until it is reset, which its destructor does.
    const std::string insert =
        fmt::format("INSERT INTO {} ({}) VALUES ({})", table.name, table.columns, marks);
    std::int64_t rows = 0;
    while (read.step()) {
      Statement write(to, insert);
      for (int i = 0; i < columns; ++i) {
        if (read.is_null(i))
          write.bind_null(i + 1);
        else
          write.bind(i + 1, read.text(i));
      }
      write.run();
      ++rows;
    }
    // PostgreSQL's identity goes on from the highest id copied, as SQLite's rowid does.
    if (table.identity && rows > 0) to.continue_ids(table.name);
    copied.emplace_back(table.name, rows);
  }
  tx.commit();
  return copied;
}

}  // namespace store
