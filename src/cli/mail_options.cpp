#include "cli/mail_options.hpp"

#include <cstdlib>
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include "core/errors.hpp"

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
  if (!mailbox)
    throw core::UserError(core::Exit::kUsage,
                          fmt::format("--from '{}' is not an e-mail address", text));
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
  return std::make_unique<mail::CommandDelivery>(sendmail.empty() ? "/usr/sbin/sendmail -t -i"
                                                                  : sendmail);
}

void add_mail_options(CLI::App& cmd, MailOptions& options, bool switch_too) {
  if (switch_too)
    cmd.add_flag("--mail", options.mail,
                 "mail every player with an address (and every observer) what concerns them");
  auto* outbox =
      cmd.add_option("--outbox", options.outbox, "write mail into this Maildir instead of sending");
  auto* sendmail =
      cmd.add_option("--sendmail", options.sendmail,
                     "send mail through this command (default: \"/usr/sbin/sendmail -t -i\")");
  outbox->excludes(sendmail);
  sendmail->excludes(outbox);
  cmd.add_option("--from", options.from,
                 "the referee's address (default: $CARAVAN_REF_FROM, else caravan-ref@HOST)");
}

int send_after(const std::vector<mail::Outgoing>& mails, const MailOptions& options,
               nlohmann::json& printed) {
  try {
    const auto delivery = options.delivery();
    printed["mailed"] = mail::send_all(mails, options.config(), *delivery);
    return 0;
  } catch (const mail::DeliveryError& error) {
    printed["mail_error"] = error.what();
    std::cerr << "caravan-ref: the change is made, but its mail was not all sent: " << error.what()
              << "\n";
    return static_cast<int>(core::Exit::kTempFail);
  }
}

}  // namespace cli
