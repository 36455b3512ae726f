#include "core/shared_library.hpp"

#include <dlfcn.h>

namespace core {

SharedLibrary::SharedLibrary(const char* soname) : soname_(soname) {
  handle_ = dlopen(soname, RTLD_NOW | RTLD_LOCAL);  // never closed: kept for the process
  if (!handle_) {
    const char* why = dlerror();
    error_ = why ? why : soname_ + ": cannot be opened";
  }
}

void* SharedLibrary::symbol(const char* name) {
  if (!handle_) return nullptr;
  void* found = dlsym(handle_, name);
  if (!found && error_.empty()) error_ = soname_ + " has no " + name;
  return found;
}

}  // namespace core
