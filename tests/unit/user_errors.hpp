// Test helpers for what the referee refuses: the exit code an action ends with, and a file's
// bytes (to show that a refusal left it as it was).
#pragma once

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>

#include "core/errors.hpp"

// The code of the UserError `action` throws; kOk when it throws none.
inline core::Exit exit_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const core::UserError& e) {
    return e.code();
  }
  return core::Exit::kOk;
}

inline std::string read_all(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}
