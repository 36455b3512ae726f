// caravan-ref new KIND --player NAME... [--option KEY=VALUE]... [--seed N] [--position FILE]
//   [--observer ADDR]... [--mail [--outbox DIR | --sendmail CMD] [--from ADDR]]
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/cli.hpp"
#include "cli/mail_options.hpp"
#include "core/engine.hpp"
#include "core/errors.hpp"
#include "mail/notices.hpp"
#include "notify/targets.hpp"
#include "referee/in_hand.hpp"
#include "referee/prose.hpp"
#include "referee/referee.hpp"
#include "turnfile/turnfile.hpp"

namespace cli {

namespace {

struct NewOptions {
  std::string kind;
  std::vector<std::string> players;
  std::vector<std::string> options;
  std::optional<std::uint64_t> seed;
  std::string position;
  std::vector<std::string> keys;  // NAME=HEX: players who sign their turns
  std::vector<std::string> bots;  // NAME=LEVEL: seats the referee's bot plays
  referee::TimingRequest timing;
  std::vector<std::string> observers;
  std::vector<std::string> notify;  // [FORMAT:]URL: where the game tells its news
  MailOptions mail;
};

std::map<std::string, std::string> parse_options(const std::vector<std::string>& pairs) {
  std::map<std::string, std::string> options;
  for (const auto& pair : pairs) {
    const auto eq = pair.find('=');
    if (eq == std::string::npos || eq == 0)
      throw core::UserError(core::Exit::kUsage,
                            fmt::format("--option '{}' must look like KEY=VALUE", pair));
    if (!options.emplace(pair.substr(0, eq), pair.substr(eq + 1)).second)
      throw core::UserError(core::Exit::kUsage,
                            fmt::format("option '{}' given twice", pair.substr(0, eq)));
  }
  return options;
}

// Options of kind FILE (a board, a deck) name a YAML file; the engine gets its content as JSON
// text, which is what the game keeps, so the game never depends on the file again.
void read_file_options(const std::string& kind, std::map<std::string, std::string>& options) {
  const core::Engine* engine = core::find_engine(kind);
  if (!engine) return;  // create_game names the unknown kind
  for (const auto& info : engine->options()) {
    auto it = options.find(info.name);
    if (info.values != "FILE" || it == options.end()) continue;
    it->second = turnfile::yaml_to_document(read_input(it->second), it->second).dump();
  }
}

}  // namespace

void add_new(CLI::App& app, Context& context, Handler& handler) {
  auto opts = std::make_shared<NewOptions>();
  auto* cmd = app.add_subcommand("new", "start a game; prints its id and each player's token");
  cmd->add_option("kind", opts->kind, "the rule engine (see 'games')")->required();
  cmd->add_option("--player", opts->players, "a player's name, in seat order")->required();
  cmd->add_option("--option", opts->options, "a game option, KEY=VALUE");
  cmd->add_option("--seed", opts->seed, "the seed (default: from the OS)");
  cmd->add_option("--position", opts->position,
                  "start from this position (a 'view --referee' document)");
  cmd->add_option("--key", opts->keys,
                  "NAME=HEX: the player's Ed25519 public key ('keygen'); that player signs turn "
                  "files instead of sending a token");
  cmd->add_option(
      "--bot", opts->bots,
      "NAME=LEVEL: the referee's bot plays that player's seat (easy, normal, hard; "
      "random, greedy, mcts; mcts:N for N playouts a move); it moves as soon as it is to move");
  cmd->add_option("--deadline", opts->timing.deadline,
                  "each turn is due this long after the previous (72h, 3d; default: no clock)");
  cmd->add_option("--grace", opts->timing.grace,
                  "how long after a deadline the NMR policy waits (default 0)");
  cmd->add_option("--remind", opts->timing.remind,
                  "remind the player to move this long before the deadline (default: never)");
  cmd->add_option("--nmr", opts->timing.nmr,
                  "when a seat misses its deadline: wait, default, forfeit:N, or a combination "
                  "such as default,forfeit:3 (default: wait)");
  cmd->add_option("--absence", opts->timing.absence_days,
                  "a player may announce an absence of up to DAYS (default 0: none)");
  cmd->add_option("--observer", opts->observers,
                  "\"Name <addr>\": follows the game by mail without a seat (repeat for several)");
  cmd->add_option("--notify", opts->notify,
                  "[json:|discord:|slack:]URL: a webhook told the game's public news after every "
                  "change (repeat for several)");
  add_mail_options(*cmd, opts->mail, true);
  cmd->callback([&context, &handler, opts] {
    handler = [&context, opts] {
      referee::NewGame request;
      request.timing = opts->timing;
      request.kind = opts->kind;
      request.players = opts->players;
      request.options = parse_options(opts->options);
      read_file_options(request.kind, request.options);
      request.seed = opts->seed;
      for (const auto& [name, key] : parse_options(opts->keys)) request.keys[name] = key;
      for (const auto& [name, level] : parse_options(opts->bots)) request.bots[name] = level;
      if (!opts->position.empty())
        request.position = turnfile::yaml_to_document(read_input(opts->position), opts->position);
      request.observers = opts->observers;
      request.notify = opts->notify;
      // The same webhook twice is refused here, before there is a game to name.
      for (std::size_t i = 0; i < opts->notify.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
          if (notify::parse_target(opts->notify[i]).url ==
              notify::parse_target(opts->notify[j]).url)
            throw core::UserError(core::Exit::kUsage,
                                  fmt::format("--notify gives the same target twice (--notify "
                                              "number {} and number {})",
                                              j + 1, i + 1));
      nlohmann::json created = referee::create_game(context.db(), request);
      // A bot that moves first plays at once, and every invitation is made from one load of the
      // game as its turns left it.
      referee::GamesInHand games(context.db());
      referee::play_seated_bots(games, created.at("game").get<std::string>(), &created);
      report_seated_bots(created);
      int code = 0;
      if (opts->mail.mail) {
        const auto invitations = mail::invitations(games, created, opts->mail.config().from);
        code = send_after(context.db(), invitations, opts->mail, created);
      }
      context.print(created, referee::describe_new);
      return code;
    };
  });
}

}  // namespace cli
