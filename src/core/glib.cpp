#include "core/glib.hpp"

#include <stdexcept>
#include <string>

#include <dlfcn.h>

namespace core::glib {

namespace {

constexpr const char* kLibrary = "libglib-2.0.so.0";  // Debian 12: libglib2.0-0

struct Loaded {
  Text text;
  std::string error;  // why GLib cannot be used; empty when it can
};

template <typename F>
void find(void* library, const char* name, F& function, std::string& error) {
  function = reinterpret_cast<F>(dlsym(library, name));
  if (!function && error.empty()) error = std::string(kLibrary) + " has no " + name;
}

Loaded load() {
  Loaded l;
  void* library = dlopen(kLibrary, RTLD_NOW | RTLD_LOCAL);  // kept open for the process
  if (!library) {
    const char* why = dlerror();
    l.error = std::string(kLibrary) + ": " + (why ? why : "cannot be opened");
    return l;
  }
  find(library, "g_utf8_make_valid", l.text.utf8_make_valid, l.error);
  find(library, "g_markup_escape_text", l.text.markup_escape_text, l.error);
  find(library, "g_unichar_to_utf8", l.text.unichar_to_utf8, l.error);
  find(library, "g_free", l.text.free, l.error);
  return l;
}

}  // namespace

const Text& text() {
  static const Loaded loaded = load();
  if (!loaded.error.empty()) throw std::runtime_error("GLib cannot be used: " + loaded.error);
  return loaded.text;
}

}  // namespace core::glib
