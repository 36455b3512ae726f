// An engine bug found by fuzzing stays a refused turn, not a crash: when an engine trips over a
// move document with a JSON or logic error instead of core::MoveError, the referee refuses that
// move (naming it) and the game is untouched.
#include <gtest/gtest.h>

#include "referee/turns.hpp"

namespace {

using core::Document;

// A one-seat game whose apply() reads the move carelessly, as a buggy engine might.
class CarelessState : public core::State {
 public:
  int num_players() const override { return 1; }
  std::optional<int> current_player() const override { return 0; }
  bool finished() const override { return false; }
  core::Result result() const override { return {}; }
  std::vector<Document> legal_moves() const override { return {Document{{"n", 1}}}; }
  std::vector<core::Event> apply(int, const Document& move, core::Rng&) override {
    if (move.is_string()) throw std::out_of_range("vector::_M_range_check");
    count_ += move.at("n").get<int>();  // json::type_error or out_of_range on odd documents
    return {};
  }
  std::optional<Document> forced_move() const override { return std::nullopt; }
  void conclude(const core::Ending&) override {}
  Document view(int) const override { return {{"count", count_}}; }
  std::unique_ptr<core::State> clone() const override {
    return std::make_unique<CarelessState>(*this);
  }

 private:
  int count_ = 0;
};

referee::GameContext careless_game() {
  referee::GameContext context;
  context.state = std::make_unique<CarelessState>();
  return context;
}

TEST(ContainedEngineErrors, AMoveTheEngineCannotReadIsRefusedAndTheGameIsUntouched) {
  for (const Document& odd :
       {Document{1, 2}, Document{{"n", "x"}}, Document{{"m", 1}}, Document("a word")}) {
    SCOPED_TRACE(odd.dump());
    referee::GameContext context = careless_game();
    const Document moves = Document::array({Document{{"n", 1}}, odd});
    try {
      referee::apply_moves(context, 0, moves);
      ADD_FAILURE() << "accepted";
    } catch (const referee::MoveFailure& failure) {
      EXPECT_EQ(failure.index, 1u);
      EXPECT_NE(failure.message.find("could not be read"), std::string::npos) << failure.message;
    }
    EXPECT_EQ(context.state->view(core::kReferee)["count"], 0) << "the first move was kept";
  }
}

TEST(ContainedEngineErrors, AMoveTheEngineReadsIsApplied) {
  referee::GameContext context = careless_game();
  referee::apply_moves(context, 0, Document::array({Document{{"n", 2}}}));
  EXPECT_EQ(context.state->view(core::kReferee)["count"], 2);
}

}  // namespace
