// The store's connection, its statements and its transactions, on either backend: a Database
// owns the connection, a Statement is movable and goes back to its connection (which keeps it
// prepared for the next of the same SQL) on destruction, a Transaction rolls back unless commit()
// ran. The same SQL text runs on both backends (`?` placeholders). The SQL is src/store/'s (the
// mail and notify outboxes aside): the other layers call its functions, not these classes.
//
// Two backends implement the store's internal interface (store/backend.hpp), and the
// Database's constructor picks one by the path: an SQLite file (store/sqlite_backend.hpp, the
// default: its promises about the file, durability and errors are said there) or, for a
// postgresql:// (or postgres://) URL, a PostgreSQL server (store/pg.hpp says what stands for
// each of SQLite's promises there). Failures a user can act on are core::UserError: busy past
// the timeout or disk full 75 (retrying helps), read-only or damaged 74, not a database 65,
// newer schema 78.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

struct sqlite3;

namespace store {

namespace backend {
class Connection;
class Cursor;
}  // namespace backend

struct OpenOptions {
  // False for commands that only read: a missing file is UserError 66 and nothing is created.
  bool create = true;
  // An SQLite VFS registered under this name (the tests' power-cut simulator); empty: default.
  std::string vfs{};
  // The referee's signing key file; empty: the database's path with ".key" appended (for a
  // PostgreSQL URL: referee.key in $XDG_DATA_HOME/caravan-ref, see default_key_file).
  std::string key_file{};
};

class Database {
 public:
  // Opens (creating if allowed and needed) and applies pending migrations; on SQLite WAL mode,
  // synchronous=FULL, busy timeout.
  explicit Database(const std::string& path, const OpenOptions& options = {});
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  void exec(const std::string& sql);
  int schema_version();
  // The version every database is migrated to: the number of files in schema/.
  static int latest_schema_version();
  // SQLite's connection; nullptr on PostgreSQL.
  sqlite3* handle();
  // Whether this is a PostgreSQL database (the path was a postgresql:// URL).
  bool is_postgresql() const;
  // On PostgreSQL, whether opening made caravan-ref's tables; false on SQLite (see its file).
  bool made_tables() const;
  std::int64_t last_insert_id();
  // Rows the last INSERT, UPDATE or DELETE changed.
  int changes();
  // Whether a transaction (or read snapshot) is open on this connection.
  bool in_transaction();
  const std::string& path() const { return path_; }
  // Where the referee's secret key is kept; empty for an in-memory database (key kept in memory).
  const std::string& key_file() const { return key_file_; }
  // What a command worked out once for this connection and must not work out again for every
  // turn of a batch (the referee's key, read from its file): kept in memory while the connection
  // is open, never written anywhere.
  std::map<std::string, std::string>& memo() { return memo_; }
  // Every (table, column) of the database's tables, by table then column (what copy checks).
  std::vector<std::pair<std::string, std::string>> columns();
  // After rows were inserted with their ids given (copy): the table's next INSERT takes the id
  // after the highest (SQLite's rowid does so by itself).
  void continue_ids(const std::string& table);

 private:
  friend class Statement;
  friend class Transaction;
  friend class ReadSnapshot;
  // Shared with the Statements, so that one which outlives its Database finds the connection
  // closed and is only freed.
  std::shared_ptr<backend::Connection> connection_;
  std::string path_;
  std::string key_file_;
  std::map<std::string, std::string> memo_;
  bool in_read_snapshot_ = false;  // a ReadSnapshot began the open transaction
};

// The key file of a PostgreSQL database named without one: $XDG_DATA_HOME/caravan-ref/referee.key
// ($HOME/.local/share when XDG_DATA_HOME is unset), its directory made (mode 0700) if missing.
std::string default_key_file();

class Statement {
 public:
  Statement(Database& db, const std::string& sql);
  ~Statement();
  Statement(Statement&& other) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int index, const std::string& value);
  Statement& bind(int index, std::int64_t value);
  Statement& bind_null(int index);
  Statement& bind(int index, const std::optional<std::string>& value);
  Statement& bind(int index, const char*) = delete;  // a temporary would dangle; use std::string

  // Steps once; true while a row is available.
  bool step();
  // Steps to completion (for INSERT/UPDATE).
  void run();

  std::string text(int column) const;
  std::int64_t integer(int column) const;
  bool is_null(int column) const;
  // The column's text, or nullopt where it is NULL.
  std::optional<std::string> optional_text(int column) const;

 private:
  std::shared_ptr<backend::Connection> connection_;
  std::unique_ptr<backend::Cursor> cursor_;
};

class Transaction {
 public:
  // BEGIN IMMEDIATE (on PostgreSQL: the writers' advisory lock): takes the write lock now, so
  // two referees, on one machine or several, never interleave a turn. Inside another
  // transaction it is a savepoint: its rollback undoes only its own work, and its commit is
  // durable with the enclosing one (a batch of turns that share one sync). Inside a ReadSnapshot
  // it throws std::logic_error: the snapshot's end would undo what it committed.
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Database& db_;
  bool nested_;
  bool done_ = false;
};

// One read transaction (BEGIN DEFERRED; on PostgreSQL REPEATABLE READ) for a command that reads
// many statements and writes none (audit): every statement in it sees the database as it was at the
// first read, whatever another referee commits meanwhile, and the statements do not each take and
// drop the read lock of the write-ahead log. Ends with ROLLBACK, so it cannot keep a write. Inside
// a transaction already open it does nothing: that one's snapshot holds.
class ReadSnapshot {
 public:
  explicit ReadSnapshot(Database& db);
  ~ReadSnapshot();
  ReadSnapshot(const ReadSnapshot&) = delete;
  ReadSnapshot& operator=(const ReadSnapshot&) = delete;

 private:
  Database& db_;
  bool open_;
};

}  // namespace store
