// core::JsonText writes what nlohmann's compact dump() writes for the same document.
#include "core/json_text.hpp"

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using Json = nlohmann::json;

std::string written(std::string_view text) { return core::JsonText().string(text).take(); }

TEST(JsonText, EveryAsciiCharacterIsEscapedAsNlohmannEscapesIt) {
  for (int c = 0; c < 0x80; ++c) {
    const std::string text = std::string("a") + static_cast<char>(c) + "z";
    EXPECT_EQ(written(text), Json(text).dump()) << "character " << c;
  }
  const std::string all_controls = "\b\t\n\f\r\x01\x1f\x7f\"\\/";
  EXPECT_EQ(written(all_controls), Json(all_controls).dump());
  EXPECT_EQ(written(""), "\"\"");
}

TEST(JsonText, TextBeyondAsciiIsWrittenOrRefusedAsNlohmannDoes) {
  const std::string utf8 = "Caf\xc3\xa9 \xe2\x99\xa0 \"x\"\n";
  EXPECT_EQ(written(utf8), Json(utf8).dump());
  EXPECT_THROW(written("bad \xff byte"), Json::type_error);
}

TEST(JsonText, NestedObjectsAndListsAreTheCompactDump) {
  core::JsonText out(64);
  out.begin_object();
  out.key("a").begin_array().number(1).number(-2).boolean(true).null().end_array();
  out.key("b").begin_object().end_object();
  out.key("c").begin_array().end_array();
  out.key("d").begin_object().key("x").string("y").key("z").number(std::size_t{18}).end_object();
  out.key("e").number(std::int64_t{-9007199254740993}).key("f").boolean(false);
  out.end_object();
  const Json doc = {{"a", {1, -2, true, nullptr}},
                    {"b", Json::object()},
                    {"c", Json::array()},
                    {"d", {{"x", "y"}, {"z", 18}}},
                    {"e", std::int64_t{-9007199254740993}},
                    {"f", false}};
  EXPECT_EQ(out.text(), doc.dump());
}

TEST(JsonText, KeysAndStringsThatNeedEscapesAreWrittenAsNlohmannDoesBetweenOthers) {
  core::JsonText out;
  out.begin_object();
  // Keys that need escapes go in as string_view (a literal key is copied as it is).
  using std::string_view;
  out.key(string_view("a\"b"))
      .begin_array()
      .string("x")
      .string("tab\there")
      .string("")
      .string("y")
      .end_array();
  out.key(string_view("c\\d")).string("q\"").key("plain").string("caf\xc3\xa9");
  out.key(string_view("z\n")).null();
  out.end_object();
  const Json doc = {{"a\"b", {"x", "tab\there", "", "y"}},
                    {"c\\d", "q\""},
                    {"plain", "caf\xc3\xa9"},
                    {"z\n", nullptr}};
  EXPECT_EQ(out.text(), doc.dump());
}

}  // namespace

// plain() copies a string the caller knows needs no escapes: the same bytes as string() writes.
TEST(JsonText, APlainStringIsWrittenAsStringWritesIt) {
  core::JsonText plain, checked;
  plain.begin_array().plain("KH").plain("").plain("a1").end_array();
  checked.begin_array().string("KH").string("").string("a1").end_array();
  EXPECT_EQ(plain.text(), checked.text());
  EXPECT_EQ(plain.text(), R"(["KH","","a1"])");
}
