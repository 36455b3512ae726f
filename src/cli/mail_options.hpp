// The options of every command that sends mail (mail, new --mail, tick --mail, admin --mail):
// where replies go (--outbox DIR or --sendmail CMD) and the referee's address (--from).
#pragma once

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "mail/mailer.hpp"

namespace CLI {
class App;
}

namespace cli {

struct MailOptions {
  bool mail = false;  // new, tick, admin: send mail at all (--mail)
  std::string outbox;
  std::string sendmail;
  std::string from;

  mail::Config config() const;
  std::unique_ptr<mail::Delivery> delivery() const;
};

// Adds --outbox, --sendmail and --from; with `switch_too`, also --mail.
void add_mail_options(CLI::App& cmd, MailOptions& options, bool switch_too);

// Keeps the mails a command made after its change was committed (mail/outbox.hpp), then sends
// every mail owed, these and any an earlier run could not send. A failed delivery does not undo
// the change: the command prints what was sent, says on stderr what was not, and exits 75; the
// next run that sends mail sends the rest. A mail to a stored address that is not one is never
// sent: it is printed under mail_refused and said on stderr, and the command exits 65.
int send_after(store::Database& db, const std::vector<mail::Outgoing>& mails,
               const MailOptions& options, nlohmann::json& printed);

}  // namespace cli
