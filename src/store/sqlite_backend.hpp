// The store's SQLite backend (store/backend.hpp), internal to src/store/: the embedded database
// file, the default.
//
// Promises about the file: a new database is created whole (built under a temporary name, then
// linked into place) with mode 0600, and its -wal and -shm files take that mode; an existing
// file that is empty, not SQLite, of another program or from a newer schema is refused, never
// re-initialised. Commits are durable (WAL, synchronous=FULL): once commit() returns, a power
// cut keeps the transaction. Failures a user can act on are core::UserError: busy past the
// timeout or disk full 75 (retrying helps), read-only or damaged 74, not a database 65, newer
// schema 78. Prepared statements are kept by their SQL and taken again (a batch runs the same few
// statements for every turn).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "store/backend.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace store {

// The version SQLite databases are migrated to: the number of files in schema/.
int sqlite_latest_schema_version();
// Whether SQLite opens `path` as a file of its own (not ":memory:", not a file: URI): the file
// that is made whole and beside which the referee's key file is kept.
bool is_database_file(const std::string& path);

class SqliteCursor;

class SqliteConnection final : public backend::Connection {
 public:
  // Opens `path` (a file, ":memory:" or an SQLite URI), creating the file if `create` allows
  // and it is missing (UserError 66 when not), through the VFS named `vfs` (empty: SQLite's
  // default; the tests' power-cut simulator otherwise); applies the pending migrations.
  SqliteConnection(const std::string& path, bool create, const std::string& vfs,
                   int busy_timeout_ms);
  ~SqliteConnection() override;

  void exec(const std::string& sql) override;
  std::unique_ptr<backend::Cursor> prepare(const std::string& sql) override;
  void recycle(std::unique_ptr<backend::Cursor> cursor) noexcept override;
  void close() noexcept override;
  void begin_write() override;
  void begin_read() override;
  void rollback() override;
  bool in_transaction() override;
  int changes() override;
  std::int64_t last_insert_id() override;
  int schema_version() override;
  bool is_postgresql() const override { return false; }
  bool made_tables() const override { return false; }
  sqlite3* sqlite_handle() override { return db_; }
  std::vector<std::pair<std::string, std::string>> columns() override;
  void continue_ids(const std::string&) override {}

  // Throws the UserError or runtime_error that an SQLite result code stands for.
  [[noreturn]] void fail(int rc, const std::string& what) const;

 private:
  struct Fresh {};  // a connection to the temporary file create_whole builds
  SqliteConnection(Fresh, const std::string& path, const std::string& vfs, int busy_timeout_ms);
  void open(int flags, const std::string& vfs);
  void configure(int busy_timeout_ms);
  // UserError 65 for a database of another program, before anything is written to it.
  void check_identity();
  void create_whole(const std::string& path, const std::string& vfs, int busy_timeout_ms);
  void migrate();
  // Runs a statement of the cache once, to its end (BEGIN DEFERRED, ROLLBACK of a snapshot).
  void run_kept(const std::string& sql);
  std::int64_t single_integer(const std::string& sql);

  sqlite3* db_ = nullptr;
  std::string path_;
  bool open_ = true;
  // Cursors not in use, by their SQL: prepare() takes one back instead of compiling its SQL
  // again.
  std::unordered_multimap<std::string, std::unique_ptr<SqliteCursor>> idle_;
};

}  // namespace store
