// A thin RAII layer over SQLite (after SQLiteCpp): a Database owns the connection, a Statement
// is movable and finalised on destruction, a Transaction rolls back unless commit() ran.
// SQLITE_BUSY that outlasts the busy timeout becomes core::UserError with exit 75.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

struct sqlite3;
struct sqlite3_stmt;

namespace store {

class Database {
 public:
  // Opens (creating if needed) and applies pending migrations; WAL mode, busy timeout.
  explicit Database(const std::string& path);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  void exec(const std::string& sql);
  int schema_version();
  // The version every database is migrated to: the number of files in schema/.
  static int latest_schema_version();
  sqlite3* handle() { return db_; }
  std::int64_t last_insert_id();
  // Rows the last INSERT, UPDATE or DELETE changed.
  int changes();

 private:
  void migrate();
  sqlite3* db_ = nullptr;
};

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

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

class Transaction {
 public:
  // BEGIN IMMEDIATE: takes the write lock now, so two referees never interleave a turn.
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Database& db_;
  bool done_ = false;
};

}  // namespace store
