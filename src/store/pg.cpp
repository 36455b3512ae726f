#include "store/pg.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <stdexcept>
#include <utility>

#include <dlfcn.h>
#include <fmt/format.h>
#include <libpq-fe.h>

#include "core/errors.hpp"

namespace store::pg {

namespace {

// libpq, loaded when a command first opens a PostgreSQL database: linked, it would bring some
// twenty libraries (Kerberos, LDAP, GnuTLS...) into every start of every command on SQLite
// (docs/PERFORMANCE.md counts what a start costs). The functions are libpq's own, by name.
struct Api {
  decltype(&PQconnectdb) connectdb;
  decltype(&PQstatus) status;
  decltype(&PQerrorMessage) error_message;
  decltype(&PQfinish) finish;
  decltype(&PQsetNoticeProcessor) set_notice_processor;
  decltype(&PQexec) exec;
  decltype(&PQprepare) prepare;
  decltype(&PQexecPrepared) exec_prepared;
  decltype(&PQresultStatus) result_status;
  decltype(&PQresultErrorField) result_error_field;
  decltype(&PQresultErrorMessage) result_error_message;
  decltype(&PQclear) clear;
  decltype(&PQcmdTuples) cmd_tuples;
  decltype(&PQntuples) ntuples;
  decltype(&PQgetvalue) getvalue;
  decltype(&PQgetlength) getlength;
  decltype(&PQgetisnull) getisnull;
  decltype(&PQtransactionStatus) transaction_status;
};

template <typename F>
void find(void* library, F& function, const char* name, std::string& missing) {
  function = reinterpret_cast<F>(::dlsym(library, name));
  if (!function) missing += std::string(missing.empty() ? "" : ", ") + name;
}

const Api& pq() {
  static const Api api = [] {
    void* library = ::dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!library)
      throw core::UserError(core::Exit::kConfig,
                            fmt::format("a postgresql:// database needs PostgreSQL's client "
                                        "library, libpq.so.5 (Debian: libpq5): {}",
                                        ::dlerror()));
    Api found{};
    std::string missing;
    find(library, found.connectdb, "PQconnectdb", missing);
    find(library, found.status, "PQstatus", missing);
    find(library, found.error_message, "PQerrorMessage", missing);
    find(library, found.finish, "PQfinish", missing);
    find(library, found.set_notice_processor, "PQsetNoticeProcessor", missing);
    find(library, found.exec, "PQexec", missing);
    find(library, found.prepare, "PQprepare", missing);
    find(library, found.exec_prepared, "PQexecPrepared", missing);
    find(library, found.result_status, "PQresultStatus", missing);
    find(library, found.result_error_field, "PQresultErrorField", missing);
    find(library, found.result_error_message, "PQresultErrorMessage", missing);
    find(library, found.clear, "PQclear", missing);
    find(library, found.cmd_tuples, "PQcmdTuples", missing);
    find(library, found.ntuples, "PQntuples", missing);
    find(library, found.getvalue, "PQgetvalue", missing);
    find(library, found.getlength, "PQgetlength", missing);
    find(library, found.getisnull, "PQgetisnull", missing);
    find(library, found.transaction_status, "PQtransactionStatus", missing);
    if (!missing.empty())
      throw core::UserError(core::Exit::kConfig,
                            fmt::format("libpq.so.5 lacks {}: install Debian's libpq5", missing));
    return found;
  }();
  return api;
}

struct Migration {
  const char* name;
  const char* sql;
};

// schema/pg/NNN_*.sql: the first brings an empty database to schema NNN at once (the SQLite
// files before it describe a history no PostgreSQL database has); each later one is the twin of
// schema/NNN_*.sql.
const Migration kMigrations[] = {
#include "store/pg_migrations.inc"
};

int version_of(const Migration& migration) { return std::atoi(migration.name); }

// caravan-ref's application id ("CREF", as in the SQLite header), kept in caravan_ref_meta; the
// same number keys the writers' advisory lock (Connection::begin_write).
constexpr std::int64_t kApplicationId = 0x43524546;

struct Result {
  PGresult* result;
  explicit Result(PGresult* r) : result(r) {}
  ~Result() { pq().clear(result); }
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;
  PGresult* release() { return std::exchange(result, nullptr); }
};

bool succeeded(const PGresult* result) {
  const ExecStatusType status = pq().result_status(result);
  return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
}

void ignore_notice(void*, const char*) {}

}  // namespace

bool is_url(std::string_view target) {
  return target.rfind("postgresql://", 0) == 0 || target.rfind("postgres://", 0) == 0;
}

std::string shown(const std::string& url) {
  std::string out = url;
  // postgresql://user:secret@host/...: the password between the user's colon and the '@'.
  const std::size_t scheme = out.find("://");
  if (scheme != std::string::npos) {
    const std::size_t start = scheme + 3;
    const std::size_t at = out.find('@', start);
    const std::size_t slash = out.find('/', start);
    if (at != std::string::npos && (slash == std::string::npos || at < slash)) {
      const std::size_t colon = out.find(':', start);
      if (colon != std::string::npos && colon < at) out.replace(colon + 1, at - colon - 1, "***");
    }
  }
  // ...?password=secret&...: the parameter's value.
  for (std::size_t at = out.find("password="); at != std::string::npos;
       at = out.find("password=", at + 1)) {
    const std::size_t end = out.find('&', at);
    out.replace(at + 9, (end == std::string::npos ? out.size() : end) - at - 9, "***");
  }
  return out;
}

std::string numbered_placeholders(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 16);
  int next = 0;
  char quote = 0;
  for (std::size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (quote) {
      out += c;
      if (c == quote) quote = 0;  // a doubled quote closes and opens again: the same
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      out += c;
      continue;
    }
    if (c != '?') {
      out += c;
      continue;
    }
    std::size_t digits = i + 1;
    while (digits < sql.size() && sql[digits] >= '0' && sql[digits] <= '9') ++digits;
    if (digits > i + 1) {
      const std::string_view number = sql.substr(i + 1, digits - i - 1);
      out += '$';
      out += number;
      next = std::max(next, std::atoi(std::string(number).c_str()));
      i = digits - 1;
    } else {
      out += fmt::format("${}", ++next);
    }
  }
  return out;
}

int latest_schema_version() { return version_of(kMigrations[std::size(kMigrations) - 1]); }

Connection::Connection(const std::string& url, int busy_timeout_ms) : url_(shown(url)) {
  conn_ = pq().connectdb(url.c_str());
  if (pq().status(conn_) != CONNECTION_OK) {
    std::string message = pq().error_message(conn_);
    while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
      message.pop_back();
    pq().finish(conn_);
    conn_ = nullptr;
    // A server that is down, restarting or full of connections: trying again later may help. A
    // server that refuses our name, password or database: only the site's configuration can.
    const bool refused = message.find("authentication") != std::string::npos ||
                         message.find("does not exist") != std::string::npos ||
                         message.find("no pg_hba.conf entry") != std::string::npos ||
                         message.find("permission denied") != std::string::npos;
    throw core::UserError(refused ? core::Exit::kConfig : core::Exit::kTempFail,
                          fmt::format("cannot connect to the database {}: {}", url_, message));
  }
  pq().set_notice_processor(conn_, ignore_notice, nullptr);
  try {
    // synchronous_commit on (the server's default, set here whatever the server's own setting):
    // a COMMIT returns once its record is flushed to the server's disk. lock_timeout is the
    // busy timeout: a writer waiting longer for another gets UserError 75.
    exec(
        fmt::format("SET synchronous_commit = on; SET lock_timeout = {}; "
                    "SET default_transaction_isolation = 'read committed'; "
                    "SET client_min_messages = warning",
                    busy_timeout_ms));
    check_identity();
    const int version = schema_version();
    if (version > latest_schema_version())
      throw core::UserError(
          core::Exit::kConfig,
          fmt::format("{} has schema version {}, but this caravan-ref ({}) knows only up to {}: "
                      "it was made or upgraded by a newer caravan-ref; use that one",
                      url_, version, CARAVAN_VERSION, latest_schema_version()));
    migrate();
  } catch (...) {  // no destructor runs for a constructor that throws
    pq().finish(conn_);
    conn_ = nullptr;
    throw;
  }
}

Connection::~Connection() { close(); }

[[noreturn]] void Connection::fail(PGresult* result, const std::string& what) const {
  const char* state = result ? pq().result_error_field(result, PG_DIAG_SQLSTATE) : nullptr;
  const std::string code = state ? state : "";
  std::string detail = result && *pq().result_error_message(result)
                           ? pq().result_error_message(result)
                           : pq().error_message(conn_);
  while (!detail.empty() && (detail.back() == '\n' || detail.back() == ' ')) detail.pop_back();
  pq().clear(result);
  if (code == "55P03" || code == "40001" || code == "40P01" || code == "57014")
    throw core::UserError(core::Exit::kTempFail,
                          "the database is busy (another referee holds it); try again");
  if (code.rfind("53", 0) == 0)  // insufficient resources: disk full, out of memory, connections
    throw core::UserError(core::Exit::kTempFail,
                          fmt::format("the database server {} cannot take more now: nothing was "
                                      "recorded; try again ({})",
                                      url_, detail));
  if (code.rfind("08", 0) == 0 || code.rfind("57P", 0) == 0 || code.empty())
    throw core::UserError(core::Exit::kTempFail,
                          fmt::format("the connection to the database {} failed: nothing more was "
                                      "recorded; try again ({})",
                                      url_, detail));
  if (code == "25006" || code == "42501")
    throw core::UserError(core::Exit::kIoError,
                          fmt::format("caravan-ref cannot record anything in {} (a read-only "
                                      "server, or the role's privileges): {}",
                                      url_, detail));
  throw std::runtime_error(fmt::format("{}: {}", what, detail));
}

void Connection::exec(const std::string& sql) {
  Result result(pq().exec(conn_, sql.c_str()));
  if (!succeeded(result.result)) fail(result.release(), "SQL failed");
  changes_ = std::atoi(pq().cmd_tuples(result.result));
}

std::unique_ptr<backend::Cursor> Connection::prepare(const std::string& sql) {
  if (const auto at = prepared_.find(sql); at != prepared_.end())
    return std::make_unique<Cursor>(*this, at->second);
  const std::string name = fmt::format("caravan_{}", prepared_.size() + 1);
  Result result(pq().prepare(conn_, name.c_str(), numbered_placeholders(sql).c_str(), 0, nullptr));
  if (!succeeded(result.result)) fail(result.release(), "prepare");
  prepared_.emplace(sql, name);
  return std::make_unique<Cursor>(*this, name);
}

// The server keeps the statement; the cursor's parameters and rows go.
void Connection::recycle(std::unique_ptr<backend::Cursor>) noexcept {}

void Connection::close() noexcept {
  if (conn_) pq().finish(conn_);
  conn_ = nullptr;
}

// BEGIN IMMEDIATE's part on PostgreSQL: the writers' advisory lock (caravan-ref's application
// id, so that no other program's lock is ours by chance), held to the transaction's end, so that
// one referee's turn never interleaves another's (every statement after it reads what the writer
// before committed: READ COMMITTED takes a snapshot a statement).
void Connection::begin_write() {
  exec("BEGIN");
  try {
    exec(fmt::format("SELECT pg_advisory_xact_lock({})", kApplicationId));
  } catch (...) {  // busy past the timeout: the transaction is over before it began
    try {
      exec("ROLLBACK");
    } catch (...) {
    }
    throw;
  }
}

void Connection::begin_read() { exec("BEGIN ISOLATION LEVEL REPEATABLE READ"); }

PGresult* Connection::run(const std::string& name,
                          const std::vector<std::optional<std::string>>& params) {
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const auto& param : params) values.push_back(param ? param->c_str() : nullptr);
  Result result(pq().exec_prepared(conn_, name.c_str(), static_cast<int>(values.size()),
                                   values.data(), nullptr, nullptr, 0));
  if (!succeeded(result.result)) fail(result.release(), "step");
  changes_ = std::atoi(pq().cmd_tuples(result.result));
  return result.release();
}

bool Connection::in_transaction() { return pq().transaction_status(conn_) != PQTRANS_IDLE; }

namespace {

std::string single_value(PGconn* conn, const Connection& owner, const std::string& sql) {
  Result result(pq().exec(conn, sql.c_str()));
  if (!succeeded(result.result)) owner.fail(result.release(), "SQL failed");
  if (pq().ntuples(result.result) == 0 || pq().getisnull(result.result, 0, 0)) return {};
  return pq().getvalue(result.result, 0, 0);
}

}  // namespace

int Connection::schema_version() {
  if (single_value(conn_, *this, "SELECT to_regclass('caravan_ref_meta')").empty()) return 0;
  return std::atoi(
      single_value(conn_, *this, "SELECT schema_version FROM caravan_ref_meta").c_str());
}

std::int64_t Connection::last_insert_id() {
  return std::strtoll(single_value(conn_, *this, "SELECT lastval()").c_str(), nullptr, 10);
}

void Connection::check_identity() {
  // Text is kept as the bytes it was given (a turn file is recorded whatever it holds), and
  // lower() and ORDER BY must mean what they mean in SQLite (ASCII letters, byte order): a
  // database made with another encoding would refuse some turn files' bytes.
  const std::string encoding = single_value(conn_, *this, "SHOW server_encoding");
  if (encoding != "SQL_ASCII")
    throw core::UserError(
        core::Exit::kConfig,
        fmt::format("{} has the encoding {}; caravan-ref keeps text as bytes and needs a database "
                    "made with SQL_ASCII and the C locale (createdb -E SQL_ASCII --locale=C -T "
                    "template0 NAME); nothing was written to it",
                    url_, encoding));
  std::string why;
  if (!single_value(conn_, *this, "SELECT to_regclass('caravan_ref_meta')").empty()) {
    const std::string id =
        single_value(conn_, *this, "SELECT application_id FROM caravan_ref_meta");
    if (std::strtoll(id.c_str(), nullptr, 10) == kApplicationId) return;
    why = fmt::format("its caravan_ref_meta has the application id {}", id.empty() ? "NULL" : id);
  } else {
    const std::string tables = single_value(
        conn_, *this,
        "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()");
    if (tables == "0") return;  // new: nothing in it yet
    why = fmt::format("its schema has {} tables but no caravan_ref_meta", tables);
  }
  throw core::UserError(core::Exit::kRejected,
                        fmt::format("{} is a PostgreSQL database of another program ({}); "
                                    "refusing to use it, and nothing was written to it",
                                    url_, why));
}

void Connection::migrate() {
  const int target = latest_schema_version();
  if (schema_version() >= target) return;
  exec(fmt::format("BEGIN; SELECT pg_advisory_xact_lock({})", kApplicationId));
  try {
    const int current = schema_version();  // read again under the writers' lock
    created_ = current == 0;
    for (const Migration& migration : kMigrations) {
      if (version_of(migration) <= current) continue;
      exec(migration.sql);
      exec(fmt::format("UPDATE caravan_ref_meta SET schema_version = {}", version_of(migration)));
    }
    exec("COMMIT");
  } catch (...) {
    pq().clear(pq().exec(conn_, "ROLLBACK"));
    throw;
  }
}

std::vector<std::pair<std::string, std::string>> Connection::columns() {
  auto query = prepare(
      "SELECT table_name, column_name FROM information_schema.columns WHERE "
      "table_schema = current_schema() ORDER BY table_name, column_name");
  std::vector<std::pair<std::string, std::string>> found;
  while (query->step()) found.emplace_back(query->text(0), query->text(1));
  return found;
}

void Connection::continue_ids(const std::string& table) {
  exec(fmt::format("SELECT setval(pg_get_serial_sequence('{0}', 'id'), max(id)) FROM {0}", table));
}

Cursor::~Cursor() {
  if (result_) pq().clear(result_);
}

void Cursor::reset() {
  if (result_) pq().clear(result_);
  result_ = nullptr;
  row_ = -1;
  rows_ = 0;
}

void Cursor::bind(int index, std::optional<std::string> value) {
  const auto at = static_cast<std::size_t>(index - 1);
  if (params_.size() <= at) params_.resize(at + 1);
  params_[at] = std::move(value);
}

bool Cursor::step() {
  if (row_ >= rows_) reset();
  if (row_ < 0) {
    result_ = connection_->run(name_, params_);
    rows_ = pq().ntuples(result_);
  }
  return ++row_ < rows_;
}

std::string Cursor::text(int column) const {
  return std::string(pq().getvalue(result_, row_, column),
                     static_cast<std::size_t>(pq().getlength(result_, row_, column)));
}

std::int64_t Cursor::integer(int column) const {
  const char* value = pq().getvalue(result_, row_, column);
  if (*value == 't' || *value == 'f') return *value == 't';  // a boolean, as SQLite's 1 or 0
  return std::strtoll(value, nullptr, 10);
}

bool Cursor::is_null(int column) const { return pq().getisnull(result_, row_, column) == 1; }

}  // namespace store::pg
