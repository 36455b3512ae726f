#include "core/glib.hpp"

#include <stdexcept>
#include <string>

#include "core/shared_library.hpp"

namespace core::glib {

namespace {

struct Loaded {
  Text text;
  std::string error;  // why GLib cannot be used; empty when it can
};

Loaded load() {
  Loaded l;
  SharedLibrary library("libglib-2.0.so.0");  // Debian 12: libglib2.0-0
  library.find("g_utf8_make_valid", l.text.utf8_make_valid);
  library.find("g_markup_escape_text", l.text.markup_escape_text);
  library.find("g_unichar_to_utf8", l.text.unichar_to_utf8);
  library.find("g_free", l.text.free);
  l.error = library.error();
  return l;
}

}  // namespace

const Text& text() {
  static const Loaded loaded = load();
  if (!loaded.error.empty()) throw std::runtime_error("GLib cannot be used: " + loaded.error);
  return loaded.text;
}

}  // namespace core::glib
