// Invariants every engine keeps, run over every registered engine (OpenSpiel's RandomSimTest).
#include <algorithm>
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "core/engine.hpp"
#include "engine_testing.hpp"

namespace {

using core::Document;

using engine_testing::Options;

class EngineSuite : public ::testing::TestWithParam<const core::Engine*> {};

// Moves no engine accepts: wrong types, empty things, nonsense words.
const Document kGarbage[] = {nullptr,
                             42,
                             -1,
                             "",
                             "zz99",
                             "pass pass",
                             Document::array(),
                             Document::object(),
                             Document{{"junk", true}}};

struct Playout {
  std::vector<std::pair<int, Document>> record;
  Document final_view;
  std::string final_rng;
};

// Plays one random game to the end, checking the invariants at every step.
Playout play_random_game(const core::Engine& engine, int players, const Options& options,
                         std::uint64_t seed) {
  core::Rng rng(seed);
  core::Rng chooser(seed ^ 0x5eedULL);
  auto state = engine.start(players, options, rng).state;
  Playout playout;
  for (int step = 0; step < 20000 && !state->finished(); ++step) {
    const auto seat = state->current_player();
    EXPECT_TRUE(seat.has_value());
    if (!seat) break;

    // The referee's view is the complete state: restoring it gives an equal state.
    const Document full = state->view(core::kReferee);
    EXPECT_EQ(engine.restore(full, players, options)->view(core::kReferee), full);
    // A clone is equal and independent.
    auto clone = state->clone();
    EXPECT_EQ(clone->view(core::kReferee), full);

    Document move;
    if (auto forced = state->forced_move()) {
      move = *forced;
    } else {
      const auto moves = state->legal_moves();
      EXPECT_FALSE(moves.empty()) << "no legal move and no forced move at step " << step;
      if (moves.empty()) break;
      // Every listed move applies, as it is (a sample of long lists); listed moves are distinct.
      std::set<std::string> distinct;
      for (const auto& m : moves) distinct.insert(m.dump());
      EXPECT_EQ(distinct.size(), moves.size()) << "a move is listed twice";
      const std::size_t stride = moves.size() / 64 + 1;
      for (std::size_t i = 0; i < moves.size(); i += stride) {
        auto trial = state->clone();
        core::Rng trial_rng = rng;
        EXPECT_NO_THROW(trial->apply(*seat, moves[i], trial_rng)) << moves[i].dump();
      }
      move = moves[chooser.below(moves.size())];
    }
    // Garbage is refused and changes nothing; so is a move by the wrong player.
    for (const auto& junk : kGarbage) {
      core::Rng junk_rng = rng;
      EXPECT_THROW(clone->apply(*seat, junk, junk_rng), core::MoveError) << junk.dump();
    }
    if (players > 1) {
      core::Rng other_rng = rng;
      EXPECT_THROW(clone->apply((*seat + 1) % players, move, other_rng), core::MoveError);
    }
    EXPECT_EQ(clone->view(core::kReferee), full);

    // The move a clock plays for an absent seat is always one the rules accept.
    {
      auto trial = state->clone();
      core::Rng trial_rng = rng;
      Document fallback;
      EXPECT_NO_THROW(fallback = state->default_move()) << "at step " << step;
      EXPECT_NO_THROW(trial->apply(*seat, fallback, trial_rng)) << fallback.dump();
    }

    state->apply(*seat, move, rng);
    playout.record.emplace_back(*seat, move);
  }
  EXPECT_TRUE(state->finished()) << "the game did not end";
  EXPECT_FALSE(state->current_player().has_value());
  EXPECT_TRUE(state->legal_moves().empty());
  EXPECT_EQ(state->result().scores.size(), static_cast<std::size_t>(players));
  playout.final_view = state->view(core::kReferee);
  playout.final_rng = rng.save();
  return playout;
}

TEST_P(EngineSuite, RandomGamesKeepEveryInvariantAndReplayIdentically) {
  const core::Engine& engine = *GetParam();
  const std::uint64_t games = 20 * static_cast<std::uint64_t>(engine_testing::scale());
  for (const Options& options : engine_testing::configurations(engine)) {
    for (int players : engine_testing::player_counts(engine)) {
      for (std::uint64_t seed = 1; seed <= games; ++seed) {
        SCOPED_TRACE(engine_testing::describe(engine, players, options, seed));
        const Playout playout = play_random_game(engine, players, options, seed);
        if (HasFailure()) return;
        // Replaying the record from the seed gives the same state and generator.
        core::Rng rng(seed);
        auto state = engine.start(players, options, rng).state;
        for (const auto& [seat, move] : playout.record) state->apply(seat, move, rng);
        EXPECT_EQ(state->view(core::kReferee), playout.final_view);
        EXPECT_EQ(rng.save(), playout.final_rng);
      }
    }
  }
}

// The fast path (moves as numbers) and the documents agree at every step of random games played
// through the fast path: the same moves, each action's move reads back as that action, and applying
// an action or its move gives the same state and the same generator. An engine that overrides the
// fast path keeps this; one that does not gets the defaults, which this checks too.
TEST_P(EngineSuite, ActionsAreTheLegalMovesAndApplyAsTheirDocumentsDo) {
  const core::Engine& engine = *GetParam();
  const std::uint64_t games = 2 * static_cast<std::uint64_t>(engine_testing::scale());
  std::vector<core::ActionId> actions;
  for (const Options& options : engine_testing::configurations(engine)) {
    for (int players : engine_testing::player_counts(engine)) {
      for (std::uint64_t seed = 1; seed <= games; ++seed) {
        SCOPED_TRACE(engine_testing::describe(engine, players, options, seed));
        core::Rng rng(seed), chooser(seed ^ 0xac71ULL);
        auto state = engine.start(players, options, rng).state;
        for (int step = 0; step < 20000 && !state->finished(); ++step) {
          state->legal_actions(actions);
          ASSERT_FALSE(actions.empty()) << "no action at step " << step;
          std::set<std::string> by_document;
          if (auto forced = state->forced_move()) {
            by_document.insert(forced->dump());
          } else {
            for (const auto& move : state->legal_moves()) by_document.insert(move.dump());
          }
          // As many actions as moves; a sample of them (up to 8 a step) reads back both ways.
          ASSERT_EQ(actions.size(), by_document.size()) << "at step " << step;
          std::set<core::ActionId> distinct(actions.begin(), actions.end());
          EXPECT_EQ(distinct.size(), actions.size()) << "an action is listed twice";
          const std::size_t stride = actions.size() / 8 + 1;
          for (std::size_t i = 0; i < actions.size(); i += stride) {
            const Document move = state->move_of(actions[i]);
            EXPECT_EQ(by_document.count(move.dump()), 1u) << move.dump();
            EXPECT_EQ(state->action_of(move), actions[i]) << move.dump();
          }
          EXPECT_FALSE(state->action_of(Document{{"junk", true}}).has_value());

          const auto drawn = state->random_action(chooser);
          EXPECT_NE(std::find(actions.begin(), actions.end(), drawn), actions.end());
          const auto action = actions[chooser.below(actions.size())];
          auto by_move = state->clone();
          core::Rng move_rng = rng;
          by_move->apply(*state->current_player(), state->move_of(action), move_rng);
          state->apply_action(action, rng);
          ASSERT_EQ(state->view(core::kReferee), by_move->view(core::kReferee))
              << "at step " << step;
          ASSERT_EQ(rng.save(), move_rng.save()) << "at step " << step;
        }
        EXPECT_TRUE(state->finished());
        state->legal_actions(actions);
        EXPECT_TRUE(actions.empty());
      }
    }
  }
}

// The bots' one-move look ahead (State::evaluate_after) judges the position the action reaches,
// for every seat, as a copy that makes the action would (nv-caravan makes it on the stack).
TEST_P(EngineSuite, EvaluatingAfterAnActionJudgesThePositionItReaches) {
  const core::Engine& engine = *GetParam();
  std::vector<core::ActionId> actions;
  for (int players : engine_testing::player_counts(engine)) {
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      SCOPED_TRACE(engine_testing::describe(engine, players, {}, seed));
      core::Rng rng(seed), chooser(seed ^ 0xe7a1ULL);
      auto state = engine.start(players, {}, rng).state;
      for (int step = 0; step < 20000 && !state->finished(); ++step) {
        state->legal_actions(actions);
        ASSERT_FALSE(actions.empty());
        const std::size_t stride = actions.size() / 8 + 1;
        for (std::size_t i = 0; i < actions.size(); i += stride) {
          for (int seat = 0; seat < players; ++seat) {
            core::Rng ahead = rng, by_copy = rng;
            auto next = state->clone();
            next->apply_action(actions[i], by_copy);
            EXPECT_EQ(state->evaluate_after(actions[i], seat, ahead), next->evaluate(seat))
                << "at step " << step << ", " << state->move_of(actions[i]).dump();
            EXPECT_EQ(ahead.save(), by_copy.save());
          }
        }
        state->apply_action(actions[chooser.below(actions.size())], rng);
      }
    }
  }
}

// A game ended outside its rules at a random moment (State::conclude, each way the referee ends
// one): finished, nobody to move, no move of either kind, the result it was given, and a view that
// says so for every viewer; the engine draws it as over.
TEST_P(EngineSuite, AGameConcludedOutsideItsRulesIsOverInEveryViewAndHasNoMove) {
  const core::Engine& engine = *GetParam();
  const std::vector<core::Ending> endings = {
      {"resignation", {1}}, {"forfeit", {0}}, {"draw", {}}, {"adjudication", {0, 1}}};
  for (int players : engine_testing::player_counts(engine)) {
    if (players < 2) continue;  // a solo game has nobody to resign to or agree with
    std::vector<int> viewers = {core::kReferee, core::kEveryone};
    for (int seat = 0; seat < players; ++seat) viewers.push_back(seat);
    for (std::uint64_t seed = 1; seed <= endings.size(); ++seed) {
      const core::Ending& ending = endings[seed - 1];
      SCOPED_TRACE(engine_testing::describe(engine, players, {}, seed) + ", " + ending.by);
      core::Rng rng(seed), chooser(seed ^ 0xe4dULL);
      auto state = engine.start(players, {}, rng).state;
      const int steps = static_cast<int>(chooser.below(40));
      for (int step = 0; step < steps && !state->finished(); ++step)
        state->apply_action(state->random_action(chooser), rng);
      if (state->finished()) continue;  // over by the rules already: nothing to conclude
      state->conclude(ending);
      EXPECT_TRUE(state->finished());
      EXPECT_FALSE(state->current_player());
      EXPECT_TRUE(state->legal_moves().empty());
      std::vector<core::ActionId> actions{7};
      state->legal_actions(actions);
      EXPECT_TRUE(actions.empty());
      const core::Result result = state->result();
      EXPECT_EQ(result.winners, ending.winners);
      ASSERT_EQ(result.scores.size(), static_cast<std::size_t>(players));
      for (int seat = 0; seat < players; ++seat)
        EXPECT_DOUBLE_EQ(result.scores[static_cast<std::size_t>(seat)],
                         core::outcome(result, seat));
      for (int viewer : viewers) {
        const Document view = state->view(viewer);
        EXPECT_EQ(core::member(view, "ended")["by"], ending.by) << view.dump();
        EXPECT_EQ(core::member(view, "ended")["winners"].size(), ending.winners.size());
        EXPECT_EQ(view.value("finished", true), true) << view.dump();
        EXPECT_TRUE(view.value("to_move", Document()).is_null()) << view.dump();
        const std::string board = engine.draw(view);
        EXPECT_NE(board.find(core::ending_words(view)), std::string::npos) << board;
      }
    }
  }
}

// A seat leaves at a random moment (engines of more than two seats): the game goes on without
// it, or ends; the seat is never to move again and never wins; the position still restores.
TEST_P(EngineSuite, ASeatThatRetiresNeverMovesAgainNorWinsAndTheGameStillEnds) {
  const core::Engine& engine = *GetParam();
  if (engine.max_players() <= 2) {
    core::Rng rng(1);
    auto state = engine.start(engine.min_players(), {}, rng).state;
    EXPECT_THROW(state->retire(0, rng), core::MoveError)
        << "a two-seat game is ended by the referee";
    return;
  }
  const std::uint64_t games = 6 * static_cast<std::uint64_t>(engine_testing::scale());
  for (int players : engine_testing::player_counts(engine)) {
    if (players < 3) continue;
    for (std::uint64_t seed = 1; seed <= games; ++seed) {
      SCOPED_TRACE(engine_testing::describe(engine, players, {}, seed));
      core::Rng rng(seed);
      core::Rng chooser(seed ^ 0x7e71ULL);
      auto state = engine.start(players, {}, rng).state;
      const std::uint64_t retire_at = chooser.below(40 * static_cast<std::uint64_t>(players));
      const int leaver = static_cast<int>(chooser.below(static_cast<std::uint64_t>(players)));
      bool left = false;
      for (std::uint64_t step = 0; step < 20000 && !state->finished(); ++step) {
        if (step == retire_at) {
          const int other = (leaver + 1) % players;
          const Document before = state->view(other);
          const auto events = state->retire(leaver, rng);
          EXPECT_NE(state->view(other), before) << "the others' views do not show who left";
          left = true;
          ASSERT_FALSE(events.empty());
          for (const auto& event : events) EXPECT_EQ(event.audience, core::kEveryone);
          EXPECT_THROW(state->retire(leaver, rng), core::MoveError) << "a seat leaves once";
          const Document full = state->view(core::kReferee);
          EXPECT_EQ(engine.restore(full, players, {})->view(core::kReferee), full);
          if (state->finished()) break;
        }
        const auto seat = state->current_player();
        ASSERT_TRUE(seat.has_value());
        if (left) {
          ASSERT_NE(*seat, leaver) << "the seat that left is to move at step " << step;
          const Document full = state->view(core::kReferee);
          EXPECT_EQ(engine.restore(full, players, {})->view(core::kReferee), full);
        }
        const auto move = engine_testing::random_move(*state, chooser);
        ASSERT_TRUE(move.has_value());
        state->apply(*seat, *move, rng);
      }
      EXPECT_TRUE(state->finished()) << "the game did not end";
      if (!left) continue;  // it ended before the seat could leave
      const auto winners = state->result().winners;
      EXPECT_EQ(std::count(winners.begin(), winners.end(), leaver), 0) << "the seat that left won";
      EXPECT_EQ(state->result().scores.size(), static_cast<std::size_t>(players));
      const Document full = state->view(core::kReferee);
      EXPECT_EQ(engine.restore(full, players, {})->view(core::kReferee), full);
    }
  }
}

// Every copy of `move` with exactly one number or true/false in it written as a string instead
// ({on: 1} -> {on: '1'}), as a turn file with a quoted value gives it.
std::vector<Document> with_one_scalar_as_string(const Document& move) {
  std::vector<Document> out;
  if (move.is_number() || move.is_boolean()) {
    out.push_back(move.dump());
  } else if (move.is_array()) {
    for (std::size_t i = 0; i < move.size(); ++i)
      for (Document& changed : with_one_scalar_as_string(move[i])) {
        Document copy = move;
        copy[i] = std::move(changed);
        out.push_back(std::move(copy));
      }
  } else if (move.is_object()) {
    for (const auto& [key, value] : move.items())
      for (Document& changed : with_one_scalar_as_string(value)) {
        Document copy = move;
        copy[key] = std::move(changed);
        out.push_back(std::move(copy));
      }
  }
  return out;
}

// The move readers are strict about types: a legal move with any one value quoted is refused,
// never read as the number it spells (a turn file says what it means, or is sent back).
TEST_P(EngineSuite, ALegalMoveWithAnyValueTurnedIntoAStringIsRefused) {
  const core::Engine& engine = *GetParam();
  int checked = 0;
  for (int players : engine_testing::player_counts(engine)) {
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      SCOPED_TRACE(engine_testing::describe(engine, players, {}, seed));
      core::Rng rng(seed);
      core::Rng chooser(seed ^ 0x57a1ULL);
      auto state = engine.start(players, {}, rng).state;
      for (int step = 0; step < 20000 && !state->finished(); ++step) {
        const auto seat = state->current_player();
        ASSERT_TRUE(seat.has_value());
        const auto moves = state->legal_moves();
        const std::size_t stride = moves.size() / 16 + 1;
        for (std::size_t i = 0; i < moves.size(); i += stride) {
          for (const Document& quoted : with_one_scalar_as_string(moves[i])) {
            auto trial = state->clone();
            core::Rng trial_rng = rng;
            EXPECT_THROW(trial->apply(*seat, quoted, trial_rng), core::MoveError)
                << quoted.dump() << " (legal: " << moves[i].dump() << ")";
            ++checked;
          }
        }
        const auto move = engine_testing::random_move(*state, chooser);
        ASSERT_TRUE(move.has_value());
        state->apply(*seat, *move, rng);
      }
    }
  }
  RecordProperty("quoted_moves_checked", checked);
}

TEST_P(EngineSuite, SetUpIsDeterministicAndItsEventsAreDocuments) {
  const core::Engine& engine = *GetParam();
  for (int players : engine_testing::player_counts(engine)) {
    core::Rng first(99), second(99);
    core::Setup a = engine.start(players, {}, first);
    core::Setup b = engine.start(players, {}, second);
    EXPECT_EQ(a.state->view(core::kReferee), b.state->view(core::kReferee));
    ASSERT_EQ(a.events.size(), b.events.size());
    for (std::size_t i = 0; i < a.events.size(); ++i) {
      EXPECT_EQ(a.events[i].full, b.events[i].full);
      EXPECT_FALSE(a.events[i].full.is_null());
    }
    EXPECT_EQ(first, second);
  }
}

TEST_P(EngineSuite, DescribesItselfCompletely) {
  const core::Engine& engine = *GetParam();
  EXPECT_FALSE(engine.id().empty());
  EXPECT_FALSE(engine.title().empty());
  EXPECT_GE(engine.min_players(), 1);
  EXPECT_LE(engine.max_players(), 6);
  EXPECT_LE(engine.min_players(), engine.max_players());
  for (int seat = 0; seat < engine.max_players(); ++seat)
    EXPECT_FALSE(engine.seat_name(seat).empty());
  EXPECT_EQ(core::find_engine(engine.id()), &engine);
}

TEST_P(EngineSuite, RefusesWrongPlayerCountsAndUnknownOptions) {
  const core::Engine& engine = *GetParam();
  core::Rng rng(1);
  EXPECT_THROW(engine.start(engine.max_players() + 1, {}, rng), core::SetupError);
  EXPECT_THROW(engine.start(engine.min_players() - 1, {}, rng), core::SetupError);
  EXPECT_THROW(engine.start(engine.min_players(), {{"no-such-option", "1"}}, rng),
               core::SetupError);
}

TEST_P(EngineSuite, RefusesPositionsThatAreNotDocumentsOfIt) {
  const core::Engine& engine = *GetParam();
  for (const auto& junk : kGarbage)
    EXPECT_THROW(engine.restore(junk, engine.min_players(), {}), core::SetupError) << junk.dump();
}

TEST_P(EngineSuite, DrawsTheStartForPeople) {
  const core::Engine& engine = *GetParam();
  core::Rng rng(3);
  auto state = engine.start(engine.min_players(), {}, rng).state;
  for (int seat = 0; seat < engine.min_players(); ++seat)
    EXPECT_FALSE(engine.draw(state->view(seat)).empty());
  EXPECT_FALSE(engine.draw(state->view(core::kReferee)).empty());
}

// Issue 62: a button says its move in the engine's words. Every legal move of the first 40
// positions of random games has a phrase that is not empty, begins with a capital, is not the
// move as written (no braces, no brackets), and differs from every other move's phrase there.
TEST_P(EngineSuite, EveryLegalMoveHasItsOwnPhraseInWords) {
  const core::Engine& engine = *GetParam();
  int phrased = 0;
  for (int players : engine_testing::player_counts(engine)) {
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      core::Rng rng(seed + 620);
      core::Rng chooser(seed ^ 0x62ULL);
      auto state = engine.start(players, {}, rng).state;
      for (int step = 0; step < 40 && !state->finished(); ++step) {
        std::map<std::string, Document> seen;
        const auto moves = state->legal_moves();
        for (std::size_t i = 0; i < moves.size() && i < 3000; ++i) {
          const std::string phrase = engine.move_phrase(moves[i]);
          ASSERT_FALSE(phrase.empty()) << moves[i].dump();
          EXPECT_TRUE(phrase[0] >= 'A' && phrase[0] <= 'Z') << phrase;
          EXPECT_EQ(phrase.find_first_of("{}[]\""), std::string::npos)
              << phrase << " for " << moves[i].dump();
          const auto [where, fresh] = seen.emplace(phrase, moves[i]);
          EXPECT_TRUE(fresh) << "'" << phrase << "' says both " << where->second.dump() << " and "
                             << moves[i].dump();
          ++phrased;
        }
        const int seat = *state->current_player();
        state->apply(seat, *engine_testing::random_move(*state, chooser), rng);
      }
    }
  }
  EXPECT_GT(phrased, 0);
}

INSTANTIATE_TEST_SUITE_P(AllEngines, EngineSuite, ::testing::ValuesIn(core::engines()),
                         engine_testing::engine_name);

}  // namespace
