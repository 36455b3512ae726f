// caravan-ref list, audit [GAME], games
#include <CLI/CLI.hpp>

#include "cli/cli.hpp"
#include "core/errors.hpp"
#include "referee/referee.hpp"

namespace cli {

void add_list(CLI::App& app, Context& context, Handler& handler) {
  auto* cmd = app.add_subcommand("list", "the games in the database");
  cmd->callback([&context, &handler] {
    handler = [&context] {
      context.print(referee::list_games(context.db()));
      return 0;
    };
  });
}

void add_audit(CLI::App& app, Context& context, Handler& handler) {
  auto game = std::make_shared<std::string>();
  auto* cmd =
      app.add_subcommand("audit", "replay every game (or one) from its record and check it");
  cmd->add_option("game", *game, "only this game");
  cmd->callback([&context, &handler, game] {
    handler = [&context, game] {
      const auto report = referee::audit(
          context.db(), game->empty() ? std::nullopt : std::optional<std::string>(*game));
      context.print(report);
      // A record that does not replay is bad data, not a crash: EX_DATAERR.
      return report["ok"].get<bool>() ? 0 : static_cast<int>(core::Exit::kRejected);
    };
  });
}

void add_games(CLI::App& app, Context& context, Handler& handler) {
  auto* cmd = app.add_subcommand("games", "the rule engines, their seats and options");
  cmd->callback([&context, &handler] {
    handler = [&context] {
      context.print(referee::describe_engines());
      return 0;
    };
  });
}

}  // namespace cli
