// caravan-ref tick; admin address|replace|extend|pause|resume|end|rollback GAME ... --reason TEXT
#include <CLI/CLI.hpp>

#include "cli/cli.hpp"
#include "referee/referee.hpp"

namespace cli {

void add_tick(CLI::App& app, Context& context, Handler& handler) {
  auto* cmd = app.add_subcommand(
      "tick", "send the reminders that are due and apply the NMR policy past each deadline");
  cmd->callback([&context, &handler] {
    handler = [&context] {
      context.print(referee::tick(context.db()));
      return 0;
    };
  });
}

namespace {

// One `admin OP` subcommand: the game, the reason, and the options `setup` adds.
void add_operation(CLI::App& admin, Context& context, Handler& handler, const std::string& op,
                   const std::string& help,
                   const std::function<void(CLI::App&, referee::AdminRequest&)>& setup) {
  auto request = std::make_shared<referee::AdminRequest>();
  request->op = op;
  auto* cmd = admin.add_subcommand(op, help);
  cmd->add_option("game", request->game, "the game id")->required();
  cmd->add_option("--reason", request->reason, "why (kept in the game's record)")->required();
  setup(*cmd, *request);
  cmd->callback([&context, &handler, request] {
    handler = [&context, request] {
      context.print(referee::admin(context.db(), *request));
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
  add_operation(*admin, context, handler, "replace",
                "a substitute takes a seat with a new token (printed once)",
                [](CLI::App& cmd, referee::AdminRequest& r) {
                  cmd.add_option("--player", r.player, "the seat's player")->required();
                  cmd.add_option("--by", r.by, "the substitute's name")->required();
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
  add_operation(*admin, context, handler, "rollback", "return the game to the end of a turn",
                [](CLI::App& cmd, referee::AdminRequest& r) {
                  cmd.add_option("--to", r.to, "the turn (0: the start)")->required();
                });
}

}  // namespace cli
