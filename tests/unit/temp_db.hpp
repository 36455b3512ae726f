// The tests' one temporary-database fixture. TempDir: a fresh directory of the test's own,
// removed after a passing test and kept after a failing one (its path is printed), so a failure
// can be inspected. TempDb: a database file in it, open. ClockedTempDb: the same on the tests'
// clock. A parameterised suite derives from one of them and ::testing::WithParamInterface<T>.
//
// With CARAVAN_REF_TEST_PG_URL set (tests/pg/cluster.sh sets it), TempDb's database is instead a
// schema of its own in that PostgreSQL database (dropped after a passing test, kept after a
// failing one), and path() is its URL: the same tests run on the store's second backend.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <unistd.h>

#include "core/clock.hpp"
#include "store/sqlite.hpp"

// The directory alone: for the tests that run the binary on the database (crash, race, power
// cut) and so must not hold a connection to it across a fork.
class TempDir : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = std::string("caravan-test-") + info->test_suite_name() + "-" + info->name() +
                       "-" + std::to_string(::getpid());
    std::replace(name.begin(), name.end(), '/', '_');  // a parameterised test's name has some
    dir_ = std::filesystem::temp_directory_path() / name;
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    if (HasFailure())
      std::cerr << "kept " << dir_ << "\n";
    else
      std::filesystem::remove_all(dir_);
  }
  // The database's file (TempDb opens it; the others hand it to the binary).
  std::string path() const { return (dir_ / "games.db").string(); }
  std::filesystem::path dir_;
};

// The PostgreSQL database the tests run on (tests/pg/cluster.sh), or empty: SQLite.
inline std::string test_pg_url() {
  const char* url = std::getenv("CARAVAN_REF_TEST_PG_URL");
  return url && *url ? url : "";
}

// Runs SQL on the tests' PostgreSQL database, outside the store (making and dropping schemas).
inline void test_pg_exec(const std::string& sql) {
  PGconn* conn = PQconnectdb(test_pg_url().c_str());
  PGresult* result = PQexec(conn, sql.c_str());
  const bool ok = PQresultStatus(result) == PGRES_COMMAND_OK;
  const std::string error = PQerrorMessage(conn);
  PQclear(result);
  PQfinish(conn);
  if (!ok) throw std::runtime_error(sql + ": " + error);
}

class TempDb : public TempDir {
 protected:
  void SetUp() override {
    TempDir::SetUp();
    if (!test_pg_url().empty()) {
      schema_ = "test_" + std::to_string(::getpid()) + "_" + std::to_string(++schemas_made());
      test_pg_exec("CREATE SCHEMA " + schema_);
      // The referee's key file for a database named without one (store::default_key_file).
      ::setenv("XDG_DATA_HOME", dir_.c_str(), 1);
    }
    db_ = std::make_unique<store::Database>(path());
  }
  void TearDown() override {
    db_.reset();
    if (!schema_.empty()) {
      if (HasFailure())
        std::cerr << "kept schema " << schema_ << "\n";
      else
        test_pg_exec("SET client_min_messages = warning; DROP SCHEMA " + schema_ + " CASCADE");
    }
    TempDir::TearDown();
  }
  // The database's file, or on PostgreSQL the URL of the test's own schema.
  std::string path() const {
    if (schema_.empty()) return TempDir::path();
    const std::string url = test_pg_url();
    return url + (url.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" +
           schema_;
  }
  bool on_postgresql() const { return !schema_.empty(); }
  store::Database& db() { return *db_; }
  std::unique_ptr<store::Database> db_;
  std::string schema_;

 private:
  static int& schemas_made() {
    static int made = 0;
    return made;
  }
};

// For a test of SQLite alone (its file, its pragmas, its VFS): skipped on PostgreSQL.
#define SKIP_ON_POSTGRESQL()                                                 \
  do {                                                                       \
    if (on_postgresql()) GTEST_SKIP() << "a test of the SQLite store alone"; \
  } while (false)

// A TempDb on the tests' clock: core::now() is kTestStart until the test moves it, and the
// system's clock again after the test. No test reads the wall clock.
class ClockedTempDb : public TempDb {
 protected:
  static constexpr const char* kTestStart = "2026-03-01T12:00:00Z";
  void SetUp() override {
    TempDb::SetUp();
    core::set_now(*core::parse_time(kTestStart));
  }
  void TearDown() override {
    core::set_now(std::nullopt);
    TempDb::TearDown();
  }
};
