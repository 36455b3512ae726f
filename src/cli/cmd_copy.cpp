// caravan-ref copy --from DB --to DB: every game, with its record, snapshots, outboxes and the
// referee's keys, from one database into a new one, either store (an SQLite file or a
// postgresql:// URL) to either.
#include <cstdlib>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/cli.hpp"
#include "core/errors.hpp"
#include "ledger/key_file.hpp"
#include "store/copy.hpp"
#include "store/pg.hpp"

namespace cli {

namespace {

struct CopyOptions {
  std::string from, to, from_key, to_key;
};

std::string shown(const std::string& db) {
  return store::pg::is_url(db) ? store::pg::shown(db) : db;
}

}  // namespace

void add_copy(CLI::App& app, Context& context, Handler& handler) {
  auto opts = std::make_shared<CopyOptions>();
  auto* cmd = app.add_subcommand(
      "copy",
      "copy every game, its record, outboxes and keys into a new database (SQLite or "
      "PostgreSQL)");
  cmd->add_option("--from", opts->from, "the database to copy (a file or a postgresql:// URL)")
      ->required();
  cmd->add_option("--to", opts->to, "the new database (made if missing; must hold no game)")
      ->required();
  cmd->add_option("--from-key-file", opts->from_key,
                  "the source's key file (default: --key-file, $CARAVAN_REF_KEY, or beside it)");
  cmd->add_option("--to-key-file", opts->to_key,
                  "where the copy's key file goes (default: beside it)");
  cmd->callback([&context, &handler, opts] {
    handler = [&context, opts] {
      if (opts->from == opts->to)
        throw core::UserError(core::Exit::kUsage, "--from and --to name the same database");
      // The source's key file: --from-key-file, else the one --key-file or $CARAVAN_REF_KEY
      // names, else the one beside it. The copy's: --to-key-file, else the one beside it.
      store::OpenOptions from_options{.create = false};
      from_options.key_file = opts->from_key;
      if (from_options.key_file.empty()) from_options.key_file = context.key_file_option;
      if (const char* env = std::getenv("CARAVAN_REF_KEY");
          from_options.key_file.empty() && env && *env)
        from_options.key_file = env;
      store::Database from(opts->from, from_options);
      store::OpenOptions to_options{.create = true};
      to_options.key_file = opts->to_key;
      store::Database to(opts->to, to_options);
      // The referee's key goes with its database: into the copy's key file, made if missing, or
      // already there; another key there is refused before anything is copied.
      bool key_copied = false;
      if (const auto key = ledger::read_key_file(from.key_file())) {
        const auto there = ledger::read_key_file(to.key_file());
        if (there && there->public_key != key->public_key)
          throw core::UserError(
              core::Exit::kConfig,
              fmt::format("the key file {} holds another key ({}) than {} ({}); name another "
                          "with --to-key-file; nothing was copied",
                          to.key_file(), there->public_key, from.key_file(), key->public_key));
        if (!there) key_copied = ledger::create_key_file(to.key_file(), *key);
      }
      nlohmann::json tables = nlohmann::json::object();
      std::int64_t games = 0;
      for (const auto& [table, rows] : store::copy_database(from, to)) {
        tables[table] = rows;
        if (table == "games") games = rows;
      }
      context.print({{"from", shown(opts->from)},
                     {"to", shown(opts->to)},
                     {"games", games},
                     {"rows", tables},
                     {"key_file", to.key_file()},
                     {"key_copied", key_copied}});
      return 0;
    };
  });
}

}  // namespace cli
