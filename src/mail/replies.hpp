// The referee's letters: what each verdict sends, to whom, in plain words. Internal to the mail
// module; mailer.cpp decides, this file writes.
#pragma once

#include <vector>

#include "mail/compose.hpp"
#include "mail/mail_store.hpp"
#include "mail/message.hpp"
#include "store/sqlite.hpp"

namespace mail {

// Every reply a decided message calls for (none for ignored or unreadable mail). Views are
// drawn from the game as it is now.
std::vector<Outgoing> answers(store::Database& db, const MessageRow& row, const Incoming& in);

// To the sender of a message that arrived again after it was answered.
Outgoing duplicate_notice(const MessageRow& row, const Incoming& in);

}  // namespace mail
