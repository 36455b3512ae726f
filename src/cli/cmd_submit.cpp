// caravan-ref submit [FILE|-] [--out DIR]
#include <filesystem>
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/cli.hpp"
#include "core/errors.hpp"
#include "referee/referee.hpp"

namespace cli {

namespace {

struct SubmitOptions {
  std::string file = "-";
  std::string out;
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

void write_views(const Context& context, const referee::Submission& outcome,
                 const std::string& dir) {
  const std::filesystem::path folder = std::filesystem::path(dir) / outcome.game;
  std::filesystem::create_directories(folder);
  for (const auto& [name, view] : outcome.views) {
    const std::string text = context.format() == output::Format::kText
                                 ? referee::draw_view(view)
                                 : output::write(view, context.format());
    output::write_file_atomically(
        (folder / fmt::format("{}.{}", name, extension(context.format()))).string(), text);
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

}  // namespace

void add_submit(CLI::App& app, Context& context, Handler& handler) {
  auto opts = std::make_shared<SubmitOptions>();
  auto* cmd =
      app.add_subcommand("submit", "check and apply one turn file ('-' reads standard input)");
  cmd->add_option("file", opts->file, "the turn file");
  cmd->add_option("--out", opts->out, "write every player's new view under DIR/<game>/");
  cmd->callback([&context, &handler, opts] {
    handler = [&context, opts] {
      const std::string source = opts->file == "-" ? "<stdin>" : opts->file;
      std::string text;
      try {
        text = read_input(opts->file);
      } catch (const core::UserError& error) {  // the same answer as any other refused turn
        context.print(referee::rejection(error));
        throw;
      }
      const referee::Submission outcome = referee::submit(context.db(), text, source);
      context.print(outcome.answer);
      if (outcome.exit_code != 0) {
        std::cerr << "caravan-ref: rejected: "
                  << outcome.answer["error"]["message"].get<std::string>() << "\n";
        return outcome.exit_code;
      }
      if (!opts->out.empty()) write_views(context, outcome, opts->out);
      return 0;
    };
  });
}

}  // namespace cli
