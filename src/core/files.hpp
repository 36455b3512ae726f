// Small POSIX helpers for files that must survive a power cut.
#pragma once

#include <string>

#include <fcntl.h>
#include <unistd.h>

namespace core {

// Syncs the directory that holds `path`, so that a file just created or linked there keeps its
// name after a power cut. Best effort: a directory that cannot be opened is left as it is.
inline void sync_directory_of(const std::string& path) {
  const auto slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : path.substr(0, slash + 1);
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace core
