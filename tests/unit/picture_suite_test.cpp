// The pictures of every engine (issue 18), run over every registered engine: each view of a
// random game draws as well-formed SVG (read back by GLib's XML parser), carries the names a
// turn file uses (squares, caravans, cells), and marks what the last turn did.
#include <gtest/gtest.h>

#include "core/engine.hpp"
#include "engine_testing.hpp"
#include "referee/game_context.hpp"
#include "referee/picture.hpp"
#include "svg_testing.hpp"

namespace {

using core::Document;

class PictureSuite : public ::testing::TestWithParam<const core::Engine*> {};

// Labels each engine's picture of a fresh game must show as text, exactly as a move writes them
// (an engine not listed here is held to everything else).
const std::map<std::string, std::vector<std::string>> kLabels = {
    {"caravaneers", {"a", "f", "1", "6", "c3", "f1"}},
    {"nv-caravan", {"1", "2", "3", "4", "5", "6"}},
    {"decktet-caravan", {"Face up:", "This season:"}},
    {"huber-caravan", {"a", "b", "1", "2", "a1"}},
    {"caravanserai", {"a", "b"}},
};

// The last turn as the referee's view carries it: who, their moves, the events they may see.
Document last_turn(const core::Engine& engine, int seat, const Document& move,
                   const std::vector<core::Event>& events, int viewer) {
  Document recorded = Document::array();
  for (const auto& event : events) recorded.push_back(referee::event_document(event));
  return {{"turn", 1},
          {"player", engine.seat_name(seat)},
          {"moves", Document::array({move})},
          {"events", referee::visible(recorded, viewer)}};
}

TEST_P(PictureSuite, EveryViewDrawsWellFormedSvgWithMoveNamesAndTheLastTurnMarked) {
  const core::Engine& engine = *GetParam();
  const int players = engine.min_players();
  int pictures = 0;
  int marked = 0;
  int moves = 0;
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    core::Rng rng(seed);
    core::Rng chooser(seed ^ 0x9157ULL);
    auto state = engine.start(players, {}, rng).state;
    {
      const auto first = svg_testing::parse(engine.picture(state->view(0), nullptr, 0).svg);
      ASSERT_TRUE(first.well_formed) << first.error;
      const auto labels = kLabels.find(engine.id());
      for (const std::string& label :
           labels == kLabels.end() ? std::vector<std::string>{} : labels->second)
        EXPECT_TRUE(first.has_text(label)) << "no label '" << label << "' in\n" << first.all_text();
    }
    for (int step = 0; step < 24 && !state->finished(); ++step) {
      const int seat = *state->current_player();
      const auto move = engine_testing::random_move(*state, chooser);
      ASSERT_TRUE(move.has_value());
      const auto events = state->apply(seat, *move, rng);
      ++moves;
      bool any_mark = false;
      for (int viewer = core::kReferee; viewer < players; ++viewer) {
        if (viewer == -1) continue;
        const auto picture = engine.picture(state->view(viewer),
                                            last_turn(engine, seat, *move, events, viewer), viewer);
        const auto parsed = svg_testing::parse(picture.svg);
        ASSERT_TRUE(parsed.well_formed) << parsed.error << "\n" << picture.svg;
        EXPECT_GT(parsed.elements.count("text"), 0u);
        EXPECT_EQ(parsed.elements.count("script"), 0u);
        EXPECT_GE(picture.width, 600);
        EXPECT_GT(picture.height, 100);
        ++pictures;
        any_mark = any_mark || parsed.classes.count("last") > 0 ||
                   parsed.all_text().find("Last") != std::string::npos;
      }
      if (any_mark) ++marked;
    }
  }
  EXPECT_GT(pictures, 0);
  // Every turn that changed something is marked; a pass may leave nothing to outline.
  EXPECT_GE(marked * 2, moves) << marked << " of " << moves << " turns marked";
  RecordProperty("pictures", pictures);
}

// The whole picture of a referee view renders to PNG through librsvg.
TEST_P(PictureSuite, TheRefereesViewRendersToAPng) {
  const core::Engine& engine = *GetParam();
  core::Rng rng(5);
  auto state = engine.start(engine.min_players(), {}, rng).state;
  const Document view = {{"game", "g1"},
                         {"kind", engine.id()},
                         {"turn", 1},
                         {"to_move", Document::array({engine.seat_name(0)})},
                         {"finished", false},
                         {"you", "referee"},
                         {"state", state->view(core::kReferee)},
                         {"last", Document::array()}};
  const std::string png = referee::picture_png(view);
  ASSERT_GT(png.size(), 1000u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
  const auto parsed = svg_testing::parse(referee::picture_svg(view));
  ASSERT_TRUE(parsed.well_formed) << parsed.error;
  EXPECT_TRUE(parsed.all_text().find("Game g1") != std::string::npos) << parsed.all_text();
}

INSTANTIATE_TEST_SUITE_P(AllEngines, PictureSuite, ::testing::ValuesIn(core::engines()),
                         engine_testing::engine_name);

}  // namespace
