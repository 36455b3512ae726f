// core::SharedLibrary: a library opened on demand, its functions found by name, and why not.
#include "core/shared_library.hpp"

#include <gtest/gtest.h>

namespace {

TEST(SharedLibrary, FindsFunctionsByName) {
  core::SharedLibrary library("libglib-2.0.so.0");
  const char* (*check_version)(unsigned, unsigned, unsigned) = nullptr;
  library.find("glib_check_version", check_version);
  ASSERT_NE(check_version, nullptr);
  EXPECT_EQ(check_version(2, 0, 0), nullptr);  // GLib 2.x is at least 2.0.0
  EXPECT_EQ(library.error(), "");
}

TEST(SharedLibrary, SaysWhichFunctionIsMissing) {
  core::SharedLibrary library("libglib-2.0.so.0");
  void (*missing)() = nullptr;
  void (*also_missing)() = nullptr;
  library.find("caravan_no_such_function", missing);
  library.find("caravan_nor_this_one", also_missing);
  EXPECT_EQ(missing, nullptr);
  EXPECT_EQ(library.error(), "libglib-2.0.so.0 has no caravan_no_such_function");  // the first
}

TEST(SharedLibrary, SaysWhyALibraryCannotBeOpened) {
  core::SharedLibrary library("libcaravan-no-such-library.so.9");
  void (*function)() = nullptr;
  library.find("anything", function);
  EXPECT_EQ(function, nullptr);
  EXPECT_NE(library.error().find("libcaravan-no-such-library.so.9"), std::string::npos)
      << library.error();
}

}  // namespace
