// The mail the referee owes (schema/011_mail_outbox.sql). Every mail a command sends is first
// composed and kept here, then handed to the MTA and marked sent.
//
// Promise:
// - A mail is kept before it is sent, and sent at most once by any number of runs at once: each is
//   sent inside a write transaction that marks it sent, so a second run waits and then finds it
//   sent. A mail the MTA refused stays owed, and the next run that sends mail (mail, tick, admin,
//   new) sends it, to the address it was written for. (A run killed between the MTA's acceptance
//   and the mark sends it again: at least once, never lost.)
// - A mail to an address that is not an addr-spec (core/address.hpp: one stored before the
//   referee checked them) is never kept nor sent: it is refused with the reason.
// - Once sent, its bytes are deleted; what remains says to whom, when and about which turn.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "mail/compose.hpp"
#include "mail/maildir.hpp"
#include "store/sqlite.hpp"

namespace mail {

// Composes and keeps each mail, answering the message row `answers` when given. Returns the mails
// refused for their address, [{to, subject, error}] (empty when all were kept). Call it inside the
// transaction that decided the mails, where there is one.
nlohmann::json keep_mails(store::Database& db, const std::vector<Outgoing>& mails,
                          const Mailbox& from, std::optional<std::int64_t> answers = std::nullopt);

// Sends every owed mail, oldest first: [{to, subject, message_id}] of those sent by this run.
// Throws DeliveryError when one cannot be sent (those before it are sent and marked).
nlohmann::json send_owed(store::Database& db, Delivery& delivery);

// Whether a mail answering the message row `answers` is still owed.
bool answer_owed(store::Database& db, std::int64_t answers);

// The turn that `address`'s thread of `game` last saw: the game's next turn when the referee wrote
// the mail that `references` (a message's In-Reply-To, then its References, newest first) names,
// else when it wrote its latest mail to that address about the game. nullopt: no mail of the game
// ever went to that address.
std::optional<std::int64_t> turn_seen(store::Database& db, const std::string& game,
                                      const std::string& address,
                                      const std::vector<std::string>& references);

}  // namespace mail
