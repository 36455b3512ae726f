// caravan-ref init: makes the database and the referee's signing key, if they are not there yet.
#include <filesystem>
#include <iostream>

#include <CLI/CLI.hpp>

#include "cli/cli.hpp"
#include "ledger/receipt.hpp"

namespace cli {

// Reading commands never make a database (they exit 66), so a host that sets up its mail
// filter or its clock before the first game has this to run once; running it again changes
// nothing and prints the same.
void add_init(CLI::App& app, Context& context, Handler& handler) {
  auto* cmd = app.add_subcommand(
      "init", "make the database and the referee's signing key if missing (changes nothing else)");
  cmd->callback([&context, &handler] {
    handler = [&context] {
      std::error_code error;
      const bool existed = std::filesystem::exists(context.db_path(), error);
      auto& db = context.db();
      const bool created = db.is_postgresql() ? db.made_tables() : !existed;
      const bool had_key = ledger::existing_referee_key(db).has_value();
      const std::string key = ledger::referee_public_key(db);
      const nlohmann::json doc = {{"database", context.db_path()},
                                  {"created", created},
                                  {"key_file", db.key_file()},
                                  {"key_created", !had_key},
                                  {"public_key", key}};
      context.print(doc);
      return 0;
    };
  });
}

}  // namespace cli
