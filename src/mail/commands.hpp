// Mail commands: besides a turn, a player's mail may hold one command, as a YAML document with
// `command:` (with game, player and token or signature, as a turn file has) or as the Subject
// ("view", "moves 3f9a01bc", "absent until 2026-12-24"). Internal to the mail module.
//
//   view, moves, log   the sender's view, legal moves (paste-ready), or history as they may see
//                      it: authenticated by token or signature, from the registered address; an
//                      observer of the game sends view or log from their address alone
//   games, help        the games of the sender's address; how to play by mail
//   rules [KIND|GAME]  a game's rules in short (referee/rules.hpp); no token needed
//   standings [TOURNAMENT]  a tournament's standings in words and a narrow table; no token
//                      needed (the standings are public)
//   resign, offer-draw, accept-draw, decline-draw, request-undo, accept-undo, decline-undo,
//   absent until TIME  the game-host actions: made into a turn file and submitted like a turn
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "mail/compose.hpp"
#include "mail/mail_store.hpp"
#include "mail/message.hpp"
#include "referee/in_hand.hpp"
#include "store/sqlite.hpp"

namespace mail {

struct Command {
  std::string name;
  nlohmann::json doc = nlohmann::json::object();  // the document's keys (game, player, ...)
  std::string origin;                             // "the Subject" or where the document was
};

// The command a message holds, if any. A turn (a document with `moves`) is not a command.
std::optional<Command> find_command(const Incoming& in);
bool is_action(const std::string& command);

// An action as the turn file `submit` takes; the game's next turn is filled in when the
// document has none. UserError 65 when the document lacks what a turn file needs.
std::string action_turn_text(const Command& command, std::int64_t next_turn);

// Judges a query command (not an action): sets row.verdict (command, rejected or refused), its
// reason, game and player, and row.answer = {command, game?, player?, observer?, error?}.
void judge_query(referee::GamesInHand& games, MessageRow& row, const Incoming& in,
                 const Command& command);

// The reply to a judged query command, from the games in hand.
Outgoing query_answer(referee::GamesInHand& games, const MessageRow& row, const Incoming& in,
                      const Mailbox& from);

}  // namespace mail
