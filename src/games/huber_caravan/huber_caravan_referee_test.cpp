// Huber's Caravan through the referee: turn files of several actions, `end: false`, and a file
// refused as a whole with the index of its illegal action.
#include <gtest/gtest.h>

#include "referee/referee.hpp"
#include "unit/temp_db.hpp"
#include "unit/turn_file.hpp"

namespace {

using core::Document;

class HuberCaravanReferee : public TempDb {
 protected:
  void SetUp() override {
    TempDb::SetUp();
    referee::NewGame request;
    request.kind = "huber-caravan";
    request.players = {"ann", "bob"};
    request.seed = 4;
    const Document created = referee::create_game(db(), request);
    game_ = created["game"];
    ann_ = created["players"][0]["token"];
    bob_ = created["players"][1]["token"];
  }
  referee::TurnOutcome send(const std::string& player, const std::string& token, int turn,
                            const std::string& body) {
    return referee::submit(db(), TurnFile(game_, player, turn).token(token).lines(body),
                           "turn.yaml");
  }
  Document state() { return referee::view(db(), game_, std::nullopt)["state"]; }
  std::string game_, ann_, bob_;
};

// Ruling HC-3: a turn file may stop early and keep the turn open.
TEST_F(HuberCaravanReferee, HC3_EndFalseKeepsTheTurnOpenAndAPlainFileClosesIt) {
  ASSERT_EQ(send("ann", ann_, 1, "moves:\n  - end\n").exit_code, 0);  // turn 1: one action
  auto open = send("bob", bob_, 2, "moves:\n  - place: c3\nend: false\n");
  ASSERT_EQ(open.exit_code, 0) << open.answer.dump();
  EXPECT_EQ(state()["turn"]["player"], "Blue");
  EXPECT_EQ(state()["turn"]["left"], 1);
  auto closed = send("bob", bob_, 3, "moves:\n  - place: c4\n");
  ASSERT_EQ(closed.exit_code, 0) << closed.answer.dump();
  EXPECT_EQ(state()["turn"]["player"], "Black");
  EXPECT_EQ(state()["turn"]["left"], 3);
  auto early = send("ann", ann_, 4, "moves:\n  - place: a3\n");  // closed after one of three
  ASSERT_EQ(early.exit_code, 0) << early.answer.dump();
  EXPECT_EQ(state()["turn"]["player"], "Blue");
}

// Issue 8: the whole list is checked first; an illegal action refuses the file and is named.
TEST_F(HuberCaravanReferee, AnIllegalActionRefusesTheWholeFileAndNamesItsIndex) {
  ASSERT_EQ(send("ann", ann_, 1, "moves:\n  - end\n").exit_code, 0);
  const Document before = state();
  auto refused = send("bob", bob_, 2, "moves:\n  - place: c3\n  - place: c3\n");  // 2 actions
  EXPECT_EQ(refused.exit_code, 65);
  EXPECT_EQ(refused.answer["error"]["move"], 2) << refused.answer.dump();
  EXPECT_NE(refused.answer["error"]["message"].get<std::string>().find("costs 2 actions"),
            std::string::npos);
  EXPECT_EQ(state(), before);  // the first, legal, action was not kept either
}

}  // namespace
