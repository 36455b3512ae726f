// A power cut for SQLite, in process: an SQLite VFS named "power-cut" that passes every call on
// to the default VFS and remembers, for each file, what every write and truncation since that
// file's last sync replaced. A power cut undoes all of it, so the files hold exactly what was
// synced, as a disk holds after the power fails; from then on every write, sync, truncation and
// deletion fails, as nothing reaches the disk of a machine that is off.
//
// Steps: each write, truncation and sync counts one, in the order SQLite makes them. A test runs
// an operation once to count its steps, then again with the cut before each step in turn.
// Not modelled: directory entries (a file created or deleted is assumed to stay so) and the
// shared-memory index (SQLite rebuilds it from the WAL on the next open).
#pragma once

#include <cstdint>

namespace power_cut {

inline constexpr const char* kVfsName = "power-cut";

// Registers the VFS (once) and arms it: the cut comes just before step `cut_before` (1-based),
// never when it is 0. Forgets every earlier file and step, and revives a cut VFS.
void arm(std::int64_t cut_before = 0);
// Cuts the power now (if not already cut).
void cut();
bool was_cut();
// Steps taken since arm().
std::int64_t steps();
// While set, every write fails with this SQLite result code (SQLITE_FULL: a full disk); 0: off.
void fail_writes_with(int rc);
// While set, files are opened read-only, as the default VFS does for a file it may not write.
void open_read_only(bool on);

}  // namespace power_cut
