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
#include "core/errors.hpp"
#include "mail/mailer.hpp"

namespace cli {

namespace {

struct MailOptions {
  std::string maildir;
  std::string outbox;
  std::string sendmail;
  std::string from;
};

mail::Mailbox referee_address(const std::string& option) {
  std::string text = option;
  if (text.empty())
    if (const char* env = std::getenv("CARAVAN_REF_FROM"); env && *env) text = env;
  if (text.empty()) {
    char host[256] = "localhost";
    gethostname(host, sizeof host - 1);
    return {"caravan-ref", std::string("caravan-ref@") + host};
  }
  auto mailbox = mail::parse_mailbox(text);
  if (!mailbox)
    throw core::UserError(core::Exit::kUsage,
                          fmt::format("--from '{}' is not an e-mail address", text));
  if (mailbox->name.empty()) mailbox->name = "caravan-ref";
  return *mailbox;
}

std::unique_ptr<mail::Delivery> delivery(const MailOptions& opts) {
  if (!opts.outbox.empty()) return std::make_unique<mail::MaildirDelivery>(opts.outbox);
  return std::make_unique<mail::CommandDelivery>(opts.sendmail.empty() ? "/usr/sbin/sendmail -t -i"
                                                                       : opts.sendmail);
}

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
  context.print(summaries);
  return exit_code;
}

}  // namespace

void add_mail(CLI::App& app, Context& context, Handler& handler) {
  auto opts = std::make_shared<MailOptions>();
  auto* cmd = app.add_subcommand(
      "mail", "take players' mail: one message on standard input, or every new one of a Maildir");
  cmd->add_option("--maildir", opts->maildir, "process every message in DIR/new, then file it");
  auto* outbox = cmd->add_option("--outbox", opts->outbox,
                                 "write replies into this Maildir instead of sending");
  auto* sendmail =
      cmd->add_option("--sendmail", opts->sendmail,
                      "send replies through this command (default: \"/usr/sbin/sendmail -t -i\")");
  outbox->excludes(sendmail);
  sendmail->excludes(outbox);
  cmd->add_option("--from", opts->from,
                  "the referee's address (default: $CARAVAN_REF_FROM, else caravan-ref@HOST)");
  cmd->callback([&context, &handler, opts] {
    handler = [&context, opts] {
      mail::Config config;
      config.from = referee_address(opts->from);
      const auto out = delivery(*opts);
      if (!opts->maildir.empty()) return whole_maildir(context, opts->maildir, config, *out);
      return one_message(context, config, *out);
    };
  });
}

}  // namespace cli
