#include "output/writer.hpp"

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "temp_db.hpp"
#include "turnfile/turnfile.hpp"

namespace {

const nlohmann::json kDoc = {{"game", "ab12"},           {"turn", 3},
                             {"finished", false},        {"looks_like_number", "7"},
                             {"looks_like_bool", "yes"}, {"result", nullptr},
                             {"pieces", {"a1", "b2"}},   {"nested", {{"x", {1, 2}}}}};

TEST(Writer, YamlReadsBackAsTheSameDocument) {
  EXPECT_EQ(turnfile::yaml_to_document(output::to_yaml(kDoc), "out"), kDoc);
}

TEST(Writer, JsonReadsBackAsTheSameDocument) {
  EXPECT_EQ(nlohmann::json::parse(output::to_json(kDoc)), kDoc);
}

TEST(Writer, TextShowsKeysAndValuesForPeople) {
  const std::string text = output::to_text(kDoc);
  EXPECT_NE(text.find("pieces: a1, b2"), std::string::npos);
  EXPECT_NE(text.find("game: ab12"), std::string::npos);
}

TEST(Writer, UnknownFormatIsRefused) {
  EXPECT_THROW(output::parse_format("xml"), std::invalid_argument);
  EXPECT_EQ(output::parse_format("json"), output::Format::kJson);
}

class WriterFile : public TempDir {};

TEST_F(WriterFile, AtomicWriteReplacesTheFileAndLeavesNoTemporary) {
  const auto& dir = dir_;
  const auto path = (dir / "view.yaml").string();
  output::write_file_atomically(path, "old\n");
  output::write_file_atomically(path, "new\n");
  std::ifstream file(path);
  std::string content((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  EXPECT_EQ(content, "new\n");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 1);
}

TEST(Writer, ToLineWritesAnyDocumentOnOneLineQuotingOnlyWhereNeeded) {
  const nlohmann::json event = {{"move", "b6"}, {"moved", 1}, {"note", "a: b"}, {"gone", nullptr}};
  EXPECT_EQ(output::to_line(event), R"({gone: ~, move: b6, moved: 1, note: "a: b"})");
  EXPECT_EQ(output::to_line(nlohmann::json::array({"7H", 2, true})), "[7H, 2, true]");
  EXPECT_EQ(output::to_line("- dash"), R"("- dash")");
  EXPECT_EQ(output::to_line(""), R"("")");
}

}  // namespace

namespace {

// A document of words of every kind the fast path takes or refuses, nested in maps and lists.
nlohmann::json random_document(std::mt19937& rng, int depth) {
  static const std::vector<std::string> kWords = {"b1",
                                                  "ann",
                                                  "a-b",
                                                  "x.y",
                                                  "_u",
                                                  "1e5",
                                                  "0x1f",
                                                  "inf",
                                                  "nan",
                                                  "yes",
                                                  "Null",
                                                  "7",
                                                  "-3",
                                                  "3.5",
                                                  ".5",
                                                  "-a",
                                                  "a b",
                                                  "a: b",
                                                  "a#b",
                                                  "",
                                                  "é",
                                                  "ab12cd",
                                                  "Caravan_9",
                                                  "d-",
                                                  "e.",
                                                  "y",
                                                  "no",
                                                  "0123",
                                                  "~",
                                                  "a,b",
                                                  "[x]",
                                                  "{x}",
                                                  "it's",
                                                  "\"q\"",
                                                  "line\nbreak",
                                                  std::string(64, 'f'),
                                                  std::string(300, 'a'),
                                                  "2026-11-25T08:00:00Z"};
  auto word = [&] { return kWords[rng() % kWords.size()]; };
  if (depth > 3 || rng() % 3 == 0) {
    switch (rng() % 5) {
      case 0:
        return static_cast<int>(rng() % 100);
      case 1:
        return nullptr;
      default:
        return word();
    }
  }
  nlohmann::json doc = rng() % 2 ? nlohmann::json::object() : nlohmann::json::array();
  const int size = static_cast<int>(rng() % 5);
  for (int i = 0; i < size; ++i) {
    if (doc.is_object())
      doc[word()] = random_document(rng, depth + 1);
    else
      doc.push_back(random_document(rng, depth + 1));
  }
  return doc;
}

TEST(Writer, PlainWordsAreWrittenByteForByteAsYamlCppWritesThem) {
  std::mt19937 rng(16);
  for (int i = 0; i < 3000; ++i) {
    const nlohmann::json doc = random_document(rng, 0);
    ASSERT_EQ(output::to_yaml(doc), output::to_yaml_slowly(doc)) << doc.dump();
  }
}

}  // namespace
