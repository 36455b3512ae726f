// caravan-ref tick [--mail ...]; admin
// address|replace|extend|pause|resume|end|rollback|observe|notify GAME ... --reason TEXT [--mail
// ...]
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/cli.hpp"
#include "cli/mail_options.hpp"
#include "mail/notices.hpp"
#include "notify/targets.hpp"
#include "referee/in_hand.hpp"
#include "referee/referee.hpp"
#include "store/sqlite.hpp"

namespace cli {

void add_tick(CLI::App& app, Context& context, Handler& handler) {
  auto* cmd = app.add_subcommand(
      "tick", "send the reminders that are due and apply the NMR policy past each deadline");
  auto opts = std::make_shared<MailOptions>();
  add_mail_options(*cmd, *opts, true);
  cmd->callback([&context, &handler, opts] {
    handler = [&context, opts] {
      // The mail is made from the games as the round left them, each loaded once.
      referee::GamesInHand games(context.db());
      nlohmann::json report = referee::tick(games);
      int code = 0;
      if (opts->mail) {
        auto mails = mail::tick_mails(games, report, opts->config().from);
        // The game master hears of each notification target that stopped since (once).
        const nlohmann::json stops = notify::untold_stops(context.db());
        for (auto& notice : mail::stopped_target_mails(stops, opts->config().from))
          mails.push_back(std::move(notice));
        code = send_after(context.db(), mails, *opts, report);  // kept in the outbox first
        store::Transaction tx(context.db());
        notify::stops_told(context.db(), stops);
        tx.commit();
      }
      report_seated_bots(report);
      context.print(report);
      // A game the round could not handle: its code (the first one's), after the others ran.
      for (const auto& error : report.value("errors", nlohmann::json::array())) {
        std::cerr << "caravan-ref: tick: game " << error["game"].get<std::string>() << ": "
                  << error["message"].get<std::string>() << "\n";
        if (code == 0) code = error["code"].get<int>();
      }
      // The same for a tournament whose next round could not be made; and a round made without
      // --mail invited nobody: its tokens are in this answer alone.
      for (const auto& made : report.value("tournaments", nlohmann::json::array())) {
        if (!opts->mail && !made.value("games", nlohmann::json::array()).empty())
          std::cerr << "caravan-ref: tick: round " << made["round"].get<int>() << " of tournament "
                    << made["tournament"].get<std::string>()
                    << " was made without --mail: nobody was invited, and its games' tokens are "
                       "in this answer alone\n";
        if (made.contains("error")) {
          std::cerr << "caravan-ref: tick: tournament " << made["tournament"].get<std::string>()
                    << ": " << made["error"]["message"].get<std::string>() << "\n";
          if (code == 0) code = made["error"]["code"].get<int>();
        }
      }
      return code;
    };
  });
}

namespace {

// One `admin OP` subcommand: the game, the reason, and the options `setup` adds.
void add_operation(CLI::App& admin, Context& context, Handler& handler, const std::string& op,
                   const std::string& help,
                   const std::function<void(CLI::App&, referee::AdminRequest&)>& setup) {
  auto request = std::make_shared<referee::AdminRequest>();
  auto mail = std::make_shared<MailOptions>();
  request->op = op;
  auto* cmd = admin.add_subcommand(op, help);
  cmd->add_option("game", request->game, "the game id")->required();
  cmd->add_option("--reason", request->reason, "why (kept in the game's record)")->required();
  setup(*cmd, *request);
  add_mail_options(*cmd, *mail, true);
  cmd->callback([&context, &handler, request, mail] {
    handler = [&context, request, mail] {
      referee::GamesInHand games(context.db());
      nlohmann::json printed = referee::admin(games, *request);
      report_seated_bots(printed);
      int code = 0;
      if (mail->mail) {
        const auto mails = mail::admin_mails(games, printed, *request, mail->config().from);
        code = send_after(context.db(), mails, *mail, printed);
      }
      context.print(printed);
      return code;
    };
  });
}

// admin notify add GAME URL | remove GAME ID (each a turn of the record, with its reason) | list
// GAME: the game's webhooks (caravan-ref(1), NOTIFICATIONS). No --mail: a target is nobody's news.
void add_notify(CLI::App& admin, Context& context, Handler& handler) {
  auto* notify = admin.add_subcommand(
      "notify", "the webhooks told the game's public news (add, remove, mention, list)");
  notify->require_subcommand(1);
  for (const bool remove : {false, true}) {
    auto request = std::make_shared<referee::AdminRequest>();
    request->op = "notify";
    request->remove = remove;
    auto* cmd = notify->add_subcommand(remove ? "remove" : "add",
                                       remove ? "stop telling a target (its id from list)"
                                              : "tell a webhook the game's news from now on");
    cmd->add_option("game", request->game, "the game id")->required();
    if (remove)
      cmd->add_option("target", request->by, "the target's id")->required();
    else
      cmd->add_option("target", request->address,
                      "[json:|discord:|slack:]URL, or - to read it from standard input")
          ->required();
    cmd->add_option("--reason", request->reason, "why (kept in the game's record)")->required();
    cmd->callback([&context, &handler, request] {
      handler = [&context, request] {
        // "-" (or "FORMAT:-"): the URL from standard input, out of the process list and the
        // shell's history.
        std::string& target = request->address;
        if (target == "-" || target.ends_with(":-")) {
          std::string url;
          std::getline(std::cin, url);
          if (!url.empty() && url.back() == '\r') url.pop_back();
          target.pop_back();
          target += url;
        }
        context.print(referee::admin(context.db(), *request));
        return 0;
      };
    });
  }
  // admin notify mention GAME SEAT discord:ID|slack:ID: the seat's chat user, pinged by the notice
  // of its move (a turn of the record, with its reason); "discord:" or "slack:" unlinks.
  {
    auto request = std::make_shared<referee::AdminRequest>();
    request->op = "notify";
    auto* cmd = notify->add_subcommand(
        "mention", "link a seat to a chat user, pinged when it is the seat's move");
    cmd->add_option("game", request->game, "the game id")->required();
    cmd->add_option("seat", request->player, "the seat's player name")->required();
    cmd->add_option("user", request->address,
                    "discord:ID or slack:ID (discord: or slack: alone removes the link)")
        ->required();
    cmd->add_option("--reason", request->reason, "why (kept in the game's record)")->required();
    cmd->callback([&context, &handler, request] {
      handler = [&context, request] {
        context.print(referee::admin(context.db(), *request));
        return 0;
      };
    });
  }
  auto game = std::make_shared<std::string>();
  auto* list = notify->add_subcommand("list", "the game's targets (id and format) and what waits");
  list->add_option("game", *game, "the game id")->required();
  list->callback([&context, &handler, game] {
    handler = [&context, game] {
      context.print(referee::notify_targets(context.existing_db(), *game));
      return 0;
    };
  });
}

}  // namespace

void add_admin(CLI::App& app, Context& context, Handler& handler) {
  auto* admin = app.add_subcommand("admin", "the game master's corrections, each recorded");
  admin->require_subcommand(1);
  add_operation(*admin, context, handler, "address", "give a player a new mail address",
                [](CLI::App& cmd, referee::AdminRequest& r) {
                  cmd.add_option("--player", r.player, "the player")->required();
                  cmd.add_option("--address", r.address, "the new address")->required();
                });
  add_operation(
      *admin, context, handler, "replace",
      "a substitute takes a seat with a new token (printed once), or the referee's bot does",
      [](CLI::App& cmd, referee::AdminRequest& r) {
        cmd.add_option("--player", r.player, "the seat's player")->required();
        auto* by = cmd.add_option("--by", r.by, "the substitute's name");
        auto* bot = cmd.add_option(
            "--bot", r.bot, "the referee's bot takes the seat: random, greedy, mcts or mcts:N");
        by->excludes(bot);
        cmd.add_option("--address", r.address, "the substitute's mail address");
        cmd.add_option("--key", r.key, "the substitute's Ed25519 public key (hex)");
      });
  add_operation(*admin, context, handler, "extend", "move the running deadline later",
                [](CLI::App& cmd, referee::AdminRequest& r) {
                  cmd.add_option("--by", r.by, "a duration (72h, 3d)")->required();
                });
  add_operation(*admin, context, handler, "pause", "stop the game's clock",
                [](CLI::App&, referee::AdminRequest&) {});
  add_operation(*admin, context, handler, "resume", "start the clock again with the time left",
                [](CLI::App&, referee::AdminRequest&) {});
  add_operation(
      *admin, context, handler, "end", "end the game by adjudication",
      [](CLI::App& cmd, referee::AdminRequest& r) {
        cmd.add_option("--winner", r.winners, "a winner (repeat for several)")->required();
      });
  add_operation(*admin, context, handler, "observe",
                "add or remove an observer, who follows the game by mail without a seat",
                [](CLI::App& cmd, referee::AdminRequest& r) {
                  auto* add = cmd.add_option("--add", r.address, "\"Name <addr>\" or an address");
                  auto* remove = cmd.add_option("--remove", r.by, "an observer's address");
                  add->excludes(remove);
                  remove->excludes(add);
                });
  add_notify(*admin, context, handler);
  add_operation(*admin, context, handler, "rollback", "return the game to the end of a turn",
                [](CLI::App& cmd, referee::AdminRequest& r) {
                  cmd.add_option("--to", r.to, "the turn (0: the start)")->required();
                });
}

}  // namespace cli
