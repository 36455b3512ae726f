// The referee's answers to a player's message: what each verdict sends, to whom, in plain
// words. Internal to the mail module; mailer.cpp decides, this file writes (with letters.cpp for
// a game's letters and commands.cpp for the answers to commands).
#pragma once

#include <string>
#include <vector>

#include "mail/compose.hpp"
#include "mail/mail_store.hpp"
#include "mail/message.hpp"
#include "referee/in_hand.hpp"
#include "turnfile/turnfile.hpp"

namespace mail {

// Every reply a decided message calls for (none for ignored or unreadable mail). Views are
// drawn from the game as it is now: the game in hand, as the message's turn left it. `from` is
// the referee's address (its domain names threads); `turn` is the message's turn file as this
// run read it (null when it read none: the file kept in `row` is read then).
std::vector<Outgoing> answers(referee::GamesInHand& games, const MessageRow& row,
                              const Incoming& in, const Mailbox& from,
                              const turnfile::Read* turn = nullptr);

// To the sender of a message that arrived again after it was answered.
Outgoing duplicate_notice(const MessageRow& row, const Incoming& in);

// What an accepted action tells the other readers of the game ("Ann offers a draw ...").
std::string action_news(const std::string& player, const nlohmann::json& action);

}  // namespace mail
