// caravan-ref serve: the games' live pages and the HTTP API, a front end over the referee as
// mail is (no rules, no SQL of its own). Built on cpp-httplib (docs/ARCHITECTURE.md says why);
// only caravan-ref-serve links it.
//
// Promise: every turn goes through referee::submit, the one turn path (recorded, chained,
// receipted), so a move made on a page is the same turn as one mailed. Each worker thread has its
// own store::Database; a database still locked after the store's busy timeout is answered 503
// with Retry-After, and the turn was not played. No token, capability or form code is written to
// the log. A request that does not arrive whole (line, headers, body) within --request-timeout is
// cut, however slowly its bytes trickle in; bodies over 64 KiB and headers over 8 KiB are refused.
#pragma once

#include "cli/cli.hpp"

namespace serve {

// Listens, prints the address as its first line on standard output, serves until SIGTERM or
// SIGINT; returns the exit code (0 after a signal).
int run(cli::Context& context, const cli::ServeOptions& options);

}  // namespace serve
