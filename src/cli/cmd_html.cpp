// caravan-ref html GAME (--player NAME [--from ADDRESS] | --public | --referee) [--out FILE]:
// one page.
#include <cstdlib>
#include <iostream>

#include <CLI/CLI.hpp>

#include "cli/cli.hpp"
#include "mail/letters.hpp"
#include "mail/thread.hpp"
#include "output/writer.hpp"
#include "referee/in_hand.hpp"
#include "referee/picture.hpp"
#include "referee/referee.hpp"
#include "store/sqlite.hpp"

namespace cli {

namespace {

struct HtmlOptions {
  std::string game;
  std::string player;
  bool referee = false;
  bool observers = false;
  std::string out;
  std::string from;  // the referee's address: the moves become mailto: links to it
};

// A page lists every legal move, grouped (a huber-caravan turn can have thousands); a game that
// lists more than this is cut short, and the page says how many there are.
constexpr std::size_t kMovesListed = 20000;

std::string page_of(store::Database& db, const HtmlOptions& opts) {
  store::ReadSnapshot snapshot(db);  // the view, its moves and its history as they were together
  referee::GamesInHand games(db);    // one load of the game for all three
  if (!opts.player.empty()) {
    const auto view = games.view(opts.game, opts.player);
    const auto moves = games.legal_moves(opts.game, opts.player, nullptr, kMovesListed);
    referee::TurnLinks links;
    if (!moves.moves.empty()) {
      std::string to;  // links only to an address given, never to a guessed one
      const char* env = std::getenv("CARAVAN_REF_FROM");
      const std::string from = !opts.from.empty() ? opts.from : env ? env : "";
      if (!from.empty()) to = referee::split_address(from, true).address;  // UserError 64
      const auto row = games.row(opts.game);
      links =
          referee::turn_links(games, opts.game, opts.player, view.at("turn").get<std::int64_t>(),
                              to, mail::game_subject(row->id, row->kind, mail::player_names(*row)));
    }
    return referee::html_page(view, moves.moves, games.history(opts.game, opts.player)["turns"],
                              links, moves.total);
  }
  if (opts.observers)  // what every seat sees and no more, in every game (an observer's view)
    return referee::html_page(games.view(opts.game, std::nullopt, true), core::Document::array(),
                              games.history(opts.game, std::nullopt, true)["turns"]);
  return referee::html_page(games.view(opts.game, std::nullopt), core::Document::array(),
                            games.history(opts.game, std::nullopt)["turns"]);
}

}  // namespace

void add_html(CLI::App& app, Context& context, Handler& handler) {
  auto opts = std::make_shared<HtmlOptions>();
  auto* cmd = app.add_subcommand(
      "html", "a view as one self-contained HTML page: picture, holding, legal moves, history");
  cmd->add_option("game", opts->game, "the game id")->required();
  auto* player = cmd->add_option("--player", opts->player, "the player whose page to make");
  auto* pub =
      cmd->add_flag("--public", opts->observers,
                    "the page for observers: what every player sees, nothing hidden from any");
  auto* ref = cmd->add_flag("--referee", opts->referee, "everything (for the game master)");
  cmd->add_option("--from", opts->from,
                  "the referee's address (default $CARAVAN_REF_FROM): each legal move on the "
                  "player's page is a link that mails it there, ready to send");
  cmd->add_option("--out", opts->out, "write the page to this file instead of standard output");
  player->excludes(ref)->excludes(pub);
  ref->excludes(pub);
  cmd->callback([&context, &handler, opts, player, ref, pub] {
    if (player->count() + ref->count() + pub->count() == 0)
      throw CLI::ValidationError("html", "give --player NAME, --public or --referee");
    handler = [&context, opts] {
      const std::string page = page_of(context.db(), *opts);
      if (opts->out.empty())
        std::cout << page;
      else
        output::write_file_atomically(opts->out, page);
      return 0;
    };
  });
}

}  // namespace cli
