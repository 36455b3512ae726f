// caravan-ref link GAME (--player NAME | --observer) [--base-url URL]: a page of `serve`.
#include <cstdlib>
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/cli.hpp"
#include "core/errors.hpp"
#include "referee/page_link.hpp"
#include "store/game_store.hpp"

namespace cli {

namespace {

struct LinkOptions {
  std::string game;
  std::string player;
  bool observer = false;
  std::string base_url;
};

// --base-url, else $CARAVAN_REF_BASE_URL; UserError 64 without either.
std::string base_of(const LinkOptions& opts) {
  std::string base = opts.base_url;
  if (base.empty())
    if (const char* env = std::getenv("CARAVAN_REF_BASE_URL"); env && *env) base = env;
  if (base.empty())
    throw core::UserError(core::Exit::kUsage,
                          "link needs the address the pages are served at: --base-url URL or "
                          "$CARAVAN_REF_BASE_URL (serve's --base-url)");
  return referee::checked_base_url(base);
}

}  // namespace

void add_link(CLI::App& app, Context& context, Handler& handler) {
  auto opts = std::make_shared<LinkOptions>();
  auto* cmd = app.add_subcommand(
      "link", "the address of a player's private page (or the observers' page) under serve");
  cmd->add_option("game", opts->game, "the game id")->required();
  auto* player = cmd->add_option("--player", opts->player,
                                 "the player whose private page it is (it plays that seat)");
  auto* observer = cmd->add_flag("--observer", opts->observer, "the observers' page");
  player->excludes(observer);
  cmd->add_option("--base-url", opts->base_url,
                  "where serve is reached, as players see it (default: $CARAVAN_REF_BASE_URL)");
  cmd->callback([&context, &handler, opts, player, observer] {
    if (player->count() + observer->count() == 0)
      throw CLI::ValidationError("link", "give --player NAME or --observer");
    handler = [&context, opts] {
      const std::string base = base_of(*opts);
      store::GameStore games(context.existing_db());
      const auto game = games.find_game(opts->game);
      if (!game) throw core::UserError(core::Exit::kNoInput, fmt::format("no game {}", opts->game));
      if (opts->observer) {
        std::cout << referee::observer_url(base, game->id) << "\n";
        return 0;
      }
      for (const auto& seat : game->players) {
        if (seat.name != opts->player) continue;
        const std::string capability = referee::seat_capability(
            referee::capability_key(context.existing_db()), game->id, seat);
        if (capability.empty())
          throw core::UserError(core::Exit::kUsage,
                                fmt::format("{}'s seat in game {} is played by the referee's bot: "
                                            "it has no page",
                                            seat.name, game->id));
        std::cout << referee::player_url(base, game->id, capability) << "\n";
        return 0;
      }
      throw core::UserError(core::Exit::kNoPermission,
                            fmt::format("no player '{}' in game {}", opts->player, game->id));
    };
  });
}

}  // namespace cli
