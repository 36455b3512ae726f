// User-facing failures: one exception type carrying a sysexits.h exit code and a document with
// the details (move index, file line and column). Thrown anywhere, caught once at the top.
#pragma once

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace core {

// sysexits.h values: mail filters and MTAs understand them.
enum class Exit : int {
  kOk = 0,
  kUsage = 64,         // EX_USAGE: bad command line
  kRejected = 65,      // EX_DATAERR: the turn file or move is not acceptable
  kNoInput = 66,       // EX_NOINPUT: no such game or file
  kInternal = 70,      // EX_SOFTWARE: a bug
  kCantCreate = 73,    // EX_CANTCREAT: an output file (--out) cannot be made
  kIoError = 74,       // EX_IOERR: the database cannot be written (read-only) or is damaged
  kTempFail = 75,      // EX_TEMPFAIL: try again later (database busy, disk full)
  kNoPermission = 77,  // EX_NOPERM: bad token or unknown player
  kConfig = 78         // EX_CONFIG: a database from a newer caravan-ref, a missing key file
};

class UserError : public std::runtime_error {
 public:
  UserError(Exit code, const std::string& message, nlohmann::json detail = nlohmann::json::object())
      : std::runtime_error(message), code_(code), detail_(std::move(detail)) {}

  Exit code() const { return code_; }
  // Extra keys for the error document: move, line, column, file.
  const nlohmann::json& detail() const { return detail_; }

 private:
  Exit code_;
  nlohmann::json detail_;
};

// A short stable name for each code, written as error.code in documents.
inline const char* exit_name(Exit code) {
  switch (code) {
    case Exit::kOk:
      return "ok";
    case Exit::kUsage:
      return "usage";
    case Exit::kRejected:
      return "rejected";
    case Exit::kNoInput:
      return "not-found";
    case Exit::kInternal:
      return "internal";
    case Exit::kCantCreate:
      return "cannot-create";
    case Exit::kIoError:
      return "io-error";
    case Exit::kTempFail:
      return "busy";
    case Exit::kConfig:
      return "config";
    case Exit::kNoPermission:
      return "bad-token";
  }
  return "internal";
}

}  // namespace core
