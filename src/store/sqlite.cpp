#include "store/sqlite.hpp"

#include <cstdlib>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>
#include <sqlite3.h>

#include "core/errors.hpp"
#include "core/fault.hpp"

namespace store {

namespace {

struct Migration {
  const char* name;
  const char* sql;
};

const Migration kMigrations[] = {
#include "store/migrations.inc"
};

constexpr int kBusyTimeoutMs = 10000;

// How long a writer waits for another to finish: CARAVAN_REF_BUSY_TIMEOUT milliseconds when set
// (tests, or a busy server), else kBusyTimeoutMs.
int busy_timeout_ms() {
  const char* text = std::getenv("CARAVAN_REF_BUSY_TIMEOUT");
  if (!text || !*text) return kBusyTimeoutMs;
  char* end = nullptr;
  const long value = std::strtol(text, &end, 10);
  return *end == '\0' && value >= 0 && value <= 3600000 ? static_cast<int>(value) : kBusyTimeoutMs;
}

[[noreturn]] void fail(sqlite3* db, int rc, const std::string& what) {
  if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
    throw core::UserError(core::Exit::kTempFail,
                          "the database is busy (another referee holds it); try again");
  throw std::runtime_error(
      fmt::format("{}: {}", what, db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
}

}  // namespace

Database::Database(const std::string& path) {
  const int rc =
      sqlite3_open_v2(path.c_str(), &db_,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    const std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    throw core::UserError(core::Exit::kNoInput,
                          fmt::format("cannot open database {}: {}", path, message));
  }
  sqlite3_busy_timeout(db_, busy_timeout_ms());
  exec("PRAGMA journal_mode=WAL");
  exec("PRAGMA synchronous=NORMAL");
  exec("PRAGMA foreign_keys=ON");
  migrate();
}

Database::~Database() { sqlite3_close_v2(db_); }

void Database::exec(const std::string& sql) {
  char* error = nullptr;
  const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error);
  if (rc != SQLITE_OK) {
    const std::string message = error ? error : sqlite3_errstr(rc);
    sqlite3_free(error);
    if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) fail(db_, rc, sql);
    throw std::runtime_error(fmt::format("SQL failed: {}", message));
  }
}

int Database::schema_version() {
  Statement query(*this, "PRAGMA user_version");
  query.step();
  return static_cast<int>(query.integer(0));
}

int Database::latest_schema_version() { return static_cast<int>(std::size(kMigrations)); }

std::int64_t Database::last_insert_id() { return sqlite3_last_insert_rowid(db_); }

int Database::changes() { return sqlite3_changes(db_); }

void Database::migrate() {
  const int target = latest_schema_version();
  if (schema_version() >= target) return;
  Transaction tx(*this);
  const int current = schema_version();  // re-read under the write lock
  for (int i = current; i < target; ++i) exec(kMigrations[i].sql);
  exec(fmt::format("PRAGMA user_version = {}", target));
  tx.commit();
}

Statement::Statement(Database& db, const std::string& sql) : db_(db.handle()) {
  const int rc = sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt_, nullptr);
  if (rc != SQLITE_OK) fail(db_, rc, "prepare");
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_), stmt_(std::exchange(other.stmt_, nullptr)) {}

Statement& Statement::bind(int index, const std::string& value) {
  sqlite3_bind_text(stmt_, index, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
  return *this;
}

Statement& Statement::bind(int index, std::int64_t value) {
  sqlite3_bind_int64(stmt_, index, value);
  return *this;
}

Statement& Statement::bind_null(int index) {
  sqlite3_bind_null(stmt_, index);
  return *this;
}

Statement& Statement::bind(int index, const std::optional<std::string>& value) {
  return value ? bind(index, *value) : bind_null(index);
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  fail(db_, rc, "step");
}

void Statement::run() {
  while (step()) {
  }
}

std::string Statement::text(int column) const {
  const auto* data = sqlite3_column_text(stmt_, column);
  return data ? std::string(reinterpret_cast<const char*>(data),
                            static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)))
              : std::string();
}

std::int64_t Statement::integer(int column) const { return sqlite3_column_int64(stmt_, column); }

bool Statement::is_null(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

Transaction::Transaction(Database& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }

Transaction::~Transaction() {
  if (!done_) {
    try {
      db_.exec("ROLLBACK");
    } catch (...) {  // a destructor must not throw; the connection closes the transaction anyway
    }
  }
}

void Transaction::commit() {
  core::fault_point("before-commit");
  db_.exec("COMMIT");
  done_ = true;
  core::fault_point("after-commit");
}

}  // namespace store
