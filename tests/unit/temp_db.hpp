// A fresh database file in its own temporary directory, removed after a passing test and kept
// after a failing one (its path is printed), so a failure can be inspected.
#pragma once

#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include <gtest/gtest.h>
#include <unistd.h>

#include "core/clock.hpp"
#include "store/sqlite.hpp"

class TempDb : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           (std::string("caravan-test-") + info->test_suite_name() + "-" + info->name() + "-" +
            std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    db_ = std::make_unique<store::Database>(path());
  }
  void TearDown() override {
    db_.reset();
    if (HasFailure())
      std::cerr << "kept " << dir_ << "\n";
    else
      std::filesystem::remove_all(dir_);
  }
  std::string path() const { return (dir_ / "games.db").string(); }
  store::Database& db() { return *db_; }
  std::filesystem::path dir_;
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
