// GLib's text functions, which the pictures (core/svg.cpp) and the reading of HTML mail
// (mail/message_text.cpp) use. The binary does not link GLib: loading it cost every command's
// start 0.2 ms, and only those commands need it (docs/PERFORMANCE.md). It is opened with dlopen on
// the first call and kept for the process; the header <glib.h> gives the types.
#pragma once

#include <glib.h>

namespace core::glib {

struct Text {
  decltype(&g_utf8_make_valid) utf8_make_valid = nullptr;
  decltype(&g_markup_escape_text) markup_escape_text = nullptr;
  decltype(&g_unichar_to_utf8) unichar_to_utf8 = nullptr;
  decltype(&g_free) free = nullptr;
};

// The functions, every one found. std::runtime_error, naming the library and why, when GLib
// cannot be opened (or lacks one of them): then no picture can be drawn.
const Text& text();

}  // namespace core::glib
