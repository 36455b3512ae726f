// How often this process did the steps a command should take once per game or per file: load a
// game's snapshot, read a turn file, make a reader's view. Tests count them (one command, one
// load of each game it touches); nothing else reads them. Safe to count from any thread.
#pragma once

#include <cstdint>

namespace core {

enum class Step {
  kSnapshotLoad,  // store::GameStore::find_game: a game's row with its latest snapshot
  kTurnFileRead,  // turnfile::parse
  kViewMade,      // referee::view_of: one reader's view of a game
};

void tally(Step step);
// How many times `step` was counted since the process started.
std::uint64_t tallied(Step step);

}  // namespace core
