// The command line defines only the command it names (a faster start), and that must never lose
// a command: every command word defines at least itself, and --help or an unknown word all.
#include "cli/cli.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

bool has(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string_view word_of(std::vector<std::string> args) {
  static std::vector<std::string> kept;
  kept = std::move(args);
  static std::vector<char*> argv;
  argv.clear();
  for (auto& arg : kept) argv.push_back(arg.data());
  return cli::command_word(static_cast<int>(argv.size()), argv.data());
}

TEST(CommandLine, EveryCommandWordDefinesItsCommand) {
  const auto all = cli::command_names(false);
  ASSERT_GE(all.size(), 15U);
  for (const auto& name : all) {
    if (name == "completion") continue;  // it writes every command's completion
    const auto defined = cli::command_names(true, name);
    EXPECT_TRUE(has(defined, name)) << name;
    EXPECT_LT(defined.size(), all.size()) << name << " defined every command";
  }
}

TEST(CommandLine, CompletionHelpAndUnknownWordsDefineEveryCommand) {
  const auto all = cli::command_names(false);
  EXPECT_EQ(cli::command_names(true, "completion"), all);
  EXPECT_EQ(cli::command_names(true, ""), all);
  EXPECT_EQ(cli::command_names(true, "no-such-command"), all);
}

TEST(CommandLine, TheCommandWordSkipsTheGlobalOptionsAndTheirValues) {
  EXPECT_EQ(word_of({"caravan-ref", "--db", "submit", "view", "g1"}), "view");
  EXPECT_EQ(word_of({"caravan-ref", "--format=json", "moves", "g1"}), "moves");
  EXPECT_EQ(word_of({"caravan-ref", "--key-file", "k", "--now", "2026-01-01T00:00:00Z", "tick"}),
            "tick");
  EXPECT_EQ(word_of({"caravan-ref", "--help"}), "");
  EXPECT_EQ(word_of({"caravan-ref", "--", "submit"}), "");
}

}  // namespace
