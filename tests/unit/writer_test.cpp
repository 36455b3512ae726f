#include "output/writer.hpp"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

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

TEST(Writer, AtomicWriteReplacesTheFileAndLeavesNoTemporary) {
  const auto dir = std::filesystem::temp_directory_path() / "caravan-writer-test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto path = (dir / "view.yaml").string();
  output::write_file_atomically(path, "old\n");
  output::write_file_atomically(path, "new\n");
  std::ifstream file(path);
  std::string content((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  EXPECT_EQ(content, "new\n");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 1);
  std::filesystem::remove_all(dir);
}

TEST(Writer, ToLineWritesAnyDocumentOnOneLineQuotingOnlyWhereNeeded) {
  const nlohmann::json event = {{"move", "b6"}, {"moved", 1}, {"note", "a: b"}, {"gone", nullptr}};
  EXPECT_EQ(output::to_line(event), R"({gone: ~, move: b6, moved: 1, note: "a: b"})");
  EXPECT_EQ(output::to_line(nlohmann::json::array({"7H", 2, true})), "[7H, 2, true]");
  EXPECT_EQ(output::to_line("- dash"), R"("- dash")");
  EXPECT_EQ(output::to_line(""), R"("")");
}

}  // namespace
