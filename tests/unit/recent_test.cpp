// core::Recent: the few boards and layouts an engine keeps so that it makes each once.
#include "core/recent.hpp"

#include <string>

#include <gtest/gtest.h>

namespace {

using Kept = core::Recent<std::string, 2>;

std::optional<std::size_t> length_of(Kept& kept, const std::string& word) {
  return kept.find([&](const std::string& item) { return item == word; },
                   [](const std::string& item) { return item.size(); });
}

TEST(Recent, FindsAKeptItemAndHandsOverWhatIsPicked) {
  Kept kept;
  EXPECT_FALSE(length_of(kept, "tiles"));
  kept.keep("tiles");
  EXPECT_EQ(length_of(kept, "tiles"), 5u);
  EXPECT_FALSE(length_of(kept, "board"));
}

TEST(Recent, KeepsOnlyTheLatestUsed) {
  Kept kept;
  kept.keep("a");
  kept.keep("bb");
  EXPECT_EQ(length_of(kept, "a"), 1u);  // "a" is now the latest used, "bb" the oldest
  kept.keep("ccc");
  EXPECT_EQ(length_of(kept, "a"), 1u);
  EXPECT_EQ(length_of(kept, "ccc"), 3u);
  EXPECT_FALSE(length_of(kept, "bb")) << "the least recently used went";
}

}  // namespace
