// core::has_prefix: how `moves --prefix` narrows a list of moves, for every shape of move.
#include <gtest/gtest.h>

#include "core/engine.hpp"

namespace {

using core::Document;
using core::has_prefix;

TEST(HasPrefix, NullMatchesEveryMove) {
  EXPECT_TRUE(has_prefix("c3", nullptr));
  EXPECT_TRUE(has_prefix(Document{{"play", "7H"}}, nullptr));
}

TEST(HasPrefix, AStringIsAPrefixOfAString) {
  EXPECT_TRUE(has_prefix("c3", "c"));
  EXPECT_TRUE(has_prefix("c3", "c3"));
  EXPECT_FALSE(has_prefix("c3", "d"));
  EXPECT_FALSE(has_prefix(Document::array({"c"}), "c"));
}

TEST(HasPrefix, AnObjectNeedsEachOfItsKeysToMatch) {
  const Document move = {{"play", "7H"}, {"on", 2}};
  EXPECT_TRUE(has_prefix(move, Document{{"play", "7"}}));
  EXPECT_TRUE(has_prefix(move, Document{{"play", "7H"}, {"on", 2}}));
  EXPECT_FALSE(has_prefix(move, Document{{"on", 3}}));
  EXPECT_FALSE(has_prefix(move, Document{{"discard", "7H"}}));
}

TEST(HasPrefix, AListMatchesTheFirstItemsTheLastAsAPrefix) {
  const Document move = Document::array({"red", "yellow", "purple"});
  EXPECT_TRUE(has_prefix(move, Document::array({"red"})));
  EXPECT_TRUE(has_prefix(move, Document::array({"red", "yel"})));
  EXPECT_FALSE(has_prefix(move, Document::array({"re", "yellow"})));
  EXPECT_FALSE(has_prefix(move, Document::array({"red", "yellow", "purple", "white"})));
}

TEST(HasPrefix, NumbersAndBooleansMustBeEqual) {
  EXPECT_TRUE(has_prefix(3, 3));
  EXPECT_FALSE(has_prefix(3, 33));
  EXPECT_FALSE(has_prefix(true, false));
}

}  // namespace
