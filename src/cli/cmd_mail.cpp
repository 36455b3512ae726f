// caravan-ref mail [--maildir DIR] [--outbox DIR | --sendmail CMD] [--from ADDR]
//
// A mail filter for MTAs (pipe transports), procmail, maildrop and fetchmail: exit 0 once a
// message is recorded and answered, 75 (EX_TEMPFAIL) when it must be delivered again.
#include <cstdlib>
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include "cli/cli.hpp"
#include "cli/mail_options.hpp"
#include "core/errors.hpp"
#include "mail/mailer.hpp"

namespace cli {

namespace {

int temporary_failure(const Context& context, const std::string& what) {
  context.print({{"verdict", "not-recorded"}, {"error", what}});
  std::cerr << "caravan-ref: " << what << " (the message should be delivered again)\n";
  return static_cast<int>(core::Exit::kTempFail);
}

int one_message(Context& context, const mail::Config& config, mail::Delivery& out) {
  std::string raw;
  try {
    raw = read_input("-");
  } catch (const core::UserError& e) {
    // Too large to be a turn: delivering it again would not help, so the MTA should bounce it.
    context.print({{"verdict", "refused"}, {"error", e.what()}});
    std::cerr << "caravan-ref: " << e.what() << "\n";
    return static_cast<int>(e.code());
  } catch (const std::exception& e) {
    return temporary_failure(context, e.what());
  }
  store::Database* db = nullptr;
  try {
    db = &context.db();
  } catch (const std::exception& e) {
    return temporary_failure(context, e.what());
  }
  const mail::Handled handled = mail::handle_message(*db, raw, config, out);
  report_seated_bots(handled.summary);
  context.print(handled.summary);
  return handled.exit_code;
}

// Every message in DIR/new, in order; each is filed in cur/ once recorded and answered. One
// that is not stays in new/ for the next run.
int whole_maildir(Context& context, const std::string& dir, const mail::Config& config,
                  mail::Delivery& out) {
  std::vector<std::filesystem::path> messages;
  try {
    messages = mail::new_messages(dir);
  } catch (const std::exception& e) {
    throw core::UserError(core::Exit::kNoInput,
                          fmt::format("cannot read the Maildir {}: {}", dir, e.what()));
  }
  store::Database* db = nullptr;
  try {
    db = &context.db();
  } catch (const std::exception& e) {
    return temporary_failure(context, e.what());
  }
  nlohmann::json summaries = nlohmann::json::array();
  int exit_code = 0;
  for (const auto& path : messages) {
    nlohmann::json summary;
    try {
      const mail::Handled handled =
          mail::handle_message(*db, read_input(path.string()), config, out);
      summary = handled.summary;
      if (handled.exit_code == 0)
        mail::file_as_seen(dir, path);
      else
        exit_code = handled.exit_code;
    } catch (const std::exception& e) {
      summary = {{"verdict", "not-recorded"}, {"error", e.what()}};
      exit_code = static_cast<int>(core::Exit::kTempFail);
    }
    summary["file"] = path.filename().string();
    summaries.push_back(summary);
  }
  report_seated_bots(summaries);
  context.print(summaries);
  return exit_code;
}

}  // namespace

void add_mail(CLI::App& app, Context& context, Handler& handler) {
  auto opts = std::make_shared<MailOptions>();
  auto maildir = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand(
      "mail", "take players' mail: one message on standard input, or every new one of a Maildir");
  cmd->add_option("--maildir", *maildir, "process every message in DIR/new, then file it");
  add_mail_options(*cmd, *opts, false);
  cmd->callback([&context, &handler, opts, maildir] {
    handler = [&context, opts, maildir] {
      const mail::Config config = opts->config();
      const auto out = opts->delivery();
      if (!maildir->empty()) return whole_maildir(context, *maildir, config, *out);
      return one_message(context, config, *out);
    };
  });
}

}  // namespace cli
