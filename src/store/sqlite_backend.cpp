#include "store/sqlite_backend.hpp"

#include <cerrno>
#include <cstdint>
#include <cstring>
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

namespace store {

namespace {

struct Migration {
  const char* name;
  const char* sql;
};

const Migration kMigrations[] = {
#include "store/migrations.inc"
};

bool is_file(const std::string& path) {
  return !path.empty() && path != ":memory:" && path.rfind("file:", 0) != 0;
}

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

// The header's application id that schema/011_mail_outbox.sql writes ("CREF"), and the schema
// version that writes it: an older caravan-ref database has none, and is known by its tables.
constexpr std::int64_t kApplicationId = 0x43524546;
constexpr int kFirstVersionWithId = 11;
constexpr const char* kFirstTables[] = {"games", "players", "turns", "submissions"};

}  // namespace

int sqlite_latest_schema_version() { return static_cast<int>(std::size(kMigrations)); }

bool is_database_file(const std::string& path) { return is_file(path); }

class SqliteCursor final : public backend::Cursor {
 public:
  SqliteCursor(SqliteConnection& owner, sqlite3_stmt* stmt) : owner_(&owner), stmt_(stmt) {}
  ~SqliteCursor() override { sqlite3_finalize(stmt_); }

  void bind_text(int index, const std::string& value) override {
    sqlite3_bind_text(stmt_, index, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
  }
  void bind_integer(int index, std::int64_t value) override {
    sqlite3_bind_int64(stmt_, index, value);
  }
  void bind_null(int index) override { sqlite3_bind_null(stmt_, index); }
  bool step() override {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    owner_->fail(rc, "step");
  }
  std::string text(int column) const override {
    const auto* data = sqlite3_column_text(stmt_, column);
    return data ? std::string(reinterpret_cast<const char*>(data),
                              static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)))
                : std::string();
  }
  std::int64_t integer(int column) const override { return sqlite3_column_int64(stmt_, column); }
  bool is_null(int column) const override {
    return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
  }

  // Ready for its next use: its error, if any, was reported by the step that had it.
  void clear() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  const char* sql() const { return sqlite3_sql(stmt_); }

 private:
  SqliteConnection* owner_;
  sqlite3_stmt* stmt_;
};

SqliteConnection::SqliteConnection(const std::string& path, bool create, const std::string& vfs,
                                   int busy_timeout_ms)
    : path_(path) {
  if (is_file(path)) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
      if (errno != ENOENT) refuse_file(path, errno, "open the database");
      if (!create)
        throw core::UserError(core::Exit::kNoInput,
                              fmt::format("no database at {} (a command that only reads never "
                                          "creates one; name it with --db or $CARAVAN_REF_DB)",
                                          path));
      create_whole(path, vfs, busy_timeout_ms);
    } else if (S_ISREG(info.st_mode) && info.st_size == 0) {
      throw core::UserError(core::Exit::kRejected,
                            fmt::format("{} is an empty file, not a caravan-ref database; "
                                        "refusing to use it (remove it, or name another --db)",
                                        path));
    }
  }
  open(SQLITE_OPEN_READWRITE | (is_file(path) ? 0 : SQLITE_OPEN_CREATE), vfs);
  try {
    configure(busy_timeout_ms);
  } catch (...) {  // a refused file: no destructor runs for a constructor that throws
    close();
    throw;
  }
}

SqliteConnection::SqliteConnection(Fresh, const std::string& path, const std::string& vfs,
                                   int busy_timeout_ms)
    : path_(path) {
  open(SQLITE_OPEN_READWRITE, vfs);
  try {
    configure(busy_timeout_ms);
  } catch (...) {
    close();
    throw;
  }
}

SqliteConnection::~SqliteConnection() { close(); }

void SqliteConnection::close() noexcept {
  open_ = false;
  idle_.clear();          // finalises the kept statements
  sqlite3_close_v2(db_);  // a cursor still out keeps the connection until it is finalised
  db_ = nullptr;
}

void SqliteConnection::open(int flags, const std::string& vfs) {
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

void SqliteConnection::configure(int busy_timeout_ms) {
  sqlite3_busy_timeout(db_, busy_timeout_ms);
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
  if (version > sqlite_latest_schema_version())
    throw core::UserError(
        core::Exit::kConfig,
        fmt::format("{} has schema version {}, but this caravan-ref ({}) knows only up to {}: it "
                    "was made or upgraded by a newer caravan-ref; use that one",
                    path_, version, CARAVAN_VERSION, sqlite_latest_schema_version()));
  migrate();
}

std::int64_t SqliteConnection::single_integer(const std::string& sql) {
  auto query = prepare(sql);
  query->step();
  const std::int64_t value = query->integer(0);
  recycle(std::move(query));
  return value;
}

void SqliteConnection::check_identity() {
  const std::int64_t id = single_integer("PRAGMA application_id");
  if (id == kApplicationId) return;
  const std::int64_t version = single_integer("PRAGMA user_version");
  std::string why;
  if (id != 0) {
    why = fmt::format("its application id is {:#x}", id);
  } else if (version >= kFirstVersionWithId) {
    why = fmt::format("it has schema version {} but not caravan-ref's application id", version);
  } else if (version == 0) {
    if (single_integer("SELECT count(*) FROM sqlite_master") == 0) return;  // new: nothing in it
    why = "it has tables but no caravan-ref schema";
  } else {
    std::int64_t found = 0;
    for (const char* table : kFirstTables) {
      auto query = prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?");
      query->bind_text(1, table);
      query->step();
      found += query->integer(0);
      recycle(std::move(query));
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
void SqliteConnection::create_whole(const std::string& path, const std::string& vfs,
                                    int busy_timeout_ms) {
  const std::string temporary =
      fmt::format("{}.new-{}-{}", path, ::getpid(), reinterpret_cast<std::uintptr_t>(this));
  const int fd = ::open(temporary.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0) refuse_file(path, errno, "create the database");
  ::close(fd);
  try {
    SqliteConnection fresh(Fresh{}, temporary, vfs, busy_timeout_ms);
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

[[noreturn]] void SqliteConnection::fail(int rc, const std::string& what) const {
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

void SqliteConnection::exec(const std::string& sql) {
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

std::unique_ptr<backend::Cursor> SqliteConnection::prepare(const std::string& sql) {
  if (const auto at = idle_.find(sql); at != idle_.end()) {
    std::unique_ptr<backend::Cursor> kept = std::move(at->second);
    idle_.erase(at);
    return kept;
  }
  sqlite3_stmt* stmt = nullptr;
  const int rc = sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr);
  if (rc != SQLITE_OK) {
    sqlite3_finalize(stmt);
    fail(rc, "prepare");
  }
  return std::make_unique<SqliteCursor>(*this, stmt);
}

void SqliteConnection::recycle(std::unique_ptr<backend::Cursor> cursor) noexcept {
  if (!cursor || !open_ || idle_.size() >= kMaxPrepared) return;  // finalised
  auto* own = static_cast<SqliteCursor*>(cursor.release());       // prepare() made every one
  if (!own->sql()) {  // SQL of nothing but blanks or comments: no statement to keep
    delete own;
    return;
  }
  own->clear();
  idle_.emplace(own->sql(), std::unique_ptr<SqliteCursor>(own));
}

void SqliteConnection::run_kept(const std::string& sql) {
  auto statement = prepare(sql);
  try {
    while (statement->step()) {
    }
  } catch (...) {
    recycle(std::move(statement));
    throw;
  }
  recycle(std::move(statement));
}

void SqliteConnection::begin_write() { exec("BEGIN IMMEDIATE"); }

// Prepared once a connection (the cache above): an audit takes a snapshot for every game.
void SqliteConnection::begin_read() { run_kept("BEGIN DEFERRED"); }

void SqliteConnection::rollback() { run_kept("ROLLBACK"); }

bool SqliteConnection::in_transaction() { return sqlite3_get_autocommit(db_) == 0; }

int SqliteConnection::changes() { return sqlite3_changes(db_); }

std::int64_t SqliteConnection::last_insert_id() { return sqlite3_last_insert_rowid(db_); }

int SqliteConnection::schema_version() {
  return static_cast<int>(single_integer("PRAGMA user_version"));
}

void SqliteConnection::migrate() {
  const int target = sqlite_latest_schema_version();
  if (schema_version() >= target) return;
  begin_write();
  try {
    const int current = schema_version();  // re-read under the write lock
    for (int i = current; i < target; ++i) exec(kMigrations[i].sql);
    exec(fmt::format("PRAGMA user_version = {}", target));
    core::fault_point("before-commit");
    commit();
    core::fault_point("after-commit");
  } catch (...) {
    try {
      exec("ROLLBACK");
    } catch (...) {  // the first error is the one to report
    }
    throw;
  }
}

std::vector<std::pair<std::string, std::string>> SqliteConnection::columns() {
  auto query = prepare(
      "SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p "
      "WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY 1, 2");
  std::vector<std::pair<std::string, std::string>> found;
  while (query->step()) found.emplace_back(query->text(0), query->text(1));
  recycle(std::move(query));
  return found;
}

}  // namespace store
