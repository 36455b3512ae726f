#include "referee/move_lines.hpp"

#include <gtest/gtest.h>

namespace {

using core::Document;

TEST(MoveLines, KeysComeInTheNotationsOrderNotAlphabetically) {
  EXPECT_EQ(
      referee::move_line(Document::parse(R"({"at": 1, "on": 1, "play": "JC"})"), "nv-caravan"),
      "{play: JC, on: 1, at: 1}");
  EXPECT_EQ(referee::move_line(
                Document::parse(R"({"good": {"colour": "meat", "from": "b4", "to": "c4"}})"),
                "huber-caravan"),
            "{good: {from: b4, to: c4, colour: meat}}");
  EXPECT_EQ(referee::move_line(
                Document::parse(R"({"steal": {"at": "e4", "colour": "salt", "victim": "Blue"}})"),
                "huber-caravan"),
            "{steal: {at: e4, victim: Blue, colour: salt}}");
  EXPECT_EQ(referee::move_line(Document::parse(R"({"path": ["E", "red", ["yellow", 2]]})"),
                               "caravanserai"),
            "{path: [E, red, [yellow, 2]]}");
  EXPECT_EQ(referee::move_line(Document("c3"), "caravaneers"), "c3");
}

TEST(MoveLines, AKeyTheTableDoesNotKnowComesLast) {
  EXPECT_EQ(
      referee::move_line(Document::parse(R"({"zz": 1, "on": 2, "play": "3D"})"), "nv-caravan"),
      "{play: 3D, on: 2, zz: 1}");
}

TEST(MoveLines, MovesAreGroupedByWhatTheyMoveEveryOneOnce) {
  const Document moves = Document::parse(R"([
    {"on": 1, "play": "JC"}, {"discard": "4C"}, {"on": 2, "play": "JC"},
    {"on": 1, "play": "5H"}, {"discard": "5H"}, {"at": 1, "on": 1, "play": "JC"}])");
  const auto groups = referee::group_moves(moves, "nv-caravan");
  ASSERT_EQ(groups.size(), 3u);
  EXPECT_EQ(groups[0].label, "play JC");
  EXPECT_EQ(groups[0].moves, (std::vector<std::string>{"{play: JC, on: 1}", "{play: JC, on: 2}",
                                                       "{play: JC, on: 1, at: 1}"}));
  EXPECT_EQ(groups[1].label, "discard");
  EXPECT_EQ(groups[1].moves, (std::vector<std::string>{"{discard: 4C}", "{discard: 5H}"}));
  EXPECT_EQ(groups[2].label, "play 5H");
  std::size_t count = 0;
  for (const auto& group : groups) count += group.moves.size();
  EXPECT_EQ(count, moves.size());
}

TEST(MoveLines, HuberMovesGroupByTheSpaceTheyLeave) {
  const Document moves = Document::parse(R"([
    {"place": "c3"}, {"move": {"from": "c3", "to": "d3"}}, {"place": "a1"},
    {"move": {"from": "c3", "to": "c4"}}, "end"])");
  const auto groups = referee::group_moves(moves, "huber-caravan");
  ASSERT_EQ(groups.size(), 3u);
  EXPECT_EQ(groups[0].label, "place");
  EXPECT_EQ(groups[0].moves, (std::vector<std::string>{"{place: c3}", "{place: a1}"}));
  EXPECT_EQ(groups[1].label, "move c3");
  EXPECT_EQ(groups[1].moves.size(), 2u);
  EXPECT_EQ(groups[2].label, "");  // a word: end
  EXPECT_EQ(groups[2].moves, (std::vector<std::string>{"end"}));
}

}  // namespace
