// The tests' one temporary-database fixture. TempDir: a fresh directory of the test's own,
// removed after a passing test and kept after a failing one (its path is printed), so a failure
// can be inspected. TempDb: a database file in it, open. ClockedTempDb: the same on the tests'
// clock. A parameterised suite derives from one of them and ::testing::WithParamInterface<T>.
#pragma once

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include <gtest/gtest.h>
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

class TempDb : public TempDir {
 protected:
  void SetUp() override {
    TempDir::SetUp();
    db_ = std::make_unique<store::Database>(path());
  }
  void TearDown() override {
    db_.reset();
    TempDir::TearDown();
  }
  store::Database& db() { return *db_; }
  std::unique_ptr<store::Database> db_;
};

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
