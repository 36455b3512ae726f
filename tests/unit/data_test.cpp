// Data shipped with the engines: every embedded file reads as a document; FILE options arrive as
// JSON text.
#include "core/data.hpp"

#include <gtest/gtest.h>

namespace {

TEST(EmbeddedData, EveryShippedDataFileReadsAsADocument) {
  for (const auto& name : core::embedded_data_files()) {
    SCOPED_TRACE(name);
    EXPECT_FALSE(core::embedded_data(name).is_null());
  }
}

TEST(EmbeddedData, AnUnknownFileIsAnError) {
  EXPECT_THROW(core::embedded_data("no_game/data/nothing.yaml"), std::out_of_range);
}

TEST(OptionDocument, ReadsJsonTextAndNamesTheOptionOtherwise) {
  EXPECT_EQ(core::option_document("board", R"({"size": 7})")["size"], 7);
  try {
    core::option_document("board", "boards/mine.yaml");
    FAIL() << "a file name is not a document";
  } catch (const core::SetupError& e) {
    EXPECT_NE(std::string(e.what()).find("option board"), std::string::npos);
  }
}

}  // namespace
