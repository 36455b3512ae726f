// A shared library opened with dlopen when it is first wanted and kept for the process, and the
// functions found in it by name: how the binary uses librsvg (referee/png.cpp) and GLib
// (core/glib.cpp) without linking them, so that no command pays to load them but the ones that
// draw (docs/PERFORMANCE.md). The libraries' headers give the functions' types.
#pragma once

#include <string>

namespace core {

class SharedLibrary {
 public:
  // Opens `soname` (RTLD_NOW | RTLD_LOCAL); error() says why when it cannot be.
  explicit SharedLibrary(const char* soname);

  // `function` becomes the library's `name`, or null when it has none (or was not opened).
  template <typename F>
  void find(const char* name, F& function) {
    function = reinterpret_cast<F>(symbol(name));
  }

  // Why the library cannot be used: the open that failed, or the first function not found.
  // Empty when every function asked for was found.
  const std::string& error() const { return error_; }

 private:
  void* symbol(const char* name);

  std::string soname_;
  void* handle_ = nullptr;
  std::string error_;
};

}  // namespace core
