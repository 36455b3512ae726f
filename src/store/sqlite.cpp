#include "store/sqlite.hpp"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <utility>

#include "core/fault.hpp"
#include "store/backend.hpp"
#include "store/pg.hpp"
#include "store/sqlite_backend.hpp"

namespace store {

namespace {

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

}  // namespace

std::string default_key_file() {
  const char* data = std::getenv("XDG_DATA_HOME");
  const char* home = std::getenv("HOME");
  std::filesystem::path dir = data && *data   ? std::filesystem::path(data)
                              : home && *home ? std::filesystem::path(home) / ".local" / "share"
                                              : std::filesystem::path(".");
  dir /= "caravan-ref";
  std::error_code ignored;  // a directory that cannot be made is reported with the key file
  if (std::filesystem::create_directories(dir, ignored))
    std::filesystem::permissions(dir, std::filesystem::perms::owner_all, ignored);
  return (dir / "referee.key").string();
}

// The one place that picks the backend: a postgresql:// URL is a server, anything else SQLite.
Database::Database(const std::string& path, const OpenOptions& options) : path_(path) {
  if (pg::is_url(path)) {
    connection_ = std::make_shared<pg::Connection>(path, busy_timeout_ms());
    key_file_ = !options.key_file.empty() ? options.key_file : default_key_file();
    return;
  }
  key_file_ = !options.key_file.empty() ? options.key_file
              : is_database_file(path)  ? path + ".key"
                                        : "";
  connection_ =
      std::make_shared<SqliteConnection>(path, options.create, options.vfs, busy_timeout_ms());
}

Database::~Database() { connection_->close(); }

void Database::exec(const std::string& sql) { connection_->exec(sql); }

int Database::schema_version() { return connection_->schema_version(); }

int Database::latest_schema_version() { return sqlite_latest_schema_version(); }

sqlite3* Database::handle() { return connection_->sqlite_handle(); }

bool Database::is_postgresql() const { return connection_->is_postgresql(); }

bool Database::made_tables() const { return connection_->made_tables(); }

std::int64_t Database::last_insert_id() { return connection_->last_insert_id(); }

int Database::changes() { return connection_->changes(); }

bool Database::in_transaction() { return connection_->in_transaction(); }

std::vector<std::pair<std::string, std::string>> Database::columns() {
  return connection_->columns();
}

void Database::continue_ids(const std::string& table) { connection_->continue_ids(table); }

Statement::Statement(Database& db, const std::string& sql)
    : connection_(db.connection_), cursor_(connection_->prepare(sql)) {}

Statement::~Statement() {
  if (cursor_) connection_->recycle(std::move(cursor_));
}

Statement::Statement(Statement&& other) noexcept
    : connection_(other.connection_), cursor_(std::move(other.cursor_)) {}

Statement& Statement::bind(int index, const std::string& value) {
  cursor_->bind_text(index, value);
  return *this;
}

Statement& Statement::bind(int index, std::int64_t value) {
  cursor_->bind_integer(index, value);
  return *this;
}

Statement& Statement::bind_null(int index) {
  cursor_->bind_null(index);
  return *this;
}

Statement& Statement::bind(int index, const std::optional<std::string>& value) {
  return value ? bind(index, *value) : bind_null(index);
}

bool Statement::step() { return cursor_->step(); }

void Statement::run() {
  while (step()) {
  }
}

std::string Statement::text(int column) const { return cursor_->text(column); }

std::int64_t Statement::integer(int column) const { return cursor_->integer(column); }

bool Statement::is_null(int column) const { return cursor_->is_null(column); }

std::optional<std::string> Statement::optional_text(int column) const {
  if (is_null(column)) return std::nullopt;
  return text(column);
}

Transaction::Transaction(Database& db) : db_(db), nested_(db.in_transaction()) {
  if (nested_ && db_.in_read_snapshot_)
    throw std::logic_error("a write inside a read snapshot, which would undo it");
  if (nested_)
    db_.connection_->savepoint();
  else
    db_.connection_->begin_write();
}

Transaction::~Transaction() {
  if (done_) return;
  try {
    if (nested_)
      db_.connection_->rollback_to_savepoint();
    else
      db_.connection_->rollback();
  } catch (...) {  // a destructor must not throw; the connection closes the transaction anyway
  }
}

void Transaction::commit() {
  if (nested_) {  // the enclosing transaction's commit makes it durable
    db_.connection_->release_savepoint();
    done_ = true;
    return;
  }
  core::fault_point("before-commit");
  db_.connection_->commit();
  done_ = true;
  core::fault_point("after-commit");
}

ReadSnapshot::ReadSnapshot(Database& db) : db_(db), open_(!db.in_transaction()) {
  if (!open_) return;
  db_.connection_->begin_read();
  db_.in_read_snapshot_ = true;
}

ReadSnapshot::~ReadSnapshot() {
  if (!open_) return;
  db_.in_read_snapshot_ = false;
  try {
    db_.connection_->rollback();
  } catch (...) {  // a destructor must not throw; the connection closes the transaction anyway
  }
}

}  // namespace store
