// caravan-ref list, audit [GAME], games
#include <CLI/CLI.hpp>

#include "cli/cli.hpp"
#include "core/errors.hpp"
#include "referee/prose.hpp"
#include "referee/referee.hpp"

namespace cli {

void add_list(CLI::App& app, Context& context, Handler& handler) {
  auto filter = std::make_shared<referee::ListFilter>();
  auto* cmd = app.add_subcommand("list", "the games in the database, whose move and the deadline");
  cmd->add_option("--player", filter->player, "only games this player sits in");
  cmd->add_option("--to-move", filter->to_move, "only games where this player is to move");
  cmd->add_flag("--overdue", filter->overdue, "only running games past their deadline");
  auto flags = std::make_shared<std::pair<bool, bool>>();  // --finished, --running
  auto* finished = cmd->add_flag("--finished", flags->first, "only finished games");
  auto* running = cmd->add_flag("--running", flags->second, "only running games");
  finished->excludes(running);
  cmd->callback([&context, &handler, filter, flags] {
    if (flags->first) filter->finished = true;
    if (flags->second) filter->finished = false;
    handler = [&context, filter] {
      context.print(referee::list_games(context.existing_db(), *filter), referee::describe_list);
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
          context.existing_db(), game->empty() ? std::nullopt : std::optional<std::string>(*game));
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
      context.print(referee::describe_engines(), referee::describe_games);
      return 0;
    };
  });
}

}  // namespace cli
