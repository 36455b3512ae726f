#include "turnfile/turnfile.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/errors.hpp"

namespace {

const char* kGood =
    "game: ab12cd34\n"
    "player: ann\n"
    "turn: 3\n"
    "token: 00ff\n"
    "moves:\n"
    "  - c3\n"
    "  - {to: d4, n: 2}\n";

core::UserError rejection(const std::string& text) {
  try {
    turnfile::parse(text, "turn.yaml");
  } catch (const core::UserError& e) {
    return e;
  }
  ADD_FAILURE() << "accepted: " << text;
  return core::UserError(core::Exit::kOk, "");
}

TEST(TurnFile, AWellFormedFileGivesEveryField) {
  const auto request = turnfile::parse(kGood, "turn.yaml");
  EXPECT_EQ(request.game, "ab12cd34");
  EXPECT_EQ(request.player, "ann");
  EXPECT_EQ(request.turn, 3);
  EXPECT_EQ(request.token, "00ff");
  ASSERT_EQ(request.moves.size(), 2u);
  EXPECT_EQ(request.moves[0], "c3");
  EXPECT_EQ(request.moves[1]["n"], 2);
  EXPECT_EQ(request.move_positions[1].line, 7);
  EXPECT_EQ(request.move_positions[1].column, 5);
}

TEST(TurnFile, OneMoveWrittenWithoutAListIsAListOfOne) {
  const auto scalar = turnfile::parse("game: g\nplayer: a\ntoken: t\nturn: 1\nmoves: a4\n", "t");
  ASSERT_EQ(scalar.moves.size(), 1u);
  EXPECT_EQ(scalar.moves[0], "a4");
  EXPECT_EQ(scalar.move_positions[0].line, 5);
  const auto map =
      turnfile::parse("game: g\nplayer: a\ntoken: t\nturn: 1\nmoves: {play: 3D, on: 1}\n", "t");
  ASSERT_EQ(map.moves.size(), 1u);
  EXPECT_EQ(map.moves[0]["play"], "3D");
}

TEST(TurnFile, QuotedNumbersStayStrings) {
  const auto doc = turnfile::yaml_to_document("[\"7\", 7, true, 'x', ~]", "t");
  EXPECT_TRUE(doc[0].is_string());
  EXPECT_TRUE(doc[1].is_number_integer());
  EXPECT_TRUE(doc[2].is_boolean());
  EXPECT_TRUE(doc[4].is_null());
}

TEST(TurnFile, UnknownKeysAreErrorsWithTheirLine) {
  const auto error = rejection(std::string(kGood) + "comment: hello\n");
  EXPECT_EQ(error.code(), core::Exit::kRejected);
  EXPECT_NE(std::string(error.what()).find("unknown key 'comment'"), std::string::npos);
  EXPECT_EQ(error.detail()["line"], 8);
}

// Issue 62: a file (not a mail's text, which reads keys in any case) is told which key to write
// in lower case.
TEST(TurnFile, ACapitalisedKeyIsRejectedNamingTheKeyToLowerCase) {
  const auto error = rejection("Game: 3f9a01bc\nplayer: ann\nturn: 1\ntoken: t\nmoves: [a1]\n");
  EXPECT_NE(std::string(error.what())
                .find("unknown key 'Game': a turn file's keys are written in "
                      "lower case (write 'game')"),
            std::string::npos)
      << error.what();
  EXPECT_EQ(error.detail()["line"], 1);
}

// yaml-cpp 0.7 never ends on these (documents of null without end, memory growing until the
// process dies; found by fuzz-turnfile): the reader stops them at their second document.
TEST(TurnFile, AStrayCommaAfterATopLevelValueIsRefusedAtItsLine) {
  for (const std::string& text : {std::string(","), std::string("\"a\"\n,")}) {
    const auto error = rejection(text);
    EXPECT_EQ(error.code(), core::Exit::kRejected) << text;
    EXPECT_NE(std::string(error.what()).find("one YAML document"), std::string::npos) << text;
  }
  EXPECT_EQ(rejection("\"a\"\n,").detail()["line"], 2);
  EXPECT_EQ(rejection(std::string(kGood) + ",\n").code(), core::Exit::kRejected);
}

TEST(TurnFile, MissingKeysAreNamed) {
  const auto error = rejection("game: g\nplayer: ann\nturn: 1\nmoves: [c3]\n");
  EXPECT_NE(std::string(error.what()).find("missing key 'token'"), std::string::npos);
}

TEST(TurnFile, MalformedYamlGivesLineAndColumn) {
  const auto error = rejection("game: g\nplayer: [ann\n");
  EXPECT_EQ(error.code(), core::Exit::kRejected);
  EXPECT_TRUE(error.detail().contains("line"));
  EXPECT_NE(std::string(error.what()).find("not valid YAML"), std::string::npos);
}

TEST(TurnFile, TurnMustBeAPositiveWholeNumber) {
  for (const char* turn : {"0", "-2", "two", "1.5"}) {
    const auto error =
        rejection(std::string("game: g\nplayer: a\ntoken: t\nmoves: [x]\nturn: ") + turn);
    EXPECT_NE(std::string(error.what()).find("'turn' must be"), std::string::npos) << turn;
  }
}

TEST(TurnFile, AnEmptyMoveListIsRefused) {
  const auto error = rejection("game: g\nplayer: a\ntoken: t\nturn: 1\nmoves: []\n");
  EXPECT_NE(std::string(error.what()).find("'moves' must be a list"), std::string::npos);
}

TEST(TurnFile, ADuplicateKeyIsRefused) {
  const auto doc_error = [] {
    try {
      turnfile::yaml_to_document("{a: 1, a: 2}", "t");
    } catch (const core::UserError& e) {
      return std::string(e.what());
    }
    return std::string();
  }();
  EXPECT_NE(doc_error.find("given twice"), std::string::npos);
}

TEST(TurnFile, AnOversizedFileIsRefusedBeforeParsing) {
  const auto error = rejection(std::string(turnfile::kMaxBytes + 1, '#'));
  EXPECT_NE(std::string(error.what()).find("at most"), std::string::npos);
}

// A game's record (what verify and import read) holds every turn of the game: a long game's is
// past a turn file's bounds in bytes and in values, and is read with a record's.
TEST(TurnFile, ARecordPastATurnFilesBoundsIsReadWithARecordsBounds) {
  std::string record = "turns:\n";
  std::size_t turns = 0;
  while (record.size() <= turnfile::kMaxBytes || turns * 4 <= turnfile::kMaxValues) {
    record += fmt::format("  - {{number: {}, moves: [b1], chain: abc}}\n", ++turns);
  }
  EXPECT_THROW(turnfile::yaml_to_document(record, "r"), core::UserError);
  const auto doc = turnfile::yaml_to_document(record, "r", turnfile::kRecordLimits);
  ASSERT_EQ(doc["turns"].size(), turns);
  EXPECT_EQ(doc["turns"].back()["number"], turns);
  // A record's bounds still hold: a file past them is refused before it is read.
  const std::size_t too_many = turnfile::kRecordLimits.max_bytes + 1;
  EXPECT_THROW(turnfile::yaml_to_document(std::string(too_many, '#'), "r", turnfile::kRecordLimits),
               core::UserError);
}

// The text is parsed once, into a tree of its own (turnfile.cpp): an alias is the value its anchor
// names, where yaml-cpp's own nodes put it, and an anchor used inside its own collection, which
// would expand without end, is stopped by the depth limit.
TEST(TurnFile, AnAliasGivesTheValueItsAnchorNames) {
  const auto request = turnfile::parse(
      "game: g\nplayer: &p ann\nturn: 2\ntoken: t\nchain: *p\nmoves: [&m {to: d4}, *m]\n",
      "turn.yaml");
  EXPECT_EQ(request.chain, "ann");
  EXPECT_EQ(request.moves, nlohmann::json::parse(R"([{"to": "d4"}, {"to": "d4"}])"));
  ASSERT_EQ(request.move_positions.size(), 2u);
  // Both where the anchored move is written (line 6, column 9).
  for (const auto& at : request.move_positions) {
    EXPECT_EQ(at.line, 6);
    EXPECT_EQ(at.column, 9);
  }
}

TEST(TurnFile, AnAnchorUsedInsideItsOwnCollectionIsRefusedByTheDepthLimit) {
  for (const char* text : {"&a [*a]\n", "a: &x {b: *x}\n"}) {
    try {
      turnfile::yaml_to_document(text, "t");
      ADD_FAILURE() << "accepted: " << text;
    } catch (const core::UserError& e) {
      EXPECT_EQ(e.code(), core::Exit::kRejected);
      EXPECT_NE(std::string(e.what()).find("nested more than 64 deep"), std::string::npos)
          << e.what();
    }
  }
}

TEST(TurnFile, ADocumentThatIsNotAMappingIsRefused) {
  const auto error = rejection("- just\n- a list\n");
  EXPECT_NE(std::string(error.what()).find("a turn file is a mapping"), std::string::npos);
}

}  // namespace
