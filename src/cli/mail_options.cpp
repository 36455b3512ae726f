#include "cli/mail_options.hpp"

#include <cstdlib>
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include "core/address.hpp"
#include "core/errors.hpp"
#include "mail/outbox.hpp"

namespace cli {

namespace {

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
  const auto problem =
      mailbox ? core::mailbox_problem(mailbox->address, mailbox->name)
              : std::optional<std::string>("it is not \"Name <address>\" or an address");
  if (problem)
    throw core::UserError(core::Exit::kUsage,
                          fmt::format("the referee's address (--from or $CARAVAN_REF_FROM) {} is "
                                      "not an e-mail address: {}",
                                      core::quoted(text), *problem));
  if (mailbox->name.empty()) mailbox->name = "caravan-ref";
  return *mailbox;
}

}  // namespace

mail::Config MailOptions::config() const {
  mail::Config config;
  config.from = referee_address(from);
  return config;
}

std::unique_ptr<mail::Delivery> MailOptions::delivery() const {
  if (!outbox.empty()) return std::make_unique<mail::MaildirDelivery>(outbox);
  // Every mail the referee sends has its address as the envelope sender, whoever runs it.
  return std::make_unique<mail::CommandDelivery>(
      sendmail.empty() ? "/usr/sbin/sendmail -t -i" : sendmail, config().from.address);
}

void add_mail_options(CLI::App& cmd, MailOptions& options, bool switch_too) {
  if (switch_too)
    cmd.add_flag("--mail", options.mail,
                 "mail every player with an address (and every observer) what concerns them");
  auto* outbox =
      cmd.add_option("--outbox", options.outbox, "write mail into this Maildir instead of sending");
  auto* sendmail =
      cmd.add_option("--sendmail", options.sendmail,
                     "send mail through this command, given -f and the referee's address as "
                     "the envelope sender (default: \"/usr/sbin/sendmail -t -i\")");
  outbox->excludes(sendmail);
  sendmail->excludes(outbox);
  cmd.add_option("--from", options.from,
                 "the referee's address, the From of its mail and its envelope sender (default: "
                 "$CARAVAN_REF_FROM, else caravan-ref@HOST)");
}

int send_after(store::Database& db, const std::vector<mail::Outgoing>& mails,
               const MailOptions& options, nlohmann::json& printed) {
  int code = 0;
  const nlohmann::json refused = mail::keep_mails(db, mails, options.config().from);
  if (!refused.empty()) {
    printed["mail_refused"] = refused;
    for (const auto& mail : refused)
      std::cerr << "caravan-ref: " << mail["error"].get<std::string>() << "\n";
    code = static_cast<int>(core::Exit::kRejected);
  }
  try {
    const auto delivery = options.delivery();
    printed["mailed"] = mail::send_owed(db, *delivery);
  } catch (const mail::DeliveryError& error) {
    printed["mail_error"] = error.what();
    std::cerr << "caravan-ref: the change is made, but its mail was not all sent (a later run "
                 "that sends mail sends the rest): "
              << error.what() << "\n";
    code = static_cast<int>(core::Exit::kTempFail);
  }
  return code;
}

}  // namespace cli
