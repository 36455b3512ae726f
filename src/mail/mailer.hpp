// The mail filter: one message in, recorded, judged, answered.
//
// Promise, in this order:
// 1. The message is recorded (Message-ID, sender, time, size) before anything else. If that
//    fails, nothing happened and the exit code is 75, so the MTA tries again later.
// 2. A Message-ID seen before is never applied again: its sender is told so, or, if the earlier
//    delivery stopped before every reply went out, the replies are sent now.
// 3. Automatic mail (auto-replies, bounces, lists) is recorded and never answered; mail
//    without a usable sender is recorded as unreadable.
// 4. A turn from an address other than the one registered for its player is refused and the
//    sender is told why; otherwise the turn goes to referee::submit. A command (commands.hpp)
//    is judged the same way: an action becomes a turn file and is submitted, a query is
//    authenticated by token or signature (an observer's by their address) and answered.
// 2a. A Message-ID seen before from another sender is answered with nothing: the first
//    message's answer may show what only its sender may see.
// 5. Answers, each in its reader's thread of the game (thread.hpp): on acceptance every player
//    with an address and every observer gets their own view (drawn as text, and as YAML
//    attached), the sender theirs even without a registered address, with the signed receipt
//    attached, and once the game is over everyone gets its record; on
//    rejection the sender gets the error with line, column and move and the turn as read; a
//    message without a turn gets an explanation of the format with an example.
// 6. Every answer is kept in the outbox (outbox.hpp) before it is sent; one the MTA refused is
//    sent by a later run, to the same address, once. An action mailed without a turn number is
//    bound to the turn its thread last saw (outbox.hpp, turn_seen): sent twice, it is done once.
// Exit code 0 once the message is recorded and every reply handed on (a refused turn is still
// 0); 75 when it could not be recorded, judged or answered — a retry never applies it twice.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "mail/maildir.hpp"
#include "mail/message.hpp"
#include "store/sqlite.hpp"

namespace mail {

struct Config {
  Mailbox from{"caravan-ref", "caravan-ref@localhost"};
};

struct Handled {
  int exit_code = 0;
  nlohmann::json summary;  // message_id, sender, verdict, reason, replies, error
};

Handled handle_message(store::Database& db, const std::string& raw, const Config& config,
                       Delivery& delivery);

}  // namespace mail
