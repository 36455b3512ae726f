// The list of engines is written by the build from the folders of src/games (cmake/Games.cmake):
// each folder's engine is listed once, its kind the folder's name, in the order its game.cmake
// gives; the README's tables of games follow that order, which is `caravan-ref games`'.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/engine.hpp"

namespace {

namespace fs = std::filesystem;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The kinds of the folders of src/games, in the order their game.cmake files give (GAME_ORDER).
std::vector<std::string> kinds_of_the_folders() {
  std::vector<std::pair<long, std::string>> ordered;
  for (const auto& entry : fs::directory_iterator(fs::path(CARAVAN_SOURCE_DIR) / "src/games")) {
    if (!entry.is_directory()) continue;
    const std::string folder = entry.path().filename().string();
    const std::string declared = read_text(entry.path() / "game.cmake");
    std::smatch order;
    EXPECT_TRUE(std::regex_search(declared, order, std::regex(R"(set\(GAME_ORDER ([0-9]+)\))")))
        << folder << "/game.cmake gives no GAME_ORDER";
    std::string kind = folder;
    std::replace(kind.begin(), kind.end(), '_', '-');
    ordered.emplace_back(order.empty() ? -1 : std::stol(order[1]), kind);
  }
  std::sort(ordered.begin(), ordered.end());
  std::vector<std::string> kinds;
  for (const auto& [order, kind] : ordered) kinds.push_back(kind);
  return kinds;
}

std::vector<std::string> listed_kinds() {
  std::vector<std::string> kinds;
  for (const core::Engine* engine : core::engines()) kinds.push_back(engine->id());
  return kinds;
}

// The kinds of a table of games: rows that begin "| `kind` |" and name man/caravan-ref-<kind>.6.
std::vector<std::string> table_kinds(const fs::path& file) {
  std::vector<std::string> kinds;
  std::istringstream lines(read_text(file));
  const std::regex row(R"(^\| `([a-z0-9-]+)` \|.*`man/caravan-ref-\1\.6`)");
  for (std::string line; std::getline(lines, line);) {
    std::smatch match;
    if (std::regex_search(line, match, row)) kinds.push_back(match[1]);
  }
  return kinds;
}

// A build of some engines only (CMake's CARAVAN_GAMES) lists those: the folders' order, filtered.
std::vector<std::string> built_of(const std::vector<std::string>& kinds) {
  const auto listed = listed_kinds();
  std::vector<std::string> built;
  for (const auto& kind : kinds)
    if (CARAVAN_EVERY_GAME || std::find(listed.begin(), listed.end(), kind) != listed.end())
      built.push_back(kind);
  return built;
}

TEST(GameList, EveryFolderOfSrcGamesIsAnEngineInTheOrderItsGameCmakeGives) {
  const auto folders = kinds_of_the_folders();
  ASSERT_GE(folders.size(), 5u);
  EXPECT_EQ(listed_kinds(), built_of(folders));
}

TEST(GameList, TheReadmesTablesListTheGamesInTheOrderOfCaravanRefGames) {
  for (const char* readme : {"README.md", "docs/rules/README.md"}) {
    const auto rows = table_kinds(fs::path(CARAVAN_SOURCE_DIR) / readme);
    EXPECT_EQ(built_of(rows), listed_kinds()) << readme;
    EXPECT_EQ(rows.size(), kinds_of_the_folders().size()) << readme << ": one row a game";
  }
}

}  // namespace
