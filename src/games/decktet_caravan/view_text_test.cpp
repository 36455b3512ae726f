// view_text (view_text.cpp) against view().dump(): the same bytes for the referee, an observer
// and each seat, at every step of random games and from restored positions.
#include <gtest/gtest.h>

#include "core/rng.hpp"
#include "games/decktet_caravan/decktet_caravan.hpp"

namespace games::decktet_caravan {
namespace {

using core::Document;

const DecktetCaravanEngine kEngine;

void expect_same_text(const core::State& state, const std::string& where) {
  for (int viewer : {core::kReferee, core::kEveryone, 0, 1})
    ASSERT_EQ(state.view_text(viewer), state.view(viewer).dump()) << where << ", viewer " << viewer;
}

TEST(DecktetCaravanViewText, IsTheViewsDumpForEveryViewerThroughRandomGames) {
  std::vector<core::ActionId> actions;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    core::Rng rng(seed);
    const std::string hands = std::to_string(1 + seed % 3);
    auto state = kEngine.start(2, {{"hands", hands}}, rng).state;
    core::Rng chooser(seed * 7919);
    for (int step = 0; !state->finished(); ++step) {
      const std::string where = "seed " + std::to_string(seed) + ", step " + std::to_string(step);
      expect_same_text(*state, where);
      if (step % 7 == 3) {  // a restored position: its last_hand kept as given
        auto restored = kEngine.restore(state->view(core::kReferee), 2, {});
        expect_same_text(*restored, where + ", restored");
      }
      state->apply_action(state->random_action(chooser), rng);
    }
    expect_same_text(*state, "seed " + std::to_string(seed) + ", the end");
    expect_same_text(*kEngine.restore(state->view(core::kReferee), 2, {}),
                     "seed " + std::to_string(seed) + ", the end restored");
  }
}

TEST(DecktetCaravanViewText, KeepsARestoredLastHandAsGivenEscapesAndAll) {
  core::Rng rng(5);
  auto state = kEngine.start(2, {}, rng).state;
  Document position = state->view(core::kReferee);
  position["last_hand"] = {{"note", "a \"quoted\"\\ line\n\t\x01 caf\xc3\xa9"}, {"hand", 1}};
  expect_same_text(*kEngine.restore(position, 2, {}), "a restored last_hand");
}

}  // namespace
}  // namespace games::decktet_caravan
