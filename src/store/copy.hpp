// Copying one database into another, whichever stores they are on (SQLite to PostgreSQL and
// back): every table's rows as they are, so the copy audits to the same hashes. The source is
// read in one snapshot; the destination is written in one transaction, and must hold no game, no
// submission and no message (UserError 73 otherwise, nothing written).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "store/sqlite.hpp"

namespace store {

// The rows copied, table by table, in the order they were written.
std::vector<std::pair<std::string, std::int64_t>> copy_database(Database& from, Database& to);

}  // namespace store
