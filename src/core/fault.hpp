// Fault injection for the crash-safety tests: a named point in the processing of a turn where
// the process dies with SIGKILL when the environment variable CARAVAN_FAULT names that point.
//
// Promise: without CARAVAN_FAULT (every real run) a fault point does nothing but read the
// environment. The kill is SIGKILL, not an exception or exit(): no destructor, no rollback, no
// flush runs, exactly as when the machine or the operator kills the referee.
#pragma once

#include <csignal>
#include <cstdlib>
#include <cstring>

namespace core {

inline void fault_point(const char* name) {
  const char* wanted = std::getenv("CARAVAN_FAULT");
  if (wanted && std::strcmp(wanted, name) == 0) std::raise(SIGKILL);
}

}  // namespace core
