// Input limits of the turn-file reader (also what `new --position` and FILE options read): each
// hostile input is refused with exit 65 and a message that says what is wrong and where, before
// it is converted (how fast: build/caravan-ref-bench --benchmark_filter=HostileTurnFile).
#include <string>

#include <gtest/gtest.h>

#include "core/engine.hpp"
#include "core/errors.hpp"
#include "turnfile/turnfile.hpp"

namespace {

const std::string kHead = "game: g\nplayer: ann\nturn: 1\ntoken: t\n";

struct Refusal {
  std::string message;
  nlohmann::json detail;
};

// The reader's refusal of `text`; fails the test when it accepts it or refuses it otherwise.
Refusal refusal(const std::string& text) {
  Refusal result;
  try {
    turnfile::parse(text, "turn.yaml");
    ADD_FAILURE() << "accepted: " << text.substr(0, 200);
  } catch (const core::UserError& e) {
    EXPECT_EQ(e.code(), core::Exit::kRejected);
    result.message = e.what();
    result.detail = e.detail();
  }
  return result;
}

bool mentions(const Refusal& refusal, const std::string& words) {
  return refusal.message.find(words) != std::string::npos;
}

TEST(InputLimits, AFileLargerThanTheLimitIsRefusedBeforeItIsRead) {
  const auto r = refusal(kHead + "moves: [a]\n#" + std::string(turnfile::kMaxBytes, 'x'));
  EXPECT_TRUE(mentions(r, "at most 262144 are accepted")) << r.message;
}

TEST(InputLimits, NestingDeeperThanTheLimitIsRefusedWithItsPlace) {
  const int depth = turnfile::kMaxDepth;
  const std::string ok = std::string(static_cast<std::size_t>(depth - 2), '[') +
                         std::string(static_cast<std::size_t>(depth - 2), ']');
  EXPECT_NO_THROW(turnfile::parse(kHead + "moves:\n  - " + ok + "\n", "turn.yaml"));

  const std::string deep = std::string(static_cast<std::size_t>(depth + 1), '[') +
                           std::string(static_cast<std::size_t>(depth + 1), ']');
  const auto r = refusal(kHead + "moves:\n  - " + deep + "\n");
  EXPECT_TRUE(mentions(r, "nested more than 64 deep")) << r.message;
  EXPECT_EQ(r.detail["line"], 6);
}

// A file that is nothing but nesting, as deep as its size allows: refused as too deep, at the
// line where the nesting starts, not as some other failure of a parser that ran out of stack.
TEST(InputLimits, NestingAsDeepAsTheWholeFileAllowsIsRefusedAsTooDeepWithItsPlace) {
  for (const char open : {'[', '{'}) {
    const auto r = refusal(kHead + "moves:\n  - " + std::string(200000, open));
    EXPECT_TRUE(mentions(r, "nested more than 64 deep")) << r.message;
    EXPECT_EQ(r.detail["line"], 6) << r.message;
  }
  std::string compact = kHead + "moves:\n  ";  // "- - - ... x": lists in lists, 2000 deep
  for (int i = 0; i < 2000; ++i) compact += "- ";
  const auto r = refusal(compact + "x\n");
  EXPECT_TRUE(mentions(r, "nested more than 64 deep")) << r.message;
  EXPECT_EQ(r.detail["line"], 6) << r.message;
}

TEST(InputLimits, AnchorsAndAliasesWorkInModeration) {
  const auto request =
      turnfile::parse(kHead + "moves:\n  - &m {card: 7H, caravan: 1}\n  - *m\n", "turn.yaml");
  ASSERT_EQ(request.moves.size(), 2u);
  EXPECT_EQ(request.moves[0], request.moves[1]);
}

TEST(InputLimits, TheBillionLaughsFileIsRefusedAtTheValueLimit) {
  std::string text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (int level = 1; level <= 9; ++level) {
    text += "a" + std::to_string(level) + ": &a" + std::to_string(level) + " [";
    for (int i = 0; i < 9; ++i) text += (i ? ", *a" : "*a") + std::to_string(level - 1);
    text += "]\n";
  }
  const auto r = refusal(text);
  EXPECT_TRUE(mentions(r, "more than 100000 values")) << r.message;
  // The same bomb as the moves of an otherwise good turn file, and through yaml_to_document.
  std::string moves = kHead + "moves:\n  - &m0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (int level = 1; level <= 9; ++level) {
    moves += "  - &m" + std::to_string(level) + " [";
    for (int i = 0; i < 9; ++i) moves += (i ? ", *m" : "*m") + std::to_string(level - 1);
    moves += "]\n";
  }
  EXPECT_TRUE(mentions(refusal(moves), "more than 100000 values"));
  EXPECT_THROW(turnfile::yaml_to_document(text, "position.yaml"), core::UserError);
}

TEST(InputLimits, AnAliasOfItselfIsRefusedNotFollowedForever) {
  const auto r = refusal(kHead + "moves: &m [*m]\n");
  EXPECT_TRUE(mentions(r, "nested more than") || mentions(r, "not valid YAML")) << r.message;
}

TEST(InputLimits, AValueLongerThanTheLimitIsRefusedWithItsPlace) {
  const std::string longest(turnfile::kMaxString, 'x');
  EXPECT_NO_THROW(turnfile::parse(kHead + "moves: [" + longest + "]\n", "turn.yaml"));
  const auto r = refusal(kHead + "moves: [" + longest + "x]\n");
  EXPECT_TRUE(mentions(r, "a value of 4097 bytes; at most 4096")) << r.message;
  EXPECT_EQ(r.detail["line"], 5);
  // A key that long is not even YAML (implicit keys stop at 1024 characters): refused all the
  // same, with its place.
  const auto key = refusal("game: g\n" + longest + "y: 1\n");
  EXPECT_TRUE(mentions(key, "at most 4096") || mentions(key, "not valid YAML")) << key.message;
  EXPECT_EQ(key.detail["line"], 2);
  EXPECT_TRUE(mentions(refusal(kHead + "moves: [\"" + longest + "y\"]\n"), "at most 4096"));
}

TEST(InputLimits, HugeNumbersNeverOverflowTheyStayWordsOrAreRefused) {
  // A turn number past any game's length, or past 64 bits: refused as not a turn number.
  const auto r =
      refusal("game: g\nplayer: a\ntoken: t\nmoves: [x]\nturn: 99999999999999999999999\n");
  EXPECT_TRUE(mentions(r, "'turn' must be a whole number")) << r.message;
  refusal("game: g\nplayer: a\ntoken: t\nmoves: [x]\nturn: 1e999\n");
  refusal("game: g\nplayer: a\ntoken: t\nmoves: [x]\nturn: -9223372036854775809\n");
  // In a move, a number too long for 64 bits reaches the engine as the word it is.
  const auto request =
      turnfile::parse(kHead + "moves: [123456789012345678901234567890, 1e400, 18]\n", "t");
  EXPECT_TRUE(request.moves[0].is_string());
  EXPECT_TRUE(request.moves[1].is_string());
  EXPECT_EQ(request.moves[2], 18);
}

TEST(InputLimits, BytesThatAreNotUtf8AreRefusedWithTheirLineAndColumn) {
  const auto r = refusal(
      "game: g\nplayer: an\xff"
      "n\nturn: 1\ntoken: t\nmoves: [a]\n");
  EXPECT_TRUE(mentions(r, "byte 0xFF is not UTF-8")) << r.message;
  EXPECT_EQ(r.detail["line"], 2);
  EXPECT_EQ(r.detail["column"], 11);
  for (const char* bad : {"\xc0\xaf",          // overlong '/'
                          "\xe0\x80\xaf",      // overlong, three bytes
                          "\xed\xa0\x80",      // a UTF-16 surrogate
                          "\xf4\x90\x80\x80",  // above U+10FFFF
                          "\xe2\x82",          // cut short
                          "\x80",              // a continuation byte alone
                          "\xfe\xff"}) {       // a UTF-16 byte-order mark
    const auto bad_r = refusal(kHead + "moves: [a" + bad + "]\n");
    EXPECT_TRUE(mentions(bad_r, "is not UTF-8")) << bad_r.message;
  }
  // Every UTF-8 character length is fine, and so is the UTF-8 byte-order mark.
  const auto request = turnfile::parse(
      "\xef\xbb\xbf" + kHead + "moves: [caf\xc3\xa9, \xe2\x82\xac, \xf0\x9d\x84\x9e]\n", "t");
  EXPECT_EQ(request.moves[1], "\xe2\x82\xac");
}

// YAML's escapes are read after the bytes are checked, and yaml-cpp writes two of them ("\_",
// "\N") as one raw byte, not as UTF-8: such a value is refused too (found by fuzz-turnfile; it
// made the JSON conversion throw). Escapes that give UTF-8 are fine.
TEST(InputLimits, EscapesThatGiveBytesThatAreNotUtf8AreRefused) {
  for (const char* escaped : {R"("a\_b")", R"("a\Nb")", R"("ok": "x", "a\_": 1)"}) {
    const auto r = refusal(kHead + "moves: [{" + escaped + "}]\n");
    EXPECT_TRUE(mentions(r, "an escape gives a value that is not UTF-8")) << escaped << r.message;
  }
  const auto request = turnfile::parse(kHead + R"(moves: ["caf\u00e9", "\u20ac", "a\xA0b"])"
                                               "\n",
                                       "t");
  EXPECT_EQ(request.moves[0], "caf\xc3\xa9");
  EXPECT_EQ(request.moves[1], "\xe2\x82\xac");
  EXPECT_EQ(request.moves[2],
            "a\xc2\xa0"
            "b");
}

TEST(InputLimits, ControlCharactersAreRefusedButTabsAndLineEndsAreText) {
  const auto r = refusal(std::string("game: g\0\nplayer: a\n", 19));
  EXPECT_TRUE(mentions(r, "control character 0x00")) << r.message;
  EXPECT_TRUE(mentions(refusal(kHead + "moves: [a\x1b[31m]\n"), "control character 0x1B"));
  const auto request =
      turnfile::parse("game: g\r\nplayer: a\r\nturn: 1\r\ntoken: t\r\nmoves: [\"a\tb\"]\r\n", "t");
  EXPECT_EQ(request.moves[0], "a\tb");
}

// The limits never refuse a position the referee itself wrote: every engine's complete view,
// a few moves into a game, reads back through the same reader (as `new --position` does).
class EveryEnginesPosition : public ::testing::TestWithParam<const core::Engine*> {};

TEST_P(EveryEnginesPosition, StaysWellWithinTheInputLimits) {
  const core::Engine& engine = *GetParam();
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    core::Rng rng(seed);
    auto state = engine.start(engine.max_players(), {}, rng).state;
    for (int step = 0; step < 40 && !state->finished(); ++step) {
      const auto legal = state->legal_moves_page(nullptr, 50).moves;
      if (legal.empty()) break;
      state->apply(*state->current_player(), legal[rng.below(legal.size())], rng);
    }
    const core::Document full = state->view(core::kReferee);
    const std::string text = nlohmann::json{{"kind", engine.id()}, {"state", full}}.dump(1);
    EXPECT_LT(text.size(), turnfile::kMaxBytes / 4) << engine.id();
    const core::Document read = turnfile::yaml_to_document(text, "position.json");
    EXPECT_EQ(read.at("state"), full) << engine.id() << " seed " << seed;
  }
}

INSTANTIATE_TEST_SUITE_P(EveryEngine, EveryEnginesPosition, ::testing::ValuesIn(core::engines()),
                         [](const ::testing::TestParamInfo<const core::Engine*>& param) {
                           std::string name = param.param->id();
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
