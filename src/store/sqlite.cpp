#include "store/sqlite.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <utility>

#include <fcntl.h>
#include <fmt/format.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/errors.hpp"
#include "core/fault.hpp"
#include "core/files.hpp"
#include "store/pg.hpp"

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

bool is_file(const std::string& path) {
  return !path.empty() && path != ":memory:" && path.rfind("file:", 0) != 0 && !pg::is_url(path);
}

// The advisory lock every writer on PostgreSQL takes for its transaction: caravan-ref's
// application id, so that no other program's lock is ours by chance.
constexpr std::int64_t kWriterLock = 0x43524546;

[[noreturn]] void refuse_file(const std::string& path, int error, const std::string& what) {
  const std::string reason = std::strerror(error);
  if (error == ENOSPC || error == EDQUOT)
    throw core::UserError(
        core::Exit::kTempFail,
        fmt::format("cannot {} {}: {}; free some space and try again", what, path, reason));
  if (error == ENOENT || error == ENOTDIR)
    throw core::UserError(core::Exit::kNoInput,
                          fmt::format("cannot {} {}: {}", what, path, reason));
  throw core::UserError(core::Exit::kIoError, fmt::format("cannot {} {}: {}", what, path, reason));
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

Database::Database(const std::string& path, const OpenOptions& options) : path_(path) {
  if (pg::is_url(path)) {
    pg_ = std::make_unique<pg::Connection>(path, busy_timeout_ms());
    key_file_ = !options.key_file.empty() ? options.key_file : default_key_file();
    return;
  }
  key_file_ = !options.key_file.empty() ? options.key_file : is_file(path) ? path + ".key" : "";
  if (is_file(path)) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
      if (errno != ENOENT) refuse_file(path, errno, "open the database");
      if (!options.create)
        throw core::UserError(core::Exit::kNoInput,
                              fmt::format("no database at {} (a command that only reads never "
                                          "creates one; name it with --db or $CARAVAN_REF_DB)",
                                          path));
      create_whole(path, options.vfs);
    } else if (S_ISREG(info.st_mode) && info.st_size == 0) {
      throw core::UserError(core::Exit::kRejected,
                            fmt::format("{} is an empty file, not a caravan-ref database; "
                                        "refusing to use it (remove it, or name another --db)",
                                        path));
    }
  }
  open(SQLITE_OPEN_READWRITE | (is_file(path) ? 0 : SQLITE_OPEN_CREATE), options.vfs);
  try {
    configure();
  } catch (...) {  // a refused file: no destructor runs for a constructor that throws
    close();
    throw;
  }
}

Database::~Database() { close(); }

void Database::close() noexcept {
  prepared_->open = false;
  pg_.reset();
  for (const auto& [sql, stmt] : prepared_->idle) sqlite3_finalize(stmt);
  prepared_->idle.clear();
  sqlite3_close_v2(db_);  // a Statement still alive keeps the connection until it is finalised
  db_ = nullptr;
}

namespace {

// Enough for every statement a command runs; SQL made on the fly beyond it is not kept.
constexpr std::size_t kMaxPrepared = 128;

// SQLite's page cache begins, by default, with one block for 20 pages and writes a header into
// every one of them at once: 21 fresh pages of memory touched, where a command reads a dozen
// database pages. Without that first block each page is allocated when it is first read. (Once
// SQLite has started, sqlite3_config refuses and changes nothing: then the default stays.)
void start_sqlite() {
  static const int configured = sqlite3_config(SQLITE_CONFIG_PAGECACHE, nullptr, 0, 0);
  static_cast<void>(configured);
}

}  // namespace

void Database::open(int flags, const std::string& vfs) {
  start_sqlite();
  const int rc = sqlite3_open_v2(path_.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX,
                                 vfs.empty() ? nullptr : vfs.c_str());
  if (rc != SQLITE_OK) {
    const std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close(db_);
    db_ = nullptr;
    if ((rc & 0xff) == SQLITE_CANTOPEN)
      throw core::UserError(core::Exit::kIoError,
                            fmt::format("cannot open database {}: {}", path_, message));
    fail(rc, "open");
  }
}

void Database::configure() {
  sqlite3_busy_timeout(db_, busy_timeout_ms());
  // Read before anything is written: a file that is not SQLite fails here, on the first read of
  // its header (SQLITE_NOTADB), and another program's database is refused with its bytes as they
  // were (its journal mode not switched, no migration run).
  check_identity();
  exec("PRAGMA journal_mode=WAL");
  // FULL: a WAL commit is synced before COMMIT returns, so an acknowledged turn survives a power
  // cut or an OS crash (NORMAL may lose the last commits; see caravan-ref(1), FILES).
  exec("PRAGMA synchronous=FULL");
  exec("PRAGMA foreign_keys=ON");
  const int version = schema_version();
  if (version > latest_schema_version())
    throw core::UserError(
        core::Exit::kConfig,
        fmt::format("{} has schema version {}, but this caravan-ref ({}) knows only up to {}: it "
                    "was made or upgraded by a newer caravan-ref; use that one",
                    path_, version, CARAVAN_VERSION, latest_schema_version()));
  migrate();
}

namespace {

// The header's application id that schema/011_mail_outbox.sql writes ("CREF"), and the schema
// version that writes it: an older caravan-ref database has none, and is known by its tables.
constexpr std::int64_t kApplicationId = 0x43524546;
constexpr int kFirstVersionWithId = 11;
constexpr const char* kFirstTables[] = {"games", "players", "turns", "submissions"};

}  // namespace

void Database::check_identity() {
  const auto pragma = [this](const char* sql) {
    Statement query(*this, sql);
    query.step();
    return query.integer(0);
  };
  const std::int64_t id = pragma("PRAGMA application_id");
  if (id == kApplicationId) return;
  const std::int64_t version = pragma("PRAGMA user_version");
  std::string why;
  if (id != 0) {
    why = fmt::format("its application id is {:#x}", id);
  } else if (version >= kFirstVersionWithId) {
    why = fmt::format("it has schema version {} but not caravan-ref's application id", version);
  } else if (version == 0) {
    if (pragma("SELECT count(*) FROM sqlite_master") == 0) return;  // new: nothing in it yet
    why = "it has tables but no caravan-ref schema";
  } else {
    std::int64_t found = 0;
    for (const char* table : kFirstTables) {
      Statement query(*this,
                      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?");
      query.bind(1, std::string(table));
      query.step();
      found += query.integer(0);
    }
    if (found == static_cast<std::int64_t>(std::size(kFirstTables))) return;
    why = fmt::format("it has schema version {} but not caravan-ref's tables", version);
  }
  throw core::UserError(core::Exit::kRejected,
                        fmt::format("{} is an SQLite database of another program ({}); refusing "
                                    "to use it, and nothing was written to it",
                                    path_, why));
}

// Built under a temporary name and linked into place whole: another process never sees a
// half-made database, and an empty file at the path is always someone else's mistake.
void Database::create_whole(const std::string& path, const std::string& vfs) {
  const std::string temporary =
      fmt::format("{}.new-{}-{}", path, ::getpid(), reinterpret_cast<std::uintptr_t>(this));
  const int fd = ::open(temporary.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0) refuse_file(path, errno, "create the database");
  ::close(fd);
  try {
    Database fresh;
    fresh.path_ = temporary;
    fresh.open(SQLITE_OPEN_READWRITE, vfs);
    fresh.configure();
  } catch (...) {
    ::unlink(temporary.c_str());
    throw;
  }
  const int linked = ::link(temporary.c_str(), path.c_str());
  const int error = errno;
  ::unlink(temporary.c_str());
  if (linked != 0 && error != EEXIST) refuse_file(path, error, "create the database");
  core::sync_directory_of(path);
}

[[noreturn]] void Database::fail(int rc, const std::string& what) const {
  const std::string detail = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
  // A file this process may not write is opened read-only; in WAL mode the first read may then
  // fail to open the -shm file (SQLITE_CANTOPEN) before any write says "read-only".
  if (db_ && sqlite3_db_readonly(db_, "main") == 1 && (rc & 0xff) == SQLITE_CANTOPEN)
    rc = SQLITE_READONLY;
  switch (rc & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      throw core::UserError(core::Exit::kTempFail,
                            "the database is busy (another referee holds it); try again");
    case SQLITE_FULL:
      throw core::UserError(core::Exit::kTempFail,
                            fmt::format("the disk holding {} is full: nothing was recorded; free "
                                        "some space and try again",
                                        path_));
    case SQLITE_READONLY:
      throw core::UserError(core::Exit::kIoError,
                            fmt::format("{} is read-only: caravan-ref cannot record anything (its "
                                        "permissions, or a read-only file system): {}",
                                        path_, detail));
    case SQLITE_IOERR:
    case SQLITE_CANTOPEN:
      // A full disk reaches SQLite as a failed write (SQLITE_FULL, above) or, when the shared
      // memory or the log cannot grow, as an I/O error whose cause is ENOSPC: the same for a user.
      if (db_ && (sqlite3_system_errno(db_) == ENOSPC || sqlite3_system_errno(db_) == EDQUOT))
        throw core::UserError(core::Exit::kTempFail,
                              fmt::format("the disk holding {} is full: nothing was recorded; "
                                          "free some space and try again",
                                          path_));
      throw core::UserError(core::Exit::kIoError,
                            fmt::format("an I/O error on {}: {}", path_, detail));
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT:
      throw core::UserError(core::Exit::kRejected,
                            fmt::format("{} is not a caravan-ref database (not SQLite, or "
                                        "damaged: {}); refusing to use it",
                                        path_, detail));
    default:
      throw std::runtime_error(fmt::format("{}: {}", what, detail));
  }
}

void Database::exec(const std::string& sql) {
  if (pg_) return pg_->exec(sql);
  char* error = nullptr;
  const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error);
  if (rc != SQLITE_OK) {
    const std::string message = error ? error : sqlite3_errstr(rc);
    sqlite3_free(error);
    switch (rc & 0xff) {
      case SQLITE_BUSY:
      case SQLITE_LOCKED:
      case SQLITE_FULL:
      case SQLITE_READONLY:
      case SQLITE_IOERR:
      case SQLITE_CANTOPEN:
      case SQLITE_NOTADB:
      case SQLITE_CORRUPT:
        fail(rc, sql);
      default:
        throw std::runtime_error(fmt::format("SQL failed: {}", message));
    }
  }
}

int Database::schema_version() {
  if (pg_) return pg_->schema_version();
  Statement query(*this, "PRAGMA user_version");
  query.step();
  return static_cast<int>(query.integer(0));
}

int Database::latest_schema_version() { return static_cast<int>(std::size(kMigrations)); }

std::int64_t Database::last_insert_id() {
  return pg_ ? pg_->last_insert_id() : sqlite3_last_insert_rowid(db_);
}

bool Database::made_tables() const { return pg_ && pg_->created(); }

int Database::changes() { return pg_ ? pg_->changes() : sqlite3_changes(db_); }

void Database::migrate() {
  const int target = latest_schema_version();
  if (schema_version() >= target) return;
  Transaction tx(*this);
  const int current = schema_version();  // re-read under the write lock
  for (int i = current; i < target; ++i) exec(kMigrations[i].sql);
  exec(fmt::format("PRAGMA user_version = {}", target));
  tx.commit();
}

Statement::Statement(Database& db, const std::string& sql) : db_(&db), prepared_(db.prepared_) {
  if (db.pg_) {
    pg_ = std::make_unique<pg::Query>();
    pg_->name = db.pg_->prepare(sql);
    return;
  }
  if (const auto at = prepared_->idle.find(sql); at != prepared_->idle.end()) {
    stmt_ = at->second;
    prepared_->idle.erase(at);
    return;
  }
  const int rc = sqlite3_prepare_v2(db_->handle(), sql.c_str(), -1, &stmt_, nullptr);
  if (rc != SQLITE_OK) {
    sqlite3_finalize(stmt_);
    stmt_ = nullptr;
    db_->fail(rc, "prepare");
  }
}

Statement::~Statement() {
  if (!stmt_) return;
  if (!prepared_->open || prepared_->idle.size() >= kMaxPrepared) {
    sqlite3_finalize(stmt_);
    return;
  }
  sqlite3_reset(stmt_);  // its error, if any, was reported by the step that had it
  sqlite3_clear_bindings(stmt_);
  prepared_->idle.emplace(sqlite3_sql(stmt_), stmt_);
}

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_),
      prepared_(other.prepared_),
      stmt_(std::exchange(other.stmt_, nullptr)),
      pg_(std::move(other.pg_)) {}

Statement& Statement::bind(int index, const std::string& value) {
  if (pg_) {
    pg_->bind(index, value);
    return *this;
  }
  sqlite3_bind_text(stmt_, index, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
  return *this;
}

Statement& Statement::bind(int index, std::int64_t value) {
  if (pg_) {
    pg_->bind(index, std::to_string(value));
    return *this;
  }
  sqlite3_bind_int64(stmt_, index, value);
  return *this;
}

Statement& Statement::bind_null(int index) {
  if (pg_) {
    pg_->bind(index, std::nullopt);
    return *this;
  }
  sqlite3_bind_null(stmt_, index);
  return *this;
}

Statement& Statement::bind(int index, const std::optional<std::string>& value) {
  return value ? bind(index, *value) : bind_null(index);
}

bool Statement::step() {
  if (pg_) return pg_->step(*db_->pg_);
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_->fail(rc, "step");
}

void Statement::run() {
  while (step()) {
  }
}

std::string Statement::text(int column) const {
  if (pg_) return pg_->text(column);
  const auto* data = sqlite3_column_text(stmt_, column);
  return data ? std::string(reinterpret_cast<const char*>(data),
                            static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)))
              : std::string();
}

std::int64_t Statement::integer(int column) const {
  if (pg_) return pg_->integer(column);
  return sqlite3_column_int64(stmt_, column);
}

bool Statement::is_null(int column) const {
  if (pg_) return pg_->is_null(column);
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

bool Database::in_transaction() {
  return pg_ ? pg_->in_transaction() : sqlite3_get_autocommit(db_) == 0;
}

Transaction::Transaction(Database& db) : db_(db), nested_(db.in_transaction()) {
  if (nested_ && db_.in_read_snapshot_)
    throw std::logic_error("a write inside a read snapshot, which would undo it");
  if (nested_ || !db_.pg_) {
    db_.exec(nested_ ? "SAVEPOINT caravan_nested" : "BEGIN IMMEDIATE");
    return;
  }
  // BEGIN IMMEDIATE's part on PostgreSQL: the writers' lock, held to the transaction's end, so
  // that one referee's turn never interleaves another's (every statement after it reads what the
  // writer before committed: READ COMMITTED takes a snapshot a statement).
  db_.exec("BEGIN");
  try {
    db_.exec(fmt::format("SELECT pg_advisory_xact_lock({})", kWriterLock));
  } catch (...) {  // busy past the timeout: the transaction is over before it began
    try {
      db_.exec("ROLLBACK");
    } catch (...) {
    }
    throw;
  }
}

Transaction::~Transaction() {
  if (!done_) {
    try {
      db_.exec(nested_ ? "ROLLBACK TO caravan_nested; RELEASE caravan_nested" : "ROLLBACK");
    } catch (...) {  // a destructor must not throw; the connection closes the transaction anyway
    }
  }
}

void Transaction::commit() {
  if (nested_) {  // the enclosing transaction's commit makes it durable
    db_.exec("RELEASE caravan_nested");
    done_ = true;
    return;
  }
  core::fault_point("before-commit");
  db_.exec("COMMIT");
  done_ = true;
  core::fault_point("after-commit");
}

ReadSnapshot::ReadSnapshot(Database& db) : db_(db), open_(!db.in_transaction()) {
  // Prepared once a connection (Statement's cache): an audit takes a snapshot for every game.
  if (!open_) return;
  // On PostgreSQL a REPEATABLE READ transaction: every statement sees the snapshot of its first.
  if (db_.pg_)
    db_.exec("BEGIN ISOLATION LEVEL REPEATABLE READ");
  else
    Statement(db_, "BEGIN DEFERRED").run();
  db_.in_read_snapshot_ = true;
}

ReadSnapshot::~ReadSnapshot() {
  if (!open_) return;
  db_.in_read_snapshot_ = false;
  try {
    if (db_.pg_)
      db_.exec("ROLLBACK");
    else
      Statement(db_, "ROLLBACK").run();
  } catch (...) {  // a destructor must not throw; the connection closes the transaction anyway
  }
}

}  // namespace store
