// The leak test, for every engine with hidden information (OpenSpiel's ResampleInfostateTest),
// and its counterpart for the engines that claim to hide nothing (at the end of this file).
//
// At every step of many random games, and for every player, everything that player cannot see is
// redrawn (State::resample). Their view and their legal moves must not change; and when the
// same move is then made in both worlds by someone else and leaves that player's view equal, the
// events they are shown must be equal too: a redacted event may not carry what the view hides;
// and so must the HTML page and SVG picture made of them, with its one-tap move links, the live
// page of `serve` with its move buttons, and the text that a mail's HTML part gives as its
// picture's alt text (issue 44).
#include <algorithm>

#include <gtest/gtest.h>

#include "core/engine.hpp"
#include "engine_testing.hpp"
#include "referee/game_context.hpp"
#include "referee/picture.hpp"
#include "referee/referee.hpp"

namespace {

using core::Document;
using engine_testing::Options;

class LeakSuite : public ::testing::TestWithParam<const core::Engine*> {};

// Events as `viewer` is shown them: the referee's own rule, on the events as it records them.
Document shown_to(const std::vector<core::Event>& events, int viewer) {
  Document recorded = Document::array();
  for (const auto& event : events) recorded.push_back(referee::event_document(event));
  return referee::visible(recorded, viewer);
}

// The HTML pages (and in them the SVG picture, the move links, the live page's buttons) `viewer`
// is given after a turn, made the way the referee makes them: from their view, the events they
// were shown and their legal moves; then the alt text of their mail's picture (the view drawn as
// text).
std::string page_for(const core::Engine& engine, const core::State& state, int viewer,
                     const Document& shown) {
  const Document history = Document::array({{{"turn", 1}, {"events", shown}}});
  const Document view = {
      {"game", "leak"},
      {"kind", engine.id()},
      {"turn", 2},
      {"to_move", Document::array()},
      {"finished", false},
      {"you", viewer == core::kEveryone
                  ? Document("observer")  // html --public, an observer's mail
                  : Document{{"name", "viewer"}, {"seat", viewer}, {"role", "seat"}}},
      {"state", state.view(viewer)},
      {"last", history}};
  // At most the page's share of legal moves, as `html` lists them (a huber turn has thousands).
  Document moves = Document::array();
  if (state.current_player() == viewer)
    for (auto& move : state.legal_moves_page(nullptr, 200).moves) moves.push_back(std::move(move));
  const referee::TurnLinks links{
      "referee@example.org", "[caravan-ref] leak", "leak", "viewer", 2, "token: PASS", false};
  // And the live page `serve` gives them: the same moves as buttons of a form and a list, or
  // built a part at a time (its first step, and the step after the first move's first part).
  referee::TurnLinks live = links;
  live.form_action = "/play/leak/0123456789abcdef0123456789abcdef";
  live.form_code = "CODE";
  std::string steps;
  const auto first = referee::next_step(moves, nullptr, engine.id());
  steps += referee::move_steps_html(first, nullptr, live, engine.id(), moves.size());
  if (!first.choices.empty()) {
    const Document& chosen = first.choices.front().partial;
    steps += referee::move_steps_html(referee::next_step(moves, chosen, engine.id()), chosen, live,
                                      engine.id(), moves.size());
  }
  return referee::html_page(view, moves, history, links) +
         referee::html_page(view, moves, history, live) + steps + referee::draw_view(view);
}

bool lists(const std::vector<Document>& moves, const Document& move) {
  return std::find(moves.begin(), moves.end(), move) != moves.end();
}

struct Counts {
  int checks = 0;
  int differed = 0;  // resamples that changed the complete state: the test is not vacuous
  int compared_events = 0;
  int compared_observer = 0;
};

void check_step(const core::Engine& engine, const core::State& state, const Document& move,
                const core::Rng& game_rng, int players, const Options& options, std::uint64_t salt,
                Counts& counts) {
  const Document full = state.view(core::kReferee);
  for (int viewer = 0; viewer < players; ++viewer) {
    SCOPED_TRACE("viewer seat " + std::to_string(viewer));
    core::Rng resampler(salt * 7919 + static_cast<std::uint64_t>(viewer));
    auto other = state.resample(viewer, resampler);
    ++counts.checks;
    const Document other_full = other->view(core::kReferee);
    if (other_full != full) ++counts.differed;
    // The redrawn world is a legal state of the game...
    EXPECT_NO_THROW(engine.restore(other_full, players, options));
    // ... that the viewer cannot tell apart.
    ASSERT_EQ(other->view(viewer), state.view(viewer));
    // An observer (a viewer without a seat, core::kEveryone) sees less than any seat: nothing
    // that a seat cannot see may show in their view either.
    ASSERT_EQ(other->view(core::kEveryone), state.view(core::kEveryone)) << "the observer's view";
    EXPECT_EQ(other->current_player(), state.current_player());
    EXPECT_EQ(other->finished(), state.finished());
    if (state.current_player() == viewer) {
      EXPECT_EQ(other->legal_moves(), state.legal_moves());
      EXPECT_EQ(other->forced_move(), state.forced_move());
    }

    // Someone else's move, made in both worlds with the same chance.
    const auto mover = state.current_player();
    if (!mover || *mover == viewer) continue;
    const bool forced = state.forced_move().has_value();
    if (!forced && !lists(other->legal_moves(), move)) continue;
    if (forced && other->forced_move() != state.forced_move()) continue;
    auto here = state.clone();
    core::Rng rng_here = game_rng, rng_there = game_rng;
    const auto events_here = here->apply(*mover, move, rng_here);
    const auto events_there = other->apply(*mover, move, rng_there);
    if (here->view(core::kEveryone) == other->view(core::kEveryone)) {
      EXPECT_EQ(shown_to(events_there, core::kEveryone), shown_to(events_here, core::kEveryone))
          << "the observer is shown move " << move.dump();
      // The public page (html --public) and its picture, one compared step in eight.
      if (++counts.compared_observer % 8 == 0) {
        EXPECT_EQ(
            page_for(engine, *other, core::kEveryone, shown_to(events_there, core::kEveryone)),
            page_for(engine, *here, core::kEveryone, shown_to(events_here, core::kEveryone)))
            << "the observer's page, move " << move.dump();
      }
    }
    if (here->view(viewer) != other->view(viewer)) continue;  // the move revealed something
    ++counts.compared_events;
    EXPECT_EQ(shown_to(events_there, viewer), shown_to(events_here, viewer))
        << "move " << move.dump();
    // The pictures too (issue 18): the page and its SVG are drawn from what the viewer may know.
    // One compared step in eight: a page costs as much as the rest of the step.
    if (counts.compared_events % 8 == 0) {
      EXPECT_EQ(page_for(engine, *other, viewer, shown_to(events_there, viewer)),
                page_for(engine, *here, viewer, shown_to(events_here, viewer)))
          << "move " << move.dump();
    }
  }
}

TEST_P(LeakSuite, RedrawingWhatAPlayerCannotSeeChangesNothingTheyAreShown) {
  const core::Engine& engine = *GetParam();
  const std::uint64_t games = 4 * static_cast<std::uint64_t>(engine_testing::scale());
  Counts counts;
  for (const Options& options : engine_testing::configurations(engine)) {
    for (int players : engine_testing::player_counts(engine)) {
      for (std::uint64_t seed = 1; seed <= games; ++seed) {
        SCOPED_TRACE(engine_testing::describe(engine, players, options, seed));
        core::Rng rng(seed);
        core::Rng chooser(seed ^ 0x1eafULL);
        auto state = engine.start(players, options, rng).state;
        for (int step = 0; step < 5000 && !state->finished(); ++step) {
          const auto seat = state->current_player();
          ASSERT_TRUE(seat.has_value());
          const auto next = engine_testing::random_move(*state, chooser);
          ASSERT_TRUE(next.has_value()) << "no legal move and no forced move";
          const Document& move = *next;
          check_step(engine, *state, move, rng, players, options,
                     seed * 100003 + static_cast<std::uint64_t>(step), counts);
          if (HasFatalFailure()) return;
          state->apply(*seat, move, rng);
        }
      }
    }
  }
  EXPECT_GT(counts.checks, 0);
  EXPECT_GT(counts.differed, 0) << "resample() never changed anything hidden";
  RecordProperty("resamples", counts.checks);
  RecordProperty("events_compared", counts.compared_events);
}

// An engine that says it hides nothing is held to it: at every step every player sees the whole
// state (the referee's view), is shown every event whole, and resample() has nothing to redraw.
// A game that deals or draws in secret cannot pass this, so the claim cannot hide a leak test.
class NothingHiddenSuite : public ::testing::TestWithParam<const core::Engine*> {};

Document recorded(const std::vector<core::Event>& events) {
  return shown_to(events, core::kReferee);
}

TEST_P(NothingHiddenSuite, EveryPlayerSeesTheWholeStateAndEveryEvent) {
  const core::Engine& engine = *GetParam();
  const std::uint64_t games = 2 * static_cast<std::uint64_t>(engine_testing::scale());
  int checks = 0;
  for (const Options& options : engine_testing::configurations(engine)) {
    for (int players : engine_testing::player_counts(engine)) {
      for (std::uint64_t seed = 1; seed <= games; ++seed) {
        SCOPED_TRACE(engine_testing::describe(engine, players, options, seed));
        core::Rng rng(seed);
        core::Rng chooser(seed ^ 0x1eafULL);
        auto setup = engine.start(players, options, rng);
        auto& state = setup.state;
        for (int viewer = 0; viewer < players; ++viewer)
          ASSERT_EQ(shown_to(setup.events, viewer), recorded(setup.events)) << "set-up events";
        for (int step = 0; step < 5000 && !state->finished(); ++step) {
          const auto seat = state->current_player();
          ASSERT_TRUE(seat.has_value());
          const Document full = state->view(core::kReferee);
          for (int viewer = 0; viewer < players; ++viewer) {
            SCOPED_TRACE("viewer seat " + std::to_string(viewer));
            ASSERT_EQ(state->view(viewer), full);
            core::Rng resampler(seed * 7919 + static_cast<std::uint64_t>(step));
            ASSERT_EQ(state->resample(viewer, resampler)->view(core::kReferee), full);
            ++checks;
          }
          const auto next = engine_testing::random_move(*state, chooser);
          ASSERT_TRUE(next.has_value()) << "no legal move and no forced move";
          const Document& move = *next;
          const auto events = state->apply(*seat, move, rng);
          for (int viewer = 0; viewer < players; ++viewer)
            ASSERT_EQ(shown_to(events, viewer), recorded(events)) << "move " << move.dump();
        }
      }
    }
  }
  EXPECT_GT(checks, 0);
  RecordProperty("views_compared", checks);
}

std::vector<const core::Engine*> engines_where(bool hidden) {
  std::vector<const core::Engine*> chosen;
  for (const core::Engine* engine : core::engines())
    if (engine->hidden_information() == hidden) chosen.push_back(engine);
  return chosen;
}

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(LeakSuite);
INSTANTIATE_TEST_SUITE_P(HiddenInformation, LeakSuite, ::testing::ValuesIn(engines_where(true)),
                         engine_testing::engine_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(NothingHiddenSuite);
INSTANTIATE_TEST_SUITE_P(PerfectInformation, NothingHiddenSuite,
                         ::testing::ValuesIn(engines_where(false)), engine_testing::engine_name);

}  // namespace
