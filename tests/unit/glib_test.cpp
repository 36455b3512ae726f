// core::glib: GLib's text functions, opened on first use (the binary does not link GLib).
#include "core/glib.hpp"

#include <memory>
#include <string>

#include <gtest/gtest.h>

namespace {

std::string owned(gchar* text) {
  std::unique_ptr<gchar, decltype(&g_free)> held(text, core::glib::text().free);
  return held.get();
}

TEST(Glib, TheTextFunctionsAreFoundAndWork) {
  const core::glib::Text& g = core::glib::text();
  EXPECT_EQ(owned(g.markup_escape_text("a<b & \"c\">", -1)), "a&lt;b &amp; &quot;c&quot;&gt;");
  EXPECT_EQ(owned(g.utf8_make_valid("ok\xFFok", 5)), "ok\xEF\xBF\xBDok");  // U+FFFD
  char euro[8] = {};
  ASSERT_EQ(g.unichar_to_utf8(0x20AC, euro), 3);
  EXPECT_EQ(std::string(euro), "\xE2\x82\xAC");
  EXPECT_EQ(&core::glib::text(), &g);  // opened once, kept
}

}  // namespace
