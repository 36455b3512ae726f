// caravan-ref tournament new KIND --format swiss|round-robin|knockout [--rounds N] [--seats N]
//   --player "Ann <ann@example.org>"... [--bot NAME=LEVEL]... [--option KEY=VALUE]... [clock]
// caravan-ref tournament standings|show ID, tournament list, tournament withdraw ID NAME,
// tournament next ID, tournament html ID [--out FILE] [--base-url URL]: a game master's
// tournaments (referee/tournament_host.hpp).
#include <iostream>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/cli.hpp"
#include "cli/mail_options.hpp"
#include "core/errors.hpp"
#include "mail/notices.hpp"
#include "output/writer.hpp"
#include "referee/in_hand.hpp"
#include "referee/page_link.hpp"
#include "referee/tournament_host.hpp"

namespace cli {

namespace {

struct TournamentNewOptions {
  std::string kind;
  std::string format;
  std::optional<int> rounds;
  int seats = 2;
  std::vector<std::string> players;
  std::vector<std::string> bots;
  std::vector<std::string> options;
  std::optional<std::uint64_t> seed;
  referee::TimingRequest timing;
  MailOptions mail;
};

// NAME=VALUE pairs in the order given; UserError 64 for one without its '=' or given twice.
std::vector<std::pair<std::string, std::string>> pairs_of(const std::vector<std::string>& texts,
                                                          const std::string& option) {
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto& text : texts) {
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
      throw core::UserError(core::Exit::kUsage,
                            fmt::format("{} '{}' must look like {}", option, text,
                                        option == "--bot" ? "NAME=LEVEL" : "KEY=VALUE"));
    for (const auto& [key, value] : pairs)
      if (key == text.substr(0, eq))
        throw core::UserError(core::Exit::kUsage, fmt::format("{} {} is given twice", option, key));
    pairs.emplace_back(text.substr(0, eq), text.substr(eq + 1));
  }
  return pairs;
}

void add_new_command(CLI::App& parent, Context& context, Handler& handler) {
  auto opts = std::make_shared<TournamentNewOptions>();
  auto* cmd = parent.add_subcommand(
      "new", "start a tournament and its first round; prints each game's tokens");
  cmd->add_option("kind", opts->kind, "the rule engine (see 'games')")->required();
  cmd->add_option("--format", opts->format, "swiss, round-robin or knockout")->required();
  cmd->add_option("--rounds", opts->rounds,
                  "a Swiss's rounds (default: enough for a sole winner, ceil(log2 N))");
  cmd->add_option("--seats", opts->seats,
                  "each game's seats, 2 or more as the kind takes (default 2)");
  cmd->add_option("--player", opts->players,
                  "an entrant, \"Name <addr>\" or a name (repeat for each)");
  cmd->add_option("--bot", opts->bots,
                  "NAME=LEVEL: an entrant the referee's bot plays (easy, normal, hard; random, "
                  "greedy, mcts; mcts:N)");
  cmd->add_option("--option", opts->options, "each game's option, KEY=VALUE");
  cmd->add_option("--seed", opts->seed, "the tournament's seed (default: from the OS)");
  cmd->add_option("--deadline", opts->timing.deadline,
                  "each game's turns are due this long after the previous (72h, 3d)");
  cmd->add_option("--grace", opts->timing.grace, "each game's grace after a deadline");
  cmd->add_option("--remind", opts->timing.remind, "remind this long before a deadline");
  cmd->add_option("--nmr", opts->timing.nmr,
                  "when a seat misses its deadline: wait, default, forfeit:N or a combination");
  cmd->add_option("--absence", opts->timing.absence_days,
                  "a player may announce an absence of up to DAYS");
  add_mail_options(*cmd, opts->mail, true);
  cmd->callback([&context, &handler, opts] {
    handler = [&context, opts] {
      referee::NewTournament request;
      request.kind = opts->kind;
      const auto format = referee::parse_format(opts->format);
      if (!format)
        throw core::UserError(
            core::Exit::kUsage,
            fmt::format("--format {}: a tournament is swiss, round-robin or knockout",
                        opts->format));
      request.format = *format;
      request.rounds = opts->rounds;
      request.seats = opts->seats;
      request.players = opts->players;
      request.bots = pairs_of(opts->bots, "--bot");
      for (const auto& [key, value] : pairs_of(opts->options, "--option"))
        request.options[key] = value;
      request.seed = opts->seed;
      request.timing = opts->timing;
      if (opts->mail.mail) request.mail = {{"from", opts->mail.config().from.address}};
      nlohmann::json made = referee::create_tournament(context.db(), request);
      for (const auto& round : made.at("made"))
        if (round.contains("games"))
          for (const auto& game : round.at("games")) report_seated_bots(game.at("made"));
      int code = 0;
      if (opts->mail.mail) {
        // Every game of the rounds made is invited, each game loaded once.
        referee::GamesInHand games(context.db());
        std::vector<mail::Outgoing> mails;
        for (const auto& round : made.at("made"))
          for (const auto& game : round.value("games", nlohmann::json::array()))
            for (auto& invitation :
                 mail::invitations(games, game.at("made"), opts->mail.config().from))
              mails.push_back(std::move(invitation));
        for (const auto& round : made.at("made"))
          if (round.contains("games"))
            for (auto& bye : mail::bye_mails(games, round)) mails.push_back(std::move(bye));
        code = send_after(context.db(), mails, opts->mail, made);
      }
      context.print(made);
      return code;
    };
  });
}

}  // namespace

void add_tournament(CLI::App& app, Context& context, Handler& handler) {
  auto* tournament = app.add_subcommand(
      "tournament", "a game master's round robin, Swiss or knockout, its rounds and standings");
  tournament->require_subcommand(1);
  add_new_command(*tournament, context, handler);
  for (const bool show : {false, true}) {
    auto id = std::make_shared<std::string>();
    auto* cmd = tournament->add_subcommand(
        show ? "show" : "standings", show ? "the standings and every round's pairings and results"
                                          : "the standings: points, Buchholz, Sonneborn-Berger");
    cmd->add_option("tournament", *id, "the tournament's id")->required();
    cmd->callback([&context, &handler, id, show] {
      handler = [&context, id, show] {
        referee::GamesInHand games(context.existing_db());
        nlohmann::json doc = referee::tournament_document(games, *id);
        if (!show) doc.erase("pairings");
        context.print(doc, referee::tournament_text);
        return 0;
      };
    });
  }
  struct HtmlOptions {
    std::string id, out, base_url;
  };
  auto page = std::make_shared<HtmlOptions>();
  auto* html = tournament->add_subcommand(
      "html", "the standings and every round's games as one self-contained HTML page");
  html->add_option("tournament", page->id, "the tournament's id")->required();
  html->add_option("--out", page->out, "write the page to this file instead of standard output");
  html->add_option("--base-url", page->base_url,
                   "where serve's pages are (default $CARAVAN_REF_BASE_URL): each game a link to "
                   "its public page; without either, no links");
  html->callback([&context, &handler, page] {
    handler = [&context, page] {
      // --base-url checked (UserError 64); else the environment's, said once when it is bad.
      const std::string base = !page->base_url.empty() ? referee::checked_base_url(page->base_url)
                                                       : referee::mail_base_url().value_or("");
      referee::GamesInHand games(context.existing_db());
      const std::string text =
          referee::standings_page(referee::tournament_document(games, page->id), base);
      if (page->out.empty())
        std::cout << text;
      else
        output::write_file_atomically(page->out, text);
      return 0;
    };
  });
  auto* list = tournament->add_subcommand("list", "every tournament and how far it has come");
  list->callback([&context, &handler] {
    handler = [&context] {
      context.print(referee::list_tournaments(context.existing_db()));
      return 0;
    };
  });
  auto withdraw_id = std::make_shared<std::pair<std::string, std::string>>();
  auto* withdraw = tournament->add_subcommand(
      "withdraw", "take an entrant out of the rounds not made yet (their results stand)");
  withdraw->add_option("tournament", withdraw_id->first, "the tournament's id")->required();
  withdraw->add_option("entrant", withdraw_id->second, "the entrant's name")->required();
  withdraw->callback([&context, &handler, withdraw_id] {
    handler = [&context, withdraw_id] {
      context.print(referee::withdraw_entrant(context.existing_db(), withdraw_id->first,
                                              withdraw_id->second));
      return 0;
    };
  });
  auto next_id = std::make_shared<std::string>();
  auto* next = tournament->add_subcommand(
      "next", "make the next round now if the last one has finished (tick does it too)");
  next->add_option("tournament", *next_id, "the tournament's id")->required();
  next->callback([&context, &handler, next_id] {
    handler = [&context, next_id] {
      referee::GamesInHand games(context.existing_db());
      nlohmann::json made = referee::advance_tournaments(games, *next_id);
      for (const auto& item : made)
        if (item.contains("error"))
          throw core::UserError(static_cast<core::Exit>(item.at("error").at("code").get<int>()),
                                item.at("error").at("message").get<std::string>());
      context.print({{"tournament", *next_id}, {"made", made}});
      return 0;
    };
  });
}

}  // namespace cli
