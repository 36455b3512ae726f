// core::member and core::identical: how drawings read a view without copying it, and how the
// engines' caches of boards tell the same document as written from one merely equal.
#include <gtest/gtest.h>

#include "core/engine.hpp"

namespace {

using core::Document;
using core::identical;
using core::member;

TEST(Member, GivesThePartItselfOrANullThatIteratesAsEmpty) {
  const Document view = {{"players", {"A", "B"}}, {"turn", 3}};
  EXPECT_EQ(&member(view, "players"), &view.at("players")) << "a reference, not a copy";
  EXPECT_TRUE(member(view, "spaces").is_null());
  EXPECT_TRUE(member(Document::array({1, 2}), "players").is_null());
  EXPECT_TRUE(member(Document("text"), "players").is_null());
  std::size_t seen = 0;
  for (const auto& item : member(view, "spaces")) {
    (void)item;
    ++seen;
  }
  for (const auto& [key, value] : member(view, "bag").items()) {
    (void)key;
    (void)value;
    ++seen;
  }
  EXPECT_EQ(seen, 0u);
}

TEST(Identical, TakesEqualDocumentsOfTheSameTypesOnly) {
  const Document tiles = Document::parse(R"([{"name": "K", "at": [0, -1], "score": 2.5}])");
  EXPECT_TRUE(identical(tiles, Document::parse(tiles.dump())));
  // Equal by ==, but not written the same: a reader may take one and refuse the other.
  const Document as_float = Document::parse(R"([{"name": "K", "at": [0.0, -1], "score": 2.5}])");
  EXPECT_TRUE(tiles == as_float);
  EXPECT_FALSE(identical(tiles, as_float));
  EXPECT_FALSE(identical(Document(0.0), Document(-0.0)));
  EXPECT_TRUE(identical(Document(1), Document(1u))) << "a whole number, signed or unsigned";
  EXPECT_FALSE(identical(Document(1), Document(2u)));
  EXPECT_FALSE(identical(Document::parse(R"({"a": 1})"), Document::parse(R"({"b": 1})")));
  EXPECT_FALSE(identical(Document::parse(R"({"a": 1})"), Document::parse(R"({"a": 1, "b": 2})")));
  EXPECT_FALSE(identical(Document::parse("[1, 2]"), Document::parse("[1, 2, 3]")));
  EXPECT_FALSE(identical(Document::parse("[1, 2]"), Document::parse("[2, 1]")));
  EXPECT_FALSE(identical(Document("1"), Document(1)));
  EXPECT_TRUE(identical(Document(), Document()));
}

}  // namespace
