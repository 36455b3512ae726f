// caravan-ref rules KIND: a game's rules in short (referee/rules.hpp), as the mail command `rules`
// sends them: plain text, no database needed.
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/cli.hpp"
#include "core/errors.hpp"
#include "referee/rules.hpp"

namespace cli {

void add_rules(CLI::App& app, Context&, Handler& handler) {
  auto kind = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand(
      "rules", "a game's rules in short: aim, set-up, a turn, the end, how a move is written");
  cmd->add_option("kind", *kind, "the game, as `caravan-ref games` names it (nv-caravan, ...)")
      ->required();
  cmd->callback([&handler, kind] {
    handler = [kind] {
      const auto page = referee::rules_page(*kind);
      if (!page)
        throw core::UserError(core::Exit::kUsage,
                              fmt::format("there is no game '{}'; the games are {}", *kind,
                                          fmt::join(referee::games_with_rules(), ", ")));
      std::cout << *page;
      return 0;
    };
  });
}

}  // namespace cli
