// The pictures of every engine (issues 18 and 44), run over every registered engine: each view
// of a random game draws as well-formed SVG (read back by GLib's XML parser), carries the names a
// turn file uses (squares, caravans, cells), marks what the last turn did and says it in words,
// shows no generic example moves; cards are faces with their suits' symbols; the PNG is drawn at
// twice the layout's pixels. On a phone (issue 62) faces are 28 px tall and no texts overlap.
#include <algorithm>
#include <cstdio>
#include <set>
#include <sstream>

#include <fmt/format.h>
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
    {"nv-caravan", {"1", "2", "3", "4", "5", "6", "caravans 1 and 4", "0 against 0"}},
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

Document events_document(const std::vector<core::Event>& events) {
  Document recorded = Document::array();
  for (const auto& event : events) recorded.push_back(referee::event_document(event));
  return recorded;
}

// last_turn() from a recorded {move, events}.
Document last_turn_view(const core::Engine& engine, int seat, const Document& recorded,
                        int viewer) {
  return {{"turn", 1},
          {"player", engine.seat_name(seat)},
          {"moves", Document::array({recorded.at("move")})},
          {"events", referee::visible(recorded.at("events"), viewer)}};
}

TEST_P(PictureSuite, EveryViewDrawsWellFormedSvgWithMoveNamesAndTheLastTurnMarked) {
  const core::Engine& engine = *GetParam();
  const int players = engine.min_players();
  int pictures = 0;
  int marked = 0;
  int said = 0;
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
      bool in_words = false;
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
        // Nothing generic: no example moves, no move written as YAML flow.
        EXPECT_EQ(parsed.all_text().find("Moves:"), std::string::npos) << parsed.all_text();
        EXPECT_EQ(parsed.all_text().find('{'), std::string::npos) << parsed.all_text();
        ++pictures;
        any_mark = any_mark || parsed.classes.count("last") > 0;
        const auto sentence = parsed.class_text.find("last-turn");
        if (sentence != parsed.class_text.end()) {
          in_words = true;
          // A sentence that names who moved ("North played 7♠ on caravan 1").
          EXPECT_NE(sentence->second.find(engine.seat_name(seat) + " "), std::string::npos)
              << sentence->second;
        }
      }
      if (any_mark) ++marked;
      if (in_words) ++said;
    }
  }
  EXPECT_GT(pictures, 0);
  // Every turn that changed something is marked; a pass may leave nothing to outline.
  EXPECT_GE(marked * 2, moves) << marked << " of " << moves << " turns marked";
  // And every turn is said in words below the picture.
  EXPECT_GE(said * 2, moves) << said << " of " << moves << " turns said in words";
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
  // Twice the layout's pixels: the IHDR chunk's width and height (big-endian, at bytes 16 and
  // 20) against the SVG's.
  const auto be32 = [&](std::size_t at) {
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < 4; ++i)
      value = (value << 8) | static_cast<unsigned char>(png[at + i]);
    return value;
  };
  const auto layout = referee::picture(view);
  EXPECT_EQ(be32(16), static_cast<std::uint32_t>(2 * layout.width + 0.5));
  EXPECT_GE(be32(16), 1200u);
  EXPECT_EQ(be32(20), static_cast<std::uint32_t>(2 * layout.height + 0.5));
  const auto parsed = svg_testing::parse(referee::picture_svg(view));
  ASSERT_TRUE(parsed.well_formed) << parsed.error;
  EXPECT_TRUE(parsed.all_text().find("Game g1") != std::string::npos) << parsed.all_text();
}

// The suits' symbols of the engines that deal cards (the letter a card's code ends or goes on
// with -> the symbol its face shows).
const std::map<std::string, std::map<char, std::string>> kSuitSymbols = {
    {"nv-caravan", {{'S', "\u2660"}, {'H', "\u2665"}, {'D', "\u2666"}, {'C', "\u2663"}}},
    {"decktet-caravan",
     {{'M', "\u263E"},
      {'S', "\u2600"},
      {'W', "\u2248"},
      {'L', "\u2766"},
      {'Y', "\u00A7"},
      {'K', "\u2318"}}},
};

// Every card the viewer holds is a face: a tooltip naming it by its code, and its suit symbols.
TEST_P(PictureSuite, EveryCardTheViewerHoldsIsAFaceWithItsSuitSymbols) {
  const core::Engine& engine = *GetParam();
  const auto symbols = kSuitSymbols.find(engine.id());
  if (symbols == kSuitSymbols.end()) GTEST_SKIP() << engine.id() << " deals no cards";
  core::Rng rng(11);
  auto state = engine.start(engine.min_players(), {}, rng).state;
  const auto picture = engine.picture(state->view(0), nullptr, 0);
  const auto parsed = svg_testing::parse(picture.svg);
  ASSERT_TRUE(parsed.well_formed) << parsed.error;
  std::istringstream held(picture.holding);
  int cards = 0;
  for (std::string code; held >> code; ++cards) {
    const std::string tag = "(" + code + ")";
    EXPECT_TRUE(std::any_of(parsed.titles.begin(), parsed.titles.end(),
                            [&](const std::string& t) { return t.ends_with(tag); }))
        << "no card face for " << code;
    const std::string bare = code.substr(0, code.find_first_of("=/"));
    for (char letter : bare.substr(1)) {
      const auto symbol = symbols->second.find(letter);
      if (symbol == symbols->second.end()) continue;  // a rank's letter ("JK", "10")
      EXPECT_TRUE(parsed.has_text(symbol->second)) << "no " << symbol->second << " for " << code;
    }
  }
  EXPECT_GE(cards, 5) << picture.holding;
  EXPECT_GE(parsed.classes.count("card"), 1u);
}

// Below the board, the picture says where this viewer stands: their turn, or whom they wait for.
TEST_P(PictureSuite, ThePictureSaysWhoseTurnItIsForItsViewer) {
  const core::Engine& engine = *GetParam();
  core::Rng rng(5);
  auto state = engine.start(engine.min_players(), {}, rng).state;
  const int mover = *state->current_player();
  const int other = mover == 0 ? 1 : 0;
  const auto view_of = [&](int seat, const std::string& name) {
    return Document{{"game", "g1"},
                    {"kind", engine.id()},
                    {"turn", 1},
                    {"to_move", Document::array({"ann"})},
                    {"finished", false},
                    {"you", {{"name", name}, {"role", engine.seat_name(seat)}, {"seat", seat}}},
                    {"state", state->view(seat)},
                    {"last", Document::array()}};
  };
  const auto mine = svg_testing::parse(referee::picture_svg(view_of(mover, "ann")));
  EXPECT_TRUE(mine.has_text("Your turn, ann (" + engine.seat_name(mover) + ")."))
      << mine.all_text();
  const auto theirs = svg_testing::parse(referee::picture_svg(view_of(other, "bob")));
  EXPECT_TRUE(theirs.has_text("Waiting for ann to move.")) << theirs.all_text();
}

// On a phone (issue 62): the page shows the picture in a column at most 640 px wide, so at a
// 390 px screen it is 374 px wide. There every card face and good (the shapes of class "face")
// is at least 28 px tall, and no two texts overlap, over the positions of random games of each
// player count: every position of the first 30 moves, every tenth after, and the finished one,
// for every viewer, the last turn drawn and said.
constexpr double kPhoneWidth = 374;
constexpr double kFloor = 28;

TEST_P(PictureSuite, OnAPhoneFacesAreAtLeast28PxTallAndNoTextsOverlap) {
  const core::Engine& engine = *GetParam();
  double smallest = 1e9;  // the smallest face's height at 374 px, in px
  std::string smallest_at;
  int pictures = 0;
  int overlaps = 0;
  std::map<int, double> by_players;  // the smallest face of each player count
  int players = 0;
  const auto check = [&](const core::State& state, const Document& last, int seat,
                         const std::string& where) {
    for (int viewer = core::kReferee; viewer < state.num_players(); ++viewer) {
      if (viewer == -1) continue;
      const Document turn =
          last.is_null() ? Document() : last_turn_view(engine, seat, last, viewer);
      const auto picture = engine.picture(state.view(viewer), turn, viewer);
      const auto parsed = svg_testing::parse(picture.svg);
      ASSERT_TRUE(parsed.well_formed) << parsed.error;
      ++pictures;
      // The referee's frame is at least 600 wide; the picture is scaled to 374 px within it.
      const double scale = kPhoneWidth / std::max(600.0, parsed.width);
      const auto faces = parsed.class_shapes.find("face");
      if (faces != parsed.class_shapes.end())
        for (const svg_testing::Shape& face : faces->second) {
          double& least = by_players.emplace(players, 1e9).first->second;
          least = std::min(least, face.height * scale);
          if (face.height * scale < smallest) {
            smallest = face.height * scale;
            smallest_at = fmt::format("{}, viewer {}", where, viewer);
          }
        }
      const auto& boxes = parsed.text_boxes;
      for (std::size_t i = 0; i < boxes.size(); ++i)
        for (std::size_t j = i + 1; j < boxes.size(); ++j)
          if (svg_testing::overlap(boxes[i], boxes[j]) && ++overlaps <= 5)
            ADD_FAILURE() << "'" << boxes[i].text << "' overlaps '" << boxes[j].text << "' ("
                          << where << ", viewer " << viewer << ")";
    }
  };
  for (int count : engine_testing::player_counts(engine)) {
    players = count;
    for (std::uint64_t seed = 1; seed <= (players > 2 ? 1 : 2); ++seed) {
      core::Rng rng(seed * 31 + static_cast<std::uint64_t>(players));
      core::Rng chooser(seed ^ 0x62ULL);
      auto state = engine.start(players, {}, rng).state;
      const std::string game = fmt::format("{} players, seed {}", players, seed);
      check(*state, Document(), 0, game + ", start");
      for (int step = 1; step <= 3000 && !state->finished(); ++step) {
        const int seat = *state->current_player();
        const auto move = engine_testing::random_move(*state, chooser);
        ASSERT_TRUE(move.has_value());
        const auto events = state->apply(seat, *move, rng);
        if (step <= 30 || step % 10 == 0 || state->finished())
          check(*state, Document{{"move", *move}, {"events", events_document(events)}}, seat,
                fmt::format("{}, move {}{}", game, step, state->finished() ? " (finished)" : ""));
      }
    }
  }
  EXPECT_EQ(overlaps, 0) << overlaps << " overlapping texts in " << pictures << " pictures";
  if (smallest < 1e9) {
    EXPECT_GE(smallest, kFloor) << "the smallest face is " << smallest << " px tall at 374 px ("
                                << smallest_at << ")";
    RecordProperty("smallest_face_px", fmt::format("{:.1f}", smallest));
  }
  RecordProperty("pictures", pictures);
  std::string least;
  for (const auto& [count, px] : by_players) least += fmt::format(" {} players {:.1f};", count, px);
  std::printf("%s: %d pictures, smallest face %.1f px at 374 px (%s), %d overlapping texts;%s\n",
              engine.id().c_str(), pictures, smallest < 1e9 ? smallest : 0.0, smallest_at.c_str(),
              overlaps, least.c_str());
}

// Every engine marks the faces the test above measures (and the browser test too, at 390 px).
TEST_P(PictureSuite, CardFacesAndGoodsCarryTheClassFace) {
  const core::Engine& engine = *GetParam();
  core::Rng rng(3);
  auto state = engine.start(engine.min_players(), {}, rng).state;
  core::Rng chooser(4);
  for (int step = 0; step < 8 && !state->finished(); ++step)
    state->apply(*state->current_player(), *engine_testing::random_move(*state, chooser), rng);
  const auto parsed = svg_testing::parse(engine.picture(state->view(0), nullptr, 0).svg);
  EXPECT_GT(parsed.class_shapes.count("face"), 0u) << engine.id() << " marks no face";
}

// huber-caravan: several goods on one square (a loose good, loaded camels of two players) stay
// 46 units each; the square's row grows to hold them, and no text meets another.
TEST(HuberCaravanPicture, GoodsSharingASquareKeepTheirSize) {
  const core::Engine* engine = core::find_engine("huber-caravan");
  ASSERT_NE(engine, nullptr);
  core::Rng rng(9);
  auto state = engine->start(2, {}, rng).state;
  Document view = state->view(core::kReferee);
  Document& players = view.at("players");
  ASSERT_GE(players.size(), 2u);
  const std::string square = view.at("spaces").at(0).at("at").get<std::string>();
  players[0]["camels"].push_back({{"at", square}, {"good", "salt"}, {"under", false}});
  players[0]["camels"].push_back({{"at", square}, {"good", "meat"}, {"under", true}});
  players[1]["camels"].push_back({{"at", square}, {"good", "gems"}, {"under", false}});
  players[1]["camels"].push_back({{"at", square}});
  const auto picture = engine->picture(view, nullptr, core::kReferee);
  const auto parsed = svg_testing::parse(picture.svg);
  ASSERT_TRUE(parsed.well_formed) << parsed.error;
  const auto faces = parsed.class_shapes.find("face");
  ASSERT_NE(faces, parsed.class_shapes.end());
  EXPECT_GE(faces->second.size(), 4u);
  for (const auto& face : faces->second) EXPECT_GE(face.height, 46) << face.name;
  for (std::size_t i = 0; i < parsed.text_boxes.size(); ++i)
    for (std::size_t j = i + 1; j < parsed.text_boxes.size(); ++j)
      EXPECT_FALSE(svg_testing::overlap(parsed.text_boxes[i], parsed.text_boxes[j]))
          << parsed.text_boxes[i].text << " / " << parsed.text_boxes[j].text;
}

// The spots a live page makes links of (Picture::spots) are inside the picture, one a name, none
// over another; each of huber-caravan's squares is one, named as a move names it, and the whole
// page's picture has them where its board was placed.
TEST_P(PictureSuite, SpotsAreInsideThePictureOneANameAndApart) {
  const core::Engine& engine = *GetParam();
  core::Rng rng(5);
  auto state = engine.start(engine.min_players() < 2 ? 2 : engine.min_players(), {}, rng).state;
  const auto picture = engine.picture(state->view(core::kReferee), nullptr, core::kReferee);
  std::set<std::string> names;
  for (std::size_t i = 0; i < picture.spots.size(); ++i) {
    const auto& spot = picture.spots[i];
    EXPECT_TRUE(names.insert(spot.name).second) << spot.name;
    EXPECT_TRUE(spot.x >= 0 && spot.y >= 0 && spot.width > 0 && spot.height > 0 &&
                spot.x + spot.width <= picture.width + 0.01 &&
                spot.y + spot.height <= picture.height + 0.01)
        << spot.name;
    for (std::size_t j = i + 1; j < picture.spots.size(); ++j) {
      const auto& other = picture.spots[j];
      EXPECT_FALSE(spot.x + spot.width - 0.01 > other.x && other.x + other.width - 0.01 > spot.x &&
                   spot.y + spot.height - 0.01 > other.y && other.y + other.height - 0.01 > spot.y)
          << spot.name << " / " << other.name;
    }
  }
  if (engine.id() != "huber-caravan") return;
  EXPECT_EQ(picture.spots.size(), 49u) << "a 7 by 7 board";
  EXPECT_TRUE(names.count("a1") && names.count("g7"));
}

INSTANTIATE_TEST_SUITE_P(AllEngines, PictureSuite, ::testing::ValuesIn(core::engines()),
                         engine_testing::engine_name);

}  // namespace
