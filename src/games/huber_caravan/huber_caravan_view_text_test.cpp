// view_text() writes the views' JSON straight from the state: it must be the very bytes of
// view(viewer).dump() (the state hash of every record is made from them).
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "games/huber_caravan/huber_caravan.hpp"

namespace {

using games::huber_caravan::HuberCaravanEngine;
using Options = std::map<std::string, std::string>;

const HuberCaravanEngine kEngine;

// Every viewer's text against its document's dump, and the same for the state restored from
// the referee's view.
void expect_texts_match(const core::State& state, const HuberCaravanEngine& engine,
                        const Options& opts, bool restored_too) {
  const int n = state.num_players();
  for (int viewer = core::kReferee; viewer < n; ++viewer)
    ASSERT_EQ(state.view_text(viewer), state.view(viewer).dump()) << "viewer " << viewer;
  if (!restored_too) return;
  const auto copy = engine.restore(state.view(core::kReferee), n, opts);
  for (int viewer = core::kReferee; viewer < n; ++viewer)
    ASSERT_EQ(copy->view_text(viewer), state.view(viewer).dump()) << "restored, viewer " << viewer;
}

TEST(HuberCaravanViewText, IsTheViewsDumpForEveryViewerInRandomGames) {
  static_assert(core::kReferee < core::kEveryone && core::kEveryone < 0);
  int finished = 0;
  for (int players = 2; players <= 4; ++players)
    for (const Options& opts : {Options{}, Options{{"camels", "6"}}, Options{{"short", "true"}},
                                Options{{"camels", "6"}, {"short", "true"}}}) {
      SCOPED_TRACE(testing::Message() << players << " players, camels "
                                      << (opts.count("camels") ? opts.at("camels") : "5")
                                      << ", short " << opts.count("short"));
      core::Rng rng(static_cast<std::uint64_t>(players * 10 + static_cast<int>(opts.size()))),
          chooser(static_cast<std::uint64_t>(players) + 77);
      auto state = kEngine.start(players, opts, rng).state;
      // Every step of the opening, then random play to the end, checked now and then.
      for (int step = 0; step < 20000 && !state->finished(); ++step) {
        if (step < 60 || step % 97 == 0) {
          SCOPED_TRACE(testing::Message() << "at step " << step);
          ASSERT_NO_FATAL_FAILURE(expect_texts_match(*state, kEngine, opts, step % 5 == 0));
        }
        state->apply_action(state->random_action(chooser), rng);
      }
      ASSERT_NO_FATAL_FAILURE(expect_texts_match(*state, kEngine, opts, true));
      finished += state->finished();
    }
  EXPECT_GT(finished, 0);  // the finished views ("ended_by", no player to move) were checked
}

// A seat that left is listed under "retired"; when one seat is left the game ends "retired".
TEST(HuberCaravanViewText, IsTheViewsDumpWhenSeatsRetire) {
  core::Rng rng(5), chooser(6);
  auto state = kEngine.start(4, {}, rng).state;
  for (int step = 0; step < 25; ++step) state->apply_action(state->random_action(chooser), rng);
  for (int seat : {2, 0, 3}) {
    state->retire(seat, rng);
    ASSERT_NO_FATAL_FAILURE(expect_texts_match(*state, kEngine, {}, true));
    for (int step = 0; step < 5 && !state->finished(); ++step) {
      state->apply_action(state->random_action(chooser), rng);
      ASSERT_NO_FATAL_FAILURE(expect_texts_match(*state, kEngine, {}, false));
    }
  }
  EXPECT_TRUE(state->finished());
}

}  // namespace
