// caravan-ref submit [FILE|-]... [--out DIR | --dry-run]
#include <filesystem>
#include <iostream>
#include <optional>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/cli.hpp"
#include "core/errors.hpp"
#include "referee/in_hand.hpp"
#include "referee/picture.hpp"
#include "referee/referee.hpp"
#include "store/sqlite.hpp"

namespace cli {

namespace {

struct SubmitOptions {
  std::vector<std::string> files;  // none: standard input
  std::string out;
  bool dry_run = false;
};

const char* extension(output::Format format) {
  switch (format) {
    case output::Format::kJson:
      return "json";
    case output::Format::kText:
      return "txt";
    case output::Format::kYaml:
      break;
  }
  return "yaml";
}

// Whose view this is: a player's name, or nullopt for the referee's.
std::optional<std::string> referee_or_player(const nlohmann::json& view) {
  const auto& you = view.at("you");
  return you.is_object() ? std::optional<std::string>(you.at("name")) : std::nullopt;
}

void write_views(Context& context, referee::GamesInHand& games, const referee::TurnOutcome& outcome,
                 const std::string& dir) {
  const std::filesystem::path folder = std::filesystem::path(dir) / outcome.game;
  if (std::error_code error; !std::filesystem::create_directories(folder, error) && error)
    throw core::UserError(core::Exit::kCantCreate,
                          fmt::format("cannot make {}: {}", folder.string(), error.message()));
  for (const auto& [name, view] : outcome.views) {
    const std::string text = context.format() == output::Format::kText
                                 ? referee::draw_view(view)
                                 : output::write(view, context.format());
    output::write_file_atomically(
        (folder / fmt::format("{}.{}", name, extension(context.format()))).string(), text);
    if (context.picture())  // --format svg: the picture beside the YAML
      output::write_file_atomically(
          (folder / (name + ".svg")).string(),
          referee::picture_svg(view, games.latest_turn(outcome.game, referee_or_player(view),
                                                       view.at("turn").get<std::int64_t>())));
  }
  // The referee's signed receipt, beside the views; YAML unless JSON was asked for.
  if (const auto& receipt = outcome.answer.value("receipt", nlohmann::json()); !receipt.is_null()) {
    const bool json = context.format() == output::Format::kJson;
    output::write_file_atomically(
        (folder /
         fmt::format("receipt-{}.{}", receipt["turn"].get<std::int64_t>(), json ? "json" : "yaml"))
            .string(),
        output::write(receipt, json ? output::Format::kJson : output::Format::kYaml));
  }
}

// A batch shares one durable commit per this many files: one sync instead of one per turn.
constexpr std::size_t kGroupCommit = 256;

// One file through the referee, on the games the batch holds in hand (made on first use). A
// file that cannot be read is refused like any bad turn file.
referee::TurnOutcome submit_one(Context& context, std::optional<referee::GamesInHand>& games,
                                const std::string& file, bool views, bool dry_run) {
  const std::string source = file == "-" ? "<stdin>" : file;
  referee::TurnOutcome outcome;
  try {
    const std::string text = read_input(file);
    // A preview never makes a database: there is no game to check a turn against in a new one.
    if (!games) games.emplace(dry_run ? context.existing_db() : context.db());
    outcome = referee::submit(*games, text, source, {.views = views, .dry_run = dry_run});
  } catch (const core::UserError& error) {
    if (error.code() == core::Exit::kTempFail) throw;  // the batch is not taken; try it again
    outcome.answer = referee::rejection(error);
    if (dry_run) outcome.answer["dry_run"] = true;
    outcome.exit_code = static_cast<int>(error.code());
  }
  if (outcome.exit_code != 0)
    std::cerr << "caravan-ref: " << source << (dry_run ? ": would be rejected: " : ": rejected: ")
              << outcome.answer["error"]["message"].get<std::string>() << "\n";
  return outcome;
}

}  // namespace

void add_submit(CLI::App& app, Context& context, Handler& handler) {
  auto opts = std::make_shared<SubmitOptions>();
  auto* cmd = app.add_subcommand(
      "submit",
      "check and apply turn files in order ('-' or none: standard input); each file's turn stands "
      "or falls alone");
  cmd->add_option("file", opts->files, "the turn files");
  auto* out =
      cmd->add_option("--out", opts->out, "write every player's new view under DIR/<game>/");
  cmd->add_flag("--dry-run", opts->dry_run,
                "check each file as submit would and print the verdict and the player's view "
                "after it; record nothing")
      ->excludes(out);
  cmd->callback([&context, &handler, opts] {
    handler = [&context, opts] {
      if (opts->files.empty()) opts->files.push_back("-");
      const bool views = !opts->out.empty() && !opts->dry_run;
      // Several files (a batch, in one process): each turn in a savepoint of its own, a group of
      // them committed durably together, and nothing answered or written out before its group's
      // commit. The answer is the list of answers, in order; the exit code the first refusal's.
      // A preview of several files plays each on the ones before it, in one transaction that
      // is never committed.
      std::optional<store::Transaction> preview;
      if (opts->dry_run && opts->files.size() > 1) preview.emplace(context.existing_db());
      // Each game the files name is loaded once for the whole batch, and its view files and
      // pictures are made from it (referee/in_hand.hpp).
      std::optional<referee::GamesInHand> games;
      nlohmann::json answers = nlohmann::json::array();
      int first_refusal = 0;
      int views_unwritten = 0;  // 73 when an accepted turn's --out files could not be made
      for (std::size_t begin = 0; begin < opts->files.size(); begin += kGroupCommit) {
        const std::size_t end = std::min(opts->files.size(), begin + kGroupCommit);
        std::vector<referee::TurnOutcome> group;
        std::optional<store::Transaction> shared;
        if (opts->files.size() > 1 && !opts->dry_run) shared.emplace(context.db());
        for (std::size_t i = begin; i < end; ++i)
          group.push_back(submit_one(context, games, opts->files[i], views, opts->dry_run));
        if (shared) shared->commit();
        for (auto& outcome : group) {
          if (first_refusal == 0) first_refusal = outcome.exit_code;
          if (outcome.exit_code == 0 && views) {
            try {
              write_views(context, *games, outcome, opts->out);
            } catch (const core::UserError& error) {  // the turn stands; say what is missing
              if (error.code() != core::Exit::kCantCreate) throw;
              std::cerr << "caravan-ref: the turn is accepted, but its views are not all written: "
                        << error.what() << "\n";
              if (views_unwritten == 0) views_unwritten = static_cast<int>(error.code());
            }
          }
          answers.push_back(std::move(outcome.answer));
        }
      }
      report_seated_bots(answers);
      context.print(answers.size() == 1 ? answers[0] : answers);
      return first_refusal != 0 ? first_refusal : views_unwritten;
    };
  });
}

}  // namespace cli
