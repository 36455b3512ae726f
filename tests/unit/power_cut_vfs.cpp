#include "power_cut_vfs.hpp"

#include <map>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

namespace power_cut {

namespace {

// What one write or truncation replaced: the bytes that were at `offset` and the file's size.
struct Undo {
  sqlite3_int64 offset = 0;
  std::string old_bytes;
  sqlite3_int64 old_size = 0;
};

struct Disk {
  std::mutex mutex;
  std::map<std::string, std::vector<Undo>> unsynced;  // by path
  std::int64_t steps = 0;
  std::int64_t cut_before = 0;
  bool cut = false;
  int write_error = SQLITE_OK;
  bool read_only = false;
};

Disk& disk() {
  static Disk instance;
  return instance;
}

struct File {
  sqlite3_file base;
  sqlite3_file* real;
  std::string* path;  // null for SQLite's nameless temporary files
};

sqlite3_vfs* real_vfs() { return sqlite3_vfs_find(nullptr); }
sqlite3_file* real(sqlite3_file* file) { return reinterpret_cast<File*>(file)->real; }

// Puts every unsynced change back, newest first. Plain POSIX I/O: the cut is not SQLite's doing.
void undo_unsynced(Disk& d) {
  for (auto& [path, changes] : d.unsynced) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
    if (fd < 0) continue;
    for (auto change = changes.rbegin(); change != changes.rend(); ++change) {
      if (!change->old_bytes.empty())
        (void)!::pwrite(fd, change->old_bytes.data(), change->old_bytes.size(), change->offset);
      (void)!::ftruncate(fd, change->old_size);
    }
    ::close(fd);
  }
  d.unsynced.clear();
  d.cut = true;
}

// Counts a step; false when the power is off (now or already).
bool take_step(Disk& d) {
  if (d.cut) return false;
  ++d.steps;
  if (d.cut_before != 0 && d.steps >= d.cut_before) {
    undo_unsynced(d);
    return false;
  }
  return true;
}

// Remembers what [offset, offset+size) of `file` holds now, before it changes.
void remember(sqlite3_file* file, sqlite3_int64 offset, sqlite3_int64 size) {
  File* f = reinterpret_cast<File*>(file);
  if (!f->path) return;
  Undo undo;
  undo.offset = offset;
  f->real->pMethods->xFileSize(f->real, &undo.old_size);
  if (offset < undo.old_size) {
    undo.old_bytes.resize(static_cast<std::size_t>(std::min(size, undo.old_size - offset)));
    f->real->pMethods->xRead(f->real, undo.old_bytes.data(),
                             static_cast<int>(undo.old_bytes.size()), offset);
  }
  disk().unsynced[*f->path].push_back(std::move(undo));
}

int close_file(sqlite3_file* file) {
  File* f = reinterpret_cast<File*>(file);
  const int rc = f->real->pMethods->xClose(f->real);
  delete f->path;
  f->path = nullptr;
  return rc;
}

int read(sqlite3_file* file, void* buffer, int amount, sqlite3_int64 offset) {
  return real(file)->pMethods->xRead(real(file), buffer, amount, offset);
}

int write(sqlite3_file* file, const void* buffer, int amount, sqlite3_int64 offset) {
  Disk& d = disk();
  std::lock_guard lock(d.mutex);
  if (!take_step(d)) return SQLITE_IOERR_WRITE;
  if (d.write_error != SQLITE_OK) return d.write_error;
  remember(file, offset, amount);
  return real(file)->pMethods->xWrite(real(file), buffer, amount, offset);
}

int truncate(sqlite3_file* file, sqlite3_int64 size) {
  Disk& d = disk();
  std::lock_guard lock(d.mutex);
  if (!take_step(d)) return SQLITE_IOERR_TRUNCATE;
  sqlite3_int64 now = 0;
  real(file)->pMethods->xFileSize(real(file), &now);
  if (size < now) remember(file, size, now - size);
  return real(file)->pMethods->xTruncate(real(file), size);
}

int sync(sqlite3_file* file, int flags) {
  Disk& d = disk();
  std::lock_guard lock(d.mutex);
  if (!take_step(d)) return SQLITE_IOERR_FSYNC;
  // The simulated disk decides what a sync keeps (the undo log of unsynced writes), so the real
  // fsync is left out: it would only make every step of the test wait on the machine's disk.
  (void)flags;
  File* f = reinterpret_cast<File*>(file);
  if (f->path) d.unsynced.erase(*f->path);
  return SQLITE_OK;
}

int file_size(sqlite3_file* file, sqlite3_int64* size) {
  return real(file)->pMethods->xFileSize(real(file), size);
}
int lock(sqlite3_file* file, int level) { return real(file)->pMethods->xLock(real(file), level); }
int unlock(sqlite3_file* file, int level) {
  return real(file)->pMethods->xUnlock(real(file), level);
}
int check_reserved(sqlite3_file* file, int* out) {
  return real(file)->pMethods->xCheckReservedLock(real(file), out);
}
int file_control(sqlite3_file* file, int op, void* arg) {
  return real(file)->pMethods->xFileControl(real(file), op, arg);
}
int sector_size(sqlite3_file* file) { return real(file)->pMethods->xSectorSize(real(file)); }
int device_characteristics(sqlite3_file* file) {
  return real(file)->pMethods->xDeviceCharacteristics(real(file));
}
int shm_map(sqlite3_file* file, int page, int size, int extend, void volatile** out) {
  return real(file)->pMethods->xShmMap(real(file), page, size, extend, out);
}
int shm_lock(sqlite3_file* file, int offset, int n, int flags) {
  return real(file)->pMethods->xShmLock(real(file), offset, n, flags);
}
void shm_barrier(sqlite3_file* file) { real(file)->pMethods->xShmBarrier(real(file)); }
int shm_unmap(sqlite3_file* file, int delete_flag) {
  return real(file)->pMethods->xShmUnmap(real(file), delete_flag);
}

// Version 2: shared memory, but no memory-mapped I/O, so every write passes through write().
const sqlite3_io_methods kMethods = {
    2,
    close_file,
    read,
    write,
    truncate,
    sync,
    file_size,
    lock,
    unlock,
    check_reserved,
    file_control,
    sector_size,
    device_characteristics,
    shm_map,
    shm_lock,
    shm_barrier,
    shm_unmap,
    nullptr,
    nullptr,
};

int open_file(sqlite3_vfs*, const char* name, sqlite3_file* file, int flags, int* out_flags) {
  File* f = reinterpret_cast<File*>(file);
  f->base.pMethods = nullptr;
  f->real = reinterpret_cast<sqlite3_file*>(f + 1);
  f->path = nullptr;
  {
    std::lock_guard lock(disk().mutex);
    if (disk().read_only && (flags & SQLITE_OPEN_READWRITE))
      flags = (flags & ~(SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)) | SQLITE_OPEN_READONLY;
  }
  const int rc = real_vfs()->xOpen(real_vfs(), name, f->real, flags, out_flags);
  if (f->real->pMethods == nullptr) return rc;
  if (name) f->path = new std::string(name);
  f->base.pMethods = &kMethods;
  return rc;
}

int delete_file(sqlite3_vfs*, const char* name, int sync_dir) {
  Disk& d = disk();
  std::lock_guard lock(d.mutex);
  if (d.cut) return SQLITE_IOERR_DELETE;
  d.unsynced.erase(name);
  return real_vfs()->xDelete(real_vfs(), name, sync_dir);
}

int access(sqlite3_vfs*, const char* name, int flags, int* out) {
  return real_vfs()->xAccess(real_vfs(), name, flags, out);
}
int full_pathname(sqlite3_vfs*, const char* name, int size, char* out) {
  return real_vfs()->xFullPathname(real_vfs(), name, size, out);
}
void* dl_open(sqlite3_vfs*, const char* name) { return real_vfs()->xDlOpen(real_vfs(), name); }
void dl_error(sqlite3_vfs*, int size, char* out) { real_vfs()->xDlError(real_vfs(), size, out); }
void (*dl_sym(sqlite3_vfs*, void* handle, const char* symbol))(void) {
  return real_vfs()->xDlSym(real_vfs(), handle, symbol);
}
void dl_close(sqlite3_vfs*, void* handle) { real_vfs()->xDlClose(real_vfs(), handle); }
int randomness(sqlite3_vfs*, int size, char* out) {
  return real_vfs()->xRandomness(real_vfs(), size, out);
}
int sleep(sqlite3_vfs*, int micros) { return real_vfs()->xSleep(real_vfs(), micros); }
int current_time(sqlite3_vfs*, double* out) { return real_vfs()->xCurrentTime(real_vfs(), out); }
int last_error(sqlite3_vfs*, int size, char* out) {
  return real_vfs()->xGetLastError(real_vfs(), size, out);
}
int current_time_64(sqlite3_vfs*, sqlite3_int64* out) {
  return real_vfs()->xCurrentTimeInt64(real_vfs(), out);
}

void register_once() {
  static sqlite3_vfs vfs = [] {
    sqlite3_vfs made{};
    made.iVersion = 2;
    made.szOsFile = static_cast<int>(sizeof(File)) + real_vfs()->szOsFile;
    made.mxPathname = real_vfs()->mxPathname;
    made.zName = kVfsName;
    made.xOpen = open_file;
    made.xDelete = delete_file;
    made.xAccess = access;
    made.xFullPathname = full_pathname;
    made.xDlOpen = dl_open;
    made.xDlError = dl_error;
    made.xDlSym = dl_sym;
    made.xDlClose = dl_close;
    made.xRandomness = randomness;
    made.xSleep = sleep;
    made.xCurrentTime = current_time;
    made.xGetLastError = last_error;
    made.xCurrentTimeInt64 = current_time_64;
    return made;
  }();
  // SQLite keeps the pointer it is given: the static copy lives as long as the process.
  static const bool registered = sqlite3_vfs_register(&vfs, 0) == SQLITE_OK;
  (void)registered;
}

}  // namespace

void arm(std::int64_t cut_before) {
  register_once();
  Disk& d = disk();
  std::lock_guard lock(d.mutex);
  d.unsynced.clear();
  d.steps = 0;
  d.cut_before = cut_before;
  d.cut = false;
  d.write_error = SQLITE_OK;
  d.read_only = false;
}

void cut() {
  std::lock_guard lock(disk().mutex);
  if (!disk().cut) undo_unsynced(disk());
}

bool was_cut() {
  std::lock_guard lock(disk().mutex);
  return disk().cut;
}

std::int64_t steps() {
  std::lock_guard lock(disk().mutex);
  return disk().steps;
}

void fail_writes_with(int rc) {
  std::lock_guard lock(disk().mutex);
  disk().write_error = rc;
}

void open_read_only(bool on) {
  std::lock_guard lock(disk().mutex);
  disk().read_only = on;
}

}  // namespace power_cut
