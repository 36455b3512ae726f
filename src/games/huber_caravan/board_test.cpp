// Huber's Caravan's board (HC-1): the shipped grid, a game master's board file and its errors.
#include <algorithm>
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "core/data.hpp"
#include "games/huber_caravan/huber_caravan.hpp"
#include "games/huber_caravan/position_testing.hpp"

namespace {

using namespace games::huber_caravan::testing;  // NOLINT(google-build-using-namespace): helpers
using games::huber_caravan::Board;
using games::huber_caravan::HuberCaravanState;

// ---- HC-1: the board --------------------------------------------------------------------------

// Ruling HC-1
TEST(HuberCaravanBoard, HC1_TheShippedBoardIsTheReconstructedSevenBySevenGrid) {
  const Board board = Board::standard();
  EXPECT_EQ(board.columns, 7);
  EXPECT_EQ(board.rows, 7);
  const Document doc = board.to_document();
  EXPECT_EQ(doc["markets"], m(R"({"ivory":"d1","cloth":"a4","gems":"g4","paper":"d7",
                                 "meat":"d3","swords":"c4","salt":"e4","hides":"d5"})"));
  EXPECT_EQ(doc["spaces"], m(R"(["a1","g1","b2","f2","b6","f6","a7","g7"])"));
  EXPECT_EQ(doc["demand"], m("[1,2,7,8]"));
}

Document board_doc() { return core::embedded_data("huber_caravan/data/board.yaml"); }

std::string board_error(const Document& doc) {
  try {
    Board::from_document(doc);
  } catch (const core::SetupError& e) {
    return e.what();
  }
  return "";
}

TEST(HuberCaravanBoard, ABadBoardFileGetsAClearError) {
  Document doc = board_doc();
  doc["markets"]["purple"] = doc["markets"]["cloth"];
  doc["markets"].erase("cloth");
  EXPECT_EQ(board_error(doc), "");  // a colour word names its good

  doc = board_doc();
  doc["markets"]["orange"] = "b4";
  EXPECT_NE(board_error(doc).find("unknown colour 'orange'"), std::string::npos);

  doc = board_doc();
  doc["markets"].erase("gems");
  EXPECT_NE(board_error(doc).find("market for gems (green) is missing"), std::string::npos);

  doc = board_doc();
  doc["spaces"][2] = "d3";  // on the meat market
  EXPECT_NE(board_error(doc).find("overlap on d3"), std::string::npos);

  doc = board_doc();
  doc["spaces"][3] = "a1";  // space 1 is there
  EXPECT_NE(board_error(doc).find("overlap on a1"), std::string::npos);

  doc = board_doc();
  doc["markets"]["gems"] = "h4";
  EXPECT_NE(board_error(doc).find("not a square"), std::string::npos);

  doc = board_doc();
  doc["spaces"].erase(7);
  EXPECT_NE(board_error(doc).find("8 numbered spaces"), std::string::npos);

  doc = board_doc();
  doc["demand"] = m("[1, 9]");
  EXPECT_NE(board_error(doc).find("not a numbered space"), std::string::npos);
}

TEST(HuberCaravanBoard, TheBoardOptionTakesAGameMastersBoardAndRefusesABadOne) {
  Document doc = board_doc();
  doc["columns"] = 8;
  doc["spaces"][1] = "h1";
  core::Rng rng(1);
  auto state = kEngine.start(2, {{"board", doc.dump()}}, rng).state;
  const Document view = state->view(0);
  EXPECT_EQ(view["board"]["columns"], 8);
  EXPECT_EQ(view["spaces"][1]["at"], "h1");
  EXPECT_TRUE(listed(*state, m(R"({"place":"h7"})")));

  doc["markets"].erase("salt");
  EXPECT_THROW(kEngine.start(2, {{"board", doc.dump()}}, rng), core::SetupError);
  EXPECT_THROW(kEngine.start(2, {{"board", "board.yaml"}}, rng), core::SetupError);
}

// A process keeps the last few layouts (board, camels, short) and reads a board document that is
// one of theirs without parsing it again: the board it gives is the one parsing gives, and a
// board that differs in one square, or is no board, is read (or refused) as before.
TEST(HuberCaravanBoard, ABoardReadAgainFromARecentLayoutIsTheBoardParsingGives) {
  using games::huber_caravan::board_of;
  using games::huber_caravan::layout_of;
  Document doc = board_doc();
  doc["columns"] = 8;
  doc["spaces"][1] = "h1";
  const Board board = Board::from_document(doc);
  const auto layout = layout_of({board, 6, true});
  EXPECT_EQ(layout_of({board, 6, true}), layout) << "the same setting, the same layout";
  EXPECT_NE(layout_of({board, 5, true}), layout) << "another number of camels, another layout";
  EXPECT_TRUE(board_of(layout->board_document) == board);
  EXPECT_TRUE(Board::from_document(layout->board_document) == board);
  Document as_float = layout->board_document;
  as_float["columns"] = 8.0;  // equal by ==, but not a whole number as written
  EXPECT_THROW(board_of(as_float), core::SetupError);

  Document moved = layout->board_document;
  moved["spaces"][1] = "h2";
  const Board other = board_of(moved);
  EXPECT_EQ(other.square_name(other.spaces[1]), "h2");
  EXPECT_FALSE(other == board);
  moved["markets"].erase("salt");
  EXPECT_THROW(board_of(moved), core::SetupError);

  // A restored position keeps its own board, the cache warm or not.
  core::Rng rng(1);
  auto state = kEngine.start(2, {{"board", doc.dump()}}, rng).state;
  Document view = state->view(core::kReferee);
  auto again = kEngine.restore(view, 2, {});
  EXPECT_EQ(again->view(core::kReferee).dump(), view.dump());
  EXPECT_EQ(again->view(core::kReferee)["spaces"][1]["at"], "h1");
}

}  // namespace
