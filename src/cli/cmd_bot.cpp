// caravan-ref bot GAME --player NAME [--level easy|normal|hard|random|greedy|mcts]
// [--time 1s | --playouts N] [--seed N] [--token TOKEN]
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/cli.hpp"
#include "core/clock.hpp"
#include "core/errors.hpp"
#include "referee/in_hand.hpp"
#include "referee/referee.hpp"
#include "turnfile/turnfile.hpp"

namespace cli {

namespace {

struct BotOptions {
  std::string game;
  std::string player;
  std::string level = "mcts";
  std::string time;
  std::optional<std::uint64_t> playouts;
  std::optional<std::uint64_t> seed;
  std::string token;
};

// "500ms", "0.5s", or any duration the clock reads ("2s", "1m"); nullopt when not a positive one.
std::optional<std::chrono::milliseconds> think_time(const std::string& text) {
  const auto time = core::parse_duration_ms(text);
  if (!time || time->count() <= 0) return std::nullopt;
  return time;
}

}  // namespace

void report_seated_bots(const nlohmann::json& answer) {
  if (answer.is_array()) {
    for (const auto& one : answer) report_seated_bots(one);
    return;
  }
  if (!answer.is_object()) return;
  for (const char* key : {"bots", "actions"}) {
    if (!answer.contains(key) || !answer[key].is_array()) continue;
    for (const auto& report : answer[key]) {
      if (report.value("action", "") != "bot" || report.value("accepted", true)) continue;
      std::cerr << fmt::format(
          "caravan-ref: game {}: the referee's bot ({}) could not play turn {} for {}: {}; the "
          "game waits at that turn, and the next tick tries again\n",
          report.value("game", "?"), report.value("level", "?"), report.value("turn", 0),
          report.value("player", "?"),
          report.value("error", nlohmann::json::object()).value("message", "no reason given"));
    }
  }
}

void add_bot(CLI::App& app, Context& context, Handler& handler) {
  auto opts = std::make_shared<BotOptions>();
  auto* cmd = app.add_subcommand(
      "bot", "a bot plays a seat's turn from that seat's view, through an ordinary turn file");
  cmd->add_option("game", opts->game, "the game id")->required();
  cmd->add_option("--player", opts->player, "the seat's player")->required();
  cmd->add_option("--level", opts->level,
                  "easy, normal, hard; random, greedy or mcts (default mcts)");
  auto* time =
      cmd->add_option("--time", opts->time, "mcts: think this long a move (500ms, 2s; default 1s)");
  auto* playouts = cmd->add_option("--playouts", opts->playouts,
                                   "mcts: this many playouts a move (the same choice anywhere)");
  time->excludes(playouts);
  cmd->add_option("--seed", opts->seed, "the bot's own seed (default: from the game and turn)");
  cmd->add_option("--token", opts->token,
                  "a person's seat: submit with this token (without it the file is only "
                  "printed); a seat the referee's bot holds needs none");
  cmd->callback([&context, &handler, opts] {
    handler = [&context, opts] {
      referee::BotRequest request{opts->game, opts->player, referee::parse_bot_spec(opts->level)};
      if (request.spec.budget.playouts && opts->playouts)
        throw core::UserError(core::Exit::kUsage, "give the playouts once: mcts:N or --playouts");
      if (opts->playouts) request.spec.budget.playouts = *opts->playouts;
      if (!opts->time.empty()) {
        const auto duration = think_time(opts->time);
        if (!duration)
          throw core::UserError(core::Exit::kUsage,
                                fmt::format("--time '{}' is not a duration", opts->time));
        request.spec.budget.time = *duration;
      }
      if (!request.spec.budget.playouts && !request.spec.budget.time)
        request.spec.budget.time = std::chrono::seconds(1);
      request.seed = opts->seed;
      request.token = opts->token;
      referee::GamesInHand games(context.existing_db());
      const referee::BotPlay play = referee::play_bot(games, request);
      if (!play.submission) {
        // A person's seat without their token: the file for them to send, as it is.
        if (context.format() == output::Format::kText)
          std::cout << play.text;
        else
          context.print(turnfile::yaml_to_document(play.text, "bot"));
        std::cerr << fmt::format(
            "not submitted: {}'s seat is a person's; send this file with their token (or give "
            "--token)\n",
            opts->player);
        return 0;
      }
      // Submitted: the file the bot wrote (without the token, which the caller has) and the
      // verdict on it, as submit gives it.
      nlohmann::json file = play.submission->file.is_null()
                                ? turnfile::yaml_to_document(play.text, "bot")
                                : play.submission->file;
      file.erase("token");
      const auto& answer = play.submission->answer;
      if (context.format() == output::Format::kText) {
        std::cout << output::to_yaml(file);
        if (play.submission->exit_code == 0)
          std::cout << fmt::format("Accepted as turn {} of game {}.\n", answer.value("turn", 0),
                                   answer.value("game", opts->game));
        for (const auto& bot : answer.value("bots", nlohmann::json::array()))
          if (bot.value("accepted", false))
            std::cout << fmt::format("{} (the referee's bot, {}) answered with turn {}.\n",
                                     bot.value("player", ""), bot.value("level", ""),
                                     bot.value("turn", 0));
      } else {
        context.print({{"file", file}, {"verdict", answer}});
      }
      if (play.submission->exit_code != 0)
        std::cerr << "refused: "
                  << answer.value("error", nlohmann::json::object()).value("message", "") << "\n";
      report_seated_bots(answer);
      return play.submission->exit_code;
    };
  });
}

}  // namespace cli
