// The store's PostgreSQL backend (libpq), internal to src/store/: a store::Database opened on a
// postgresql:// or postgres:// URL keeps one of these connections and sends it what it would
// have sent SQLite. The SQL is the same text: `?` and `?N` become `$N` when a statement is first
// prepared (once a connection, by name, as SQLite's statements are kept), parameters go as text
// and the server gives them the type their place in the statement calls for.
//
// What stands for SQLite's promises: a writer takes an advisory lock of the transaction (one
// fixed key, so one writer at a time as BEGIN IMMEDIATE gives); a reader's snapshot is a
// REPEATABLE READ transaction; the schema's version and caravan-ref's application id live in the
// table caravan_ref_meta; a database whose encoding is not SQL_ASCII is refused (text is kept as
// bytes, and lower() and ORDER BY then mean what they mean in SQLite).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

class Connection {
 public:
  // Connects (UserError 75 when the server cannot be reached, 78 when it refuses us), checks
  // what the database is (UserError 65 for another program's, 78 for a newer schema or the wrong
  // encoding) and applies the pending migrations.
  Connection(const std::string& url, int busy_timeout_ms);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Runs one or more statements without parameters.
  void exec(const std::string& sql);
  // The name of the server's prepared statement for this SQL (prepared on its first use);
  // std::runtime_error for SQL the server refuses.
  std::string prepare(const std::string& sql);
  // Runs a prepared statement; the result is the caller's to PQclear.
  PGresult* run(const std::string& name, const std::vector<std::optional<std::string>>& params);
  int changes() const { return changes_; }
  bool in_transaction() const;
  int schema_version();
  std::int64_t last_insert_id();
  // The UserError (or runtime_error) a failed result stands for; clears the result.
  [[noreturn]] void fail(PGresult* result, const std::string& what) const;
  const std::string& url() const { return url_; }
  // Whether this connection made caravan-ref's tables (the schema was empty).
  bool created() const { return created_; }

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
struct Query {
  std::string name;
  std::vector<std::optional<std::string>> params;
  PGresult* result = nullptr;
  int row = -1;
  int rows = 0;
  ~Query();
  void reset();
  void bind(int index, std::optional<std::string> value);
  // Runs the statement at the first step (and again at a step after its last row, as SQLite
  // does); true while a row is available.
  bool step(Connection& connection);
  std::string text(int column) const;
  std::int64_t integer(int column) const;
  bool is_null(int column) const;
};

}  // namespace store::pg
