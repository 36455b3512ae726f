// An audit compares each replayed turn's events with the stored ones as text, written straight
// from the engine's events (replay_turn_text) without making the events' documents. That text
// must be byte for byte what dump() writes of the documents the referee stores: a difference
// would still pass the audit (it then compares documents), but only on its slow path.
#include <gtest/gtest.h>

#include "core/engine.hpp"
#include "engine_testing.hpp"
#include "referee/actions.hpp"
#include "referee/game_context.hpp"

namespace {

using core::Document;

class ReplayTextSuite : public ::testing::TestWithParam<const core::Engine*> {};

referee::GameContext copy_of(const referee::GameContext& context) {
  referee::GameContext copy;
  copy.row = context.row;
  copy.engine = context.engine;
  copy.state = context.state->clone();
  copy.rng = context.rng;
  return copy;
}

// Replays `turn` on two copies of `context`, once for each way of writing the events; both must
// give the same text and the same game. Returns the game after the turn; counts its events.
referee::GameContext replay_both_ways(const referee::GameContext& context,
                                      const store::TurnRow& turn, const std::string& where,
                                      std::size_t& events_seen, std::size_t& private_seen) {
  const referee::SnapshotSource none = [](std::int64_t) { return Document(); };
  referee::GameContext as_documents = copy_of(context), as_text = copy_of(context);
  const Document events = referee::replay_turn(as_documents, turn, none);
  events_seen += events.size();
  for (const auto& event : events) private_seen += event.at("audience") != core::kEveryone;
  EXPECT_EQ(referee::replay_turn_text(as_text, turn, none), events.dump()) << where;
  EXPECT_EQ(as_text.state->view(core::kReferee), as_documents.state->view(core::kReferee)) << where;
  EXPECT_EQ(as_text.row.host, as_documents.row.host) << where;
  return as_text;
}

TEST_P(ReplayTextSuite, TheEventsTextOfAReplayIsTheDumpOfItsEventDocuments) {
  const core::Engine& engine = *GetParam();
  const std::uint64_t games = static_cast<std::uint64_t>(engine_testing::scale());
  std::size_t events_seen = 0, private_seen = 0;
  for (int players : engine_testing::player_counts(engine)) {
    for (std::uint64_t seed = 1; seed <= games; ++seed) {
      const std::string game = engine_testing::describe(engine, players, {}, seed);
      core::Rng chooser(seed ^ 0x7e57ULL);
      referee::GameContext context;
      context.engine = &engine;
      context.rng = core::Rng(seed);
      context.state = engine.start(players, {}, context.rng).state;
      for (int seat = 0; seat < players; ++seat)
        context.row.players.push_back({seat, "p" + std::to_string(seat), ""});
      context.row.host = Document::object();
      store::TurnRow turn;
      for (turn.number = 1; turn.number < 400 && !context.state->finished(); ++turn.number) {
        const auto move = engine_testing::random_move(*context.state, chooser);
        ASSERT_TRUE(move.has_value()) << game;
        turn.seat = *context.state->current_player();
        turn.moves = Document::array({*move});
        referee::GameContext next =
            replay_both_ways(context, turn, game + ", turn " + std::to_string(turn.number),
                             events_seen, private_seen);
        if (HasFailure()) return;
        context = std::move(next);
      }
      if (context.state->finished()) continue;
      // An action's events (a resignation), after a clock's missed turn: a move and an action in
      // one turn.
      const int seat = *context.state->current_player();
      const auto move = engine_testing::random_move(*context.state, chooser);
      ASSERT_TRUE(move.has_value()) << game;
      turn.seat = seat;
      turn.forced = true;
      turn.moves = Document::array({*move});
      turn.action = {{"action", "nmr"}};
      context =
          replay_both_ways(context, turn, game + ", a missed turn", events_seen, private_seen);
      turn.number += 1;
      turn.seat = (seat + 1) % players;
      turn.forced = false;
      turn.moves = Document::array();
      turn.action = {{"action", "resign"}};
      replay_both_ways(context, turn, game + ", a resignation", events_seen, private_seen);
    }
  }
  EXPECT_GT(events_seen, 0);
  RecordProperty("events", static_cast<int>(events_seen));
  RecordProperty("private_events", static_cast<int>(private_seen));
}

// An event only one seat sees whole, with the others' copy, and characters that dump() escapes.
TEST(ReplayText, APrivateEventIsWrittenAsItsDocumentIs) {
  const core::Event events[] = {
      {1, {{"drew", "5S"}, {"seat", "North \"N\"\n\u00e9"}}, {{"drew", {{"hidden", 1}}}}},
      {0, Document::array({1.5, -2, true, nullptr}), Document::object()},
      {core::kEveryone, "text", nullptr}};
  for (const core::Event& event : events) {
    std::string text;
    referee::append_event_text(text, event);
    EXPECT_EQ(text, referee::event_document(event).dump());
  }
}

INSTANTIATE_TEST_SUITE_P(AllEngines, ReplayTextSuite, ::testing::ValuesIn(core::engines()),
                         engine_testing::engine_name);

}  // namespace
