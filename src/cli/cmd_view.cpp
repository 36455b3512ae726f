// caravan-ref view GAME (--player NAME | --referee), moves GAME --player NAME [--prefix P],
// log GAME [--player NAME]
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/cli.hpp"
#include "referee/in_hand.hpp"
#include "referee/picture.hpp"
#include "referee/prose.hpp"
#include "referee/referee.hpp"
#include "turnfile/turnfile.hpp"

namespace cli {

namespace {

struct ViewOptions {
  std::string game;
  std::string player;
  bool referee = false;
};

struct MovesOptions {
  std::string game;
  std::string player;
  std::string prefix;
  std::size_t limit = 1000;
};

std::optional<std::string> viewer(const ViewOptions& opts) {
  return opts.referee ? std::nullopt : std::optional<std::string>(opts.player);
}

}  // namespace

void add_view(CLI::App& app, Context& context, Handler& handler) {
  auto opts = std::make_shared<ViewOptions>();
  auto* cmd = app.add_subcommand("view", "what a player (or the referee) may see of a game");
  cmd->add_option("game", opts->game, "the game id")->required();
  auto* player = cmd->add_option("--player", opts->player, "the player whose view to show");
  auto* ref = cmd->add_flag("--referee", opts->referee, "the complete state (for the game master)");
  player->excludes(ref);
  ref->excludes(player);
  cmd->callback([&context, &handler, opts, player, ref] {
    if (player->count() == 0 && ref->count() == 0)
      throw CLI::ValidationError("view", "give --player NAME or --referee");
    handler = [&context, opts] {
      referee::GamesInHand games(context.existing_db());  // the view and its picture: one load
      const auto doc = games.view(opts->game, viewer(*opts));
      if (context.picture())
        std::cout << referee::picture_svg(
            doc, games.latest_turn(opts->game, viewer(*opts), doc.at("turn").get<std::int64_t>()));
      else if (context.format() == output::Format::kText)
        std::cout << referee::draw_view(doc);
      else
        context.print(doc);
      return 0;
    };
  });
}

void add_moves(CLI::App& app, Context& context, Handler& handler) {
  auto opts = std::make_shared<MovesOptions>();
  auto* cmd =
      app.add_subcommand("moves", "the legal moves of a player now (empty when not to move)");
  cmd->add_option("game", opts->game, "the game id")->required();
  cmd->add_option("--player", opts->player, "the player")->required();
  cmd->add_option("--prefix", opts->prefix,
                  "only moves that begin with this (YAML: a word, or part of a move)");
  cmd->add_option("--limit", opts->limit, "list at most N moves (default 1000)")
      ->check(CLI::PositiveNumber);
  cmd->callback([&context, &handler, opts] {
    handler = [&context, opts] {
      const core::Document prefix = opts->prefix.empty()
                                        ? core::Document()
                                        : turnfile::yaml_to_document(opts->prefix, "--prefix");
      const auto list = referee::legal_moves(context.existing_db(), opts->game, opts->player,
                                             prefix, opts->limit);
      // A bot sees whether the list was cut short; a person gets one move a line.
      if (context.format() == output::Format::kText) {
        for (const auto& move : list.moves) std::cout << output::to_line(move) << "\n";
      } else {
        context.print({{"moves", list.moves}, {"total", list.total}, {"exact", list.total_exact}});
      }
      if (list.total > list.moves.size() || !list.total_exact)
        std::cerr << fmt::format(
            "caravan-ref: {} of {}{} moves listed; narrow them with --prefix or raise --limit\n",
            list.moves.size(), list.total_exact ? "" : "at least ", list.total);
      return 0;
    };
  });
}

void add_log(CLI::App& app, Context& context, Handler& handler) {
  auto opts = std::make_shared<ViewOptions>();
  auto* cmd =
      app.add_subcommand("log", "the history of a game, as a player (or the referee) may see it");
  cmd->add_option("game", opts->game, "the game id")->required();
  auto* player = cmd->add_option("--player", opts->player, "the player whose history to show");
  auto* ref =
      cmd->add_flag("--referee", opts->referee, "everything (the default without --player)");
  player->excludes(ref);
  cmd->callback([&context, &handler, opts, player] {
    opts->referee = player->count() == 0;
    handler = [&context, opts] {
      context.print(referee::history(context.existing_db(), opts->game, viewer(*opts)),
                    referee::describe_log);
      return 0;
    };
  });
}

}  // namespace cli
