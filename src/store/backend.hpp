// The store's two backends behind one interface, internal to src/store/: store::Database,
// Statement, Transaction and ReadSnapshot (store/sqlite.hpp) hold a backend::Connection and its
// Cursors and do nothing of their own but the rules both share (a transaction inside another is
// a savepoint; a write inside a read snapshot is refused). Two classes implement it:
// store::SqliteConnection (store/sqlite_backend.hpp), the embedded file and the default, and
// store::pg::Connection (store/pg.hpp), a PostgreSQL server. Database's constructor is the one
// place that picks between them (by the --db: a postgresql:// URL or a file).
//
// The SQL the callers write is the same text on both (`?` placeholders, the dialects'
// common part); what differs between the dialects (beginning a writer's or a reader's
// transaction, the schema's version, the catalogue's tables) is said by each backend here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct sqlite3;

namespace store::backend {

// One prepared statement in use: its parameters (numbered from 1), then its rows (columns
// numbered from 0). A Cursor belongs to the Connection that prepared it and goes back to it
// (Connection::recycle), which may keep it for the next Statement of the same SQL.
class Cursor {
 public:
  Cursor() = default;
  virtual ~Cursor() = default;
  Cursor(const Cursor&) = delete;
  Cursor& operator=(const Cursor&) = delete;

  virtual void bind_text(int index, const std::string& value) = 0;
  virtual void bind_integer(int index, std::int64_t value) = 0;
  virtual void bind_null(int index) = 0;
  // Steps once: true while a row is available; after the last row, the next step runs the
  // statement again. Failures throw what Connection's errors say.
  virtual bool step() = 0;
  virtual std::string text(int column) const = 0;
  virtual std::int64_t integer(int column) const = 0;  // a boolean reads as 1 or 0
  virtual bool is_null(int column) const = 0;
};

class Connection {
 public:
  Connection() = default;
  virtual ~Connection() = default;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Runs one or more statements without parameters.
  virtual void exec(const std::string& sql) = 0;
  // A cursor for `sql` (std::runtime_error for SQL the database refuses); give it back with
  // recycle(), also after close().
  virtual std::unique_ptr<Cursor> prepare(const std::string& sql) = 0;
  virtual void recycle(std::unique_ptr<Cursor> cursor) noexcept = 0;
  // Ends the connection (Database's destructor): the cursors still out are only freed when they
  // come back.
  virtual void close() noexcept = 0;

  // A writer's transaction, one writer at a time across every process (SQLite's BEGIN
  // IMMEDIATE); UserError 75 when another holds it past the busy timeout.
  virtual void begin_write() = 0;
  // A reader's transaction whose every statement sees the database as at its first read.
  virtual void begin_read() = 0;
  virtual void commit() { exec("COMMIT"); }
  virtual void rollback() { exec("ROLLBACK"); }
  // The savepoint a transaction inside another stands for: the same SQL on both.
  virtual void savepoint() { exec("SAVEPOINT caravan_nested"); }
  virtual void release_savepoint() { exec("RELEASE caravan_nested"); }
  virtual void rollback_to_savepoint() {
    exec("ROLLBACK TO caravan_nested; RELEASE caravan_nested");
  }
  virtual bool in_transaction() = 0;

  // Rows the last INSERT, UPDATE or DELETE changed; the id the last INSERT gave its row.
  virtual int changes() = 0;
  virtual std::int64_t last_insert_id() = 0;
  virtual int schema_version() = 0;

  virtual bool is_postgresql() const = 0;
  // Whether opening made caravan-ref's tables (PostgreSQL; SQLite's file says it: false).
  virtual bool made_tables() const = 0;
  // SQLite's own connection (the tests' statement trace); nullptr on PostgreSQL.
  virtual sqlite3* sqlite_handle() { return nullptr; }
  // Every (table, column) of caravan-ref's tables, by table then column: what copy checks it
  // knows.
  virtual std::vector<std::pair<std::string, std::string>> columns() = 0;
  // After rows were written with their ids given (copy): the next id a table's INSERT makes
  // follows the highest there (SQLite's rowid does so by itself).
  virtual void continue_ids(const std::string& table) = 0;
};

}  // namespace store::backend
