#include "referee/move_steps.hpp"

#include <set>

#include <gtest/gtest.h>

#include "core/rng.hpp"

namespace {

using core::Document;
using referee::MoveStep;
using referee::next_step;

std::vector<std::string> values(const MoveStep& step) {
  std::vector<std::string> out;
  for (const auto& choice : step.choices)
    out.push_back(choice.part.empty() ? choice.value : choice.part + " " + choice.value);
  return out;
}

TEST(MoveSteps, ACamelIsPickedThenWhereItGoesInTheNotationsOrder) {
  const Document moves = Document::parse(R"([
    {"move": {"to": "b1", "from": "a1"}}, {"move": {"to": "c1", "from": "a1"}},
    {"move": {"to": "c2", "from": "b2"}}])");
  const auto first = next_step(moves, nullptr, "huber-caravan");
  EXPECT_EQ(values(first), (std::vector<std::string>{"move from a1", "move from b2"}));
  EXPECT_EQ(first.matching, 3u);
  EXPECT_FALSE(first.complete);
  EXPECT_TRUE(!first.choices[0].whole && first.choices[0].more);
  EXPECT_EQ(first.choices[0].partial, Document::parse(R"({"move": {"from": "a1"}})"));
  const auto second = next_step(moves, first.choices[0].partial, "huber-caravan");
  EXPECT_EQ(values(second), (std::vector<std::string>{"move to b1", "move to c1"}));
  EXPECT_EQ(second.matching, 2u);
  const auto last = next_step(moves, second.choices[1].partial, "huber-caravan");
  EXPECT_TRUE(last.choices.empty());
  ASSERT_TRUE(last.complete);
  EXPECT_EQ(*last.complete, moves[1]);
  EXPECT_EQ(referee::chosen_words(second.choices[1].partial, "huber-caravan"),
            "move from a1, then move to c1");
}

TEST(MoveSteps, MovesOfOtherShapesOfferTheirOwnParts) {
  const Document moves = Document::parse(R"([
    {"play": "JC", "on": 1}, {"discard": "4C"}, {"play": "JC", "on": 2}, {"discard": "JC"}])");
  const auto first = next_step(moves, nullptr, "nv-caravan");
  EXPECT_EQ(values(first), (std::vector<std::string>{"play JC", "discard 4C", "discard JC"}));
  const auto played = next_step(moves, first.choices[0].partial, "nv-caravan");
  EXPECT_EQ(values(played), (std::vector<std::string>{"on 1", "on 2"}));
  const auto discarded = next_step(moves, first.choices[2].partial, "nv-caravan");
  ASSERT_TRUE(discarded.complete);
  EXPECT_EQ(*discarded.complete, moves[3]);
}

TEST(MoveSteps, APathMayBePlayedWhereItIsOrGoOnAndAGoodWithItsCountIsOnePart) {
  const Document moves = Document::parse(R"([
    {"path": ["E"]}, {"path": ["SE"]}, {"path": ["E", "white"]},
    {"path": ["E", "red", ["yellow", 2]]}])");
  const auto first = next_step(moves, nullptr, "caravanserai");
  EXPECT_EQ(values(first), (std::vector<std::string>{"path, part 1 E", "path, part 1 SE"}));
  // E is a move and goes on; SE is a move and goes nowhere: a page plays it in one click.
  EXPECT_TRUE(first.choices[0].whole && first.choices[0].more);
  EXPECT_TRUE(first.choices[1].whole && !first.choices[1].more);
  const auto east = next_step(moves, first.choices[0].partial, "caravanserai");
  ASSERT_TRUE(east.complete);
  EXPECT_EQ(*east.complete, moves[0]);
  EXPECT_EQ(values(east), (std::vector<std::string>{"path, part 2 white", "path, part 2 red"}));
  const auto red = next_step(moves, east.choices[1].partial, "caravanserai");
  EXPECT_FALSE(red.complete);
  EXPECT_EQ(values(red), (std::vector<std::string>{"path, part 3 [yellow, 2]"}));
}

TEST(MoveSteps, AWordPrefixOfAnotherWordIsNotThatWord) {
  const Document moves = Document::parse(R"(["a1", "a10", "b1"])");
  const auto first = next_step(moves, nullptr, "caravaneers");
  EXPECT_EQ(values(first), (std::vector<std::string>{"a1", "a10", "b1"}));
  const auto a1 = next_step(moves, Document("a1"), "caravaneers");
  EXPECT_EQ(a1.matching, 1u);
  ASSERT_TRUE(a1.complete);
  EXPECT_EQ(*a1.complete, Document("a1"));
  EXPECT_TRUE(a1.choices.empty());
}

TEST(MoveSteps, PartsNoMoveBeginsWithOfferNothing) {
  const Document moves = Document::parse(R"([{"move": {"to": "b1", "from": "a1"}}])");
  const auto none =
      next_step(moves, Document::parse(R"({"move": {"from": "z9"}})"), "huber-caravan");
  EXPECT_EQ(none.matching, 0u);
  EXPECT_TRUE(none.choices.empty());
  EXPECT_FALSE(none.complete);
}

// Every legal move of real positions of each many-move game is reached by choices, and every
// choice leads to a legal move.
TEST(MoveSteps, EveryLegalMoveOfARealGameIsReachedAndNothingElse) {
  for (const char* kind : {"huber-caravan", "caravanserai", "nv-caravan"}) {
    const core::Engine* engine = core::find_engine(kind);
    ASSERT_NE(engine, nullptr) << kind;
    core::Rng rng(7);
    auto state = engine->start(engine->min_players() < 3 ? 2 : 3, {}, rng).state;
    for (int ply = 0; ply < 12 && !state->finished(); ++ply) {
      const auto page = state->legal_moves_page(nullptr, 300);
      const Document moves(page.moves);
      std::set<std::string> reached;
      std::vector<Document> open = {nullptr};
      while (!open.empty()) {
        const Document chosen = open.back();
        open.pop_back();
        const auto step = next_step(moves, chosen, kind);
        EXPECT_GT(step.matching, 0u) << kind << " " << chosen.dump();
        if (step.complete) reached.insert(step.complete->dump());
        for (const auto& choice : step.choices) open.push_back(choice.partial);
      }
      std::set<std::string> all;
      for (const auto& move : moves) all.insert(move.dump());
      EXPECT_EQ(reached, all) << kind << " at ply " << ply;
      const auto player = state->current_player();
      if (!player) break;
      state->apply(*player, moves[rng.below(moves.size())], rng);
    }
  }
}

}  // namespace
