// A YAML file refused: exit 65 (core::Exit::kRejected) with "FILE:LINE[:COLUMN]: why" and the
// same place as fields of the error's detail. Shared by the turn files' reader and the ratings'
// seed file; internal to the turnfile module.
#pragma once

#include <string>

#include <yaml-cpp/yaml.h>

namespace turnfile {

[[noreturn]] void refuse_at(const std::string& source, const YAML::Mark& mark,
                            const std::string& why, bool with_column = true);

}  // namespace turnfile
