// Caravaneers: every ruling and decision of docs/rules/caravaneers.md, each by name.
#include "games/caravaneers/caravaneers.hpp"

#include <algorithm>

#include <gtest/gtest.h>

namespace games::caravaneers {
namespace {

using core::Document;

const CaravaneersEngine kEngine;

std::unique_ptr<core::State> start() {
  core::Rng rng(1);
  return kEngine.start(2, {}, rng).state;
}

// A position: pieces, captures, who moves.
std::unique_ptr<core::State> position(std::vector<std::string> pieces, int south, int east,
                                      const char* to_move = "South", bool majority = false) {
  Document doc = {{"pieces", pieces},
                  {"captures", {{"South", south}, {"East", east}}},
                  {"to_move", to_move ? Document(to_move) : Document(nullptr)},
                  {"majority", majority}};
  return kEngine.restore(doc, 2, {});
}

Document play(core::State& state, int seat, const Document& move) {
  core::Rng rng(1);
  auto events = state.apply(seat, move, rng);
  return events.at(0).full;
}

std::vector<std::string> pieces_of(const core::State& state) {
  return state.view(core::kReferee)["pieces"].get<std::vector<std::string>>();
}

// CV-1: a 7x7 board; squares a1..g7; the desert is a1-f6.
TEST(Caravaneers, CV1_SquaresAreNamedByColumnAToGAndRowOneToSeven) {
  EXPECT_EQ(square_name({0, 0}), "a1");
  EXPECT_EQ(square_name({6, 6}), "g7");
  EXPECT_EQ(parse_square(" C3 "), (Square{2, 2}));
  EXPECT_FALSE(parse_square("h1"));
  EXPECT_FALSE(parse_square("a8"));
  EXPECT_FALSE(parse_square("a"));
}

TEST(Caravaneers, CV1_APositionMayHoldPiecesOnlyInTheDesert) {
  EXPECT_THROW(position({"g3"}, 6, 4), core::SetupError);  // the Eastern Caravanserai
  EXPECT_THROW(position({"c7"}, 6, 4), core::SetupError);  // the Southern Caravanserai
  EXPECT_THROW(position({"a7"}, 6, 4), core::SetupError);  // a mountain
  EXPECT_NO_THROW(position({"f6"}, 6, 4));
}

// CV-1, CV-4: the mountains a7 and g1 stop the lines that lead into them.
TEST(Caravaneers, CV1_CV4_NoMoveEntersAMountain) {
  auto south = position({"a6"}, 6, 4, "South");
  EXPECT_THROW(play(*south, kSouth, "a6"), core::MoveError);
  auto east = position({"f1"}, 6, 4, "East");
  try {
    play(*east, kEast, "f1");
    FAIL() << "f1 moved into the mountain g1";
  } catch (const core::MoveError& e) {
    EXPECT_NE(std::string(e.what()).find("g1 ahead is a mountain"), std::string::npos);
  }
}

// CV-2: eleven pieces on a1-f1 and a2-a6; South to move; nothing captured.
TEST(Caravaneers, CV2_TheStartHasElevenPiecesInTwoJoinedCaravans) {
  auto state = start();
  EXPECT_EQ(pieces_of(*state), (std::vector<std::string>{"a1", "a2", "a3", "a4", "a5", "a6", "b1",
                                                         "c1", "d1", "e1", "f1"}));
  EXPECT_EQ(state->current_player(), kSouth);
  EXPECT_EQ(state->view(core::kReferee)["captures"], (Document{{"South", 0}, {"East", 0}}));
}

// CV-2, CV-4: column a and row 1 are full caravans blocked by the mountains a7 and g1.
TEST(Caravaneers, CV2_TheJoinedCaravansCannotMoveAtTheStart) {
  auto state = start();
  const auto moves = state->legal_moves();
  EXPECT_EQ(moves, (std::vector<Document>{"b1", "c1", "d1", "e1", "f1"}));
  EXPECT_THROW(play(*state, kSouth, "a6"), core::MoveError);
}

// CV-3: the pieces belong to nobody: a piece South moved can be moved by East.
TEST(Caravaneers, CV3_EitherPlayerMovesAnyPieceInTheirOwnDirection) {
  auto state = position({"c3"}, 5, 5, "South");
  play(*state, kSouth, "c3");
  EXPECT_EQ(pieces_of(*state), std::vector<std::string>{"c4"});
  play(*state, kEast, "c4");
  EXPECT_EQ(pieces_of(*state), std::vector<std::string>{"d4"});
}

// CV-4: the only piece on a line moves one square.
TEST(Caravaneers, CV4_ASingletonMovesOneSquare) {
  auto state = position({"b2", "d5"}, 5, 4, "East");
  const Document event = play(*state, kEast, "b2");
  EXPECT_EQ(event["moved"], 1);
  EXPECT_EQ(pieces_of(*state), (std::vector<std::string>{"c2", "d5"}));
}

// CV-4: an unbroken line of pieces moves together, named by its leading piece.
TEST(Caravaneers, CV4_ACaravanMovesAllItsPiecesOneSquare) {
  auto state = position({"c2", "c3", "c4"}, 4, 4, "South");
  const Document event = play(*state, kSouth, "c4");
  EXPECT_EQ(event["moved"], 3);
  EXPECT_EQ(pieces_of(*state), (std::vector<std::string>{"c3", "c4", "c5"}));
}

// Ruling CV-D1: a line is named by its leading piece only.
TEST(Caravaneers, CV4_ACaravanIsNamedOnlyByItsLeadingPiece) {
  auto state = position({"c2", "c3", "c4"}, 4, 4, "South");
  try {
    play(*state, kSouth, "c2");
    FAIL();
  } catch (const core::MoveError& e) {
    EXPECT_NE(std::string(e.what()).find("c4 is"), std::string::npos) << e.what();
  }
}

// CV-4: a line with a gap is a broken caravan and cannot move at all.
TEST(Caravaneers, CV4_ABrokenCaravanCannotMove) {
  auto state = position({"c1", "c3", "e5"}, 4, 4, "South");
  EXPECT_THROW(play(*state, kSouth, "c3"), core::MoveError);
  EXPECT_EQ(state->legal_moves(), std::vector<Document>{"e5"});
}

// CV-4 and ruling CV-D1, as a player meets them (issue 19): a trailing piece is pointed to the
// leading one, and the leading piece of a broken caravan is refused with the gap named.
TEST(Caravaneers, CV4_HintsPointFromATrailingPieceToTheLeadAndNameTheGap) {
  auto state = position({"a2", "c2", "e5"}, 4, 4, "East");
  const auto refusal = [&](const std::string& move) {
    try {
      play(*state, kEast, move);
    } catch (const core::MoveError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refusal("a2"), "a2 is not the leading piece of row 2; c2 is");
  EXPECT_EQ(refusal("c2"), "row 2 is a broken caravan: b2 is empty, so it cannot move");
}

// CV-5: a piece that enters the mover's caravanserai is captured and leaves the board.
TEST(Caravaneers, CV5_EnteringYourCaravanseraiCaptures) {
  auto state = position({"d5", "d6", "b2"}, 4, 4, "South");
  const Document event = play(*state, kSouth, "d6");
  EXPECT_EQ(event["captured"], 1);
  EXPECT_EQ(pieces_of(*state), (std::vector<std::string>{"b2", "d6"}));
  EXPECT_EQ(state->view(core::kReferee)["captures"]["South"], 5);
}

TEST(Caravaneers, CV5_EastCapturesIntoTheEasternCaravanserai) {
  auto state = position({"f4", "b2"}, 4, 5, "East");
  play(*state, kEast, "f4");
  EXPECT_EQ(state->view(core::kReferee)["captures"]["East"], 6);
}

// CV-6: South moves first; then turns alternate.
TEST(Caravaneers, CV6_SouthMovesFirstAndTurnsAlternate) {
  auto state = start();
  EXPECT_EQ(state->current_player(), kSouth);
  play(*state, kSouth, "b1");
  EXPECT_EQ(state->current_player(), kEast);
  EXPECT_THROW(play(*state, kSouth, "c1"), core::MoveError);
}

// CV-6: a player with no legal move passes; the referee makes that move (no turn file).
TEST(Caravaneers, CV6_APlayerWithNoMovePassesAndTheRefereeMakesThePass) {
  // f1 cannot go east (g1 is a mountain), but South can move it.
  auto state = position({"f1"}, 5, 5, "East");
  EXPECT_EQ(state->forced_move(), Document("pass"));
  EXPECT_EQ(state->legal_moves(), std::vector<Document>{"pass"});
  play(*state, kEast, "pass");
  EXPECT_EQ(state->current_player(), kSouth);
  EXPECT_FALSE(state->forced_move());
}

// CV-4, CV-6 as actions (the fast path): one action per movable line, a broken or blocked line
// none, and the pass alone when nothing moves; each action is the move legal_moves() names.
TEST(Caravaneers, CV4_CV6_ActionsAreTheMovableLinesOrThePassAlone) {
  std::vector<core::ActionId> actions;
  auto state = position({"a6", "c1", "c3", "e4", "e5"}, 3, 3, "South");
  state->legal_actions(actions);
  ASSERT_EQ(actions.size(), 1u);  // a6 faces the mountain a7; column c is broken
  EXPECT_EQ(state->move_of(actions[0]), "e5");
  EXPECT_EQ(state->action_of("e5"), actions[0]);
  EXPECT_FALSE(state->action_of("e4"));  // a trailing piece does not name its caravan
  EXPECT_FALSE(state->action_of("E5"));  // accepted by apply(), but not as legal_moves() writes it
  EXPECT_FALSE(state->action_of("pass"));
  core::Rng rng(1);
  state->apply_action(actions[0], rng);
  EXPECT_EQ(pieces_of(*state), (std::vector<std::string>{"a6", "c1", "c3", "e5", "e6"}));

  auto stuck = position({"f1"}, 5, 5, "East");
  stuck->legal_actions(actions);
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_EQ(stuck->move_of(actions[0]), "pass");
  EXPECT_EQ(stuck->random_action(rng), actions[0]);
  stuck->apply_action(actions[0], rng);
  EXPECT_EQ(stuck->current_player(), kSouth);
}

TEST(Caravaneers, CV6_NobodyMayPassWhileTheyHaveAMove) {
  auto state = start();
  EXPECT_FALSE(state->forced_move());
  EXPECT_THROW(play(*state, kSouth, "pass"), core::MoveError);
}

// CV-6: the game ends when neither player can move; more captures wins.
TEST(Caravaneers, CV6_TheGameEndsWhenNeitherCanMoveAndMoreCapturesWin) {
  auto state = position({"f6"}, 5, 5, "South");
  play(*state, kSouth, "f6");
  ASSERT_TRUE(state->finished());
  EXPECT_EQ(state->result().winners, std::vector<int>{kSouth});
  EXPECT_EQ(state->result().scores, (std::vector<double>{6, 5}));
  EXPECT_FALSE(state->current_player());
}

// Nine pieces on a lattice (rows 2, 4, 6 by columns a, c, e): every line has a gap, so nobody
// can move them; they are lost in the desert.
const std::vector<std::string> kLattice = {"a2", "c2", "e2", "a4", "c4", "e4", "a6", "c6", "e6"};

// CV-6: the game also ends with pieces left when neither can move; equal captures are a draw.
TEST(Caravaneers, CV6_EqualCapturesWithPiecesLostInTheDesertAreADraw) {
  std::vector<std::string> pieces = kLattice;
  pieces.push_back("f5");
  auto state = position(pieces, 1, 0, "East");
  play(*state, kEast, "f5");
  ASSERT_TRUE(state->finished());
  EXPECT_TRUE(state->result().winners.empty());
  EXPECT_EQ(state->result().scores, (std::vector<double>{1, 1}));
  EXPECT_EQ(pieces_of(*state).size(), 9u);
}

TEST(Caravaneers, CV6_APositionWhereNeitherCanMoveIsAlreadyOver) {
  auto state = position(kLattice, 1, 1, nullptr);
  ASSERT_TRUE(state->finished());
  EXPECT_TRUE(state->result().winners.empty());
  EXPECT_TRUE(state->legal_moves().empty());
}

// CV-6, option majority=true: the game ends at once with six captures (ruling CV-D3).
TEST(Caravaneers, CV6_MajorityEndsTheGameAtSixCaptures) {
  auto plain = position({"d6", "b2", "b4"}, 5, 3, "South", false);
  play(*plain, kSouth, "d6");
  EXPECT_FALSE(plain->finished());
  auto majority = position({"d6", "b2", "b4"}, 5, 3, "South", true);
  play(*majority, kSouth, "d6");
  ASSERT_TRUE(majority->finished());
  EXPECT_EQ(majority->result().winners, std::vector<int>{kSouth});
}

TEST(Caravaneers, TheMajorityOptionIsReadAndChecked) {
  core::Rng rng(1);
  auto state = kEngine.start(2, {{"majority", "true"}}, rng).state;
  EXPECT_EQ(state->view(core::kReferee)["majority"], true);
  EXPECT_THROW(kEngine.start(2, {{"majority", "yes"}}, rng), core::SetupError);
}

TEST(Caravaneers, APositionMustAccountForElevenPieces) {
  EXPECT_THROW(position({"c3"}, 0, 0), core::SetupError);
  EXPECT_THROW(position({"c3", "c3"}, 5, 4), core::SetupError);
}

// Ruling CV-D2: a position with nobody to move must be over.
TEST(Caravaneers, AFinishedPositionMustReallyBeOver) {
  EXPECT_THROW(position({"c3"}, 5, 5, nullptr), core::SetupError);
}

TEST(Caravaneers, TheTextBoardShowsPiecesCaravanseraisAndMountains) {
  auto state = start();
  const std::string board = kEngine.draw(state->view(0));
  EXPECT_NE(board.find(" 7 ^ S S S S S ^"), std::string::npos) << board;
  EXPECT_NE(board.find(" 1 o o o o o o ^"), std::string::npos) << board;
  EXPECT_NE(board.find("Captures: South 0, East 0"), std::string::npos);
}

// The clock's default move (man page, DECISIONS): the first legal move, lines in square order.
TEST(Caravaneers, DefaultMoveIsTheFirstLegalMove) {
  auto state = position({"c3", "e2"}, 5, 4, "South");
  EXPECT_EQ(state->default_move(), Document("c3"));
  EXPECT_EQ(state->default_move(), state->legal_moves().front());
  play(*state, kSouth, "c3");
  EXPECT_EQ(state->default_move(), Document("c4"));  // East: row 4's leading piece
  auto stuck = position({"a6"}, 6, 4, "South");      // South's only line runs into a mountain
  EXPECT_EQ(stuck->default_move(), Document("pass"));
}

// Issue 62: a move as a button says it: the line its leading square pushes.
TEST(CaravaneersMovePhrase, SaysTheLineAMovePushes) {
  EXPECT_EQ(kEngine.move_phrase(Document("c3")), "Push the line c3 leads");
  EXPECT_EQ(kEngine.move_phrase(Document("C3")), "Push the line c3 leads");
  EXPECT_EQ(kEngine.move_phrase(Document("pass")), "Pass");
}

}  // namespace
}  // namespace games::caravaneers
