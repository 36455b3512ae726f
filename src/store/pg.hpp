// The store's PostgreSQL backend (libpq), internal to src/store/: a store::Database opened on a
// postgresql:// or postgres:// URL keeps one of these connections (store/backend.hpp, the
// interface the SQLite backend implements too) and sends it what it would have sent SQLite. The
// SQL is the same text: `?` and `?N` become `$N` when a statement is first prepared (once a
// connection, by name, as SQLite's statements are kept), parameters go as text and the server
// gives them the type their place in the statement calls for.
//
// What stands for SQLite's promises: a writer takes an advisory lock of the transaction (one
// fixed key, so one writer at a time as BEGIN IMMEDIATE gives); a reader's snapshot is a
// REPEATABLE READ transaction; the schema's version and caravan-ref's application id live in the
// table caravan_ref_meta; a database whose encoding is not SQL_ASCII is refused (text is kept as
// bytes, and lower() and ORDER BY then mean what they mean in SQLite).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "store/backend.hpp"

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;

namespace store::pg {

// Whether a --db names a PostgreSQL database rather than an SQLite file.
bool is_url(std::string_view target);
// The URL with any password in it replaced by "***": what an error message may show.
std::string shown(const std::string& url);
// SQLite's placeholders (`?`, `?N`) as PostgreSQL's (`$N`), outside quoted text.
std::string numbered_placeholders(std::string_view sql);

// The schema version the migrations in schema/pg/ bring a database to.
int latest_schema_version();

class Cursor;

// The PostgreSQL implementation of the store's interface (store/backend.hpp).
class Connection final : public backend::Connection {
 public:
  // Connects (UserError 75 when the server cannot be reached, 78 when it refuses us), checks
  // what the database is (UserError 65 for another program's, 78 for a newer schema or the wrong
  // encoding) and applies the pending migrations.
  Connection(const std::string& url, int busy_timeout_ms);
  ~Connection() override;

  void exec(const std::string& sql) override;
  // A cursor of the server's prepared statement for this SQL (prepared on its first use, once a
  // connection); std::runtime_error for SQL the server refuses.
  std::unique_ptr<backend::Cursor> prepare(const std::string& sql) override;
  void recycle(std::unique_ptr<backend::Cursor> cursor) noexcept override;
  void close() noexcept override;
  // BEGIN IMMEDIATE's part: BEGIN, then the writers' advisory lock of the transaction.
  void begin_write() override;
  // A REPEATABLE READ transaction: every statement sees the snapshot of its first.
  void begin_read() override;
  bool in_transaction() override;
  int changes() override { return changes_; }
  std::int64_t last_insert_id() override;
  int schema_version() override;
  bool is_postgresql() const override { return true; }
  // Whether this connection made caravan-ref's tables (the schema was empty).
  bool made_tables() const override { return created_; }
  std::vector<std::pair<std::string, std::string>> columns() override;
  // The table's identity column goes on from its highest id.
  void continue_ids(const std::string& table) override;

  // Runs a prepared statement (by its server name); the result is the caller's to PQclear.
  PGresult* run(const std::string& name, const std::vector<std::optional<std::string>>& params);
  // The UserError (or runtime_error) a failed result stands for; clears the result.
  [[noreturn]] void fail(PGresult* result, const std::string& what) const;
  const std::string& url() const { return url_; }

 private:
  void check_identity();
  void migrate();
  PGconn* conn_ = nullptr;
  std::string url_;  // as shown: without its password
  std::map<std::string, std::string> prepared_;
  int changes_ = 0;
  bool created_ = false;
};

// One statement's execution: its parameters, then its rows, all read at the first step.
class Cursor final : public backend::Cursor {
 public:
  Cursor(Connection& connection, std::string name)
      : connection_(&connection), name_(std::move(name)) {}
  ~Cursor() override;

  void bind_text(int index, const std::string& value) override { bind(index, value); }
  void bind_integer(int index, std::int64_t value) override { bind(index, std::to_string(value)); }
  void bind_null(int index) override { bind(index, std::nullopt); }
  // Runs the statement at the first step (and again at a step after its last row, as SQLite
  // does); true while a row is available.
  bool step() override;
  std::string text(int column) const override;
  std::int64_t integer(int column) const override;  // a boolean as SQLite's 1 or 0
  bool is_null(int column) const override;

 private:
  void bind(int index, std::optional<std::string> value);
  void reset();
  Connection* connection_;
  std::string name_;
  std::vector<std::optional<std::string>> params_;
  PGresult* result_ = nullptr;
  int row_ = -1;
  int rows_ = 0;
};

}  // namespace store::pg
